import { describe, expect, test } from "bun:test";
import { be32, box, codedVideoTrack, concat, contains, dataTrack, le32, movieOfFrames, mp4, stripped, text, track } from "../../../tests/support/av-bytes";
import { CAMERA_SECRETS, cameraJpeg, JPEG_END, JPEG_FRAME, JPEG_SCAN, JPEG_START } from "../../../tests/support/crafted-bytes";
import { hostileMp4ChunkTableBomb } from "../../../tests/support/hostile-av";
import { planAvStrip } from "./av";

const xyz = () => box("udta", box("\xa9xyz", be32(0x00120000), text("+52.5163+013.3777/")), box("\xa9mak", text("CasefileTestMake")));
const appleKeys = () =>
  box("meta", new Uint8Array(4), box("keys", text("com.apple.quicktime.location.ISO6709")), box("ilst", text("+52.5163+013.3777/CasefileTestModel")));

describe("MP4 stripper", () => {
  test("movie- and track-level udta and meta become free boxes with zeroed bodies; times are zeroed", async () => {
    const input = mp4({ tracks: [track("vide", xyz())], moov: [xyz(), appleKeys()], top: [box("uuid", text("XMP CasefileTestModel"))] });
    const output = (await stripped(input, "video/mp4"))!;
    expect(output.length).toBe(input.length);
    for (const secret of ["52.5163", "CasefileTestMake", "CasefileTestModel", "ISO6709", "udta", "meta", "uuid"]) {
      expect(contains(output, secret)).toBe(false);
    }
    expect(contains(output, "\x7f\xff\xff\xff")).toBe(false); // mvhd, tkhd and mdhd times
    expect(contains(output, "free")).toBe(true);
    expect(await stripped(output, "video/mp4")).toEqual(output); // stripping again changes nothing
  });

  test("free and skip boxes lose what an editor left in them", async () => {
    const output = (await stripped(mp4({ top: [box("free", text("\xa9xyz+52.5163+013.3777/")), box("skip", text("CasefileTestMake"))] }), "video/mp4"))!;
    expect(contains(output, "52.5163")).toBe(false);
    expect(contains(output, "CasefileTestMake")).toBe(false);
  });

  test("a Samsung trailer after the last box becomes one free box", async () => {
    const sef = concat(text("SEFH"), text("Auto Enhance Info CasefileTestModel 52.5163"));
    const input = concat(mp4(), sef, le32(sef.length), text("SEFT"));
    const output = (await stripped(input, "video/mp4"))!;
    expect(contains(output, "CasefileTestModel")).toBe(false);
    expect(contains(output, "SEF")).toBe(false);
    expect(await stripped(output, "video/mp4")).toEqual(output); // now an ordinary box structure
  });

  test("64-bit box sizes and a last box running to the end of the file", async () => {
    const large = concat(be32(1), text("uuid"), be32(0), be32(32), text("CasefileTestMake"));
    const toEnd = concat(be32(0), text("mdat"), new Uint8Array(32));
    const output = (await stripped(mp4({ top: [large, toEnd] }), "video/mp4"))!;
    expect(contains(output, "CasefileTestMake")).toBe(false);
  });

  test("a timed-metadata or subtitle track is dropped and its samples are zeroed; audio and video stay", async () => {
    const place = text("GPS +52.5163+013.3777 CasefileTestMake");
    const build = (at: number) =>
      mp4({ tracks: [track("vide"), dataTrack("meta", [{ at, sizes: [10, 8] }, { at: at + 18, sizes: [place.length - 18] }])], top: [box("mdat", place)] });
    const input = build(build(0).length - place.length);
    const output = (await stripped(input, "video/mp4"))!;
    expect(output.length).toBe(input.length);
    expect(contains(output, "52.5163")).toBe(false);
    expect(contains(output, "CasefileTestMake")).toBe(false);
    expect(contains(output, "vide")).toBe(true);
    expect(contains(output, "hdlr\0\0\0\0\0\0\0\0meta")).toBe(false); // the track itself is gone
    expect(await stripped(output, "video/mp4")).toEqual(output);
  });

  test("Motion-JPEG: every frame keeps its pictures, scans and length, and loses its EXIF, JFIF and comments", async () => {
    const frames = [cameraJpeg(1), cameraJpeg(2), cameraJpeg(3)];
    const input = movieOfFrames(frames);
    const output = (await stripped(input, "video/quicktime"))!;
    expect(output.length).toBe(input.length);
    for (const secret of CAMERA_SECRETS) expect(contains(output, secret)).toBe(false);
    let at = output.length - frames.reduce((n, f) => n + f.length, 0);
    for (const frame of frames) {
      const cleaned = output.subarray(at, at + frame.length);
      expect([...cleaned.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xe0]); // SOI, then the (now empty) APP0 in place
      expect(Buffer.from(cleaned).includes(Buffer.from(frame.subarray(frame.length - 31)))).toBe(true); // frame, scan, EOI
      at += frame.length;
    }
    expect(await stripped(output, "video/quicktime")).toEqual(output);
  });

  test("Motion-JPEG A: both fields of a frame are cleaned, and bytes after the last EOI are zeroed", async () => {
    const input = movieOfFrames([concat(cameraJpeg(1), cameraJpeg(2), text("trailer CasefileTestSerial")), cameraJpeg(3)], "mjpa");
    const output = (await stripped(input, "video/quicktime"))!;
    for (const secret of CAMERA_SECRETS) expect(contains(output, secret)).toBe(false);
    expect(contains(output, "trailer")).toBe(false);
  });

  test("the chunk-table bomb (4.19 million one-byte chunks of a subtitle track) is merged into one range as it is walked", async () => {
    const bytes = hostileMp4ChunkTableBomb();
    const patches = (await planAvStrip(new Blob([bytes]), "video/mp4"))!;
    const mdatBody = Buffer.from(bytes).lastIndexOf("mdat") + 4;
    expect(patches.filter((p) => p.at >= mdatBody)).toEqual([{ at: mdatBody, length: 4_190_000 }]);
  });

  const refused: [string, () => Uint8Array<ArrayBuffer>][] = [
    ["a video coded as PNG frames (each may carry its own eXIf)", () => movieOfFrames([cameraJpeg()], "png ")],
    ["a video coded as Motion-JPEG B (no markers to walk)", () => movieOfFrames([cameraJpeg()], "mjpb")],
    ["a Motion-JPEG frame that is not a JPEG", () => movieOfFrames([cameraJpeg(), text("Exif GPS CasefileTestMake")])],
    ["a Motion-JPEG frame cut short", () => movieOfFrames([cameraJpeg(), cameraJpeg().subarray(0, 60)])],
    ["Motion-JPEG frames that overlap (10,000 frames naming one clean frame's bytes: each would be walked again)", () => {
      const frame = concat(JPEG_START, JPEG_FRAME, JPEG_SCAN, Uint8Array.of(1, 2, 3), JPEG_END);
      const build = (at: number) => concat(box("ftyp", text("qt  "), be32(0), text("qt  ")), box("moov", box("mvhd", new Uint8Array(100)), codedVideoTrack("jpeg", Array.from({ length: 10_000 }, () => ({ at, sizes: [frame.length] })))), box("mdat", frame));
      return build(build(0).length - frame.length);
    }],
    ["a fragmented Motion-JPEG movie (its frames only in moof, not walked)", () => mp4({ tracks: [codedVideoTrack("jpeg", [])], top: [box("moof", box("mfhd", new Uint8Array(8)))] })],
    ["a box larger than its parent", () => mp4({ moov: [concat(be32(4096), text("udta"))] })],
    ["a box larger than the file", () => mp4({ top: [concat(be32(4096), text("free"))] })],
    ["a box size below its header", () => mp4({ moov: [concat(be32(3), text("udta"))] })],
    ["size 0 inside the moov", () => mp4({ moov: [concat(be32(0), text("udta"))] })],
    ["stray bytes after the last box", () => concat(mp4(), text("GPS"))],
    ["a Samsung trailer whose length does not add up", () => concat(mp4(), text("SEFH data"), le32(4), text("SEFT"))],
    ["no moov", () => concat(box("ftyp", text("isom")), box("mdat"))],
    ["two moovs", () => concat(mp4(), box("moov"))],
    ["a dropped track's chunk beyond the file", () => mp4({ tracks: [track("vide"), dataTrack("text", [{ at: 1 << 30, sizes: [4] }])] })],
    ["a dropped track's chunk inside the moov", () => mp4({ tracks: [track("vide"), dataTrack("text", [{ at: 40, sizes: [4] }])] })],
    ["a fragmented file with a timed-metadata track", () => mp4({ tracks: [track("vide"), dataTrack("meta", [])], top: [box("moof", box("mfhd", new Uint8Array(8)))] })],
    ["an stsz with more entries than bytes", () => {
      const bytes = mp4({ tracks: [track("vide"), dataTrack("text", [{ at: 0, sizes: [4] }])] });
      const stsz = Buffer.from(bytes).lastIndexOf("stsz");
      bytes.set(be32(5), stsz + 12);
      return bytes;
    }],
    ["a track without a handler", () => mp4({ tracks: [box("trak", box("mdia"))] })],
    ["a truncated mvhd", () => concat(box("ftyp", text("isom")), box("moov", box("mvhd", new Uint8Array(6))))],
  ];
  for (const [what, make] of refused) {
    test(`fails closed on ${what}`, async () => {
      expect(await stripped(make(), "video/mp4")).toBeUndefined();
    });
  }
});
