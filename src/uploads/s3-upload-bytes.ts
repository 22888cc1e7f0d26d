/**
 * Resumable-upload bytes in S3: one multipart upload per tus upload (key `uploads/<id>`) fed in parts of exactly
 * PART_BYTES; what a request leaves over (less than a part) waits in a small tail object that the next append puts in
 * front of its body, and that finalising sends as the last part.
 *
 * The row's store state names the multipart upload, its parts (number and ETag) and the tail (key and size), so any
 * instance can continue from the row alone. A request that lost the upload to another one (its lease ran out while it
 * stalled) cannot spoil what the row points at: every tail gets a fresh key, a tail is deleted only once the row names
 * another, and part n always holds the same bytes of the file. Bytes not yet in a part are spooled to a local file rather than held in memory, because hundreds of
 * phones may each be part-way through a part at once.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import type { FileSink } from "bun";
import type { Config } from "../config";
import { createS3Client } from "../media/s3-client";
import { PART_BYTES } from "../media/s3-store";
import type { UploadBytes } from "./upload-bytes";

type Part = { n: number; etag: string };
/** What the row's store_state holds. The multipart upload is begun with the first full part, so small uploads never need one. */
type S3UploadState = { uploadId: string | null; parts: Part[]; tail: number; tailKey: string | null };

const EMPTY: S3UploadState = { uploadId: null, parts: [], tail: 0, tailKey: null };
/** Spool files are written in writes of this size (Bun's FileSink buffers up to it). */
const WRITE_BYTES = 1024 * 1024;
/** Answers of S3-compatible servers to an abort of an upload that is gone, or to an abort they do not implement (s3rver). */
const ABORT_NOT_NEEDED = new Set(["NoSuchUpload", "NotImplemented", "MethodNotAllowed"]);

const objectKey = (id: string) => `uploads/${id}`;
const tailPrefix = (id: string) => `uploads/${id}.tail.`;
const offsetOf = (state: S3UploadState) => state.parts.length * PART_BYTES + state.tail;

function readState(id: string, state: string | null): S3UploadState {
  if (state === null) return EMPTY;
  const parsed = JSON.parse(state) as S3UploadState;
  if (!Array.isArray(parsed.parts) || typeof parsed.tail !== "number") throw new Error(`upload ${id}: store state is not an S3 upload's`);
  return parsed;
}

function isNotFound(error: unknown): boolean {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
}

/** A local file written chunk by chunk through one FileSink (a spooled part or tail, or a finished upload). */
class SpoolFile {
  size = 0;
  private readonly sink: FileSink;
  private ended = false;

  constructor(readonly path: string) {
    this.sink = Bun.file(path).writer({ highWaterMark: WRITE_BYTES });
  }

  async write(bytes: Uint8Array): Promise<void> {
    const flushing = this.sink.write(bytes);
    if (flushing instanceof Promise) await flushing;
    this.size += bytes.length;
  }

  async writeAll(stream: ReadableStream<Uint8Array>): Promise<void> {
    const reader = stream.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) await this.write(chunk.value);
  }

  /** Writes everything out; the bytes as a Blob backed by the file. */
  async finish(): Promise<Blob> {
    if (!this.ended) {
      this.ended = true;
      await this.sink.end();
    }
    return Bun.file(this.path);
  }

  async discard(): Promise<void> {
    await this.finish().catch(() => {});
    await rm(this.path, { force: true });
  }
}

