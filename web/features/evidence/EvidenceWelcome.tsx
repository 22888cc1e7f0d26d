import { CAPTURE_CHOICES, useStartCapture } from "../capture/useStartCapture";
import type { EvidenceKind } from "../../state/evidence";
import { Button } from "../../ui/Button";
import { Icon } from "../../ui/Icon";
import { EmptyState } from "../../ui/States";
import { t, type MessageId } from "../i18n/i18n";

/** Worded apart from the plus button's choices, which can be open at the same time. */
const FIRST_STEP: Record<EvidenceKind, MessageId> = { camera: "evidence.first.camera", audio: "evidence.first.audio", notes: "evidence.first.notes" };

/** The empty list: the welcome text and the three ways to send evidence, each one tap away. */
export function EvidenceWelcome() {
  const startCapture = useStartCapture();
  return (
    <EmptyState
      icon="folder"
      title={t("evidence.welcome")}
      actions={CAPTURE_CHOICES.map((choice, index) => (
        <Button key={choice.kind} variant={index === 0 ? "accent" : "secondary"} size="lg" className="w-full sm:w-auto" onClick={() => startCapture(choice.kind)}>
          <Icon name={choice.icon} className="size-5" />
          {t(FIRST_STEP[choice.kind])}
        </Button>
      ))}
    >
      <p>{t("evidence.welcome_text")}</p>
    </EmptyState>
  );
}
