import { useSetAtom } from "jotai";
import { useCallback } from "react";
import { useLocation } from "wouter";
import { evidenceTypeAtom, mediaAtom, type EvidenceKind } from "../../state/evidence";
import type { IconName } from "../../ui/Icon";
import type { MessageId } from "../i18n/i18n";

/** The spec's three ways to send evidence (the red plus button's choices), for every place that offers them. */
export const CAPTURE_CHOICES: { kind: EvidenceKind; label: MessageId; icon: IconName; to: string }[] = [
  { kind: "camera", label: "capture.camera_upload", icon: "camera", to: "/evidenceupload" },
  { kind: "audio", label: "capture.audio_upload", icon: "mic", to: "/evidenceupload" },
  // Notes need no media: straight to the details screen.
  { kind: "notes", label: "capture.notes_upload", icon: "note", to: "/evidence-details" },
];

/** Starts sending one kind of evidence: sets the kind, forgets any earlier pick, opens its screen. */
export function useStartCapture() {
  const setType = useSetAtom(evidenceTypeAtom);
  const setMedia = useSetAtom(mediaAtom);
  const [, navigate] = useLocation();
  return useCallback(
    (kind: EvidenceKind) => {
      const choice = CAPTURE_CHOICES.find((c) => c.kind === kind)!;
      setType(kind);
      setMedia([]);
      navigate(choice.to);
    },
    [setType, setMedia, navigate],
  );
}
