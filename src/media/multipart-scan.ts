import type { FileHandle } from "node:fs/promises";
import { badRequest, HttpError } from "../http/errors";
import { POOLED_BUFFER_BYTES, withPooledBuffer } from "./buffer-pool";

/**
 * A file part of a body on disk: its bytes are `length` bytes from `start`, left where they are — or already copied to
 * a file of their own and hashed while the body arrived (`copied`, by the scan's PartExtractor).
 */
export type FilePart = { name: string; filename: string; start: number; length: number; copied?: CopiedPart };
/** A file part in a file of its own, and its SHA-256. */
export type CopiedPart = { path: string; sha256: string };

/** A file part whose content starts at contentAt and ends where `delimiter` first occurs; past limitEnd it is tooLong(). */
export type PartToExtract = { contentAt: number; delimiter: string; limitEnd: number; tooLong: () => HttpError };
/** Found: the part ends at `end` (its delimiter's first byte), copied to a file of its own; or the body ended first. */
export type ExtractedPart = { found: true; end: number; copied: CopiedPart } | { found: false };
/**
 * Copies a file part out of the body as it arrives, finding its end (extract-part.ts); undefined leaves the part to
 * the scan, which then finds its end itself.
 */
export type PartExtractor = (part: PartToExtract) => Promise<ExtractedPart | undefined>;

export type ScanRules = {
  /** Accepted file parts and the most bytes each may have; other file parts are refused. */
  files: Map<string, { maxBytes: number; tooLargeMessage: string }>;
  maxFieldBytes: number;
  maxFields: number;
  maxParts: number;
  /** When set, any file part gets this error (the route takes fields only). */
  filesRefused?: () => HttpError;
};

export type ScannedBody = { fields: Record<string, string>; files: FilePart[] };

/** A body being written to a file: `reach(n)` resolves once the file holds n bytes, or with fewer once the body ended. */
export type BodyOnDisk = { reach(bytes: number): Promise<number> };

/** A file already complete. */
export const wholeFile = (size: number): BodyOnDisk => ({ reach: async () => size });

/** As much of a part's headers as is read (Node's and busboy's limit): a longer header block is refused. */
const MAX_HEADER_BYTES = 16 * 1024;
/** The body is searched in windows of this size (lent buffers; a field or a header block fits in one). */
const WINDOW_BYTES = POOLED_BUFFER_BYTES;

const malformed = () => badRequest("The upload was incomplete or malformed. Please try again.");

/** The boundary of a multipart/form-data Content-Type (RFC 2046: 1–70 characters), or undefined. */
export function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([\x20\x21\x23-\x7e]{1,70})"|([0-9A-Za-z'()+_\-./:=?!#$%&*^`|~]{1,70}))\s*(?:;|$)/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

/**
 * Finds the parts of a multipart/form-data body that lies in a file — while it is still being written, so a refusal
 * comes as soon as the bytes that earn it are there — without reading it into memory: delimiters are
 * found with Buffer.indexOf in windows of lent buffers (linear in the body, whatever its bytes), headers are read
 * up to MAX_HEADER_BYTES, fields up to maxFieldBytes, and a file part's bytes are only measured, never copied here.
 * Like busboy (its reference in the differential test): a delimiter is CRLF "--" boundary followed by "--" (the end)
 * or CRLF (a part); the first may open the body; preamble and epilogue are ignored. Stricter than busboy where it
 * would read a damaged body in its own way: the boundary followed by anything else, or beginning inside a part's
 * headers, is refused. Anything else that breaks the
 * form, a part over its limit, an unexpected file part or too many parts is refused with a 4xx HttpError.
 */
