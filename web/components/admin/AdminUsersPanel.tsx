import { useCallback, useEffect, useState } from "react";
import { getParticipantSummary, listParticipants, type Participant, type ParticipantSummary } from "../../api/console";
import { deleteUser } from "../../api/users";
import { formatBytes } from "../../lib/format";
import { useNotify } from "../../state/useNotify";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Alert } from "../../ui/Button";
import { LoadingState } from "../../ui/States";
import { AdminUserDialog } from "./AdminUserDialog";
import { AdminUserEvidenceDialog } from "./AdminUserEvidenceDialog";
import { AdminUsersTable } from "./AdminUsersTable";

/** What deleting a participant takes with them; null while unknown (still loading, or no summary on this server). */
function deletionDetail(summary: ParticipantSummary | null) {
  if (!summary) return "";
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
  return ` This deletes ${plural(summary.items, "item")} and ${plural(summary.files, "file")} (${formatBytes(summary.bytes)}).`;
}

/** 'Show Users': the participants table with info/edit, per-user evidence, their timeline and delete. */
export function AdminUsersPanel({ onTimeline }: { onTimeline: (user: Participant) => void }) {
  const notify = useNotify();
  const [users, setUsers] = useState<Participant[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [info, setInfo] = useState<Participant | null>(null);
  const [evidenceOf, setEvidenceOf] = useState<Participant | null>(null);
  const [deleting, setDeleting] = useState<Participant | null>(null);
  const [summary, setSummary] = useState<ParticipantSummary | null>(null);

  useEffect(() => {
    setSummary(null);
    if (!deleting) return;
    let current = true;
    getParticipantSummary(deleting.id).then(
      (result) => current && setSummary(result),
      (error) => console.warn("No deletion summary", error),
    );
    return () => {
      current = false;
    };
  }, [deleting]);

  const refresh = useCallback(
    () =>
      listParticipants().then(
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
        !failed && <LoadingState label="Loading users" />
      ) : (
        <AdminUsersTable users={users} onInfo={setInfo} onEvidence={setEvidenceOf} onTimeline={onTimeline} onDelete={setDeleting} />
      )}
      <AdminUserDialog user={info} onClose={() => setInfo(null)} onSaved={refresh} />
      <AdminUserEvidenceDialog user={evidenceOf} onClose={() => setEvidenceOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        message={`Are you sure you want to delete the user ${deleting?.username ?? ""}? Their evidence will be deleted too.${deletionDetail(summary)}`}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