export function createS3UploadBytes(config: Config, tempDir: string): UploadBytes {
  const Bucket = config.s3.bucket;
  const client: S3Client = createS3Client(config.s3);
  const spoolPath = () => path.join(tempDir, `${crypto.randomUUID()}.s3-spool`);

  async function read(key: string, length?: number): Promise<ReadableStream<Uint8Array>> {
    const Range = length === undefined ? undefined : `bytes=0-${length - 1}`;
    const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
    if (!Body) throw new Error(`S3 returned no body for ${key}`);
    return Body.transformToWebStream() as ReadableStream<Uint8Array>;
  }

  /** The tail's bytes (only the first `tail` of them: a request that lost its lock may have written more). */
  const readTail = (state: S3UploadState) => read(state.tailKey!, state.tail);

  async function deleteKey(key: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
  }

  /** Deletes the upload's tail objects except keep. */
  async function sweepTails(id: string, keep: string | null): Promise<void> {
    const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: tailPrefix(id) }));
    const stale = (page.Contents ?? []).map((object) => object.Key!).filter((key) => key !== keep);
    await Promise.all(stale.map(deleteKey));
  }

  async function uploadPart(key: string, uploadId: string, n: number, body: Blob, length: number): Promise<Part> {
    const { ETag } = await client.send(
      new UploadPartCommand({ Bucket, Key: key, UploadId: uploadId, PartNumber: n, Body: body, ContentLength: length }),
    );
    if (!ETag) throw new Error(`S3 returned no ETag for part ${n} of ${key}`);
    return { n, etag: ETag };
  }

  async function abort(key: string, uploadId: string): Promise<void> {
    try {
      await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: uploadId }));
    } catch (error) {
      if (!ABORT_NOT_NEEDED.has((error as Error).name)) throw error;
    }
  }

  async function hasObject(key: string, length: number): Promise<boolean> {
    try {
      const { ContentLength } = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return ContentLength === length;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  /** Completes the multipart upload with the tail as its last part (S3 allows the last part to be small). */
  async function complete(id: string, state: S3UploadState): Promise<void> {
    const parts = [...state.parts];
    if (state.tail > 0) {
      const spool = new SpoolFile(spoolPath());
      try {
        await spool.writeAll(await readTail(state));
        parts.push(await uploadPart(objectKey(id), state.uploadId!, parts.length + 1, await spool.finish(), spool.size));
      } finally {
        await spool.discard();
      }
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket,
        Key: objectKey(id),
        UploadId: state.uploadId!,
        MultipartUpload: { Parts: parts.map(({ n, etag }) => ({ PartNumber: n, ETag: etag })) },
      }),
    );
  }

  return {
    async create() {
      return JSON.stringify(EMPTY);
    },

    async append(id, stateText, offset, body, persisted) {
      let state = readState(id, stateText);
      if (offsetOf(state) !== offset) throw new Error(`upload ${id}: offset ${offset} does not match its S3 state (${offsetOf(state)})`);

      // Tails the row no longer names (replaced by an append, or left by a request cut short) are swept here, at the
      // start of the next append, and not when replaced: persisted() may save the row only later (when the request
      // lets go of the upload), and until then a crash leaves the row naming the old tail.
      await sweepTails(id, state.tailKey);

      const commit = async (next: S3UploadState) => {
        await persisted(offsetOf(next), JSON.stringify(next));
        state = next;
      };

      const sendPart = async (spool: SpoolFile) => {
        const key = objectKey(id);
        const begun = state.uploadId === null;
        const uploadId = state.uploadId ?? (await client.send(new CreateMultipartUploadCommand({ Bucket, Key: key }))).UploadId!;
        try {
          const part = await uploadPart(key, uploadId, state.parts.length + 1, await spool.finish(), spool.size);
          await commit({ uploadId, parts: [...state.parts, part], tail: 0, tailKey: null });
        } catch (error) {
          if (begun) await abort(key, uploadId).catch(() => {});
          throw error;
        } finally {
          await spool.discard();
        }
      };

      // The stored tail first, then the body; each full part goes to S3 while the next one is being received.
      let spool = new SpoolFile(spoolPath());
      const spools = new Set([spool]);
      let sending: Promise<void> = Promise.resolve();
      let bodyError: unknown = null;
      const reader = body.getReader();
      try {
        if (state.tail > 0) await spool.writeAll(await readTail(state));
        for (;;) {
          let chunk: Awaited<ReturnType<typeof reader.read>>;
          try {
            chunk = await reader.read();
          } catch (error) {
            bodyError = error;
            break;
          }
          if (chunk.done) break;
          for (let at = 0; at < chunk.value.length; ) {
            const take = Math.min(PART_BYTES - spool.size, chunk.value.length - at);
            await spool.write(chunk.value.subarray(at, at + take));
            at += take;
            if (spool.size === PART_BYTES) {
              await sending; // at most one part in flight, and parts are committed in order
              const full = spool;
              spool = new SpoolFile(spoolPath());
              spools.add(spool);
              sending = sendPart(full);
              sending.catch(() => {}); // awaited at the next part or below
            }
          }
        }
        await sending;
        // What is left (also when the body broke off: a dropped link keeps what arrived) becomes the new tail.
        if (spool.size > state.tail) {
          const tailKey = `${tailPrefix(id)}${crypto.randomUUID()}`;
          await client.send(new PutObjectCommand({ Bucket, Key: tailKey, Body: await spool.finish(), ContentLength: spool.size }));
          await commit({ ...state, tail: spool.size, tailKey }).catch(async (error) => {
            await deleteKey(tailKey).catch(() => {});
            throw error;
          });
        }
      } catch (error) {
        await reader.cancel().catch(() => {});
        await sending.catch(() => {}); // so no part is committed after this append has failed
        throw error;
      } finally {
        reader.releaseLock();
        await Promise.all([...spools].map((s) => s.discard()));
      }
      if (bodyError !== null) throw bodyError;
      return { offset: offsetOf(state), state: JSON.stringify(state) };
    },

    async toTempFile(id, stateText, length) {
      const state = readState(id, stateText);
      if (offsetOf(state) !== length) throw new Error(`upload ${id}: ${offsetOf(state)} of ${length} bytes stored`);
      const file = new SpoolFile(path.join(tempDir, `${crypto.randomUUID()}.upload`));
      try {
        if (state.parts.length > 0) {
          // A finalise that failed after completing left the object behind: take it as it is.
          if (!(await hasObject(objectKey(id), length))) await complete(id, state);
          await file.writeAll(await read(objectKey(id)));
        } else if (state.tail > 0) {
          await file.writeAll(await readTail(state)); // smaller than a part: the tail is the whole upload
        }
        await file.finish();
        return file.path;
      } catch (error) {
        await file.discard();
        throw error;
      }
    },

    async remove(id, stateText) {
      const state = readState(id, stateText);
      if (state.uploadId) await abort(objectKey(id), state.uploadId);
      await sweepTails(id, null);
      await deleteKey(objectKey(id)); // the object a finalise made, if any
    },
  };
}
