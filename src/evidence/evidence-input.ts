import { badRequest, errorMessages, groupedDigits } from "../http/errors";

export const MEDIA_TYPES = { note: 1, image: 2, video: 3, audio: 4 } as const;

export const TITLE_MAX = 200;
export const NOTES_MAX = 10_000;
export const LOCATION_MAX = 200;
export const THUMBNAIL_MAX_BYTES = 64 * 1024;
export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;

export type EvidenceText = { title: string; notes: string; location: string | null };

export const MESSAGES = errorMessages("evidence", {
  titleMissing: "Please give the evidence a title",
  titleTooLong: `Titles can be at most ${TITLE_MAX} characters long`,
  notesTooLong: `Notes can be at most ${groupedDigits(NOTES_MAX)} characters long`,
  locationTooLong: `Locations can be at most ${LOCATION_MAX} characters long`,
});

/** Title (required), notes and location of an evidence form, trimmed and bounded. */
export function readEvidenceText(fields: Record<string, unknown>): EvidenceText {
  const str = (name: string) => (typeof fields[name] === "string" ? (fields[name] as string) : "");
  const title = str("title").trim();
  const notes = str("notes").replace(/\s+$/, "");
  const location = str("location").trim();
  if (!title) throw badRequest(MESSAGES.titleMissing);
  if (title.length > TITLE_MAX) throw badRequest(MESSAGES.titleTooLong);
  if (notes.length > NOTES_MAX) throw badRequest(MESSAGES.notesTooLong);
  if (location.length > LOCATION_MAX) throw badRequest(MESSAGES.locationTooLong);
  return { title, notes, location: location || null };
}

const CLIENT_REF = /^[A-Za-z0-9_-]{8,64}$/;

/** The sender's own name for a new item (optional): 8–64 letters, digits, `-` or `_`, e.g. a UUID. */
export function readClientRef(fields: Record<string, unknown>): string | null {
  const ref = fields.client_ref;
  if (ref === undefined) return null;
  if (typeof ref !== "string" || !CLIENT_REF.test(ref)) throw badRequest("client_ref must be 8 to 64 letters, digits, '-' or '_'.");
  return ref;
}

export const DURATION_MAX_MS = 86_400_000;
export const DURATION_MESSAGE = `duration_ms must be a whole number of milliseconds from 1 to ${groupedDigits(DURATION_MAX_MS)} (24 hours).`;

/**
 * A video's or audio clip's length as the sender measured it (optional): whole milliseconds, at most a day. An
 * absent or empty field is none; anything else is refused before a byte is stored.
 */
export function readDurationMs(fields: Record<string, unknown>): number | null {
  const raw = fields.duration_ms;
  if (raw === undefined || raw === "") return null;
  const text = typeof raw === "number" ? String(raw) : raw;
  if (typeof text !== "string" || !/^[1-9]\d{0,7}$/.test(text) || Number(text) > DURATION_MAX_MS) throw badRequest(DURATION_MESSAGE);
  return Number(text);
}

export type Page = { limit: number; before: number | undefined };

/**
 * A page of a list, or undefined for the whole list: the original client never sends `limit` or `before` and
 * expects every item, while the web app pages. `before` alone gets the default page size.
 */
export function readPage(query: Record<string, string | undefined>): Page | undefined {
  if (query.limit === undefined && query.before === undefined) return undefined;
  const limitRaw = query.limit ?? String(PAGE_DEFAULT);
  if (!/^\d+$/.test(limitRaw) || Number(limitRaw) < 1 || Number(limitRaw) > PAGE_MAX) {
    throw badRequest(`limit must be a whole number from 1 to ${PAGE_MAX}`);
  }
  const beforeRaw = query.before;
  if (beforeRaw !== undefined && !/^[1-9]\d{0,15}$/.test(beforeRaw)) throw badRequest("before must be an evidence id");
  return { limit: Number(limitRaw), before: beforeRaw === undefined ? undefined : Number(beforeRaw) };
}
