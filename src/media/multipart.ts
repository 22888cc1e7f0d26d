import { rm } from "node:fs/promises";
import path from "node:path";
import type { FileSink } from "bun";
import busboy from "busboy";
import { badRequest, HttpError, tooLarge } from "../http/errors";

export type TempFile = { path: string; size: number; sha256: string; filename: string };

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
};

const MAX_FIELDS = 30;
/** Room for field values and part headers on top of the file sizes. */
const ENVELOPE_BYTES = 1024 * 1024;
/**
 * Temp files are written through Bun's FileSink in writes of this size: far fewer syscalls than node:fs streams'
 * 16 KiB writes (the bottleneck of a 1 GiB upload, see BENCHMARKS.md), and still a small fixed amount of memory.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/**
 * Bun hands the body over in fresh 64 KiB buffers; left to itself the collector lets ~30–40 MB of them pile up
 * during a large upload. A full collection after every this many body bytes (counted over all uploads at once, so
 * parallel uploads don't multiply the pauses) keeps a 1 GiB upload's peak RSS ~20 MB lower, for a pause of ~10 ms
 * per collection (measured with bench/upload.ts, see BENCHMARKS.md).
 */
const COLLECT_EVERY_BYTES = 64 * 1024 * 1024;
let bytesSinceCollect = 0;

const interrupted = () => badRequest("The upload was interrupted. Please try again.");

/**
 * Streams a multipart body to temp files, hashing as it goes, without holding a file in memory.
 * The body is read straight from the request's web stream and fed to busboy, pausing while busboy is full.
 * Any failure (too large, truncated body, unexpected part) removes what was written and throws an HttpError.
 */
export async function readMultipart(request: Request, tempDir: string, limits: MultipartLimits): Promise<MultipartBody> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) throw badRequest("Expected a multipart/form-data body.");
  if (!request.body) throw badRequest("The request has no body.");
  const maxTotal = Object.values(limits.files).reduce((sum, f) => sum + f.maxBytes, 0) + ENVELOPE_BYTES;
  const declaredLength = Number(request.headers.get("content-length") ?? "0");
  if (declaredLength > maxTotal) {
    const [first] = Object.values(limits.files);
    throw tooLarge(first?.tooLargeMessage ?? "The upload is too large.");
  }

  const fields: Record<string, string> = {};
  const files: Record<string, TempFile> = {};
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
      limits: { fields: MAX_FIELDS, fieldSize: limits.maxFieldBytes, files: Object.keys(limits.files).length, parts: MAX_FIELDS + 5 },
    });
  } catch {
    throw badRequest("The multipart body is malformed.");
  }
  const reader = request.body.getReader();

  let failed = false;
  let onFailure = () => {};
  const failedSignal = new Promise<void>((resolve) => (onFailure = resolve));

  try {
    await new Promise<void>((resolve, reject) => {
      const pending: Promise<void>[] = [];
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        onFailure();
        reader.cancel().catch(() => {});
        reject(error);
      };

      parser.on("field", (name, value, info) => {
        if (info.valueTruncated) return fail(badRequest(`The field ${name} is too long.`));
        fields[name] = value;
      });
      parser.on("file", (name, stream, info) => {
        const rule = limits.files[name];
        if (!rule || claimed.has(name) || info.filename === undefined) {
          stream.resume();
          if (rule && claimed.has(name)) return; // several files picked: the first is used (spec §2)
          return fail(badRequest(`Unexpected file field: ${name}.`));
        }
        claimed.add(name);
        const tempPath = path.join(tempDir, `${crypto.randomUUID()}.part`);
        written.add(tempPath);
        const hasher = new Bun.CryptoHasher("sha256");
        let size = 0;
        let sink: FileSink;
        try {
          sink = Bun.file(tempPath).writer({ highWaterMark: WRITE_BUFFER_BYTES });
        } catch (error) {
          stream.resume();
          return fail(error);
        }
        openSinks.add(sink);
        stream.on("data", (chunk: Buffer) => {
          if (failed) return;
          size += chunk.length;
          if (size > rule.maxBytes) return fail(tooLarge(rule.tooLargeMessage));
          hasher.update(chunk);
          try {
            const flushing = sink.write(chunk);
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
      parser.on("filesLimit", () => fail(badRequest("Too many files in one upload.")));
      parser.on("fieldsLimit", () => fail(badRequest("Too many fields in one upload.")));
      parser.on("partsLimit", () => fail(badRequest("Too many parts in one upload.")));
      parser.on("error", () => fail(badRequest("The upload was incomplete or malformed. Please try again.")));
      parser.on("close", () => {
        Promise.all(pending).then(() => !failed && resolve(), fail);
      });

      // Feed busboy from the request stream; wait whenever it reports it is full. Ends when the body does.
      (async () => {
        while (!failed) {
          const { done, value } = await reader.read();
          if (done || failed) break;
          bytesSinceCollect += value.byteLength;
          if (bytesSinceCollect >= COLLECT_EVERY_BYTES) {
            bytesSinceCollect = 0;
            Bun.gc(true);
          }
          const accepted = parser.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
          if (!accepted) await Promise.race([new Promise((drained) => parser.once("drain", drained)), failedSignal]);
        }
        if (!failed) parser.end();
      })().catch(() => fail(interrupted()));
    });
  } catch (error) {
    await Promise.all([...openSinks].map((sink) => Promise.resolve().then(() => sink.end()).catch(() => {})));
    openSinks.clear();
    await cleanup();
    throw error instanceof HttpError ? error : badRequest("The upload was incomplete or malformed. Please try again.");
  }

  return { fields, files, cleanup };
}
