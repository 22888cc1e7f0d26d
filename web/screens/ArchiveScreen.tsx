import { useState } from "react";
import { listPublicEvidence } from "../api/evidence";
import type { Evidence } from "../api/types";
import { EvidenceGrid } from "../components/EvidenceCard";
import { EvidenceDetailDialog } from "../components/EvidenceDetailDialog";
import { applyFilter, EvidenceFilter } from "../components/EvidenceFilter";
import { LoadMoreSentinel } from "../components/LoadMoreSentinel";
import { Alert, Spinner } from "../components/ui";
import { usePagedEvidence } from "../lib/usePagedEvidence";
import type { MediaFilter } from "../lib/mediaTypes";

export default function ArchiveScreen() {
  const { items, loading, done, failed, loadMore } = usePagedEvidence(listPublicEvidence);
  const [filter, setFilter] = useState<MediaFilter>(0);
  const [open, setOpen] = useState<Evidence | null>(null);
  const shown = applyFilter(items, filter);
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-6">
      <h1 className="mb-4 text-2xl font-bold tracking-tight">Archive</h1>
      {failed && (
        <div className="mb-4">
          <Alert>Could not load evidence!</Alert>
        </div>
      )}
      {items.length === 0 ? (
        loading ? (
          <p role="status" className="p-6 text-center text-gray-800">
            Loading evidence . . .
          </p>
        ) : (
          !failed && <p className="p-6 text-center text-gray-800">No evidence has been made public yet.</p>
        )
      ) : (
        <>
          <div className="mb-4">
            <EvidenceFilter value={filter} onChange={setFilter} />
          </div>
          {shown.length ? <EvidenceGrid items={shown} onOpen={setOpen} /> : <p className="text-gray-800">Nothing of this kind yet.</p>}
          <LoadMoreSentinel onVisible={loadMore} disabled={done || loading || failed} />
          {loading && (
            <div className="flex justify-center p-6">
              <Spinner label="Loading more evidence" />
            </div>
          )}
        </>
      )}
      <EvidenceDetailDialog item={open} onClose={() => setOpen(null)} showSubmitter />
    </main>
  );
}
