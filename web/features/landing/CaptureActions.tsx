import { useId } from "react";
import { CAPTURE_CHOICES, useStartCapture } from "../capture/useStartCapture";
import type { EvidenceKind } from "../../state/evidence";
import { Icon } from "../../ui/Icon";
import type { MessageId } from "../i18n/i18n";
import { useT } from "../i18n/scope";

const HINTS = {
  camera: "landing.capture_hint.camera",
  audio: "landing.capture_hint.audio",
  notes: "landing.capture_hint.notes",
} satisfies Record<EvidenceKind, MessageId>;

/** The participant's main task, one tap from home: the spec's three ways to send evidence. */
export function CaptureActions() {
  const startCapture = useStartCapture();
  const headingId = useId();
  const { t } = useT();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="font-display text-display-sm text-ink-950">
        {t("landing.send_evidence")}
      </h2>
      <ul className="mt-4 grid grid-cols-3 gap-3 sm:gap-4">
        {CAPTURE_CHOICES.map((choice) => (
          <li key={choice.kind}>
            <button
              type="button"
              onClick={() => startCapture(choice.kind)}
              // The label alone names it (the hint, shown from 640 px, describes it).
              aria-label={t(choice.label)}
              aria-describedby={`${headingId}-${choice.kind}`}
              className="flex h-full min-h-32 w-full flex-col items-center justify-center gap-2.5 rounded-card bg-surface px-2 py-4 text-center shadow-lift ring-1 ring-line transition hover:ring-ink-400 focus-visible:outline-2 focus-visible:outline-offset-2 sm:flex-row sm:justify-start sm:gap-4 sm:px-5 sm:text-start"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent sm:size-14">
                <Icon name={choice.icon} className="size-6 sm:size-7" />
              </span>
              <span className="min-w-0">
                <span className="block text-[13px] leading-tight font-semibold text-ink-950 sm:text-base">{t(choice.label)}</span>
                <span id={`${headingId}-${choice.kind}`} className="mt-0.5 hidden text-sm text-muted sm:block">
                  {t(HINTS[choice.kind])}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
