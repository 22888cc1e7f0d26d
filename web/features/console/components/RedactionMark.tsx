import { Link } from "wouter";
import type { ConsoleItem } from "../../../api/console";
import { Badge, type BadgeVariant } from "../../../ui/Badge";
import { buttonClass } from "../../../ui/Button";
import { t, type MessageId } from "../../i18n/i18n";

type RedactionState = "pending" | "failed" | "unverified" | "passed";

/** The console's name of an item's redaction state (the server's filter values), or null when it has none. */
export function redactionState(item: ConsoleItem): RedactionState | null {
  const redaction = item.redaction;
  if (!redaction) return null;
  if (redaction.status === "done") return redaction.passed ? "passed" : "unverified";
  return redaction.status;
}

const LOOKS: Record<RedactionState, [MessageId, BadgeVariant]> = {
  pending: ["console.redaction.state.pending", "new"],
  failed: ["console.redaction.state.failed", "withdrawn"],
  unverified: ["console.redaction.state.unverified", "flagged"],
  passed: ["console.redaction.state.passed", "reviewed"],
};

/** The item's redaction state as a badge (nothing when it has none). */
export function RedactionMark({ item }: { item: ConsoleItem }) {
  const state = redactionState(item);
  if (!state) return null;
  const [label, variant] = LOOKS[state];
  return (
    <Badge variant={variant} className="redaction-mark">
      {t(label)}
    </Badge>
  );
}

/** Photos, videos and recordings can be redacted. */
export const redactable = (item: ConsoleItem) => item.media_type === 2 || item.media_type === 3 || item.media_type === 4;

export const studioPath = (id: number) => `/admin/evidence/${id}/redact`;

/** The way into the redaction studio, from the viewer. */
export function RedactLink({ item }: { item: ConsoleItem }) {
  if (!redactable(item)) return null;
  return (
    <Link href={studioPath(item.id)} className={buttonClass("secondary", "", "sm")}>
      {t("console.redaction.open")}
    </Link>
  );
}
