/**
 * Strict, bounded readers for the tus 1.0 request headers. Each either returns a value or throws an HttpError with
 * a sentence for people; none trusts its input's size or shape.
 */
import { badRequest, HttpError, tooLarge } from "../http/errors";
import { sizeText } from "../http/size-text";

export const TUS_VERSION = "1.0.0";
export const TUS_EXTENSIONS = "creation,creation-with-upload,termination,expiration";
export const OFFSET_CONTENT_TYPE = "application/offset+octet-stream";

/** Upload-Metadata longer than this is refused: the client sends a name and a type, nothing more. */
export const METADATA_MAX_BYTES = 4 * 1024;
/** The file name kept from the metadata, at most (longer names are cut: it is only shown, never used as a path). */
const FILENAME_MAX = 255;

const DIGITS = /^\d{1,16}$/;
const METADATA_KEY = /^[\x21-\x2b\x2d-\x7e]+$/; // printable ASCII without space or comma
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,127}$/;

/** Data past Upload-Length: refused from Content-Length before it is read, or when it arrives (chunked). */
export const pastLength = () => badRequest("The data goes past the upload's declared length.");

/** Every request but OPTIONS must speak our version of the protocol. */
export function requireTusResumable(headers: Headers): void {
  if (headers.get("tus-resumable") !== TUS_VERSION) {
    throw new HttpError(412, `This server speaks tus ${TUS_VERSION}: send Tus-Resumable: ${TUS_VERSION}.`);
  }
}

/** A non-negative whole number of bytes in a header, or a 400 naming the header. */
function byteCount(headers: Headers, name: string): number {
  const raw = headers.get(name);
  if (raw === null) throw badRequest(`The ${name} header is required.`);
  if (!DIGITS.test(raw) || !Number.isSafeInteger(Number(raw))) throw badRequest(`The ${name} header must be a whole number of bytes.`);
  return Number(raw);
}

/** Upload-Length of a new upload, at most maxBytes (413 past it). Deferred lengths are not offered. */
export function readUploadLength(headers: Headers, maxBytes: number): number {
  if (headers.has("upload-defer-length")) throw badRequest("Uploads must declare their Upload-Length.");
  const length = byteCount(headers, "upload-length");
  if (length > maxBytes) throw tooLarge(`Files can be at most ${sizeText(maxBytes)}.`);
  return length;
}

export const readUploadOffset = (headers: Headers) => byteCount(headers, "upload-offset");

/** Whether the request's Content-Type is tus's (parameters are not allowed in it either). */
export const isOffsetStream = (headers: Headers) => (headers.get("content-type") ?? "").trim().toLowerCase() === OFFSET_CONTENT_TYPE;

export type UploadMetadata = {
  /** The header as sent (HEAD echoes it back). */
  raw: string;
  /** Decoded values by key (a record without prototype; a key without value maps to ""). */
  values: Record<string, Uint8Array>;
  /** `filename`, made safe to show (no control characters, bounded), if sent. */
  filename: string | null;
  /** `filetype` when it looks like a MIME type: a hint only, the bytes decide what the file is. */
  mimeHint: string | null;
};

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Upload-Metadata: comma-separated `key base64value` pairs (value optional), keys unique, ≤ METADATA_MAX_BYTES. */
export function parseUploadMetadata(header: string | null): UploadMetadata {
  const raw = header ?? "";
  if (raw.length > METADATA_MAX_BYTES) throw badRequest("The Upload-Metadata header is too long.");
  const values: Record<string, Uint8Array> = Object.create(null);
  if (raw.trim() !== "") {
    for (const pair of raw.split(",")) {
      const [key, value, ...rest] = pair.trim().split(" ");
      if (!key || !METADATA_KEY.test(key) || rest.length > 0) throw badRequest("The Upload-Metadata header is malformed.");
      if (key in values) throw badRequest(`The Upload-Metadata key ${key} is sent twice.`);
      if (value !== undefined && !BASE64.test(value)) throw badRequest(`The Upload-Metadata value of ${key} is not base64.`);
      values[key] = value ? new Uint8Array(Buffer.from(value, "base64")) : new Uint8Array();
    }
  }
  return { raw, values, filename: textValue(values.filename, "filename"), mimeHint: mimeHintOf(values.filetype) };
}

function textValue(bytes: Uint8Array | undefined, key: string): string | null {
  if (!bytes) return null;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw badRequest(`The Upload-Metadata value of ${key} is not UTF-8 text.`);
  }
  // Shown in lists and logs: no control characters, and a bounded length (cut at a whole character).
  const clean = [...text.replace(/[\p{Cc}\p{Cf}]/gu, "").trim()].slice(0, FILENAME_MAX).join("");
  return clean || null;
}

function mimeHintOf(bytes: Uint8Array | undefined): string | null {
  if (!bytes) return null;
  const text = Buffer.from(bytes).toString("latin1").trim().toLowerCase();
  return MIME_TYPE.test(text) ? text : null;
}

/** RFC 7231 date (IMF-fixdate) of an ISO timestamp, as Upload-Expires wants it. */
export const httpDate = (iso: string) => new Date(iso).toUTCString();
