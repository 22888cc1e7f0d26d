import { useId, useState } from "react";
import { CAPTURE_CHOICES, useStartCapture } from "./useStartCapture";
import { Icon } from "../../ui/Icon";
import { t } from "../i18n/i18n";

/**
 * The room a list beside this button leaves at its end edge, so that no card scrolls under the button: the button's
 * 1.25rem from the window's edge, its 4rem and 0.25rem ring, and a 0.5rem gap (6rem), less what the page leaves there
 * itself (its padding, 1rem on phones and 1.5rem from sm, and its margin once the window is wider than its 72rem).
 * On a 390 px phone that is 5rem; at 1280 px, 0.5rem (four cards still fit).
 */
export const ADD_BUTTON_ROOM =
  "pe-[max(0px,calc(5rem_-_max(0px,(100vw_-_72rem)/2)))] sm:pe-[max(0px,calc(4.5rem_-_max(0px,(100vw_-_72rem)/2)))]";

/** The red plus button (the operator's accent), expanding into camera, audio and notes uploads; Escape folds it. */
export function AddEvidenceButton() {
  const [open, setOpen] = useState(false);
  const startCapture = useStartCapture();
  const listId = useId();
  return (
    // Above the upload queue's bar when it shows (it sets --queue-bar to its height).
    <div
      className="fixed end-5 bottom-[calc(1.25rem+var(--queue-bar,0rem)+var(--tab-bar,0rem))] z-20 flex flex-col items-end gap-3"
      onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
    >
      <ul id={listId} hidden={!open} className="flex flex-col items-end gap-2">
        {CAPTURE_CHOICES.map((choice) => (
          <li key={choice.kind}>
            <button
              type="button"
              onClick={() => startCapture(choice.kind)}
              className="flex min-h-12 items-center gap-2.5 rounded-full bg-surface py-2 ps-3 pe-5 text-sm font-semibold text-ink-900 shadow-lift ring-1 ring-line transition-colors hover:bg-paper-deep"
            >
              <span className="flex size-8 items-center justify-center rounded-full bg-accent text-on-accent">
                <Icon name={choice.icon} className="size-4.5" />
              </span>
              {t(choice.label)}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        aria-label={t("evidence.add")}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex size-16 items-center justify-center rounded-full bg-accent text-on-accent shadow-xl ring-4 ring-paper transition-colors hover:bg-accent-strong focus-visible:outline-4 focus-visible:outline-offset-2"
      >
        <Icon name="plus" className={`size-8 transition-transform ${open ? "rotate-45" : ""}`} />
      </button>
    </div>
  );
}
