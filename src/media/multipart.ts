import { type FileHandle, open, rm } from "node:fs/promises";
import path from "node:path";
import { badRequest, HttpError, insufficientStorage, tooLarge } from "../http/errors";
import { isStorageFull } from "../http/server-errors";
import { declaredLength } from "../http/request-info";
import { guardedBody } from "../uploads/guarded-body";
import { copyRange } from "../uploads/kernel-copy";
import { sizeOf } from "../uploads/body-size";
import { watchWrittenBody } from "../uploads/written-body";
import { ArrivingBody, showArrivals } from "./arriving-body";
import { withPooledBuffer } from "./buffer-pool";
import { digestFile, type FileDigest } from "./file-digest";
import { digestOffThread } from "./media-thread";
import { extractArrivingPart } from "./extract-part";
import { boundaryOf, type PartExtractor, scanMultipart, type FilePart } from "./multipart-scan";

export type TempFile = { path: string; size: number; sha256: string; filename: string };

/** Names come from the body, so both records have no prototype: a part named `__proto__` is just a key. */
export type MultipartBody = {
  fields: Record<string, string>;
  files: Record<string, TempFile>;
  /** Removes every temp file still in place; call it in a finally. */
  cleanup(): Promise<void>;
};

export type MultipartLimits = {
  /** Accepted file parts and the most bytes each may have. Other file parts are refused. */
  files: Record<string, { maxBytes: number; tooLargeMessage: string }>;
  maxFieldBytes: number;
  /** An upload that receives fewer than minBytesPerWindow in any stretch of this many ms is ended with 408. */
  stallMs: number;
  minBytesPerWindow: number;
  /** When set, no file may come at all: a file part, or a body too large to be fields only, gets this error. */
  filesRefused?: () => HttpError;
};

/** The same limits with no file allowed: a file part, or a body too large for fields alone, gets refusal. */
export function fieldsOnly(limits: MultipartLimits, refusal: () => HttpError): MultipartLimits {
  return { ...limits, files: {}, filesRefused: refusal };
}

const MAX_FIELDS = 30;
const MAX_PARTS = MAX_FIELDS + 5;
/** Room for field values and part headers on top of the file sizes. */
const ENVELOPE_BYTES = 1024 * 1024;
/**
 * A body up to this size (a photo, a thumbnail) has its file parts hashed here, in lent 256 KiB steps, once it has
 * arrived; a larger body's parts are copied out and hashed on the media thread as they arrive (or, should that thread
 * stop, hashed there afterwards), where they do not wait behind nor hold up a crowd's photos.
 */
const HASHED_HERE_UP_TO_BYTES = 8 * 1024 * 1024;

/** A body larger than this is removed after a success is answered, not before (freeing 64 MiB takes ~10 ms). */
const REMOVED_AFTER_ANSWER_FROM_BYTES = 64 * 1024 * 1024;

const interrupted = () => badRequest("The upload was interrupted. Please try again.");
const malformed = () => badRequest("The upload was incomplete or malformed. Please try again.");

/** Throws (507) when the disk would run low with `remaining` more bytes of body (disk-guard.ts). */
export type DiskCheck = (remaining: number) => Promise<void>;

/**
 * Reads a multipart/form-data body into temp files, one per accepted file part, each with its size and SHA-256.
 * A body of a declared length is written to a temp file by the runtime itself (`Bun.write` of the request: no
 * JavaScript per chunk, so no garbage in proportion to the bytes and no forced collections; BENCHMARKS.md, issue 22's
 * tenth round); a chunked one (no Content-Length) is counted as it arrives and cut the moment it passes the limit.
 * The file is scanned for its parts as it arrives (multipart-scan.ts). A large body's file parts are copied out and
 * hashed as they arrive too, on the media thread (extract-part.ts); a small body's after it has arrived, by the kernel.
 * Any failure (too large, too slow, truncated, malformed, unexpected part) removes what was written and throws an
 * HttpError.
 */
