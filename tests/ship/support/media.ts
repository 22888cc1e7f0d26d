/** Upload payloads for the ship tests. */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { FIXTURES } from "../../support/client";

/**
 * A real MP4 clip followed by extraBytes of random data: still sniffed as video, large enough to cross the S3
 * store's multipart threshold, and different every time so byte comparisons mean something.
 */
export async function paddedVideo(extraBytes: number, name = "clip.mp4"): Promise<File> {
  const clip = new Uint8Array(await readFile(path.join(FIXTURES, "clip.mp4")));
  const padding = new Uint8Array(extraBytes);
  for (let at = 0; at < extraBytes; at += 65536) crypto.getRandomValues(padding.subarray(at, Math.min(at + 65536, extraBytes)));
  return new File([clip, padding], name, { type: "video/mp4" });
}

export const sha256 = (bytes: ArrayBuffer | Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