export async function scanMultipart(file: FileHandle, body: BodyOnDisk, boundary: string, rules: ScanRules, extractPart?: PartExtractor): Promise<ScannedBody> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);

  /**
   * Uses the bytes from `at`, as many as asked (at most a window) once they are there (fewer only at the body's end),
   * in a window lent for the read and `use` alone: never held while bytes are awaited.
   */
  async function read<T>(at: number, length: number, use: (bytes: Buffer) => T): Promise<T> {
    const wanted = Math.min(length, WINDOW_BYTES);
    const there = Math.max(0, Math.min(wanted, (await body.reach(at + wanted)) - at));
    return withPooledBuffer(async (window) => {
      let filled = 0;
      while (filled < there) {
        const { bytesRead } = await file.read(window, filled, there - filled, at + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return use(window.subarray(0, filled));
    });
  }

  /**
   * Where the next delimiter starts at or after `from`, and whether it closes the body; undefined when none does.
   * The boundary followed by anything but "--" or CRLF is refused; so is a part whose content passes `limit.end`.
   */
  async function nextDelimiter(from: number, limit?: { end: number; error: () => HttpError }): Promise<{ at: number; closes: boolean } | undefined> {
    for (let at = from; ; ) {
      const seen = await read(at, WINDOW_BYTES, (bytes) => {
        const found = bytes.indexOf(delimiter);
        if (found < 0 || found + delimiter.length + 2 > bytes.length) return { searched: bytes.length };
        // The boundary must not occur in a part (RFC 2046); busboy would end the part there and drop what follows.
        const after = bytes.subarray(found + delimiter.length, found + delimiter.length + 2).toString("latin1");
        if (after !== "--" && after !== "\r\n") throw malformed();
        return { delimiter: { at: at + found, closes: after === "--" } };
      });
      if (seen.delimiter) return seen.delimiter;
      if (seen.searched < WINDOW_BYTES) return undefined; // the body ended
      // The next window overlaps this one by a delimiter and its two bytes, so none is missed between them.
      at += seen.searched - delimiter.length - 1;
      if (limit && at > limit.end) throw limit.error(); // the part is already longer than it may be
    }
  }

  const fields: Record<string, string> = Object.create(null);
  const files: FilePart[] = [];
  const claimed = new Set<string>();
  let fieldCount = 0;
  let fileCount = 0;

  type Role = { file?: { name: string; filename: string }; field?: string; limit?: { bytes: number; error: () => HttpError } };
  /** Checks a part against the rules by its headers: kept as a file or a field (with its limit), skipped, or refused. */
  function roleOf(part: PartHeaders | undefined): Role {
    if (!part) return {}; // no form-data disposition: skipped, as busboy does
    if (part.file) {
      if (rules.filesRefused) throw rules.filesRefused();
      if (++fileCount > rules.files.size) throw badRequest("Too many files in one upload.");
      const rule = part.name === undefined ? undefined : rules.files.get(part.name);
      if (!rule || part.filename === undefined) {
        if (rule && claimed.has(part.name!)) return {}; // several files picked: the first is used (spec §2)
        throw badRequest(`Unexpected file field: ${part.name}.`);
      }
      if (claimed.has(part.name!)) return {};
      claimed.add(part.name!);
      return { file: { name: part.name!, filename: part.filename }, limit: { bytes: rule.maxBytes, error: () => new HttpError(413, rule.tooLargeMessage) } };
    }
    if (++fieldCount > rules.maxFields) throw badRequest("Too many fields in one upload.");
    const limit = { bytes: rules.maxFieldBytes, error: () => badRequest(`The field ${part.name} is too long.`) };
    return part.name === undefined ? { limit } : { field: part.name, limit };
  }

  /**
   * A file part handed to extractPart, unless a delimiter begins before its content or within a delimiter's length of
   * it (sharing the header block's CRLFs, or an empty part): the scan itself reads such a part, as before.
   */
  async function extractAfterHeaders(headersAt: number, contentAt: number, limit: { end: number; error: () => HttpError }) {
    const nearby = contentAt + delimiter.length - (headersAt - 2);
    const early = await read(headersAt - 2, nearby, (bytes) => bytes.length < nearby || bytes.indexOf(delimiter) >= 0);
    if (early) return undefined;
    return extractPart!({ contentAt, delimiter: delimiter.toString("latin1"), limitEnd: limit.end, tooLong: limit.error });
  }

  // busboy reads the body as if it began with CRLF, so a body may open with the delimiter's dashes (at -2).
  const opening = await read(0, delimiter.length, (bytes) => bytes.toString("latin1"));
  let next: { at: number; closes: boolean } | undefined;
  if (opening.startsWith(`--${boundary}`)) {
    const after = opening.slice(boundary.length + 2);
    if (after !== "--" && after !== "\r\n") throw malformed();
    next = { at: -2, closes: after === "--" };
  } else next = await nextDelimiter(0);

  for (let parts = 0; ; parts++) {
    if (!next) throw malformed(); // the body ended before its closing delimiter
    if (next.closes) break;
    if (parts >= rules.maxParts) throw badRequest("Too many parts in one upload.");
    const headersAt = next.at + delimiter.length + 2;
    // A part without headers (busboy: "Malformed part header") or with a block too long is refused.
    const { headersEnd, part } = await read(headersAt, MAX_HEADER_BYTES + 4, (bytes) => {
      const end = bytes.indexOf("\r\n\r\n");
      if (end <= 0) throw malformed();
      return { headersEnd: end, part: partHeaders(bytes.subarray(0, end).toString("utf8")) };
    });
    const contentAt = headersAt + headersEnd + 4;
    // What the part is and the most it may hold, from its headers alone: a refusal comes before its content.
    const role = roleOf(part);
    const limit = role.limit && { end: contentAt + role.limit.bytes, error: role.limit.error };
    const extracted = role.file && extractPart ? await extractAfterHeaders(headersAt, contentAt, limit!) : undefined;
    if (extracted && !extracted.found) throw malformed(); // the body ended inside the part
    // Searched from the CRLF that ended the delimiter's line: busboy would also find a delimiter that begins inside the
    // header block (sharing its CRLFs), so such a part is refused rather than read differently.
    next = await nextDelimiter(extracted ? extracted.end : headersAt - 2, limit);
    if (!next || next.at < contentAt || (extracted && next.at !== extracted.end)) throw malformed();
    const length = next.at - contentAt;
    if (role.limit && length > role.limit.bytes) throw role.limit.error();
    if (role.file) files.push({ name: role.file.name, filename: role.file.filename, start: contentAt, length, copied: extracted?.copied });
    if (role.field !== undefined) fields[role.field] = length === 0 ? "" : await read(contentAt, length, (bytes) => bytes.toString("utf8"));
  }
  return { fields, files };
}

type PartHeaders = { name?: string; filename?: string; file: boolean };

const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

/**
 * A part's name, filename and kind from its header block; undefined for a part that is not form-data. Lines are split
 * at their colon and trimmed by hand: a regular expression for "value, then spaces to the end of the line" took 110 ms
 * for one 16 KB line of spaces between two letters (it retries the spaces from each one).
 */
function partHeaders(block: string): PartHeaders | undefined {
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    const name = line.slice(0, Math.max(colon, 0));
    const value = line.slice(colon + 1);
    if (!HEADER_NAME.test(name) || CONTROL.test(value)) throw malformed();
    if (!headers.has(name.toLowerCase())) headers.set(name.toLowerCase(), trimSpaces(value));
  }
  const disposition = headers.get("content-disposition");
  const parsed = disposition === undefined ? undefined : dispositionOf(disposition);
  if (!parsed || parsed.type !== "form-data") return undefined;
  // An empty filename is none (an empty file input sends `filename=""`): the part is a field, as busboy reads it.
  const extended = parsed.params.get("filename*");
  const raw = (extended ? extendedValue(extended) : undefined) || parsed.params.get("filename") || undefined;
  const filename = raw === undefined ? undefined : raw.slice(Math.max(raw.lastIndexOf("/"), raw.lastIndexOf("\\")) + 1);
  const contentType = headers.get("content-type")?.split(";")[0]!.trim().toLowerCase();
  return { name: parsed.params.get("name") || undefined, filename, file: filename !== undefined || contentType === "application/octet-stream" };
}

