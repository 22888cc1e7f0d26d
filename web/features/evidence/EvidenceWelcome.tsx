import { CAPTURE_CHOICES, useStartCapture } from "../capture/useStartCapture";
import type { EvidenceKind } from "../../state/evidence";
import { Button } from "../../ui/Button";
import { Icon } from "../../ui/Icon";
import { EmptyState } from "../../ui/States";

/** Worded apart from the plus button's choices, which can be open at the same time. */
const FIRST_STEP: Record<EvidenceKind, string> = { camera: "Send a photo or video", audio: "Send audio", notes: "Write a note" };

/** The empty list: the welcome text and the three ways to send evidence, each one tap away. */
export function EvidenceWelcome() {
  const startCapture = useStartCapture();
  return (
    <EmptyState
      icon="folder"
      title="Welcome, investigator"
      actions={CAPTURE_CHOICES.map((choice, index) => (
        <Button key={choice.kind} variant={index === 0 ? "accent" : "secondary"} size="lg" className="w-full sm:w-auto" onClick={() => startCapture(choice.kind)}>
          <Icon name={choice.icon} className="size-5" />
          {FIRST_STEP[choice.kind]}
        </Button>
      ))}
    >
      <p>You have not submitted any evidence yet. Start with whatever you have: a photo, a video, a sound or a few written lines.</p>
    </EmptyState>
  );
}
