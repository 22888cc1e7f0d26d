import { buttonClass } from "../../ui/Button";
import { Icon } from "../../ui/Icon";
import { type MessageId, t } from "../i18n/i18n";
import type { CaptureBlocker } from "./inBrowserCapture";

/** The phone's own camera or recorder, opened through a file picker with `capture` (no secure context needed). */
const PICKERS = {
  selfie: { accept: "image/*", capture: "user", label: "venue.selfie", own: "venue.own_camera", opens: "venue.opens_camera", icon: "camera" },
  audio: { accept: "audio/*", capture: "user", label: "venue.record", own: "venue.own_recorder", opens: "venue.opens_recorder", icon: "mic" },
} as const satisfies Record<string, { label: MessageId; own: MessageId; opens: MessageId; [key: string]: string }>;

/**
 * Offers the phone's own camera or recorder where the in-page one is not available. Over plain http:// (a venue
 * without HTTPS) only what works is said: the participant can do nothing about the address, the operator is warned
 * where they work (the Show and Invitation screens). A browser without the APIs is named, as the participant can
 * change browsers.
 */
export function CaptureFallback({ kind, blocker, onFile }: { kind: keyof typeof PICKERS; blocker: CaptureBlocker; onFile: (file: File) => void }) {
  const picker = PICKERS[kind];
  return (
    <div className="space-y-3 rounded-card border-s-4 border-ink-700 bg-surface p-4 text-sm text-ink-900 shadow-lift ring-1 ring-line">
      <p>{blocker === "insecure" ? t(picker.opens) : `${t("venue.reason.unsupported")} ${t(picker.own)}`}</p>
      <label className={buttonClass("secondary", "w-full has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink-900", "lg")}>
        <Icon name={picker.icon} className="size-5" />
        {t(picker.label)}
        <input
          type="file"
          className="sr-only"
          accept={picker.accept}
          capture={picker.capture}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) onFile(file);
          }}
        />
      </label>
    </div>
  );
}
