import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
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
 * Streams a multipart body to temp files, hashing as it goes, without holding a file in memory.
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
  const source = Readable.fromWeb(request.body as unknown as import("node:stream/web").ReadableStream);

  try {
    await new Promise<void>((resolve, reject) => {
      const pending: Promise<void>[] = [];
      let failed = false;
      const fail = (error: unknown) => {
        if (failed) return;
        failed = true;
        source.unpipe(parser);
        source.destroy();
        reject(error);
      };

      parser.on("field", (name, value, info) => {
        if (info.valueTruncated) return fail(badRequest(`The field ${name} is too long.`));
        fields[name] = value;
      });
      parser.on("file", (name, stream, info) => {
        const rule = limits.files[name];
        if (!rule || files[name] || info.filename === undefined) {
          stream.resume();
          if (rule && files[name]) return; // several files picked: the first is used (spec §2)
          return fail(badRequest(`Unexpected file field: ${name}.`));
        }
        const tempPath = path.join(tempDir, `${crypto.randomUUID()}.part`);
        written.add(tempPath);
        const hasher = new Bun.CryptoHasher("sha256");
        let size = 0;
        const out = createWriteStream(tempPath);
        stream.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > rule.maxBytes) return fail(tooLarge(rule.tooLargeMessage));
          hasher.update(chunk);
        });
        stream.pipe(out);
        pending.push(
          new Promise<void>((done, error) => {
            out.on("finish", () => {
              files[name] = { path: tempPath, size, sha256: hasher.digest("hex"), filename: info.filename ?? "" };
              done();
            });
            out.on("error", error);
            stream.on("error", error);
          }),
        );
      });
      parser.on("filesLimit", () => fail(badRequest("Too many files in one upload.")));
      parser.on("fieldsLimit", () => fail(badRequest("Too many fields in one upload.")));
      parser.on("partsLimit", () => fail(badRequest("Too many parts in one upload.")));
      parser.on("error", () => fail(badRequest("The upload was incomplete or malformed. Please try again.")));
      source.on("error", () => fail(badRequest("The upload was interrupted. Please try again.")));
      parser.on("close", () => {
        Promise.all(pending).then(() => !failed && resolve(), fail);
      });
      source.pipe(parser);
    });
  } catch (error) {
    await cleanup();
    throw error instanceof HttpError ? error : badRequest("The upload was incomplete or malformed. Please try again.");
  }

  return { fields, files, cleanup };
}

