import type { AppContext } from "../context";
import { createLocalUploadBytes, localUploadsDir } from "./local-upload-bytes";
import type { UploadBytes } from "./upload-bytes";

const opened = new WeakMap<AppContext, UploadBytes>();

/**
 * The S3 side loads the AWS SDK, whose evaluation cost every start ~17 ms (bench/startup.ts) when it was imported
 * statically: required on first use instead, so a local-store server never evaluates it.
 */
const s3UploadBytes = (): typeof import("./s3-upload-bytes") => require("./s3-upload-bytes");

/**
 * Where resumable uploads keep their bytes: beside the local store, or in the S3 bucket (staged in its temp area).
 * Opened on first use, once per app.
 */
export function uploadBytesOf(ctx: AppContext): UploadBytes {
  let bytes = opened.get(ctx);
  if (!bytes) {
    const { config, store } = ctx;
    bytes = config.mediaStore === "s3" ? s3UploadBytes().createS3UploadBytes(config, store.tempDir) : createLocalUploadBytes(localUploadsDir(config.uploadsDir), store.tempDir);
    opened.set(ctx, bytes);
  }
  return bytes;
}
