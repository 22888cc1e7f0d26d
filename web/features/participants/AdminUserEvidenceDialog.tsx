import { useCallback, useEffect, useState } from "react";
import type { Evidence, User } from "../../api/types";
import { listUserEvidence } from "../../api/users";
import { t } from "../i18n/i18n";
import { Alert } from "../../ui/Button";
import { Modal } from "../../ui/Dialog";
import { EmptyState, LoadingState } from "../../ui/States";
import { EvidenceTable } from "../evidence/EvidenceTable";
import { AdminEvidenceDialog } from "../console/components/AdminEvidenceDialog";

/**
 * One user's items, or 'User has not uploaded any evidence'. An item opens on top of the list (a nested dialog), so
 * closing it, or Back, returns to the list.
 */
export function AdminUserEvidenceDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const [items, setItems] = useState<Evidence[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [opened, setOpened] = useState<Evidence | null>(null);
  const load = useCallback(() => {
    setFailed(false);
    if (!user) return;
    listUserEvidence(user.id).then(setItems, (error) => {
      console.error("Could not load the user's evidence", error);
      setFailed(true);
    });
  }, [user]);
  useEffect(() => {
    setItems(null);
    load();
  }, [load]);
  return (
    <Modal open={user !== null} onClose={onClose} title={t("admin.evidence_of", { name: user?.username ?? "" })} size="lg">
      {failed ? (
        <Alert>{t("archive.load_failed")}</Alert>
      ) : items === null ? (
        <LoadingState label={t("console.loading")} />
      ) : items.length === 0 ? (
        <EmptyState title={t("admin.no_evidence")} />
      ) : (
        <EvidenceTable items={items} onOpen={setOpened} caption={t("admin.evidence_of", { name: user?.username })} />
      )}
      <AdminEvidenceDialog item={opened} onClose={() => setOpened(null)} onChanged={load} />
    </Modal>
  );
}
