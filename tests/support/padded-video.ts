/**
 * A real MP4 (tests/fixtures/clip.mp4, a short playable clip) grown to any size by a trailing top-level `free` box
 * of random bytes: still a valid ISO BMFF file that players and the server's sniffer accept, and no two alike, so
 * its SHA-256 proves these very bytes arrived. Made at test time: a 20 MB fixture has no place in git.
 */
import { randomBytes, createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURES } from "./client";

/** The file on disk (for a browser's file input), its bytes and hash; `remove()` deletes it. */
export type PaddedVideo = { path: string; name: string; bytes: Uint8Array; size: number; sha256: string; remove(): Promise<void> };

export async function paddedMp4(size: number, name = "venue-clip.mp4"): Promise<PaddedVideo> {
  const clip = new Uint8Array(await readFile(path.join(FIXTURES, "clip.mp4")));
  const boxSize = size - clip.length;
  if (boxSize < 8) throw new Error(`a padded clip must be at least ${clip.length + 8} bytes`);
  const bytes = new Uint8Array(size);
  bytes.set(clip);
  const header = new DataView(bytes.buffer, clip.length, 8);
  header.setUint32(0, boxSize);
  bytes.set(new TextEncoder().encode("free"), clip.length + 4);
  bytes.set(randomBytes(boxSize - 8), clip.length + 8);
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-video-"));
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { path: file, name, bytes, size, sha256, remove: () => rm(dir, { recursive: true, force: true }) };
}
