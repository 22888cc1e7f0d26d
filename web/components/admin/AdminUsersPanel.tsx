import { useCallback, useEffect, useState } from "react";
import type { Evidence, User } from "../../api/types";
import { deleteUser, listUsers } from "../../api/users";
import { useNotify } from "../../state/useNotify";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Alert, Spinner } from "../ui";
import { AdminUserDialog } from "./AdminUserDialog";
import { AdminUserEvidenceDialog } from "./AdminUserEvidenceDialog";
import { AdminUsersTable } from "./AdminUsersTable";

/** 'Show Users': the users table with info/edit, per-user evidence and delete. */
export function AdminUsersPanel({ onOpenItem }: { onOpenItem: (item: Evidence) => void }) {
  const notify = useNotify();
  const [users, setUsers] = useState<User[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [info, setInfo] = useState<User | null>(null);
  const [evidenceOf, setEvidenceOf] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);

  const refresh = useCallback(
    () =>
      listUsers().then(
        (list) => (setUsers(list), setFailed(false)),
        (error) => (console.error("Could not load users", error), setFailed(true)),
      ),
    [],
  );
  useEffect(() => {
    refresh();
  }, [refresh]);

  async function remove() {
    if (!deleting) return;
    try {
      await deleteUser(deleting.id);
      notify("User deleted successfully!", "success");
    } catch (error) {
      console.error("User delete failed", error);
      notify("Could not delete user!");
    }
    setDeleting(null);
    await refresh();
  }

  return (
    <>
      {failed && <Alert>Could not load users.</Alert>}
      {users === null ? (
        !failed && <Spinner label="Loading users" />
      ) : (
        <AdminUsersTable users={users} onInfo={setInfo} onEvidence={setEvidenceOf} onDelete={setDeleting} />
      )}
      <AdminUserDialog user={info} onClose={() => setInfo(null)} onSaved={refresh} />
      <AdminUserEvidenceDialog
        user={evidenceOf}
        onClose={() => setEvidenceOf(null)}
        onOpenItem={(item) => {
          setEvidenceOf(null);
          onOpenItem(item);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        message={`Are you sure you want to delete the user ${deleting?.username ?? ""}? Their evidence will be deleted too.`}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
