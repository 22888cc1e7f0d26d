import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CAMERA_SECRETS, cameraJpeg } from "../../tests/support/crafted-bytes";
import { digestOffThread, mediaThread, MediaThreadStopped } from "./media-thread";
import type { CopyJob } from "./public-copy";

let dir: string;
let photo: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "media-thread-"));
  photo = path.join(dir, "camera.jpg");
  await writeFile(photo, cameraJpeg());
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const FAULTY = new URL("../../tests/support/faulty-media-thread.ts", import.meta.url);
let copies = 0;
const job = (mime = "image/jpeg"): CopyJob => ({ path: photo, size: cameraJpeg().length, kind: "image", mime, copyPath: path.join(dir, `${++copies}.public`) });

describe("the media thread", () => {
  test("writes a photo's public copy without the camera's place and device", async () => {
    const { copy } = mediaThread(FAULTY);
    const written = job();
    expect(await copy(written)).toEqual({ state: "copy", size: expect.any(Number) });
    const bytes = await readFile(written.copyPath);
    expect(CAMERA_SECRETS.filter((secret) => bytes.includes(secret))).toEqual([]);
  });

  test("a job that never ends is stopped at its time limit; the jobs behind it are answered by a fresh thread", async () => {
    const { copy } = mediaThread(FAULTY, () => 300);
    const stuck = copy(job("test/hang"));
    const behind = [copy(job()), copy(job())];
    await expect(stuck).rejects.toBeInstanceOf(MediaThreadStopped);
    await expect(stuck).rejects.toThrow("took longer than");
    for (const answer of behind) expect(await answer).toMatchObject({ state: "copy" });
  });

  test("a thread that fails mid-job fails that job alone", async () => {
    const { copy } = mediaThread(FAULTY);
    const failed = copy(job("test/crash"));
    const next = copy(job());
    await expect(failed).rejects.toThrow("the walker crashed");
    await expect(failed).rejects.toBeInstanceOf(MediaThreadStopped);
    expect(await next).toMatchObject({ state: "copy" });
  });

  test("a walker's own error (an unreadable file) reaches the caller as it is, and the thread goes on", async () => {
    const { copy } = mediaThread(FAULTY);
    const missing = { ...job(), path: path.join(dir, "gone.jpg") };
    const error = await copy(missing).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MediaThreadStopped);
    expect(await copy(job())).toMatchObject({ state: "copy" });
  });

  test("hashes a whole file, larger than one read, to the same SHA-256 as the bytes themselves", async () => {
    const { digest } = mediaThread(FAULTY);
    const bytes = crypto.getRandomValues(new Uint8Array(3 * 1024 * 1024 + 17));
    const file = path.join(dir, "upload.bin");
    await writeFile(file, bytes);
    expect(await digest(file, bytes.length)).toEqual({ size: bytes.length, sha256: new Bun.CryptoHasher("sha256").update(bytes).digest("hex") });
    // A part of it (a file part of a multipart body on disk), across reads.
    const part = bytes.subarray(5, 5 + 1024 * 1024 + 3);
    expect(await digest(file, part.length, { start: 5, length: part.length })).toEqual({ size: part.length, sha256: new Bun.CryptoHasher("sha256").update(part).digest("hex") });
  });

  test("a hash the thread does not finish is made on the request thread instead: the upload is not refused for it", async () => {
    const thread = mediaThread(FAULTY, () => 300);
    const bytes = new TextEncoder().encode("a participant's video, as far as this test is concerned");
    const file = path.join(dir, "stuck.hang");
    await writeFile(file, bytes);
    await expect(thread.digest(file, bytes.length)).rejects.toBeInstanceOf(MediaThreadStopped);
    expect(await digestOffThread(file, bytes.length, thread)).toEqual({
      size: bytes.length,
      sha256: new Bun.CryptoHasher("sha256").update(bytes).digest("hex"),
    });
  });

  test("a file that cannot be read is the caller's error, not a reason to hash it again here", async () => {
    const thread = mediaThread(FAULTY);
    const missing = path.join(dir, "gone.bin");
    const error = await digestOffThread(missing, 10, thread).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(MediaThreadStopped);
  });
});
