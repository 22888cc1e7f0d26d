import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { deleteEvidence, listOwnEvidence } from "../api/evidence";
import type { Evidence } from "../api/types";
import { withdrawEvidence } from "../api/rights";
import { AddEvidenceButton } from "../components/AddEvidenceButton";
import { EditEvidenceDialog } from "../components/EditEvidenceDialog";
import { EvidenceGrid } from "../components/EvidenceCard";
import { DELETE_EVIDENCE_QUESTION, EvidenceDetailDialog } from "../components/EvidenceDetailDialog";
import { applyFilter, EvidenceFilter } from "../components/EvidenceFilter";
import { ViewTabs } from "../components/ViewTabs";
import { EvidenceWelcome } from "../features/evidence/EvidenceWelcome";
import { QueuedItems } from "../features/uploads/components/QueuedItems";
import { queueRowsAtom } from "../features/uploads/queueAtoms";
import { FILTER_OPTIONS, type MediaFilter } from "../lib/mediaTypes";
import { evidenceActionAtom, evidenceAtom, rememberedEvidence } from "../state/evidence";
import { noticeAtom } from "../state/notices";
import { userAtom } from "../state/session";
import { useOnline } from "../lib/useOnline";
import { useNotify } from "../state/useNotify";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Icon } from "../ui/Icon";
import { PageHeader } from "../ui/Layout";
import { EmptyState, LoadingState } from "../ui/States";

const EvidenceTable = lazy(() => import("../components/EvidenceTable").then((module) => ({ default: module.EvidenceTable })));

function countLabel(count: number) {
  return count === 1 ? "1 item" : `${count} items`;
}

const LOAD_FAILED = "Could not load evidence!";

export default function EvidenceListScreen() {
  const items = useAtomValue(evidenceAtom);
  const user = useAtomValue(userAtom);
  const online = useOnline();
  const queued = useAtomValue(queueRowsAtom).length > 0;
  const dispatch = useSetAtom(evidenceActionAtom);
  const notify = useNotify();
  const setNotice = useSetAtom(noticeAtom);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState<MediaFilter>(0);
  const [open, setOpen] = useState<Evidence | null>(null);
  const [editing, setEditing] = useState<Evidence | null>(null);
  const [deleting, setDeleting] = useState<Evidence | null>(null);
  const [withdrawing, setWithdrawing] = useState<Evidence | null>(null);

  // A start or a visit without the network shows the list this device last showed (the fetch below replaces it).
  useEffect(() => {
    if (user && items.length === 0) {
      const remembered = rememberedEvidence(user.id);
      if (remembered.length) dispatch({ type: "replace", items: remembered });
    }
  }, []); // only on arrival at the screen: later an empty list is the truth

  const refetch = useCallback(async () => {
    try {
      dispatch({ type: "replace", items: await listOwnEvidence() });
      setFailed(false);
      // The failure's alert is old news once the list has loaded.
      setNotice((current) => (current?.text === LOAD_FAILED ? null : current));
      return true;
    } catch (error) {
      console.error("Evidence fetch failed", error);
      // Offline, the banner already says so, and the list on screen stays as it was.
      if (navigator.onLine) notify(LOAD_FAILED);
      setFailed(true);
      return false;
    } finally {
      setLoading(false);
    }
  }, [dispatch, notify, setNotice]);
  // On arrival, and again whenever the network comes back: what arrived meanwhile (from this phone or another) shows.
  useEffect(() => {
    if (online) refetch();
  }, [refetch, online]);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteEvidence(deleting.id);
      dispatch({ type: "remove", id: deleting.id });
      notify("Evidence deleted successfully!", "success");
    } catch (error) {
      console.error("Evidence delete failed", error);
      notify("Could not delete evidence!");
    }
    setDeleting(null);
    await refetch();
  }

  async function confirmWithdraw() {
    if (!withdrawing) return;
    try {
      await withdrawEvidence(withdrawing.id);
      notify("The item was withdrawn from the archive. Only you and the organisers see it now.", "success");
    } catch (error) {
      console.error("Withdrawal failed", error);
      notify("Could not withdraw the item. Please try again.");
    }
    setWithdrawing(null);
    await refetch();
  }

  async function retry() {
    setLoading(true);
    await refetch();
  }

  const shown = applyFilter(items, filter);
  const kindLabel = FILTER_OPTIONS.find((option) => option.value === filter)?.label.toLowerCase();
  return (
    <main className="mx-auto w-full max-w-6xl min-w-0 px-4 pt-6 pb-32 sm:px-6 sm:pt-10">
      <PageHeader title="My Evidence" lead={items.length ? `${countLabel(items.length)}, newest first.` : undefined} />
      <QueuedItems />
      {loading && items.length === 0 ? (
        <LoadingState label="Loading your evidence…" />
      ) : failed && items.length === 0 ? (
        <EmptyState
          icon="alert"
          title="Your evidence did not load"
          actions={
            <Button onClick={retry}>
              <Icon name="retake" className="size-5" />
              Retry
            </Button>
          }
        >
          <p>The server could not be reached just now. Nothing you sent is lost.</p>
        </EmptyState>
      ) : items.length === 0 ? (
        !queued && <EvidenceWelcome />
      ) : (
        <ViewTabs
          filter={<EvidenceFilter value={filter} onChange={setFilter} />}
          evidence={shown.length ? <EvidenceGrid items={shown} onOpen={setOpen} /> : <p className="py-6 text-muted">No {kindLabel} yet.</p>}
          grid={
            <Suspense fallback={<LoadingState label="Loading the table…" />}>
              <EvidenceTable items={shown} onOpen={setOpen} caption="My evidence" />
            </Suspense>
          }
        />
      )}
      <AddEvidenceButton />
      <EvidenceDetailDialog
        item={open}
        onClose={() => setOpen(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => (setEditing(open), setOpen(null))}>
              Edit
            </Button>
            <Button variant="danger" onClick={() => (setDeleting(open), setOpen(null))}>
              Delete
            </Button>
            {open?.is_public && (
              <Button variant="secondary" onClick={() => (setWithdrawing(open), setOpen(null))}>
                Withdraw from the archive
              </Button>
            )}
          </>
        }
      />
      <EditEvidenceDialog
        item={editing}
        onCancel={() => setEditing(null)}
        onSaved={async (saved) => {
          setEditing(null);
          dispatch({ type: "arrived", item: saved });
          notify(`Saved "${saved.title}".`, "success");
          await refetch();
        }}
      />
      <ConfirmDialog open={deleting !== null} message={DELETE_EVIDENCE_QUESTION} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw from the archive?"
        message="This item stops being public at once: only you and the organisers will see it. The organisers see that you withdrew it."
        onConfirm={confirmWithdraw}
        onCancel={() => setWithdrawing(null)}
      />
    </main>
  );
}
