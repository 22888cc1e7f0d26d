import { useAtomValue, useSetAtom } from "jotai";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { deleteEvidence, listOwnEvidence } from "../api/evidence";
import type { Evidence } from "../api/types";
import { ADD_BUTTON_ROOM, AddEvidenceButton } from "../features/capture/AddEvidenceButton";
import { EditEvidenceDialog } from "../features/evidence/EditEvidenceDialog";
import { EvidenceGrid } from "../features/evidence/EvidenceCard";
import { deleteEvidenceQuestion, EvidenceDetailDialog } from "../features/evidence/EvidenceDetailDialog";
import { applyFilter, EvidenceFilter } from "../features/evidence/EvidenceFilter";
import { ViewTabs } from "../features/evidence/ViewTabs";
import { EvidenceWelcome } from "../features/evidence/EvidenceWelcome";
import { WithdrawDialog } from "../features/privacy/WithdrawDialog";
import { QueuedItems } from "../features/uploads/components/QueuedItems";
import { QueueRowList } from "../features/uploads/components/QueueRowView";
import { useQueueCards } from "../features/uploads/components/useQueueCards";
import { queueRowsAtom } from "../features/uploads/queueAtoms";
import { KIND_KEYS, type MediaFilter } from "../lib/mediaTypes";
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
import { t } from "../features/i18n/i18n";

const EvidenceTable = lazy(() => import("../features/evidence/EvidenceTable").then((module) => ({ default: module.EvidenceTable })));

/**
 * After a failed fetch while the phone says it is online (a frozen or reset venue link heals without an event), the
 * list is asked for again after 5 s, then 10, 20, 40, and every minute.
 */
const retryDelayMs = (failures: number) => Math.min(60_000, 5_000 * 2 ** (failures - 1));
/** A return to the app sooner than this after the last fetch does not ask again (a tab switch is not news). */
const REFETCH_ON_RETURN_AFTER_MS = 30_000;

