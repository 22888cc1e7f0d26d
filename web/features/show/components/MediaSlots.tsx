import { useState } from "react";
import type { MediaSlot, Show } from "../../../api/show";
import { restoreShowMedia, uploadShowMedia } from "../api";
import { formatBytes } from "../../../lib/format";
import { Alert, Button, Spinner } from "../../../ui/Button";
import { FilePicker } from "../../../ui/FilePicker";
import { lockedHint } from "./ShowFields";

const SLOTS: { slot: MediaSlot; label: string; accept: string; what: string }[] = [
  { slot: "onboarding-video", label: "Briefing video", accept: "video/mp4,video/webm", what: "MP4 or WebM" },
  { slot: "onboarding-captions", label: "Briefing captions", accept: ".vtt,text/vtt", what: "WebVTT (.vtt)" },
  { slot: "tutorial-video", label: "Help tutorial video", accept: "video/mp4,video/webm", what: "MP4 or WebM" },
  { slot: "tutorial-captions", label: "Help tutorial captions", accept: ".vtt,text/vtt", what: "WebVTT (.vtt)" },
  { slot: "logo", label: "Logo", accept: "image/png,image/jpeg,image/webp,image/svg+xml", what: "PNG, JPEG, WebP or SVG, up to 1 MB" },
  { slot: "landing-image", label: "Landing image", accept: "image/png,image/jpeg,image/webp,image/svg+xml", what: "PNG, JPEG, WebP or SVG, up to 5 MB" },
];

type Stage = (slot: MediaSlot, file: File | null) => void;

function SlotRow({ show, slot, label, accept, what, chosen, onStage, onSaved }: (typeof SLOTS)[number] & { show: Show; chosen?: File; onStage: Stage; onSaved: (show: Show) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const state = show.media[slot];
  const locked = show.locked[slot];
  const busy = progress !== null;

  async function act(work: () => Promise<Show>, done: string) {
    setMessage(null);
    setProgress(0);
    try {
      onSaved(await work());
      onStage(slot, null);
      setMessage({ tone: "success", text: done });
    } catch (error) {
      setMessage({ tone: "error", text: (error as Error).message });
    } finally {
      setProgress(null);
    }
  }

  return (
    <li className="space-y-3 border-t border-line pt-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h3 className="text-base font-semibold text-ink-950">{label}</h3>
        <p className="text-sm text-muted">
          {state.default ? "The built-in one" : `Uploaded: ${state.type}, ${formatBytes(state.size)}, ${new Date(state.updated_at).toLocaleString()}`}
        </p>
      </div>
      {locked ? (
        <p className="text-sm text-muted">{lockedHint(locked)}</p>
      ) : (
        <>
          <FilePicker
            label={chosen ? "Choose another file" : `Choose a new ${label.toLowerCase()}`}
            accept={accept}
            chosen={chosen?.name}
            disabled={busy}
            hint={chosen ? "Shown in the preview. Nobody else sees it until you upload it." : what}
            onFiles={([file]) => {
              setMessage(null);
              onStage(slot, file ?? null);
            }}
          />
          <div className="flex flex-wrap gap-3">
            {chosen && (
              <>
                <Button variant="primary" disabled={busy} onClick={() => act(() => uploadShowMedia(slot, chosen, setProgress), `The new ${label.toLowerCase()} is in use.`)}>
                  {busy && <Spinner />}
                  Upload {label.toLowerCase()}
                </Button>
                <Button variant="ghost" disabled={busy} onClick={() => onStage(slot, null)}>
                  Discard
                </Button>
              </>
            )}
            {!chosen && !state.default && (
              <Button variant="secondary" disabled={busy} onClick={() => act(() => restoreShowMedia(slot), `The built-in ${label.toLowerCase()} is back.`)}>
                Restore the built-in {label.toLowerCase()}
              </Button>
            )}
          </div>
          {progress !== null && chosen && (
            <progress className="h-2 w-full accent-accent" max={1} value={progress} aria-label={`Uploading the ${label.toLowerCase()}`}>
              {Math.round(progress * 100)}%
            </progress>
          )}
        </>
      )}
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </li>
  );
}

/**
 * The show's media, slot by slot: a chosen file shows in the preview first and is in use once uploaded; each slot
 * can go back to the built-in file. A new briefing never makes anyone watch again by itself (see BriefingReset).
 */
export function MediaSlots({ show, staged, onStage, onSaved }: { show: Show; staged: Partial<Record<MediaSlot, File>>; onStage: Stage; onSaved: (show: Show) => void }) {
  return (
    <ul className="space-y-4">
      {SLOTS.map((slot) => (
        <SlotRow key={slot.slot} {...slot} show={show} chosen={staged[slot.slot]} onStage={onStage} onSaved={onSaved} />
      ))}
    </ul>
  );
}
