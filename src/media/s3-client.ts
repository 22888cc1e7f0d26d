/** The S3 client of the media store and of resumable uploads, set up the same way for both. */
import { S3Client } from "@aws-sdk/client-s3";
import { FetchHttpHandler } from "@smithy/fetch-http-handler";
import type { Config } from "../config";

export function createS3Client({ region, endpoint, forcePathStyle, accessKeyId, secretAccessKey }: Config["s3"]): S3Client {
  return new S3Client({
    region,
    endpoint,
    forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // The SDK's default CRC trailers (aws-chunked bodies) are not understood by many S3-compatible servers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // Bun's native fetch instead of the SDK's node:http handler: measured on a 1 GiB upload to s3rver, peak RSS
    // 157 → 136 MB and 55 → 74 MB/s.
    requestHandler: new FetchHttpHandler(),
  });
}
