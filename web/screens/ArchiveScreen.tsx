import { useAtomValue } from "jotai";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useParams } from "wouter";
import { listPublicEvidence, type PublicCounts } from "../api/evidence";
import { ARCHIVE_PAGE_SIZE } from "../../src/evidence/archive-page";
import type { Evidence } from "../api/types";
import { applyFilter, EvidenceFilter } from "../features/evidence/EvidenceFilter";
import { LoadMoreSentinel } from "../features/evidence/LoadMoreSentinel";
import { ArchiveGrid } from "../features/archive/ArchiveGrid";
import { ArchiveIntro } from "../features/archive/ArchiveIntro";
import { archiveHref } from "../features/archive/ArchiveTile";
import { usePagedEvidence } from "../lib/usePagedEvidence";
import type { MediaFilter } from "../lib/mediaTypes";
import { showAtom } from "../features/show/state";
import { textMarks } from "../features/show/textLanguage";
import { Alert, Spinner } from "../ui/Button";
import { t } from "../features/i18n/i18n";

const ArchiveViewer = lazy(() => import("../features/archive/ArchiveViewer"));

/**
 * The public archive as an exhibition (/archive, and /archive/<id> with that work open in the viewer). The address is
 * the viewer's state: opening a work pushes /archive/<id> (so Back closes it, the grid still scrolled where it was),
 * moving through works replaces it, and a link to /archive/<id> opens that work directly.
 */
export default function ArchiveScreen() {
  const show = useAtomValue(showAtom);
  const { project_name: projectName, archive_intro: archiveIntro, archive_credit: credit, archive_licence: licence } = show;
  // Each page says how many public items there are, so the viewer counts "4 of 66" before the last page is loaded.
  const [counts, setCounts] = useState<PublicCounts | null>(null);
  const fetchPage = useCallback(async (before?: number) => {
    const page = await listPublicEvidence(before);
    setCounts(page.counts);
    return page.items;
  }, []);
  const { items, loading, done, failed, loadMore } = usePagedEvidence(fetchPage, ARCHIVE_PAGE_SIZE);
  const [filter, setFilter] = useState<MediaFilter>(0);
  const shown = useMemo(() => applyFilter(items, filter), [items, filter]);
  const params = useParams<{ id?: string }>();
  const openId = params.id === undefined ? null : /^\d+$/.test(params.id) ? Number(params.id) : Number.NaN;
  const [, navigate] = useLocation();

  // Whether this visit pushed the viewer's entry (a tile was opened): then closing is Back; after a deep link it is not.
  const pushed = useRef(false);
  useEffect(() => {
    if (openId === null) pushed.current = false;
  }, [openId]);
  const open = useCallback(
    (item: Evidence) => {
      pushed.current = true;
      navigate(archiveHref(item));
    },
    [navigate],
  );
  const move = useCallback((item: Evidence) => navigate(archiveHref(item), { replace: true }), [navigate]);
  const close = useCallback(() => (pushed.current ? history.back() : navigate("/archive", { replace: true })), [navigate]);

  return (
    <main className="surface-dark flex-1 bg-ink-950 text-ink-100">
      {/*
        From two columns on, the page is one grid of the tiles' columns, centred: the introduction and the filters span
        it and the wall is its subgrid, so all three start at the first column's edge. On a phone (one column) the
        introduction keeps the screen's width.
      */}
      <div className="mx-auto w-full max-w-7xl px-4 pt-10 pb-16 *:col-span-full sm:grid sm:grid-cols-[repeat(auto-fill,250px)] sm:justify-center sm:gap-x-5 sm:px-8 sm:pt-16">
        <ArchiveIntro projectName={projectName} paragraphs={archiveIntro} marks={(index) => textMarks(show, "archive_intro", index)} />
        {failed && (
          <div className="mb-6">
            <Alert>{t("archive.load_failed")}</Alert>
          </div>
        )}
        {items.length === 0 ? (
          loading ? (
            <p role="status" className="p-6 text-center text-ink-200">
              {t("archive.loading")}
            </p>
          ) : (
            !failed && <p className="p-6 text-center text-ink-200">{t("archive.empty")}</p>
          )
        ) : (
          <>
            <div className="mb-8 w-fit max-w-full rounded-full bg-paper p-1.5">
              <EvidenceFilter value={filter} onChange={setFilter} />
            </div>
            {shown.length ? <ArchiveGrid items={shown} onOpen={open} /> : <p className="text-ink-200">{t("archive.empty_kind")}</p>}
            <LoadMoreSentinel onVisible={loadMore} disabled={done || loading || failed} />
            {loading && (
              <div className="flex justify-center p-6">
                <Spinner label={t("archive.loading_more")} />
              </div>
            )}
          </>
        )}
        {/* The credit and licence the show set (the static edition and the IIIF manifests carry the same). */}
        {(credit || licence) && (
          <p dir="auto" className="mt-12 text-sm text-ink-200">
            {[credit, licence].filter(Boolean).join(" — ")}
          </p>
        )}
      </div>
      {openId !== null && (
        <Suspense fallback={<div className="fixed inset-0 z-50 bg-ink-950" />}>
          <ArchiveViewer
            id={openId}
            items={shown}
            total={done ? shown.length : counts ? (counts[filter] ?? 0) : null}
            more={!done && !failed}
            loadMore={loadMore}
            onMove={move}
            onClose={close}
          />
        </Suspense>
      )}
    </main>
  );
}
