import { NOTES_MAX } from "../evidence/evidence-input";
import { badRequest, groupedDigits } from "../http/errors";
import { asRecord } from "../http/input";
import { REVIEW_STATUSES, type ReviewStatus } from "./console-query";
import { BULK_ACTIONS, type BulkAction } from "./console.service";

/** The JSON bodies of the desk's changes, read after the session check (never by a route schema, which runs first). */
export const BULK_MAX = 1000;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], name: string): T {
  if (typeof value !== "string" || !allowed.includes(value as T)) throw badRequest(`${name} must be one of ${allowed.join(", ")}`);
  return value as T;
}

export const readReview = (body: unknown): ReviewStatus => oneOf(asRecord(body).status, REVIEW_STATUSES, "status");

/**
 * The new notes and, when the client sends it, `previous`: the notes it started from. With `previous` a save that
 * would silently overwrite another admin's change is refused (409) instead.
 */
export function readInvestigatorNotes(body: unknown): { notes: string; previous?: string } {
  const { investigator_notes: notes, previous } = asRecord(body);
  if (typeof notes !== "string") throw badRequest("investigator_notes must be text");
  if (previous !== undefined && typeof previous !== "string") throw badRequest("previous must be text");
  const trimmed = notes.replace(/\s+$/, "");
  if (trimmed.length > NOTES_MAX) throw badRequest(`Investigator notes can be at most ${groupedDigits(NOTES_MAX)} characters long`);
  return { notes: trimmed, previous };
}

export function readBulk(body: unknown): { ids: number[]; action: BulkAction } {
  const { ids, action } = asRecord(body);
  if (!Array.isArray(ids) || !ids.every((id) => Number.isSafeInteger(id) && id > 0)) throw badRequest("ids must be a list of evidence ids");
  if (ids.length > BULK_MAX) throw badRequest(`At most ${BULK_MAX} items can be changed at once`);
  return { ids: [...new Set(ids as number[])], action: oneOf(action, BULK_ACTIONS, "action") };
}
