/**
 * The media of bench/show-night.ts: real phone-sized JPEGs and a 60 s MP4 made once by ffmpeg (kept in
 * .cache/show-night), and per-phone copies of them that differ in a few bytes so every item has its own SHA-256.
 * A copy is the shared base plus a small tag (a JPEG comment segment after SOI, or a top-level MP4 `free` box at the
 * end): both leave the file valid for the server's sniffing, stripping and duration reading, and no phone holds more
 * than its tag in memory.
 */
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import { ROOT } from "./proc";

const CACHE = path.join(ROOT, ".cache/show-night");

/** Bytes to send as a sequence of views (never copied), with the SHA-256 of their concatenation. */
export type Payload = { name: string; mime: string; parts: Uint8Array[]; size: number; sha256: string };

// Photos as phones take them (8, 12 and 12 MP), sizes 1.1, 2.0 and 2.6 MB; noise keeps JPEG from shrinking them.
const PHOTOS = [
  { size: "2592x1944", noise: 12 },
  { size: "3264x2448", noise: 14 },
  { size: "4032x3024", noise: 12 },
];

/** Runs ffmpeg once per output (kept in the cache; written under a temporary name, then renamed). */
async function ffmpeg(out: string, args: string[]): Promise<Uint8Array> {
  if (!(await Bun.file(out).exists())) {
    const partial = out.replace(/(\.\w+)$/, ".partial$1");
    const proc = Bun.spawn(["ffmpeg", "-v", "error", "-y", ...args, partial], { stderr: "inherit" });
    if ((await proc.exited) !== 0) throw new Error(`ffmpeg failed making ${out}`);
    await rename(partial, out);
  }
  return new Uint8Array(await Bun.file(out).arrayBuffer());
}

/** The base media: three photos and one 60 s clip (640×360 H.264 at ~450 kbit/s plus 64 kbit/s AAC, ~3.9 MB). */
export async function baseMedia(): Promise<{ photos: Uint8Array[]; clip: Uint8Array }> {
  if (!Bun.which("ffmpeg")) throw new Error("bench/show-night.ts needs ffmpeg to make its photos and clip");
  await mkdir(CACHE, { recursive: true });
  const photos = await Promise.all(
    PHOTOS.map(({ size, noise }) =>
      ffmpeg(path.join(CACHE, `photo-${size}.jpg`), ["-f", "lavfi", "-i", `testsrc2=s=${size},noise=alls=${noise}:allf=t`, "-frames:v", "1", "-q:v", "4"]),
    ),
  );
  const clip = await ffmpeg(path.join(CACHE, "clip-60s.mp4"), [
    ...["-f", "lavfi", "-i", "testsrc2=s=640x360:r=30,noise=alls=8:allf=t", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-t", "60", "-c:v", "libx264", "-preset", "veryfast", "-b:v", "450k", "-maxrate", "600k", "-bufsize", "900k", "-pix_fmt", "yuv420p"],
    ...["-c:a", "aac", "-b:a", "64k", "-shortest"],
  ]);
  return { photos, clip };
}

/** The video crowd's clip (`--crowd video`): 60 s of 1280×720 H.264 at ~1 Mbit/s plus AAC, ~8 MB. */
export async function crowdVideo(): Promise<Uint8Array> {
  await mkdir(CACHE, { recursive: true });
  return ffmpeg(path.join(CACHE, "video-8mb.mp4"), [
    ...["-f", "lavfi", "-i", "testsrc2=s=1280x720:r=30,noise=alls=8:allf=t", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-t", "60", "-c:v", "libx264", "-preset", "veryfast", "-b:v", "1000k", "-maxrate", "1200k", "-bufsize", "2000k", "-pix_fmt", "yuv420p"],
    ...["-c:a", "aac", "-b:a", "64k", "-shortest"],
  ]);
}

function payload(name: string, mime: string, parts: Uint8Array[]): Payload {
  const hasher = new Bun.CryptoHasher("sha256");
  for (const part of parts) hasher.update(part);
  return { name, mime, parts, size: parts.reduce((n, p) => n + p.length, 0), sha256: hasher.digest("hex") };
}

/** The JPEG with a COM segment carrying `tag` right after its SOI marker. */
export function taggedJpeg(base: Uint8Array, tag: string, name: string): Payload {
  const text = new TextEncoder().encode(tag);
  const segment = new Uint8Array([0xff, 0xd8, 0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff, ...text]);
  return payload(name, "image/jpeg", [segment, base.subarray(2)]);
}

/** The MP4 followed by one more top-level `free` box carrying `tag`. */
export function taggedMp4(base: Uint8Array, tag: string, name: string): Payload {
  const text = new TextEncoder().encode(tag);
  const box = new Uint8Array(8 + text.length);
  new DataView(box.buffer).setUint32(0, box.length);
  box.set(new TextEncoder().encode("free"), 4);
  box.set(text, 8);
  return payload(name, "video/mp4", [base, box]);
}
