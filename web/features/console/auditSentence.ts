import type { AuditEntry } from "../../api/console";
import type { MediaType } from "../../api/types";
import { MEDIA_LABELS } from "../../lib/mediaTypes";
import { shortTitle } from "./itemName";

/** What the audit log's entries read as: a verb phrase per action, the target named, kinds as words. */
type Change = { before?: unknown; after?: unknown };
const change = (entry: AuditEntry, field: string): Change => {
  const value = entry.detail?.[field];
  return value && typeof value === "object" ? (value as Change) : {};
};

const REVIEW_VERB: Record<string, string> = { reviewed: "marked reviewed", flagged: "flagged", new: "marked as new" };

/** The verb phrase, with `{}` where the target's name goes. */
function verb(entry: AuditEntry): string {
  switch (entry.action) {
    case "evidence.create":
      return `sent ${kindWord(change(entry, "media_type").after)} {}`;
    case "evidence.update":
      return `edited {} (${Object.keys(entry.detail ?? {}).join(", ").replaceAll("_", " ") || "no change"})`;
    case "evidence.visibility":
      return change(entry, "is_public").after ? "published {}" : "made {} private";
    case "evidence.review":
      return `${REVIEW_VERB[String(change(entry, "review_status").after)] ?? "changed the review state of"} {}`;
    case "evidence.notes":
      return "wrote investigator notes on {}";
    case "evidence.delete":
      return "deleted {}";
    case "user.create":
      return "created the account {}";
    case "user.update":
      return `changed ${Object.keys(entry.detail ?? {}).join(", ").replaceAll("_", " ") || "nothing"} of {}`;
    case "user.delete":
      return "deleted the account {}";
    case "user.role":
      return change(entry, "role").after === 2 ? "made {} an admin" : "changed the role of {}";
    case "user.logout-all":
      return "logged {} out everywhere";
    default:
      return `${entry.action.replace(".", " ").replaceAll("-", " ")} {}`;
  }
}

function kindWord(mediaType: unknown) {
  const label = MEDIA_LABELS[mediaType as MediaType];
  return label ? `a ${label.toLowerCase()}` : "an item";
}

/** The target's name: its title or username now, or (deleted) as it was. */
export function targetName(entry: AuditEntry): string {
  const was = change(entry, entry.target_type === "user" ? "username" : "title").before;
  const name = entry.target_name ?? (typeof was === "string" ? was : null);
  if (entry.target_type === "evidence") return name ? `'${shortTitle(name)}'` : "an item";
  return name ?? `user #${entry.target_id ?? "?"}`;
}

/** The sentence in parts, so the target can be a link: "chief published", "'LIVE 5 …' (#270)", "". */
export function auditSentence(entry: AuditEntry): { before: string; target: string; after: string } {
  const [before = "", after = ""] = verb(entry).split("{}");
  const target = entry.target_type === "evidence" && entry.target_id !== null ? `${targetName(entry)} (#${entry.target_id})` : targetName(entry);
  return { before: `${entry.actor_name ?? "system"} ${before}`.trimEnd(), target, after };
}

export const AUDIT_ACTIONS: [string, string][] = [
  ["evidence.visibility", "Published or made private"],
  ["evidence.review", "Reviewed or flagged"],
  ["evidence.notes", "Investigator notes"],
  ["evidence.update", "Edits"],
  ["evidence.delete", "Deletions"],
  ["evidence.create", "New items"],
  ["user.create", "New accounts"],
  ["user.update", "Account changes"],
  ["user.delete", "Deleted accounts"],
  ["user.role", "Role changes"],
  ["user.logout-all", "Logged out everywhere"],
];
