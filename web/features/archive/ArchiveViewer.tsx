import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useEffect, useRef, useState } from "react";
import type { Evidence } from "../../api/types";
import { Button } from "../../ui/Button";
import { Icon, type IconName } from "../../ui/Icon";
import { LoadingState } from "../../ui/States";
import { useSwipe } from "./useSwipe";
import { useViewerItem } from "./useViewerItem";
import { ViewerFacts } from "./ViewerFacts";
import { ViewerStage } from "./ViewerStage";
import { ShareButton } from "./ShareButton";
import { displaySource } from "../media/renditions";
import { t } from "../i18n/i18n";
import { formatNumber } from "../../lib/format";

/** Keys typed here belong to the control itself (seeking a video, the waveform), not to the viewer's navigation. */
const OWN_KEYS = "input, textarea, select, video, audio, [role='slider']";


/** A note is all words: on the stage they can fill a phone's screen several times over. */
const wordsOnStage = (item: { media_type: number }) => item.media_type === 1;
export type ArchiveViewerProps = {
  /** The id in the address (/archive/<id>); NaN for an address that names no id. */
  id: number;
  /** The grid's items as shown (filtered): previous and next walk through these. */
  items: Evidence[];
  /** How many works the grid holds as filtered, loaded or not (the list's count); null when the server did not say. */
  total: number | null;
  /** More pages may follow: Next at the end loads them. */
  more: boolean;
  loadMore: () => void;
  onMove: (item: Evidence) => void;
  onClose: () => void;
};

function NavButton({ label, icon, onClick, disabled }: { label: string; icon: IconName; onClick: () => void; disabled: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className="flex size-11 items-center justify-center rounded-full text-white ring-1 ring-white/25 transition hover:bg-white/10 disabled:opacity-30 focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <Icon name={icon} className="size-5 rtl:-scale-x-100" />
    </button>
  );
}

/**
 * The archive's full-screen viewer (its own chunk): one work at a time on the dark surface, with previous/next by
 * buttons, ←/→ and swipes, Escape or the close button to leave, and a counter. Next at the end of what is loaded asks
 * for the next page and moves on once it arrives. The address is the state (ArchiveScreen): moving replaces
 * /archive/<id>, closing returns to /archive.
 */
