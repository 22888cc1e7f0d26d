import { evidenceJson } from "../evidence/evidence-json";
import { mediaUrl } from "../media/media.service";
import type { ConsoleItem } from "./console.service";

/** An item as admin lists show it: the admin item plus the desk's fields, which no other view carries. */
export function consoleItemJson(listed: ConsoleItem) {
  return {
    ...evidenceJson(listed),
    review_status: listed.item.reviewStatus,
    investigator_notes: listed.item.investigatorNotes,
    updated_at: listed.item.updatedAt,
    verification_photo_url: mediaUrl(listed.verificationMediaId),
    redaction: listed.redaction,
  };
}
