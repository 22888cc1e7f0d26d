import type { Evidence } from "../../api/types";
import { formatDate } from "../../lib/format";
import { t } from "../i18n/i18n";

/** Whether an admin (not the participant) recorded the withdrawal, and their username. */
function recordedByAdmin(item: Pick<Evidence, "user_id" | "withdrawn_by">) {
  const by = item.withdrawn_by;
  return by && by.id !== null && by.id !== item.user_id ? (by.username ?? "?") : null;
}

/** When and by whom an item was withdrawn: "Withdrawn by the participant 3 Dec 2026" / "… for the participant by chief, …". */
export function withdrawalText(item: Pick<Evidence, "user_id" | "withdrawn_at" | "withdrawn_by">) {
  if (!item.withdrawn_at) return "";
  const date = formatDate(item.withdrawn_at);
  const admin = recordedByAdmin(item);
  return admin ? t("console.withdrawn.for_participant", { admin, date }) : t("console.facts.withdrawn", { date });
}

/** The override's explanation: who withdrew the item, when, and who recorded it when an admin did. */
export function withdrawalStory(item: Pick<Evidence, "user_id" | "withdrawn_at" | "withdrawn_by" | "title">, participant: string) {
  const date = formatDate(item.withdrawn_at ?? new Date().toISOString());
  const admin = recordedByAdmin(item);
  return admin
    ? t("console.override.recorded", { participant, date, admin, title: item.title })
    : t("console.override.withdrew", { participant, date, title: item.title });
}
