import { useAtomValue } from "jotai";
import { useState } from "react";
import type { MediaSlot, Show } from "../../../api/show";
import { restoreShowMedia, uploadShowMedia } from "../api";
import { formatBytes, formatDateTime, formatNumber } from "../../../lib/format";
import { Alert, Button, Spinner } from "../../../ui/Button";
import { FilePicker } from "../../../ui/FilePicker";
import { SelectField } from "../../../ui/Field";
import { languageName, type MessageId, t } from "../../i18n/i18n";
import { languageAtom } from "../../i18n/language";
import { lockedHint } from "./ShowFields";

const MB = 1024 * 1024;
const VIDEO = "video/mp4,video/webm";
const CAPTIONS = ".vtt,text/vtt";
const IMAGE = "image/png,image/jpeg,image/webp,image/svg+xml";

/**
 * The slots, each named in the messages by `item` (`{item, select, briefing_video {…} …}`), and the files it takes:
 * `what` says which, in the active language (called at render).
 */
const SLOTS: { slot: MediaSlot; item: string; accept: string; what: () => string }[] = [
  { slot: "onboarding-video", item: "briefing_video", accept: VIDEO, what: () => t("showEditor.media.video_formats") },
  { slot: "onboarding-captions", item: "briefing_captions", accept: CAPTIONS, what: () => t("showEditor.media.captions_formats") },
  { slot: "tutorial-video", item: "tutorial_video", accept: VIDEO, what: () => t("showEditor.media.video_formats") },
  { slot: "tutorial-captions", item: "tutorial_captions", accept: CAPTIONS, what: () => t("showEditor.media.captions_formats") },
  { slot: "logo", item: "logo", accept: IMAGE, what: () => t("showEditor.media.image_formats", { size: formatBytes(1 * MB) }) },
  { slot: "landing-image", item: "landing_image", accept: IMAGE, what: () => t("showEditor.media.image_formats", { size: formatBytes(5 * MB) }) },
];

type Stage = (slot: MediaSlot, file: File | null) => void;

const isCaptions = (slot: MediaSlot) => slot.endsWith("-captions");

/**
 * The language of a captions file about to be uploaded: the one it has now, else the language the admin is working in.
 * Offered: the show's languages, each in its own words, and the current one should the show no longer offer it.
 */
function useCaptionsLanguage(state: Show["media"][MediaSlot]) {
  const { language: working, languages } = useAtomValue(languageAtom);
  const [language, setLanguage] = useState(() => (!state.default && state.language) || working);
  const options = languages.map((option) => ({ value: option.code, label: option.name }));
  if (!options.some((option) => option.value === language)) options.unshift({ value: language, label: languageName(language) });
  return { language, setLanguage, options };
}

/** A video's captions, one track per language: the built-in English until replaced, each upload removable by itself. */
function CaptionsTracks({ show, slot, busy, onRemove }: { show: Show; slot: MediaSlot; busy: boolean; onRemove: (language: string) => void }) {
  const state = show.media[slot];
  const uploaded = state.default ? [] : (state.tracks ?? [state]);
  const tracks = show[slot === "onboarding-captions" ? "onboarding_captions" : "tutorial_captions"] ?? [];
  return (
    <ul className="space-y-2" aria-label={t("showEditor.media.tracks")}>
      {tracks.map((track) => {
        const upload = uploaded.find((candidate) => candidate.url === track.url);
        const language = languageName(track.language);
        return (
          <li key={track.url} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg bg-paper-deep/60 px-3 py-2 text-sm ring-1 ring-line">
            <span className="min-w-0">
              <span className="font-semibold text-ink-950">{language}</span>{" "}
              <span className="text-muted">
                {upload ? t("showEditor.media.track_uploaded", { size: formatBytes(upload.size), date: formatDateTime(upload.updated_at) }) : t("showEditor.media.built_in")}
              </span>
            </span>
            {upload && !show.locked[slot] && (
              <Button size="sm" variant="ghost" disabled={busy} onClick={() => onRemove(track.language)}>
                {t("showEditor.media.remove_track", { language })}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function SlotRow({ show, slot, item, accept, what, chosen, onStage, onSaved }: (typeof SLOTS)[number] & { show: Show; chosen?: File; onStage: Stage; onSaved: (show: Show) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const state = show.media[slot];
  const locked = show.locked[slot];
  const busy = progress !== null;
  const slotText = (id: MessageId) => t(id, { item });
  const captions = useCaptionsLanguage(state);

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
        <h3 className="text-base font-semibold text-ink-950">{slotText("showEditor.media.label")}</h3>
        {!isCaptions(slot) && (
          <p className="text-sm text-muted">
            {state.default ? t("showEditor.media.built_in") : t("showEditor.media.uploaded", { type: state.type, size: formatBytes(state.size), date: formatDateTime(state.updated_at) })}
          </p>
        )}
      </div>
      {isCaptions(slot) && (
        <CaptionsTracks show={show} slot={slot} busy={busy} onRemove={(language) => act(() => restoreShowMedia(slot, language), t("showEditor.media.track_removed", { language: languageName(language) }))} />
      )}
      {locked ? (
        <p className="text-sm text-muted">{lockedHint(locked)}</p>
      ) : (
        <>
          <FilePicker
            label={chosen ? t("showEditor.media.choose_another") : slotText("showEditor.media.choose")}
            accept={accept}
            chosen={chosen?.name}
            disabled={busy}
            hint={chosen ? t("showEditor.media.chosen_hint") : what()}
            onFiles={([file]) => {
              setMessage(null);
              onStage(slot, file ?? null);
            }}
          />
          {chosen && isCaptions(slot) && (
            <SelectField
              label={t("showEditor.media.captions_language")}
              hint={t("showEditor.media.captions_language_hint")}
              value={captions.language}
              disabled={busy}
              onChange={(event) => captions.setLanguage(event.target.value)}
              options={captions.options}
            />
          )}
          <div className="flex flex-wrap gap-3">
            {chosen && (
              <>
                <Button variant="primary" disabled={busy} onClick={() => act(() => uploadShowMedia(slot, chosen, setProgress, isCaptions(slot) ? captions.language : undefined), slotText("showEditor.media.in_use"))}>
                  {busy && <Spinner />}
                  {slotText("showEditor.media.upload")}
                </Button>
                <Button variant="ghost" disabled={busy} onClick={() => onStage(slot, null)}>
                  {t("showEditor.discard")}
                </Button>
              </>
            )}
            {!chosen && !state.default && !isCaptions(slot) && (
              <Button variant="secondary" disabled={busy} onClick={() => act(() => restoreShowMedia(slot), slotText("showEditor.media.restored"))}>
                {slotText("showEditor.media.restore")}
              </Button>
            )}
          </div>
          {progress !== null && chosen && (
            <progress className="h-2 w-full accent-accent" max={1} value={progress} aria-label={slotText("showEditor.media.uploading")}>
              {formatNumber(Math.round(progress * 100))}%
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
