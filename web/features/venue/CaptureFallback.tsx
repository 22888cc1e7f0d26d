import { buttonClass } from "../../ui/Button";
import type { CaptureBlocker } from "./inBrowserCapture";

/** The phone's own camera or recorder, opened through a file picker with `capture` (no secure context needed). */
const PICKERS = {
  selfie: { accept: "image/*", capture: "user", label: "Take a selfie with the phone's camera", tool: "camera" },
  audio: { accept: "audio/*", capture: "user", label: "Record with the phone's recorder", tool: "recorder" },
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
    <div className="space-y-3 rounded-lg border border-blue-300 bg-blue-50 p-4 text-sm text-blue-950">
      <p>
        {REASONS[blocker]} Your phone's own {picker.tool} works: use the button below.
      </p>
      <label className={buttonClass("secondary", "w-full has-focus-visible:outline-2 has-focus-visible:outline-blue-700")}>
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