/** `form-data; name="x"; filename="y.jpg"`: the type and its parameters (names in lower case, the first of each). */
function dispositionOf(value: string): { type: string; params: Map<string, string> } | undefined {
  const params = new Map<string, string>();
  const typeMatch = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+)/.exec(value);
  if (!typeMatch) return undefined;
  const pattern = /[ \t]*;[ \t]*([!#$%&'+\-.^_`|~0-9A-Za-z]+\*?)=(?:"((?:[^"\\]|\\.)*)"|([!#$%&'*+\-.^_`|~0-9A-Za-z]+))/y;
  for (let at = typeMatch[0].length; at < value.length; at = pattern.lastIndex) {
    pattern.lastIndex = at;
    const match = pattern.exec(value);
    if (!match) {
      if (trimSpaces(value.slice(at)) === "") break; // spaces after the last parameter
      return undefined;
    }
    const key = match[1]!.toLowerCase();
    const text = match[2] !== undefined ? match[2].replace(/\\(["\\])/g, "$1") : match[3]!;
    if (!params.has(key)) params.set(key, text);
  }
  return { type: typeMatch[1]!.toLowerCase(), params };
}

/** An RFC 5987 value (`UTF-8''%e2%82%ac.jpg`); undefined when it is not UTF-8 or not well formed. */
function extendedValue(value: string): string | undefined {
  const match = /^utf-8'[^']*'(.*)$/i.exec(value);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
}

/** Without leading and trailing spaces and tabs. */
function trimSpaces(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && (text[from] === " " || text[from] === "\t")) from++;
  while (to > from && (text[to - 1] === " " || text[to - 1] === "\t")) to--;
  return text.slice(from, to);
}
