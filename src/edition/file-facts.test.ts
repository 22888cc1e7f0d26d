/**
 * What the edition's canvases say of each file, measured as cheaply as it can be: a photo's size and a recording's
 * length from their headers (no ffprobe needed), and ffprobe only for what no header told (a video's size, a photo
 * whose header cannot be read), with the same numbers ffprobe gives.
 */
import { expect, test } from "bun:test";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURES } from "../../tests/support/client";
import { findTools } from "../renditions/tools";
import type { EditionFile } from "./edition-items";
import { measureFiles } from "./file-facts";

const file = (name: string, mime: string, run: string): EditionFile => ({
  role: "main",
  storeKey: `${run}/${name}`, // each test its own keys: what was measured is remembered by key
  size: Bun.file(path.join(FIXTURES, name)).size,
  mime,
  path: name,
  liveUrl: `/${name}`,
});
const measure = async (tools: ReturnType<typeof findTools>, files: EditionFile[], dir = FIXTURES) => {
  const factsOf = await measureFiles(tools, files, (f) => path.join(dir, f.path));
  return Object.fromEntries(files.map((f) => [f.path, factsOf(f)]));
};

test("without ffprobe: photos' sizes and recordings' lengths from their headers; a video's size stays unknown", async () => {
  const files = [
    file("tall.jpg", "image/jpeg", "headers"),
    file("photo.png", "image/png", "headers"),
    file("photo.webp", "image/webp", "headers"),
    file("voice.m4a", "audio/mp4", "headers"),
    file("voice.wav", "audio/wav", "headers"),
    file("clip.mp4", "video/mp4", "headers"),
    file("voice.mp3", "audio/mpeg", "headers"),
  ];
  const found = await measure({}, files);
  expect(found["tall.jpg"]).toEqual({ width: 600, height: 2400 });
  expect(found["photo.png"]).toEqual({ width: 64, height: 48 });
  expect(found["photo.webp"]).toEqual({ width: 64, height: 48 });
  expect(found["voice.m4a"]!.durationMs).toBeGreaterThan(0);
  expect(found["voice.wav"]!.durationMs).toBeGreaterThan(0);
  expect(found["clip.mp4"]).toEqual({ durationMs: expect.any(Number) });
  expect(found["voice.mp3"]).toEqual({}); // MP3 states no length in a header: ffprobe's to tell
});

test("with ffprobe: it runs only for what no header told (a video's size, an MP3's length, an unreadable header); every number is ffprobe's", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-facts-"));
  try {
    // ffprobe itself, behind a script that notes each file it is asked about.
    const ffprobe = path.join(dir, "ffprobe");
    await writeFile(ffprobe, `#!/bin/sh\nfor last; do :; done\nbasename "$last" >> ${dir}/probed\nexec ${findTools().ffprobe} "$@"\n`, { mode: 0o755 });
    // A real JPEG whose header cannot be walked (a stray byte before its first segment): ffprobe still reads it.
    const jpeg = new Uint8Array(await Bun.file(path.join(FIXTURES, "photo.jpg")).arrayBuffer());
    await writeFile(path.join(dir, "odd.jpg"), new Uint8Array([...jpeg.subarray(0, 2), 0x00, ...jpeg.subarray(2)]));
    for (const name of ["clip.mp4", "voice.mp3", "tall.jpg"]) await writeFile(path.join(dir, name), await Bun.file(path.join(FIXTURES, name)).bytes());
    const files = [file("clip.mp4", "video/mp4", "probe"), file("voice.mp3", "audio/mpeg", "probe"), file("tall.jpg", "image/jpeg", "probe"), { ...file("photo.jpg", "image/jpeg", "probe"), path: "odd.jpg" }];
    const found = await measure({ ffprobe }, files, dir);
    expect((await Bun.file(path.join(dir, "probed")).text()).split("\n").filter(Boolean).sort()).toEqual(["clip.mp4", "odd.jpg", "voice.mp3"]);
    for (const name of ["clip.mp4", "voice.mp3", "tall.jpg", "odd.jpg"]) {
      const out = await new Response(Bun.spawn(["ffprobe", "-v", "error", "-show_entries", "stream=width,height:format=duration", "-of", "json", path.join(dir, name)]).stdout).json();
      const video = (out.streams as { width?: number; height?: number }[]).find((s) => s.width);
      const seconds = Number(out.format?.duration);
      const expected = {
        ...(video ? { width: video.width, height: video.height } : {}),
        ...(name.endsWith(".jpg") || !seconds ? {} : { durationMs: expect.closeTo(seconds * 1000, -2) }),
      };
      expect({ name, facts: found[name] }).toEqual({ name, facts: expected });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