export default function EvidenceListScreen() {
  const items = useAtomValue(evidenceAtom);
  const user = useAtomValue(userAtom);
  const online = useOnline();
  const queueRows = useAtomValue(queueRowsAtom);
  const queued = queueRows.length > 0;
  const dispatch = useSetAtom(evidenceActionAtom);
  const notify = useNotify();
  const setNotice = useSetAtom(noticeAtom);
  const [loading, setLoading] = useState(true);
  /** Fetches failed in a row (0: the list on screen is the server's), and when the last of them failed. */
  const failuresInARow = useRef(0);
  const [failedAt, setFailedAt] = useState<number | null>(null);
  const failed = failedAt !== null;
  const lastFetchAt = useRef(0);
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
    lastFetchAt.current = Date.now();
    try {
      dispatch({ type: "replace", items: await listOwnEvidence() });
      failuresInARow.current = 0;
      setFailedAt(null);
      // The failure's alert is old news once the list has loaded.
      setNotice((current) => (current?.text === t("archive.load_failed") ? null : current));
      return true;
    } catch (error) {
      console.error("Evidence fetch failed", error);
      // Offline, the banner already says so, and the list on screen stays as it was. Online, the spec's alert comes
      // once for a run of failures, not at every retry below.
      if (failuresInARow.current === 0 && navigator.onLine) notify(t("archive.load_failed"));
      failuresInARow.current++;
      setFailedAt(Date.now());
      return false;
    } finally {
      setLoading(false);
    }
  }, [dispatch, notify, setNotice]);
  // On arrival, and again whenever the network comes back: what arrived meanwhile (from this phone or another) shows.
  useEffect(() => {
    if (online) refetch();
  }, [refetch, online]);
  // A failed fetch is tried again while the phone says it is online (no event comes when a venue link heals).
  useEffect(() => {
    if (failedAt === null || !online) return;
    const timer = setTimeout(refetch, retryDelayMs(failuresInARow.current));
    return () => clearTimeout(timer);
  }, [failedAt, online, refetch]);
  // Back to this tab or app after a while: the list is asked for again.
  useEffect(() => {
    const onVisible = () => {
      const aWhile = Date.now() - lastFetchAt.current >= REFETCH_ON_RETURN_AFTER_MS;
      if (document.visibilityState === "visible" && navigator.onLine && aWhile) refetch();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [refetch]);

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteEvidence(deleting.id);
      dispatch({ type: "remove", id: deleting.id });
      notify(t("evidence.deleted"), "success");
    } catch (error) {
      console.error("Evidence delete failed", error);
      notify(t("evidence.delete_failed"));
    }
    setDeleting(null);
    await refetch();
  }

  async function retry() {
    setLoading(true);
    await refetch();
  }

  const shown = applyFilter(items, filter);
  const queue = useQueueCards(shown, filter);
  // Items on their way show even while the server's list is not there (loading, offline, failed).
  const onTheirWay = queue.count > 0 && <EvidenceGrid items={[]} lead={queue.lead} onOpen={setOpen} className={ADD_BUTTON_ROOM} />;
  return (
    <main className="mx-auto w-full max-w-6xl min-w-0 px-4 pt-6 pb-32 sm:px-6 sm:pt-10">
      <PageHeader title={t("evidence.my_title")} lead={items.length ? t("evidence.count_lead", { count: items.length }) : undefined} />
      <QueuedItems />
      {loading && items.length === 0 ? (
        <>
          {online ? (
            <LoadingState label={t("evidence.loading")} />
          ) : (
            // Started offline with no list remembered on this phone: nothing to load until the network is back.
            <p data-testid="evidence-offline-unknown" className="py-6 text-muted">
              {t("evidence.offline_unknown")}
            </p>
          )}
          {onTheirWay}
        </>
      ) : failed && items.length === 0 ? (
        <>
          <EmptyState
            icon="alert"
            title={t("evidence.load_failed_title")}
            actions={
              <Button onClick={retry}>
                <Icon name="retake" className="size-5" />
                {t("common.retry")}
              </Button>
            }
          >
            <p>{t("evidence.load_failed_text")}</p>
          </EmptyState>
          {onTheirWay}
        </>
      ) : items.length === 0 && !queued ? (
        <EvidenceWelcome />
      ) : (
        <ViewTabs
          filter={<EvidenceFilter value={filter} onChange={setFilter} />}
          evidence={
            shown.length || queue.count ? (
              <EvidenceGrid items={shown} lead={queue.lead} decorate={queue.decorate} onOpen={setOpen} className={ADD_BUTTON_ROOM} />
            ) : (
              <p className="py-6 text-muted">{t("evidence.none_of_kind", { kind: filter === 0 ? "all" : KIND_KEYS[filter] })}</p>
            )
          }
          grid={
            <>
              {queued && <QueueRowList rows={queueRows} />}
              <Suspense fallback={<LoadingState label={t("evidence.loading_table")} />}>
                <EvidenceTable items={shown} onOpen={setOpen} caption={t("evidence.table_caption")} />
              </Suspense>
            </>
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
              {t("evidence.edit")}
            </Button>
            <Button variant="dangerQuiet" onClick={() => (setDeleting(open), setOpen(null))}>
              {t("evidence.delete")}
            </Button>
            {open?.is_public && (
              <Button variant="secondary" onClick={() => (setWithdrawing(open), setOpen(null))}>
                {t("evidence.withdraw")}
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
          notify(t("evidence.saved", { title: saved.title }), "success");
          await refetch();
        }}
      />
      <ConfirmDialog open={deleting !== null} message={deleteEvidenceQuestion()} onConfirm={confirmDelete} onCancel={() => setDeleting(null)} />
      <WithdrawDialog item={withdrawing} onClose={() => setWithdrawing(null)} afterwards={refetch} />
    </main>
  );
}
