import { useAtomValue } from "jotai";
import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../../ui/Button";
import { Modal } from "../../../ui/Dialog";
import { formatBytes, formatDuration } from "../../../lib/format";
import { defaultTitle, type Draft } from "../draft";
import { unsentDraftsAtom } from "../queueAtoms";
import { discard, enqueue } from "../queueRunner";
import { t } from "../../i18n/i18n";

/** Screens where a draft is being made or edited: asking there would interrupt it. */
const QUIET_PATHS = ["/evidence-details", "/evidenceupload"];

function describe(draft: Draft) {
  if (draft.kind === "note") return t("kind.note");
  const what = draft.kind === "recording" ? t("upload.recording") : t("evidence.file");
  return [what, draft.durationMs && formatDuration(draft.durationMs), draft.fileSize && formatBytes(draft.fileSize)].filter(Boolean).join(", ");
}

/** On return: items captured but never sent are offered back, calmly, each with Send and Discard. */
export function ResumePrompt() {
  const drafts = useAtomValue(unsentDraftsAtom);
  const [later, setLater] = useState(false);
  const [location] = useLocation();
  const quiet = QUIET_PATHS.includes(location.toLowerCase());
  return (
    <Modal
      open={drafts.length > 0 && !later && !quiet}
      onClose={() => setLater(true)}
      title={t("upload.resume.title")}
      actions={
        <Button variant="ghost" onClick={() => setLater(true)}>
          {t("upload.resume.later")}
        </Button>
      }
    >
      <div data-testid="resume-prompt">
        <p className="text-base text-ink-800">{t("upload.resume.text")}</p>
        <ul className="mt-4 space-y-3">
          {drafts.map((draft) => (
            <li
              key={draft.id}
              data-testid="resume-item"
              data-draft-id={draft.id}
              className="flex flex-wrap items-center gap-3 rounded-card bg-surface p-3 shadow-lift ring-1 ring-line"
            >
              <span className="min-w-0 flex-1 basis-40">
                <span className="block font-semibold break-words text-ink-950">{draft.title.trim() || defaultTitle()}</span>
                <span className="block text-sm text-muted">{describe(draft)}</span>
              </span>
              <span className="flex gap-2">
                <Button variant="accent" size="sm" onClick={() => enqueue(draft.id)}>
                  {t("upload.send")}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => discard(draft.id)}>
                  {t("recorder.discard")}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
