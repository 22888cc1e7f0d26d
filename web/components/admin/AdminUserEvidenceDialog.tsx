import { useEffect, useState } from "react";
import type { Evidence, User } from "../../api/types";
import { listUserEvidence } from "../../api/users";
import { EvidenceTable } from "../EvidenceTable";
import { Modal } from "../../ui/Dialog";
import { Alert, Button, Spinner } from "../ui";

/** One user's items, or 'User has not uploaded any evidence'. */
export function AdminUserEvidenceDialog({
  user,
  onClose,
  onOpenItem,
}: {
  user: User | null;
  onClose: () => void;
  onOpenItem: (item: Evidence) => void;
}) {
  const [items, setItems] = useState<Evidence[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setItems(null);
    setFailed(false);
    if (!user) return;
    listUserEvidence(user.id).then(setItems, (error) => {
      console.error("Could not load the user's evidence", error);
      setFailed(true);
    });
  }, [user]);
  return (
    <Modal open={user !== null} onClose={onClose} title={`Evidence of ${user?.username ?? ""}`} size="lg">
      {failed ? (
        <Alert>Could not load evidence!</Alert>
      ) : items === null ? (
        <Spinner label="Loading evidence" />
      ) : items.length === 0 ? (
        <p className="text-gray-800">User has not uploaded any evidence</p>
      ) : (
        <EvidenceTable items={items} onOpen={onOpenItem} caption={`Evidence of ${user?.username}`} />
      )}
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
