import { describe, expect, test } from "bun:test";
import path from "node:path";
import { sniffFile } from "./sniff";

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
});
