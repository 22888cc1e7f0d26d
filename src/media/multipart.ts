import { rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { FileSink } from "bun";
import busboy from "busboy";
import { badRequest, HttpError, tooLarge } from "../http/errors";
import { bodyCounter } from "./body-collection";

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
/** Room for field values and part headers on top of the file sizes. */
const ENVELOPE_BYTES = 1024 * 1024;
/**
 * Temp files are written through Bun's FileSink in writes of this size: far fewer syscalls than node:fs streams'
 * 16 KiB writes (the bottleneck of a 1 GiB upload, see BENCHMARKS.md), and still a small fixed amount of memory.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;
/**
 * A slow phone would take many seconds to fill that buffer, and hundreds of them at once hold hundreds of MB in it
 * (bench/show-night.ts): a temp file's sink is also flushed when this long has passed since its last flush.
 */
const FLUSH_AFTER_MS = 1000;

/** A connection that sends less than this per stall window (UPLOAD_STALL_SECONDS) holds a request open for nothing. */
export const STALL_MIN_BYTES = 16 * 1024;

/**
 * The stall guard of every upload body, multipart or tus: a window of UPLOAD_STALL_SECONDS must bring
 * UPLOAD_MIN_BYTES_PER_SECOND × the window (and never less than STALL_MIN_BYTES), so a client dripping just above a
 * fixed floor cannot hold a request and its temp file open.
 */
export function stallGuard(config: { uploadStallMs: number; uploadMinBytesPerSecond: number }) {
  const minBytesPerWindow = Math.max(STALL_MIN_BYTES, Math.ceil((config.uploadMinBytesPerSecond * config.uploadStallMs) / 1000));
  return { stallMs: config.uploadStallMs, minBytesPerWindow };
}

const interrupted = () => badRequest("The upload was interrupted. Please try again.");
export const stalled = () => new HttpError(408, "The upload was too slow and has been stopped. Please try again on a better connection.");

/**
 * Streams a multipart body to temp files, hashing as it goes, without holding a file in memory.
 * The body is read straight from the request's web stream and fed to busboy, pausing while busboy is full.
 * Any failure (too large, truncated body, unexpected part) removes what was written and throws an HttpError.
 */
export async function readMultipart(request: Request, tempDir: string, limits: MultipartLimits): Promise<MultipartBody> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw badRequest("Expected a multipart/form-data body.");
  if (!request.body) throw badRequest("The request has no body.");
  // Only the route's own rules: a part named `constructor` must not find Object.prototype.constructor.
  const rules = new Map(Object.entries(limits.files));
  const maxTotal = [...rules.values()].reduce((sum, f) => sum + f.maxBytes, 0) + ENVELOPE_BYTES;
  const overLimit = () => limits.filesRefused?.() ?? tooLarge(rules.values().next().value?.tooLargeMessage ?? "The upload is too large.");
  if (Number(request.headers.get("content-length") ?? "0") > maxTotal) throw overLimit();

  const fields: Record<string, string> = Object.create(null);
  const files: Record<string, TempFile> = Object.create(null);
  const written = new Set<string>();
  /** File fields already being received (set at once, not when the file is finished, so a second part can't race it). */
  const claimed = new Set<string>();
  const openSinks = new Set<FileSink>();
  const cleanup = async () => {
    await Promise.all([...written].map((p) => rm(p, { force: true })));
    written.clear();
  };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { fields: MAX_FIELDS, fieldSize: limits.maxFieldBytes, files: rules.size, parts: MAX_FIELDS + 5 },
    });
  } catch {
    throw badRequest("The multipart body is malformed.");
  }
  const reader = request.body.getReader();

  let failed = false;
  // Ends the feed's wait for busboy to drain when the upload fails instead. (Racing each wait against one long-lived
  // "failed" promise would pile a reaction per wait onto that promise for the whole upload.)
  let wakeFeed = () => {};
  const drained = () =>
    new Promise<void>((resume) => {
      wakeFeed = resume;
      parser.once("drain", resume);
    });

  try {
    await new Promise<void>((resolve, reject) => {
      const pending: Promise<void>[] = [];
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        wakeFeed();
        reader.cancel().catch(() => {});
        reject(error);
      };

      parser.on("field", (name, value, info) => {
        if (failed) return;
        if (info.valueTruncated) return fail(badRequest(`The field ${name} is too long.`));
        fields[name] = value;
      });
      parser.on("file", (name, stream, info) => {
        if (failed) return skip(stream); // the rest of a chunk busboy was still parsing when it failed
        const rule = rules.get(name);
        if (!rule || claimed.has(name) || info.filename === undefined) {
          skip(stream);
          if (rule && claimed.has(name)) return; // several files picked: the first is used (spec §2)
          return fail(badRequest(`Unexpected file field: ${name}.`));
        }
        claimed.add(name);
        const tempPath = path.join(tempDir, `${crypto.randomUUID()}.part`);
        written.add(tempPath);
        const hasher = new Bun.CryptoHasher("sha256");
        let size = 0;
        let flushedAt = Date.now();
        let sink: FileSink;
        try {
          sink = Bun.file(tempPath).writer({ highWaterMark: WRITE_BUFFER_BYTES });
        } catch (error) {
          skip(stream);
          return fail(error);
        }
        openSinks.add(sink);
        stream.on("data", (chunk: Buffer) => {
          if (failed) return;
          size += chunk.length;
          if (size > rule.maxBytes) return fail(tooLarge(rule.tooLargeMessage));
          hasher.update(chunk);
          try {
            let flushing = sink.write(chunk);
            if (!(flushing instanceof Promise) && Date.now() - flushedAt >= FLUSH_AFTER_MS) {
              flushedAt = Date.now();
              flushing = sink.flush();
            }
            if (flushing instanceof Promise) {
              // The sink is behind: hold busboy (and so the request body) until it has caught up.
              stream.pause();
              flushing.then(() => stream.resume(), fail);
            }
          } catch (error) {
            fail(error);
          }
        });
        pending.push(
          new Promise<void>((done, error) => {
            stream.on("end", () => {
              Promise.resolve(sink.end())
                .then(() => {
                  openSinks.delete(sink);
                  files[name] = { path: tempPath, size, sha256: hasher.digest("hex"), filename: info.filename ?? "" };
                  done();
                })
                .catch(error);
            });
            stream.on("error", error);
          }),
        );
      });
      // With filesRefused there are no rules, so busboy's file limit is 0 and the first file part lands here.
      parser.on("filesLimit", () => fail(limits.filesRefused?.() ?? badRequest("Too many files in one upload.")));
      parser.on("fieldsLimit", () => fail(badRequest("Too many fields in one upload.")));
      parser.on("partsLimit", () => fail(badRequest("Too many parts in one upload.")));
      parser.on("error", () => fail(badRequest("The upload was incomplete or malformed. Please try again.")));
      parser.on("close", () => {
        Promise.all(pending).then(() => !failed && resolve(), fail);
      });

      feedParser(reader, parser, { maxTotal, stallMs: limits.stallMs, minBytesPerWindow: limits.minBytesPerWindow, overLimit, fail, failed: () => failed, drained }).catch(() =>
        fail(interrupted()),
      );
    });
  } catch (error) {
    await Promise.all([...openSinks].map((sink) => Promise.resolve().then(() => sink.end()).catch(() => {})));
    openSinks.clear();
    await cleanup();
    throw error instanceof HttpError ? error : badRequest("The upload was incomplete or malformed. Please try again.");
  }

  return { fields, files, cleanup };
}

