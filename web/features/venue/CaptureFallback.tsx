import { buttonClass } from "../../ui/Button";
import { Icon } from "../../ui/Icon";
import type { CaptureBlocker } from "./inBrowserCapture";

/** The phone's own camera or recorder, opened through a file picker with `capture` (no secure context needed). */
const PICKERS = {
  selfie: { accept: "image/*", capture: "user", label: "Take a selfie with the phone's camera", tool: "camera", icon: "camera" },
  audio: { accept: "audio/*", capture: "user", label: "Record with the phone's recorder", tool: "recorder", icon: "mic" },
} as const;

const REASONS: Record<CaptureBlocker, string> = {
  insecure:
    "The in-browser camera and recorder need a secure connection (an address starting with https://), and this page was opened over plain http://.",
  unsupported: "This browser cannot use the camera or microphone inside the page.",
};

/** Says plainly why the in-browser camera or recorder is not offered, and offers the phone's own instead. */
export function CaptureFallback({ kind, blocker, onFile }: { kind: keyof typeof PICKERS; blocker: CaptureBlocker; onFile: (file: File) => void }) {
  const picker = PICKERS[kind];
  return (
    <div className="space-y-3 rounded-card border-l-4 border-ink-700 bg-surface p-4 text-sm text-ink-900 shadow-lift ring-1 ring-line">
      <p>
        {REASONS[blocker]} Your phone's own {picker.tool} works: use the button below.
      </p>
      <label className={buttonClass("secondary", "w-full has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ink-900", "lg")}>
        <Icon name={picker.icon} className="size-5" />
        {picker.label}
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
