import { HttpError } from "../http/errors";

/** A connection that sends less than this per stall window (UPLOAD_STALL_SECONDS) holds a request open for nothing. */
export const STALL_MIN_BYTES = 16 * 1024;

/**
 * The stall guard of every upload body, multipart or tus: a window of UPLOAD_STALL_SECONDS must bring
 * UPLOAD_MIN_BYTES_PER_SECOND × the window (and never less than STALL_MIN_BYTES), so a client dripping just above a
 * fixed floor cannot hold a request and its temp file open.
 */
export function stallGuard(config: { uploadStallMs: number; uploadMinBytesPerSecond: number }) {
  const minBytesPerWindow = Math.max(STALL_MIN_BYTES, Math.ceil((config.uploadMinBytesPerSecond * config.uploadStallMs) / 1000));
  return { stallMs: config.uploadStallMs, minBytesPerWindow };
}

export const stalled = () => new HttpError(408, "The upload was too slow and has been stopped. Please try again on a better connection.");
