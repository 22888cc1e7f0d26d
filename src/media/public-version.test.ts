import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { be32, box, contains, mp4, text, track } from "../../tests/support/av-bytes";
import { hostileOggManyPages } from "../../tests/support/hostile-av";
import { LARGEST_HEADER_WALKED_HERE, publicVersion } from "./media.service";
import type { CopyJob } from "./public-copy";
import type { Sniffed } from "./sniff";
import { mediaThread } from "./media-thread";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "public-version-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const place = () => box("udta", box("\xa9xyz", be32(0x00120000), text("+52.5163+013.3777/")), box("\xa9mak", text("CasefileTestMake")));

/** A movie with a place and a maker, and `padding` more bytes of metadata in its moov. */
function movie(padding: number) {
  return mp4({ tracks: [track("vide", place())], moov: [box("udta", new Uint8Array(padding).fill(0x2b))], top: [box("mdat", new Uint8Array(4096))] });
}

/** The media thread (the real program, through the faulty one's pass-through) and the mimes sent to it. */
function watchedThread() {
  const thread = mediaThread(new URL("../../tests/support/faulty-media-thread.ts", import.meta.url));
  const sent: string[] = [];
  return { sent, thread: (job: CopyJob) => (sent.push(job.mime), thread.copy(job)) };
}

async function publicCopyOf(bytes: Uint8Array, offThread: ReturnType<typeof watchedThread>["thread"], sniffed: Sniffed = { kind: "video", mime: "video/mp4" }) {
  const file = path.join(dir, crypto.randomUUID());
  await writeFile(file, bytes);
  const version = await publicVersion({ path: file, size: bytes.length }, sniffed, dir, offThread);
  if (version.state !== "copy") throw new Error(`no copy: ${version.state}`);
  return readFile(version.path);
}

describe("where a video's or a recording's public copy is written", () => {
  test("a phone-sized header is walked on the request thread (the media thread is not asked to walk it)", async () => {
    const { sent, thread } = watchedThread();
    const copy = await publicCopyOf(movie(64 * 1024), thread);
    expect(sent).toEqual([]);
    expect(["52.5163", "CasefileTestMake"].filter((secret) => contains(copy, secret))).toEqual([]);
  });

  test("a header larger than the request thread walks in one piece goes to the media thread, and its copy is as clean", async () => {
    const { sent, thread } = watchedThread();
    const copy = await publicCopyOf(movie(LARGEST_HEADER_WALKED_HERE + 1), thread);
    expect(sent).toEqual(["video/mp4"]);
    expect(["52.5163", "CasefileTestMake"].filter((secret) => contains(copy, secret))).toEqual([]);
  });

  test("a recording whose header packet spans megabytes of pages (cover art) goes to the media thread, and its copy has no place", async () => {
    // An Opus file whose comment packet (a place and a 4 MB picture) spans thousands of pages; assembling it here held
    // every other request ~40 ms (bench/hostile.ts, ogg-many-pages).
    const { sent, thread } = watchedThread();
    const copy = await publicCopyOf(hostileOggManyPages(5 * 1024 * 1024), thread, { kind: "audio", mime: "audio/ogg" });
    expect(sent).toEqual(["audio/ogg"]);
    expect(contains(copy, "52.5163")).toBe(false);
  });
});
