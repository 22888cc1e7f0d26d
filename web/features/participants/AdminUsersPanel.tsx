import { useCallback, useEffect, useState } from "react";
import { getParticipantSummary, listParticipants, type Participant, type ParticipantSummary } from "../../api/console";
import { deleteUser } from "../../api/users";
import { t } from "../i18n/i18n";
import { formatBytes } from "../../lib/format";
import { useNotify } from "../../state/useNotify";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { Alert } from "../../ui/Button";
import { LoadingState } from "../../ui/States";
import { AdminUserDialog } from "./AdminUserDialog";
import { AdminUserEvidenceDialog } from "./AdminUserEvidenceDialog";
import { AdminUsersTable } from "./AdminUsersTable";

/** The question before deleting a participant, with what it takes with them once known (a summary may never come). */
function deletionQuestion(name: string, summary: ParticipantSummary | null) {
  if (!summary) return t("admin.delete_question", { name });
  return t("admin.delete_question_detail", { name, items: summary.items, files: summary.files, size: formatBytes(summary.bytes) });
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
      setInfo((open) => (open?.id === deleting.id ? null : open));
      notify(t("admin.user_deleted"), "success");
    } catch (error) {
      console.error("User delete failed", error);
      notify(t("admin.user_delete_failed"));
    }
    setDeleting(null);
    await refresh();
  }

  return (
    <>
      {failed && <Alert>{t("admin.load_failed")}</Alert>}
      {users === null ? (
        !failed && <LoadingState label={t("admin.loading")} />
      ) : (
        <AdminUsersTable users={users} onInfo={setInfo} onEvidence={setEvidenceOf} onTimeline={onTimeline} onDelete={setDeleting} />
      )}
      <AdminUserDialog user={info} onClose={() => setInfo(null)} onSaved={refresh} onDelete={(user) => setDeleting(user as Participant)} />
      <AdminUserEvidenceDialog user={evidenceOf} onClose={() => setEvidenceOf(null)} />
      <ConfirmDialog
        open={deleting !== null}
        message={deletionQuestion(deleting?.username ?? "", summary)}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <p className="mt-3 text-sm text-ink-800">{t("privacy.delete_intro")}</p>
        <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-ink-800">
          <li>{t("admin.delete_goes.account")}</li>
          <li>{t("admin.delete_goes.photos")}</li>
          <li>{summary ? t("admin.delete_goes.items", { count: summary.items }) : t("admin.delete_goes.all_items")}</li>
          <li>{t("admin.delete_goes.log")}</li>
        </ul>
      </ConfirmDialog>
    </>
  );
}
