import type { Config } from "../config";
import { createLocalStore } from "./local-store";
import type { MediaStore } from "./store";

/** The configured media store: a local folder, or (loaded only then) an S3-compatible bucket. */
export async function openMediaStore(config: Config): Promise<MediaStore> {
  if (config.mediaStore === "s3") {
    const { createS3Store } = await import("./s3-store");
    return createS3Store(config);
  }
  return createLocalStore(config.uploadsDir);
}
