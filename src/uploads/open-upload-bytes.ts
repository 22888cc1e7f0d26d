import type { AppContext } from "../context";
import { createLocalUploadBytes, localUploadsDir } from "./local-upload-bytes";
import { createS3UploadBytes } from "./s3-upload-bytes";
import type { UploadBytes } from "./upload-bytes";

const opened = new WeakMap<AppContext, UploadBytes>();

/**
 * Where resumable uploads keep their bytes: beside the local store, or in the S3 bucket (staged in its temp area).
 * Opened on first use, once per app.
 */
export function uploadBytesOf(ctx: AppContext): UploadBytes {
  let bytes = opened.get(ctx);
  if (!bytes) {
    const { config, store } = ctx;
    bytes = config.mediaStore === "s3" ? createS3UploadBytes(config, store.tempDir) : createLocalUploadBytes(localUploadsDir(store.tempDir), store.tempDir);
    opened.set(ctx, bytes);
  }
  return bytes;
}
