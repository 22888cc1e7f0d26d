import { describe, expect, test } from "bun:test";
import path from "node:path";
import { be, latin1 } from "../../tests/support/crafted-bytes";
import { HOSTILE_INPUTS, mp4HugeDeclaredSize, webmDeepNesting } from "../../tests/support/hostile-inputs";
import { concat } from "./bytes";
import { sniffFile } from "./sniff";

const sniffBytes = (bytes: Uint8Array) => sniffFile(new Blob([bytes as Uint8Array<ArrayBuffer>]));
const fixture = (name: string) => Bun.file(path.join(import.meta.dir, "../../tests/fixtures", name));

describe("sniffing media from its bytes", () => {
  test("live WebM as browsers record it (segment of unknown size) is told apart: audio or video", async () => {
    expect(await sniffFile(fixture("recorded-audio.webm"))).toEqual({ kind: "audio", mime: "audio/webm" });
    expect(await sniffFile(fixture("recorded-video.webm"))).toEqual({ kind: "video", mime: "video/webm" });
  });

  test("an MP4 whose moov box comes after the media data is still found to be video", async () => {
    expect(await sniffFile(fixture("moov-at-end.mp4"))).toEqual({ kind: "video", mime: "video/mp4" });
  });

  test("HEIC photos are images", async () => {
    expect(await sniffFile(fixture("gps.heic"))).toEqual({ kind: "image", mime: "image/heic" });
  });

  const refused: [string, Blob][] = [
    ["an empty file", new Blob([])],
    ["plain text", new Blob(["hello, this is not a photo at all"])],
    ["HTML", new Blob(["<!doctype html><html><body>hi</body></html>"])],
    ["SVG", new Blob(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'])],
    ["a ZIP archive", new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(40).fill(0)])])],
    ["a PDF", new Blob(["%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n"])],
    ["a truncated JPEG header", new Blob([new Uint8Array([0xff, 0xd8])])],
  ];
  for (const [what, blob] of refused) {
    test(`${what} is not accepted media`, async () => {
      expect(await sniffFile(blob)).toBeUndefined();
    });
  }

  test("Ogg Theora video is not among the accepted kinds", async () => {
    expect(await sniffFile(fixture("clip.ogv"))).toBeUndefined();
  });

  test("an ID3 tag counts only before MPEG audio or ADTS frames, however large the tag (a cover picture)", async () => {
    const tag = (size: number) => concat([latin1("ID3"), new Uint8Array([4, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]), new Uint8Array(size)]);
    const mp3Frame = concat([new Uint8Array([0xff, 0xfb, 0x90, 0x00]), new Uint8Array(413)]);
    const adtsFrame = new Uint8Array([0xff, 0xf1, 0x50, 0x80, 0x00, 0xff, 0xfc]);
    expect(await sniffBytes(concat([tag(200 * 1024), mp3Frame]))).toEqual({ kind: "audio", mime: "audio/mpeg" });
    expect(await sniffBytes(concat([tag(16), tag(16), adtsFrame, new Uint8Array(8)]))).toEqual({ kind: "audio", mime: "audio/aac" });
    expect(await sniffBytes(concat([tag(16), latin1("ffconcat version 1.0\nfile 'x'\n")]))).toBeUndefined();
    expect(await sniffBytes(concat([tag(0), latin1("#EXTM3U\n#EXT-X-TARGETDURATION:1\n/etc/x.mp3\n")]))).toBeUndefined();
    expect(await sniffBytes(concat([tag(0), new Uint8Array(await fixture("clip.webm").arrayBuffer())]))).toBeUndefined();
  });

  test("a WebM nested thousands of levels deep is refused, not a stack overflow", async () => {
    expect(await sniffBytes(webmDeepNesting(64 * 1024))).toBeUndefined();
  });

  test("a WebM element larger than its parent is refused", async () => {
    const webm = new Uint8Array(await fixture("clip.webm").arrayBuffer());
    const tracks = Buffer.from(webm).lastIndexOf(Buffer.from([0x16, 0x54, 0xae, 0x6b])); // the element, not its SeekHead entry
    expect(webm.subarray(tracks + 4, tracks + 7)).toEqual(new Uint8Array([0xc8, 0xae, 0x01])); // Tracks (72 bytes) → TrackEntry, 8-byte size
    webm[tracks + 13]! += 1; // the TrackEntry now ends one byte after its Tracks
    expect(await sniffBytes(webm)).toBeUndefined();
  });

  describe("MP4 box sizes", async () => {
    const mp4 = new Uint8Array(await fixture("moov-at-end.mp4").arrayBuffer());
    const moovAt = Buffer.from(mp4).indexOf("moov") - 4;
    const moovSize = new DataView(mp4.buffer).getUint32(moovAt);

    test("size 0 (the box runs to the end of the file) and size 1 (a 64-bit size) are read", async () => {
      const toEnd = mp4.slice();
      toEnd.set(be(0, 4), moovAt);
      expect((await sniffBytes(toEnd))?.kind).toBe("video");
      const large = concat([mp4.subarray(0, moovAt), be(1, 4), latin1("moov"), be(moovSize + 8, 8), mp4.subarray(moovAt + 8)]);
      expect((await sniffBytes(large))?.kind).toBe("video");
    });

    const refused: [string, Uint8Array][] = [
      ["a box before moov declaring a size past the end", mp4HugeDeclaredSize(4096)],
      ["a size below the header", concat([mp4.subarray(0, moovAt), be(4, 4), mp4.subarray(moovAt + 4)])],
      ["a 64-bit size below its 16-byte header", concat([mp4.subarray(0, moovAt), be(1, 4), latin1("moov"), be(8, 8), mp4.subarray(moovAt + 8)])],
      ["moov larger than the file", concat([mp4.subarray(0, moovAt), be(moovSize + 1, 4), mp4.subarray(moovAt + 4)])],
    ];
    for (const [what, bytes] of refused) {
      test(`${what} is refused`, async () => expect(await sniffBytes(bytes)).toBeUndefined());
    }
  });

  describe("the worst inputs we can build are refused without throwing", () => {
    for (const hostile of HOSTILE_INPUTS.filter((h) => h.target === "sniff")) {
      test(hostile.name, async () => expect(await sniffBytes(hostile.build(1024 * 1024))).toBeUndefined());
    }
  });
});
