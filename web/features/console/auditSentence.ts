import type { AuditEntry } from "../../api/console";
import type { MediaType } from "../../api/types";
import { KIND_KEYS } from "../../lib/mediaTypes";
import { hasMessage, say, t, type MessageId, type MessageValues } from "../i18n/i18n";
import { listNames, shortTitle } from "./itemName";

/** What the audit log's entries read as: a sentence per action, the target named, kinds as words. */
type Change = { before?: unknown; after?: unknown };
const change = (entry: AuditEntry, field: string): Change => {
  const value = entry.detail?.[field];
  return value && typeof value === "object" ? (value as Change) : {};
};

/** A changed field's name in words ("phone_number" → "phone number"); a field no message names, as the server wrote it. */
/** The server records the operator's commands as "command line" (src/audit/audit-record.ts): worded here in the reader's language. */
const actorName = (entry: AuditEntry) =>
  entry.actor_id === null && entry.actor_name === "command line" ? t("console.audit.command_line") : (entry.actor_name ?? t("console.audit.system"));

export function fieldName(field: string) {
  const id = `console.audit.field.${field}`;
  return hasMessage(id) ? say(id) : field.replaceAll("_", " ");
}

const changedFields = (entry: AuditEntry) => listNames(Object.keys(entry.detail ?? {}).map(fieldName));

/** The sentence's message and its values, the target left to the caller. */
function sentence(entry: AuditEntry): [MessageId, MessageValues] {
  switch (entry.action) {
    case "evidence.create":
      return ["console.audit.sent", { kind: KIND_KEYS[change(entry, "media_type").after as MediaType] ?? "" }];
    case "evidence.update": {
      const fields = changedFields(entry);
      return fields ? ["console.audit.edited", { fields }] : ["console.audit.edited_nothing", {}];
    }
    case "evidence.visibility":
      return [change(entry, "is_public").after ? "console.audit.published" : "console.audit.made_private", {}];
    case "evidence.review":
      return ["console.audit.review", { status: String(change(entry, "review_status").after) }];
    case "evidence.notes":
      return ["console.audit.notes", {}];
    case "evidence.delete":
      return ["console.audit.deleted", {}];
    case "user.create":
      return ["console.audit.user_created", {}];
    case "user.update": {
      const fields = changedFields(entry);
      return fields ? ["console.audit.user_changed", { fields }] : ["console.audit.user_changed_nothing", {}];
    }
    case "user.delete":
      return ["console.audit.user_deleted", {}];
    case "user.role":
      return [change(entry, "role").after === 2 ? "console.audit.made_admin" : "console.audit.role_changed", {}];
    case "user.logout-all":
      return ["console.audit.logged_out", {}];
    default:
      return ["console.audit.other", { action: entry.action.replace(".", " ").replaceAll("-", " ") }];
  }
}

/** The target's name: its title or username now, or (deleted) as it was. */
export function targetName(entry: AuditEntry): string {
  const was = change(entry, entry.target_type === "user" ? "username" : "title").before;
  const name = entry.target_name ?? (typeof was === "string" ? was : null);
  if (entry.target_type === "evidence") return name ? t("console.audit.item_title", { title: shortTitle(name) }) : t("console.audit.an_item");
  return name ?? t("console.audit.user_number", { id: entry.target_id ?? "?" });
}

/** Where the sentence holds its target (a value no message text contains). */
const TARGET = "\u0000target\u0000";

/** The sentence in parts, so the target can be a link: "chief published", "'LIVE 5 …' (#270)", "". */
export function auditSentence(entry: AuditEntry): { before: string; target: string; after: string } {
  const [id, values] = sentence(entry);
  const [before = "", after = ""] = t(id, { ...values, actor: actorName(entry), target: TARGET }).split(TARGET);
  const target =
    entry.target_type === "evidence" && entry.target_id !== null ? t("console.audit.target_with_id", { name: targetName(entry), id: entry.target_id }) : targetName(entry);
  return { before: before.trimEnd(), target, after };
}

const AUDIT_ACTION_MESSAGES: [string, MessageId][] = [
  ["evidence.visibility", "console.audit.action.visibility"],
  ["evidence.review", "console.audit.action.review"],
  ["evidence.notes", "console.audit.action.notes"],
  ["evidence.update", "console.audit.action.update"],
  ["evidence.delete", "console.audit.action.delete"],
  ["evidence.create", "console.audit.action.create"],
  ["user.create", "console.audit.action.user_create"],
  ["user.update", "console.audit.action.user_update"],
  ["user.delete", "console.audit.action.user_delete"],
  ["user.role", "console.audit.action.user_role"],
  ["user.logout-all", "console.audit.action.user_logout_all"],
];

/** The audit log's action filter: each action with its label in the active language, read when called. */
export const auditActions = (): [string, string][] => AUDIT_ACTION_MESSAGES.map(([action, id]) => [action, t(id)]);