/**
 * Drains a part that is not kept. A body cut short inside it makes busboy emit "error" on the part's stream as well
 * as on the parser (which fails the upload); unheard, that stream error would be an uncaught exception.
 */
function skip(stream: Readable): void {
  stream.on("error", () => {});
  stream.resume();
}

type Feed = {
  maxTotal: number;
  stallMs: number;
  minBytesPerWindow: number;
  overLimit: () => HttpError;
  fail: (error: unknown) => void;
  failed: () => boolean;
  /** Resolves once busboy has room again, or the upload failed. */
  drained: () => Promise<void>;
};

/**
 * Feeds busboy from the request stream, waiting whenever it reports it is full, until the body ends or the upload
 * fails. Bytes are counted here, before busboy: a body without Content-Length (chunked) is cut the moment it passes
 * the limit, and a client trickling bytes to hold the request (and a temp file) open is ended.
 */
async function feedParser(reader: ReadableStreamDefaultReader<Uint8Array>, parser: busboy.Busboy, feed: Feed): Promise<void> {
  let received = 0;
  let receivedInWindow = 0;
  const counted = bodyCounter();
  const stallTimer = setInterval(() => {
    if (receivedInWindow < feed.minBytesPerWindow) feed.fail(stalled());
    receivedInWindow = 0;
  }, feed.stallMs);
  try {
    while (!feed.failed()) {
      const { done, value } = await reader.read();
      if (done || feed.failed()) break;
      received += value.byteLength;
      receivedInWindow += value.byteLength;
      if (received > feed.maxTotal) return feed.fail(feed.overLimit());
      await counted(value.byteLength);
      if (feed.failed()) break;
      const accepted = parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
      if (!accepted) await feed.drained();
    }
    if (!feed.failed()) parser.end();
  } finally {
    clearInterval(stallTimer);
  }
}
