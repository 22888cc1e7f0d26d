import { useAtomValue } from "jotai";
import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../../ui/Button";
import { Modal } from "../../../ui/Dialog";
import { formatBytes } from "../../../lib/format";
import type { Draft } from "../draft";
import { unsentDraftsAtom } from "../queueAtoms";
import { discard, enqueue } from "../queueRunner";

/** Screens where a draft is being made or edited: asking there would interrupt it. */
const QUIET_PATHS = ["/evidence-details", "/evidenceupload"];

function describe(draft: Draft) {
  if (draft.kind === "note") return "Note";
  const what = draft.kind === "recording" ? "Recording" : "File";
  return draft.fileSize ? `${what}, ${formatBytes(draft.fileSize)}` : what;
}

/** On return: items captured but never sent are offered back, calmly, each with Send and Discard. */
export function ResumePrompt() {
  const drafts = useAtomValue(unsentDraftsAtom);
  const [later, setLater] = useState(false);
  const [location] = useLocation();
  const quiet = QUIET_PATHS.includes(location.toLowerCase());
  return (
    <Modal open={drafts.length > 0 && !later && !quiet} onClose={() => setLater(true)} title="Finish sending?">
      <div data-testid="resume-prompt">
        <p className="text-sm text-gray-800">These are kept on this phone but were not sent yet.</p>
        <ul className="mt-3 space-y-2">
          {drafts.map((draft) => (
            <li key={draft.id} data-testid="resume-item" data-draft-id={draft.id} className="flex flex-wrap items-center gap-2 rounded-lg p-2 ring-1 ring-gray-200">
              <span className="min-w-0 flex-1">
                <span className="block font-semibold break-words">{draft.title.trim() || "Supporting Evidence"}</span>
                <span className="block text-sm text-gray-700">{describe(draft)}</span>
              </span>
              <Button onClick={() => enqueue(draft.id)}>Send</Button>
              <Button variant="secondary" onClick={() => discard(draft.id)}>
                Discard
              </Button>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => setLater(true)}>
            Not now
          </Button>
        </div>
      </div>
    </Modal>
  );
}
