/**
 * The sizes a body being received is looked at by: a leaf that the multipart reader, the disk guard and the upload
 * bodies all import (it imports none of them), so none of them imports the others for a constant.
 */
import { stat } from "node:fs/promises";

/** How many body bytes a streaming upload receives between two looks at the free space (a statfs costs microseconds). */
export const RECHECK_EVERY_BYTES = 16 * 1024 * 1024;

/** A file's size now; 0 when it is gone (or not there yet). */
export const sizeOf = (file: string) =>
  stat(file).then(
    (info) => info.size,
    () => 0,
  );
