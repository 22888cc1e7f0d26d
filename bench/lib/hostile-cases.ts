/**
 * The inputs of bench/hostile.ts: for each parser of untrusted bytes, the worst input we know how to build at or under
 * 25 MB, and a benign input of the same size through the same route as its baseline.
 */
import path from "node:path";
import { HOSTILE_AV } from "../../tests/support/hostile-av";
import { HOSTILE_INPUTS } from "../../tests/support/hostile-inputs";
import { heifGrid } from "../../tests/support/heif-grid";
import { ROOT } from "./proc";

export type HostileCase = {
  name: string;
  /**
   * register: an anonymous registration's verification photo (images only); evidence: a participant's upload;
   * dropped: a participant's upload whose connection drops half way through its body.
   */
  route: "register" | "evidence" | "dropped";
  /** The input starts background work (renditions): measured until the server's tools have ended too. */
  tools?: boolean;
  fileName: string;
  build(): Uint8Array;
  baseline(size: number): Uint8Array;
};

const MIB = 1024 * 1024;
const SIZE = 25 * MIB - 64 * 1024; // under the registration photo limit with room for the multipart envelope

const fixture = (name: string) => new Uint8Array(require("node:fs").readFileSync(path.join(ROOT, "tests/fixtures", name)));

/** A real JPEG followed by zero bytes up to size: what an ordinary large photo costs to receive and copy. */
export function benignJpeg(size: number): Uint8Array {
  const photo = fixture("photo.jpg");
  const out = new Uint8Array(Math.max(size, photo.length));
  out.set(photo);
  return out;
}

/** A real MP4 followed by one top-level `free` box up to size. */
export function benignMp4(size: number): Uint8Array {
  const clip = fixture("clip.mp4");
  const out = new Uint8Array(Math.max(size, clip.length + 8));
  out.set(clip);
  const view = new DataView(out.buffer);
  view.setUint32(clip.length, out.length - clip.length);
  out.set(new TextEncoder().encode("free"), clip.length + 4);
  return out;
}

/** A file part made of near-boundaries ("\r\n--" and dashes): the multipart boundary search's worst case. */
export function nearBoundaries(size = SIZE): Uint8Array {
  const unit = new TextEncoder().encode("\r\n------");
  const out = new Uint8Array(size);
  for (let at = 0; at + unit.length <= size; at += unit.length) out.set(unit, at);
  out.set([0xff, 0xd8, 0xff, 0xe0]); // starts like a JPEG so the sniffer looks further
  return out;
}

const VIDEO_EXTENSIONS: Record<string, string> = { webm: "x.webm", mp4: "x.mp4" };

/**
 * Every builder of tests/support/hostile-inputs.ts (sniffer, photo walkers) and tests/support/hostile-av.ts (video and
 * audio walkers), uploaded as a participant's evidence, plus the multipart case.
 */
export function hostileCases(): HostileCase[] {
  const media = HOSTILE_INPUTS.map((input): HostileCase => {
    const format = input.name.split("-")[0]!;
    const video = input.target === "sniff";
    return {
      name: `${input.target}: ${input.name}`,
      route: "evidence",
      fileName: VIDEO_EXTENSIONS[format] ?? `x.${format}`,
      build: () => input.build(),
      baseline: video ? benignMp4 : benignJpeg,
    };
  });
  const av = Object.entries(HOSTILE_AV).map(
    ([name, input]): HostileCase => ({
      name: `strip ${input.mime}: ${name}`,
      route: "evidence",
      fileName: input.fileName,
      build: () => input.build(),
      baseline: benignMp4,
    }),
  );
  return [
    { name: "multipart: near-boundary file body", route: "register", fileName: "x.jpg", build: () => nearBoundaries(), baseline: benignJpeg },
    ...media,
    ...av,
    ...roundFour(),
  ];
}

const ID3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
const behindId3 = (text: string) => new Uint8Array([...ID3, ...new TextEncoder().encode(text)]);
/** A real MP3 padded with zeros to size (its frames then end: what a recording of that size costs to take). */
const benignMp3 = (size: number) => {
  const mp3 = fixture("voice.mp3");
  const out = new Uint8Array(Math.max(size, mp3.length));
  out.set(mp3);
  return out;
};

/** 60 s of one 4K frame repeated, HEVC in MP4 (~100 KB): cheap to send, every frame decoded and scaled to copy it. */
function repeatedFrames(): Uint8Array {
  const out = path.join(require("node:os").tmpdir(), `casefile-repeated-${process.pid}.mp4`);
  const made = Bun.spawnSync(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=gray:size=3840x2160:rate=30:duration=60",
    "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", out]);
  if (made.exitCode !== 0) throw new Error(`ffmpeg: ${made.stderr.toString()}`);
  const bytes = fixtureAt(out);
  require("node:fs").rmSync(out);
  return bytes;
}
const fixtureAt = (file: string) => new Uint8Array(require("node:fs").readFileSync(file));

/** Issue 42's inputs: files that name other files, a picture that declares 419 MP, tools' work, a dropped body. */
function roundFour(): HostileCase[] {
  return [
    { name: "sniff: ffconcat behind ID3", route: "evidence", fileName: "x.mp3", build: () => behindId3("ffconcat version 1.0\nfile '0123456789abcdef0123456789abcdef'\n"), baseline: benignMp3 },
    { name: "sniff: HLS behind ID3", route: "evidence", fileName: "x.mp3", build: () => behindId3("#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:1,\n/etc/hostname.mp3\n#EXT-X-ENDLIST\n"), baseline: benignMp3 },
    { name: "pixels: HEIF grid 20480×20480", route: "register", fileName: "x.heic", build: () => heifGrid(), baseline: () => fixture("gps.heic") },
    { name: "renditions: 60 s of repeated 4K frames", route: "evidence", fileName: "x.mp4", build: repeatedFrames, baseline: benignMp4, tools: true },
    { name: "multipart: 30 MB body dropped at 15 MB", route: "dropped", fileName: "x.mp4", build: () => new Uint8Array(30 * MIB), baseline: (size) => new Uint8Array(size) },
  ];
}
