/**
 * Media in any S3-compatible bucket (AWS, MinIO, Garage, R2, …) through @aws-sdk/client-s3.
 * Uploads arrive as local temp files (see multipart.ts) and go up one part at a time through one reused buffer, so
 * at most one part (PART_BYTES) of a file is held in memory; reads are proxied with Range so video seeks work.
 */
import { open, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
} from "@aws-sdk/client-s3";
import type { Config } from "../config";
import { createS3Client } from "./s3-client";
import { openTempArea } from "./temp-area";
import { type ByteRange, type MediaStore, MissingMediaError } from "./store";

/** Part size of multipart uploads; files up to this size go up in a single PutObject. S3's minimum part is 5 MiB. */
export const PART_BYTES = 8 * 1024 * 1024;

/** Reads length bytes at offset of an open file into buffer (one part, never the whole file). */
async function readChunk(file: Awaited<ReturnType<typeof open>>, buffer: Buffer, offset: number, length: number): Promise<Buffer> {
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await file.read(buffer, filled, length - filled, offset + filled);
    if (bytesRead === 0) throw new Error("temp file shrank while uploading");
    filled += bytesRead;
  }
  return buffer.subarray(0, length);
}

export async function createS3Store(config: Pick<Config, "s3">): Promise<MediaStore> {
  const bucket = config.s3.bucket;
  const client = createS3Client(config.s3);
  // Uploads are spooled here before they go to the bucket (resumable uploads' parts too), in this process's folder.
  const tempDir = await openTempArea(path.join(tmpdir(), "casefile-uploads"));

  async function uploadInParts(key: string, tempPath: string, size: number, mime: string): Promise<void> {
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: mime }));
    const file = await open(tempPath, "r");
    try {
      const parts: CompletedPart[] = [];
      // One buffer for every part: each part has been sent before the next is read. Fresh buffers per part left
      // hundreds of MB for the garbage collector during a 1 GiB upload.
      const buffer = Buffer.allocUnsafe(PART_BYTES);
      for (let offset = 0, partNumber = 1; offset < size; offset += PART_BYTES, partNumber++) {
        const body = await readChunk(file, buffer, offset, Math.min(PART_BYTES, size - offset));
        const { ETag } = await client.send(
          new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: partNumber, Body: body, ContentLength: body.length }),
        );
        parts.push({ ETag, PartNumber: partNumber });
      }
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: parts } }),
      );
    } catch (error) {
      // Unfinished multipart uploads are stored (and billed) until aborted.
      await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId })).catch(() => {});
      throw error;
    } finally {
      await file.close();
    }
  }

  const store: MediaStore = {
    tempDir,
    async putFile(key, tempPath, mime) {
      const { size } = await stat(tempPath);
      if (size > PART_BYTES) {
        await uploadInParts(key, tempPath, size, mime);
      } else {
        const file = await open(tempPath, "r");
        const body = await readChunk(file, Buffer.allocUnsafe(size), 0, size).finally(() => file.close());
        await store.putBytes(key, body, mime);
      }
      await rm(tempPath, { force: true });
    },
    async putBytes(key, bytes, mime) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentLength: bytes.length, ContentType: mime }),
      );
    },
    async read(key, range?: ByteRange) {
      const { Body } = await client
        .send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
        .catch((error: unknown) => {
          throw error instanceof Error && error.name === "NoSuchKey" ? new MissingMediaError(key) : error;
        });
      if (!Body) throw new Error(`S3 returned no body for ${key}`);
      return Body.transformToWebStream() as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
  };
  return store;
}
