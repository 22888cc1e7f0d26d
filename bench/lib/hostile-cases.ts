/**
 * The inputs of bench/hostile.ts: for each parser of untrusted bytes, the worst input we know how to build at or under
 * 25 MB, and a benign input of the same size through the same route as its baseline.
 */
import path from "node:path";
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

const ebmlHeader = () => Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77]);

/**
 * WebM whose Segment and Tracks hold TrackEntry elements nested in each other, two bytes a level (ID 0xAE, unknown
 * size 0xFF), tens of thousands deep in the first 64 KiB the sniffer reads: a stack overflow before issue 7.
 */
export function deepEbml(size = SIZE): Uint8Array {
  const out = new Uint8Array(size);
  const head = [...ebmlHeader(), 0x18, 0x53, 0x80, 0x67, 0xff, 0x16, 0x54, 0xae, 0x6b, 0xff];
  out.set(head);
  for (let at = head.length; at + 2 <= size; at += 2) out.set([0xae, 0xff], at);
  return out;
}

/** ISO media with a valid ftyp, then millions of empty 8-byte boxes and no moov: the box walk's worst case. */
export function manyIsoBoxes(size = SIZE): Uint8Array {
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, 16);
  out.set(new TextEncoder().encode("ftypisom\0\0\0\0"), 4);
  for (let at = 16; at + 8 <= size; at += 8) {
    view.setUint32(at, 8);
    out.set([0x66, 0x72, 0x65, 0x65], at + 4); // free
  }
  return out;
}

/** MP4 whose moov is 25 MB of 'hdlr'-like bytes: the handler scan's worst case. */
export function hdlrMoov(size = SIZE): Uint8Array {
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, 16);
  out.set(new TextEncoder().encode("ftypisom\0\0\0\0"), 4);
  view.setUint32(16, size - 16);
  out.set(new TextEncoder().encode("moov"), 20);
  const pattern = new TextEncoder().encode("hdlr");
  for (let at = 24; at + 4 <= size; at += 4) out.set(pattern, at);
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

export function hostileCases(): HostileCase[] {
  return [
    { name: "multipart: near-boundary file body", route: "register", fileName: "x.jpg", build: () => nearBoundaries(), baseline: benignJpeg },
    { name: "sniff: WebM nested to the end", route: "evidence", fileName: "x.webm", build: () => deepEbml(), baseline: benignMp4 },
    { name: "sniff: 3 million empty ISO boxes", route: "evidence", fileName: "x.mp4", build: () => manyIsoBoxes(), baseline: benignMp4 },
    { name: "sniff: 25 MB moov of 'hdlr'", route: "evidence", fileName: "x.mp4", build: () => hdlrMoov(), baseline: benignMp4 },
  ];
}