export async function readMultipart(request: Request, tempDir: string, limits: MultipartLimits, checkDisk: DiskCheck = async () => {}): Promise<MultipartBody> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw badRequest("Expected a multipart/form-data body.");
  const boundary = boundaryOf(contentType);
  if (!boundary) throw badRequest("The multipart body is malformed.");
  if (!request.body) throw badRequest("The request has no body.");
  // Only the route's own rules: a part named `constructor` must not find Object.prototype.constructor.
  const rules = new Map(Object.entries(limits.files));
  const maxTotal = [...rules.values()].reduce((sum, f) => sum + f.maxBytes, 0) + ENVELOPE_BYTES;
  const overLimit = () => limits.filesRefused?.() ?? tooLarge(rules.values().next().value?.tooLargeMessage ?? "The upload is too large.");
  const declared = declaredLength(request);
  if ((declared ?? 0) > maxTotal) throw overLimit();

  const bodyPath = path.join(tempDir, `${crypto.randomUUID()}.body`);
  const written: string[] = [];
  const cleanup = async () => {
    await Promise.all(written.splice(0).map((p) => rm(p, { force: true })));
  };
  const arriving = new ArrivingBody();
  const extracting: Promise<unknown>[] = [];
  let reading: FileHandle | undefined;
  let refused = true;
  try {
    await Bun.write(bodyPath, ""); // there to be read from while the body arrives
    reading = await open(bodyPath, "r");
    const guards = { stallMs: limits.stallMs, minBytesPerWindow: limits.minBytesPerWindow, checkDisk, overLimit, arriving };
    const received = declared === undefined ? receiveCounted(request.body, bodyPath, { ...guards, maxBytes: maxTotal }) : receiveWritten(request, bodyPath, declared, guards);
    received.then((size) => arriving.end(size), (error: unknown) => arriving.fail(error));
    const scanRules = { files: rules, maxFieldBytes: limits.maxFieldBytes, maxFields: MAX_FIELDS, maxParts: MAX_PARTS, filesRefused: limits.filesRefused };
    // Scanned as it arrives: the first part that earns a refusal ends the upload (the answer closes the connection).
    const newPartPath = () => {
      const partPath = path.join(tempDir, `${crypto.randomUUID()}.part`);
      written.push(partPath);
      return partPath;
    };
    // A large body's file parts are copied out and hashed as they arrive, on the media thread (extract-part.ts).
    const extractPart: PartExtractor | undefined =
      declared !== undefined && declared > HASHED_HERE_UP_TO_BYTES
        ? (part) => {
            const extraction = extractArrivingPart(arriving, { ...part, body: bodyPath, target: newPartPath() });
            extracting.push(extraction);
            return extraction;
          }
        : undefined;
    const [, scanned] = await Promise.all([received, scanMultipart(reading, arriving, boundary, scanRules, extractPart)]);
    const files: Record<string, TempFile> = Object.create(null);
    for (const part of scanned.files) {
      if (part.copied) {
        files[part.name] = { path: part.copied.path, size: part.length, sha256: part.copied.sha256, filename: part.filename };
        continue;
      }
      const partPath = newPartPath();
      const [digest] = await Promise.all([digestPart(bodyPath, part), copyRange(bodyPath, part.start, part.length, partPath)]);
      if (digest.size !== part.length) throw interrupted();
      files[part.name] = { path: partPath, size: part.length, sha256: digest.sha256, filename: part.filename };
    }
    refused = false;
    return { fields: scanned.fields, files, cleanup };
  } catch (error) {
    arriving.fail(error);
    // A part still being copied out on the media thread would write its file again after it was removed (a dropped
    // body left up to 32 MiB each): its steps end once the body has failed, and only then are the files removed.
    await Promise.allSettled(extracting);
    await cleanup();
    throw error instanceof HttpError ? error : isStorageFull(error) ? insufficientStorage() : malformed();
  } finally {
    await reading?.close();
    // The kernel takes ~150 ms to free a GiB of body: a large body's success is answered without waiting for it; a
    // refusal leaves nothing behind by the time it is answered.
    const removed = rm(bodyPath, { force: true });
    if (refused || (declared ?? 0) <= REMOVED_AFTER_ANSWER_FROM_BYTES) await removed;
    else removed.catch((error: unknown) => console.warn(`multipart: a received body stays in the temp folder: ${error}`));
  }
}

function digestPart(bodyPath: string, part: FilePart): Promise<FileDigest> {
  const range = { start: part.start, length: part.length };
  if (part.length > HASHED_HERE_UP_TO_BYTES) return digestOffThread(bodyPath, part.length, undefined, range);
  return withPooledBuffer((buffer) => digestFile(bodyPath, range, buffer));
}

type Guards = { stallMs: number; minBytesPerWindow: number; checkDisk: DiskCheck; overLimit: () => HttpError; arriving: ArrivingBody };

/**
 * A body of declared length, written to file by the runtime while its size is watched (stalls, the disk). A refusal
 * is thrown at once: the answer closes the connection, which ends the write. Bun reads no more than the declared
 * length, which the caller has checked against the limit.
 */
async function receiveWritten(request: Request, file: string, declared: number, guards: Guards): Promise<number> {
  const watch = watchWrittenBody(file, { ...guards, maxBytes: declared });
  const written = Bun.write(file, request);
  written.catch(() => {}); // after a refusal it ends unobserved
  let writing = true;
  void showArrivals(file, declared, guards.arriving, () => writing);
  try {
    await Promise.race([written, watch.refused]);
  } catch (error) {
    // A disk that filled up under it (past the reserve's guard, or with none) is the storage message, not a retry.
    throw error instanceof HttpError ? error : isStorageFull(error) ? insufficientStorage() : interrupted();
  } finally {
    writing = false;
    watch.stop();
  }
  const size = await sizeOf(file);
  if (size !== declared) throw interrupted();
  return size;
}

/**
 * A chunked body: every chunk counted as it arrives (guarded-body.ts), so it is cut the moment it passes maxBytes, and
 * written at once, so the scanner sees it (such bodies are rare: browsers declare a form's length).
 */
async function receiveCounted(source: ReadableStream<Uint8Array>, file: string, guards: Guards & { maxBytes: number }): Promise<number> {
  // Of a body of unknown length only the reserve is kept free on the disk (what is left of it is not known).
  const reader = guardedBody(source, { ...guards, checkDisk: () => guards.checkDisk(0), renewLeaseIfDue: async () => {}, pastLimit: guards.overLimit }).getReader();
  const handle = await open(file, "w");
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let at = 0; at < value.byteLength; ) at += (await handle.write(value, at, value.byteLength - at, size + at)).bytesWritten;
      size += value.byteLength;
      guards.arriving.grew(size);
    }
  } finally {
    await handle.close();
  }
  return size;
}
