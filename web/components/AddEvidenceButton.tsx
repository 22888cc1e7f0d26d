import { useId, useState } from "react";
import { CAPTURE_CHOICES, useStartCapture } from "../features/capture/useStartCapture";
import { Icon } from "../ui/Icon";

/** The red plus button, expanding into camera, audio and notes uploads. */
export function AddEvidenceButton() {
  const [open, setOpen] = useState(false);
  const startCapture = useStartCapture();
  const listId = useId();
  return (
    // Above the upload queue's bar when it shows (it sets --queue-bar to its height).
    <div className="fixed right-5 bottom-[calc(1.25rem+var(--queue-bar,0rem)+var(--tab-bar,0rem))] z-20 flex flex-col items-end gap-3">
      <ul id={listId} hidden={!open} className="flex flex-col items-end gap-2">
        {CAPTURE_CHOICES.map((choice) => (
          <li key={choice.kind}>
            <button
              type="button"
              onClick={() => startCapture(choice.kind)}
              className="flex min-h-11 items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-gray-900 shadow-lg ring-1 ring-gray-300 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              <Icon name={choice.icon} className="size-5" />
              {choice.label}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        aria-label="Add evidence"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className="flex size-16 items-center justify-center rounded-full bg-red-700 text-4xl leading-none font-light text-white shadow-xl transition hover:bg-red-800 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-red-800"
      >
        <span aria-hidden="true" className={`transition ${open ? "rotate-45" : ""}`}>
          +
        </span>
      </button>
    </div>
  );
}
