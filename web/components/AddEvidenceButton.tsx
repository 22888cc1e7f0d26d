import { useSetAtom } from "jotai";
import { useId, useState } from "react";
import { useLocation } from "wouter";
import { evidenceTypeAtom, mediaAtom, type EvidenceKind } from "../state/evidence";
import { Icon, type IconName } from "../ui/Icon";

const CHOICES: { kind: EvidenceKind; label: string; icon: IconName; to: string }[] = [
  { kind: "camera", label: "Camera upload", icon: "camera", to: "/evidenceupload" },
  { kind: "audio", label: "Audio upload", icon: "mic", to: "/evidenceupload" },
  // Notes need no media: straight to the details screen.
  { kind: "notes", label: "Notes upload", icon: "note", to: "/evidence-details" },
];

/** The red plus button, expanding into camera, audio and notes uploads. */
export function AddEvidenceButton() {
  const [open, setOpen] = useState(false);
  const setType = useSetAtom(evidenceTypeAtom);
  const setMedia = useSetAtom(mediaAtom);
  const [, navigate] = useLocation();
  const listId = useId();
  return (
    // Above the upload queue's bar when it shows (it sets --queue-bar to its height).
    <div className="fixed right-5 bottom-[calc(1.25rem+var(--queue-bar,0rem))] z-20 flex flex-col items-end gap-3">
      <ul id={listId} hidden={!open} className="flex flex-col items-end gap-2">
        {CHOICES.map((choice) => (
          <li key={choice.kind}>
            <button
              type="button"
              onClick={() => {
                setType(choice.kind);
                setMedia([]);
                navigate(choice.to);
              }}
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