export default function ArchiveViewer({ id, items, total: counted, more, loadMore, onMove, onClose }: ArchiveViewerProps) {
  const index = items.findIndex((item) => item.id === id);
  const shown = useViewerItem(id, index >= 0 ? items[index] : undefined);
  const inList = index >= 0;
  const hasPrevious = inList && index > 0;
  const hasNext = inList && (index < items.length - 1 || more);
  const [waitingForNext, setWaitingForNext] = useState(false);

  const previous = () => hasPrevious && onMove(items[index - 1]!);
  const next = () => {
    if (!hasNext) return;
    if (index < items.length - 1) onMove(items[index + 1]!);
    else setWaitingForNext(true);
  };

  // Next past the loaded pages: keep loading (a filter may skip a whole page) until there is a next item or no more.
  useEffect(() => {
    if (!waitingForNext) return;
    if (inList && index < items.length - 1) {
      setWaitingForNext(false);
      onMove(items[index + 1]!);
    } else if (!more || !inList) setWaitingForNext(false);
    else loadMore();
  }, [waitingForNext, inList, index, items, more, loadMore, onMove]);

  // Near the end of what is loaded, fetch the next page ahead of the visitor.
  useEffect(() => {
    if (inList && more && index >= items.length - 3) loadMore();
  }, [inList, more, index, items.length, loadMore]);

  // The next photo is fetched while this one is looked at.
  const upcoming = inList ? items[index + 1] : undefined;
  useEffect(() => {
    const upcomingPhoto = upcoming?.media_type === 2 ? displaySource(upcoming)?.url : null;
    if (upcomingPhoto) new Image().src = upcomingPhoto;
  }, [upcoming]);

  const keys = useRef({ previous, next });
  keys.current = { previous, next };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.target instanceof Element && event.target.closest(OWN_KEYS)) return;
      // Right to left, the next piece is to the left.
      const forward = document.documentElement.dir === "rtl" ? "ArrowLeft" : "ArrowRight";
      const back = forward === "ArrowLeft" ? "ArrowRight" : "ArrowLeft";
      if (event.key === forward) keys.current.next();
      else if (event.key === back) keys.current.previous();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const swipe = useSwipe(next, previous);
  const exact = counted ?? (more ? null : items.length);
  const total = exact === null ? t("viewer.total_more", { count: formatNumber(items.length) }) : t("viewer.total", { count: formatNumber(Math.max(exact, items.length)) });

  return (
    <Dialog open onClose={onClose} className="fixed inset-0 z-50">
      <DialogPanel className="surface-dark fixed inset-0 flex flex-col bg-ink-950 text-ink-100">
        <div className="flex shrink-0 items-center gap-2 border-b border-white/10 px-3 py-2 sm:px-5">
          {inList && (
            <>
              <NavButton label={t("viewer.previous")} icon="chevronLeft" onClick={previous} disabled={!hasPrevious} />
              <p aria-live="polite" className="min-w-20 text-center text-sm text-ink-200 tabular-nums">
                {t("viewer.position", { index: formatNumber(index + 1), total })}
              </p>
              <NavButton label={t("viewer.next")} icon="chevronRight" onClick={next} disabled={!hasNext || waitingForNext} />
            </>
          )}
          <span className="flex-1" />
          {shown.state === "ready" && <ShareButton title={shown.item.title} />}
          <button
            type="button"
            onClick={onClose}
            aria-label={t("common.close")}
            className="flex size-11 items-center justify-center rounded-full text-white transition hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2"
          >
            <Icon name="close" className="size-6" />
          </button>
        </div>
        {/* The scrolling parts take focus, so a keyboard can scroll them (axe: scrollable-region-focusable). */}
        {shown.state === "ready" ? (
          <div tabIndex={0} className="flex min-h-0 flex-1 flex-col overflow-y-auto overscroll-contain lg:flex-row lg:overflow-hidden">
            <section
              aria-label={t("viewer.work")}
              {...swipe}
              // On a phone a video's stage is the video's own shape (a 16:9 recording in a tall black box pushed its
              // title off the first screen); a photo, a waveform or words keep a stage of half the screen or more.
              className={`flex shrink-0 touch-pan-y items-center justify-center p-4 transition-transform duration-150 sm:p-8 lg:min-h-0 lg:flex-1 lg:shrink ${shown.item.media_type === 3 ? "" : "min-h-[55dvh]"}`}
            >
              <ViewerStage item={shown.item} />
            </section>
            {/* On a phone a note's words fill the stage: its title and who sent it come first. */}
            {/* A finger swipes here too: on a phone a video fills its stage, and a drag on a video is the video's. */}
            <aside
              tabIndex={0}
              data-words
              {...swipe}
              className={`shrink-0 touch-pan-y border-white/10 px-5 py-6 sm:px-8 lg:w-[26rem] lg:overflow-y-auto lg:border-s ${wordsOnStage(shown.item) ? "max-lg:order-first max-lg:border-b" : "max-lg:border-t"}`}
            >
              <ViewerFacts item={shown.item} />
            </aside>
          </div>
        ) : (
          <ViewerMessage state={shown} onClose={onClose} />
        )}
      </DialogPanel>
    </Dialog>
  );
}

/** Opening a link to an item not loaded yet, a link to an item that is not (or no longer) public, or a failed request. */
function ViewerMessage({ state, onClose }: { state: Exclude<ReturnType<typeof useViewerItem>, { state: "ready" }>; onClose: () => void }) {
  if (state.state === "loading") {
    return (
      <div className="flex flex-1 items-center justify-center">
        <DialogTitle className="sr-only">{t("viewer.opening_title")}</DialogTitle>
        <LoadingState label={t("viewer.opening")} className="text-ink-200" />
      </div>
    );
  }
  const missing = state.state === "missing";
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
      <p aria-hidden="true" className="font-display text-display-xl text-tape italic">
        ?
      </p>
      <DialogTitle as="h2" className="mt-4 font-display text-display-md text-white">
        {missing ? t("viewer.missing") : t("viewer.failed")}
      </DialogTitle>
      <p className="mt-3 max-w-md text-base text-ink-200">
        {missing
          ? t("viewer.missing_text")
          : t("viewer.failed_text")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {!missing && (
          <Button variant="secondary" onClick={state.retry}>
            {t("common.try_again")}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          {t("viewer.whole_archive")}
        </Button>
      </div>
    </div>
  );
}
