import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { deleteEvidence, listOwnEvidence } from "../api/evidence";
import type { Evidence } from "../api/types";
import { AddEvidenceButton } from "../components/AddEvidenceButton";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { EditEvidenceDialog } from "../components/EditEvidenceDialog";
import { EvidenceGrid } from "../components/EvidenceCard";
import { Chip, DELETE_EVIDENCE_QUESTION, EvidenceDetailDialog } from "../components/EvidenceDetailDialog";
import { applyFilter, EvidenceFilter } from "../components/EvidenceFilter";
import { Spinner } from "../components/ui";
import { ViewTabs } from "../components/ViewTabs";
import { QueuedItems } from "../features/uploads/components/QueuedItems";
import { queueRowsAtom } from "../features/uploads/queueAtoms";
import type { MediaFilter } from "../lib/mediaTypes";
import { evidenceActionAtom, evidenceAtom } from "../state/evidence";
import { useNotify } from "../state/useNotify";

const EvidenceTable = lazy(() => import("../components/EvidenceTable").then((module) => ({ default: module.EvidenceTable })));

function Welcome() {
  return (
    <div className="mx-auto max-w-md rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
      <h2 className="mb-2 text-lg font-bold">Welcome, investigator</h2>
      <p className="text-gray-800">
        You have not submitted any evidence yet. Tap the red plus button to add a photo, a video, an audio recording or a
        written note.
      </p>
    </div>
  );
}

export default function EvidenceListScreen() {
  const items = useAtomValue(evidenceAtom);
  const queued = useAtomValue(queueRowsAtom).length > 0;
  const dispatch = useSetAtom(evidenceActionAtom);
  const notify = useNotify();
  const [loading, setLoading] = useState(true);
  const [filter, setFilter] = useState<MediaFilter>(0);
  const [open, setOpen] = useState<Evidence | null>(null);
  const [editing, setEditing] = useState<Evidence | null>(null);
  const [deleting, setDeleting] = useState<Evidence | null>(null);

  const refetch = useCallback(async () => {
    try {
      dispatch({ type: "replace", items: await listOwnEvidence() });
    } catch (error) {
      console.error("Evidence fetch failed", error);
      notify("Could not load evidence!");
    } finally {
      setLoading(false);
    }
  }, [dispatch, notify]);
  useEffect(() => {
    refetch();
  }, [refetch]);

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

  const shown = applyFilter(items, filter);
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6 pb-28">
      <h1 className="mb-4 text-2xl font-bold tracking-tight">My Evidence</h1>
      <QueuedItems />
      {loading && items.length === 0 ? (
        <div className="flex justify-center p-10">
          <Spinner label="Loading evidence" />
        </div>
      ) : items.length === 0 ? (
        !queued && <Welcome />
      ) : (
        <>
          <div className="mb-4">
            <EvidenceFilter value={filter} onChange={setFilter} />
          </div>
          <ViewTabs
            evidence={
              shown.length ? <EvidenceGrid items={shown} onOpen={setOpen} /> : <p className="text-gray-800">Nothing of this kind yet.</p>
            }
            grid={
              <Suspense fallback={<Spinner label="Loading table" />}>
                <EvidenceTable items={shown} onOpen={setOpen} caption="My evidence" />
              </Suspense>
            }
          />
        </>
      )}
      <AddEvidenceButton />
      <EvidenceDetailDialog
        item={open}
        onClose={() => setOpen(null)}
        actions={
          <>
            <Chip onClick={() => (setEditing(open), setOpen(null))}>Edit</Chip>
            <Chip tone="danger" onClick={() => (setDeleting(open), setOpen(null))}>
              Delete
            </Chip>
          </>
        }
      />
      <EditEvidenceDialog
        item={editing}
        onCancel={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await refetch();
        }}
      />
      <ConfirmDialog open={deleting !== null} message={DELETE_EVIDENCE_QUESTION} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
    </main>
  );
}
