/**
 * The inputs of bench/hostile.ts: for each parser of untrusted bytes, the worst input we know how to build at or under
 * 25 MB, and a benign input of the same size through the same route as its baseline.
 */
import path from "node:path";
import { HOSTILE_AV } from "../../tests/support/hostile-av";
import { HOSTILE_INPUTS } from "../../tests/support/hostile-inputs";
import { ROOT } from "./proc";

export type HostileCase = {
  name: string;
  /** register: an anonymous registration's verification photo (images only); evidence: a participant's upload. */
  route: "register" | "evidence";
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
  ];
}
