import type { Config } from "../config";
import type { UploadBytes } from "./upload-bytes";

/** S3 mode: multipart parts plus a small tail object (being written on branch tus-s3; replaced there whole). */
export function createS3UploadBytes(_config: Config, _tempDir: string): UploadBytes {
  throw new Error("Resumable uploads to S3 are not built yet.");
}
