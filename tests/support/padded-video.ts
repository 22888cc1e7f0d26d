/**
 * A real MP4 grown to any size (tus.ts `videoOfSize`: the fixture clip plus a `free` box of random bytes), written
 * to a temp file for a browser's file input. Made at test time: a 20 MB fixture has no place in git.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sha256, videoOfSize } from "./tus";

/** The file on disk, its bytes and hash; `remove()` deletes it. */
export type PaddedVideo = { path: string; name: string; bytes: Uint8Array; size: number; sha256: string; remove(): Promise<void> };

export async function paddedMp4(size: number, name = "venue-clip.mp4"): Promise<PaddedVideo> {
  const bytes = await videoOfSize(size);
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-video-"));
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return { path: file, name, bytes, size: bytes.length, sha256: sha256(bytes), remove: () => rm(dir, { recursive: true, force: true }) };
}
