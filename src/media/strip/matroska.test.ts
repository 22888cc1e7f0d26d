import { describe, expect, test } from "bun:test";
import { concat, contains, EBML, ebmlHeader, element, stripped, text, unknownSize, videoTrack } from "../../../tests/support/av-bytes";

const info = () =>
  element(EBML.info, element(EBML.dateUtc, new Uint8Array(8).fill(7)), element(EBML.title, text("CasefileTestModel")), element(EBML.muxingApp, text("CasefileTestMake")));
const tags = () => element(EBML.tags, element(EBML.tag, text("LOCATION +52.5163+013.3777/")));
const cluster = (size: "known" | "unknown") =>
  (size === "known" ? element : unknownSize)(EBML.cluster, element(EBML.timestamp, Uint8Array.of(0)), element(EBML.simpleBlock, Uint8Array.of(0x81, 0, 0, 0x80, 1, 2)));

describe("Matroska stripper", () => {
  test("Tags become a Void of the same size; Info's date, title and apps and track names are zeroed", async () => {
    const stale = element(EBML.void, text("left by an editor: CasefileTestModel"));
    const input = concat(ebmlHeader(), element(EBML.segment, info(), stale, element(EBML.tracks, videoTrack("CasefileTestMake")), cluster("known"), tags()));
    const output = (await stripped(input, "video/webm"))!;
    expect(output.length).toBe(input.length);
    for (const secret of ["52.5163", "LOCATION", "CasefileTestMake", "CasefileTestModel"]) expect(contains(output, secret)).toBe(false);
    expect(contains(output, "\x07\x07\x07\x07")).toBe(false);
    expect(await stripped(output, "video/webm")).toEqual(output);
    // The Void ends exactly where the Tags ended: the file still parses to its end.
    const tagsAt = input.length - tags().length;
    expect(output[tagsAt]).toBe(EBML.void);
  });

  test("a CRC-32 at the start of Info, Tracks or a TrackEntry is recomputed over the changed body", async () => {
    const withCrc = (id: number, ...children: Uint8Array[]) => {
      const rest = concat(...children);
      const crc = Bun.hash.crc32(rest);
      return element(id, Uint8Array.of(0xbf, 0x84, crc & 0xff, (crc >> 8) & 0xff, (crc >> 16) & 0xff, crc >>> 24), rest);
    };
    const entry = withCrc(EBML.trackEntry, element(EBML.trackType, Uint8Array.of(1)), element(EBML.name, text("CasefileTestMake")));
    const info = withCrc(EBML.info, element(EBML.title, text("CasefileTestModel")));
    const input = concat(ebmlHeader(), element(EBML.segment, info, withCrc(EBML.tracks, entry)));
    const output = (await stripped(input, "video/webm"))!;
    expect(contains(output, "CasefileTest")).toBe(false);
    // Headers: 4-byte IDs (1 byte for TrackEntry) and 8-byte sizes; each CRC-32 element is 6 bytes.
    const infoAt = ebmlHeader().length + 12;
    const tracksAt = infoAt + info.length;
    const entryAt = tracksAt + 12 + 6;
    const crcHolds = (crcAt: number, end: number) =>
      new DataView(output.buffer).getUint32(crcAt + 2, true) === Bun.hash.crc32(output.subarray(crcAt + 6, end));
    expect(crcHolds(infoAt + 12, tracksAt)).toBe(true);
    expect(crcHolds(tracksAt + 12, output.length)).toBe(true);
    expect(crcHolds(entryAt + 9, output.length)).toBe(true);
  });

  test("a live recording (unknown-size segment and clusters) with Tags after the clusters", async () => {
    const input = concat(ebmlHeader(), unknownSize(EBML.segment, element(EBML.tracks, videoTrack()), cluster("unknown"), cluster("unknown"), tags()));
    const output = (await stripped(input, "video/webm"))!;
    expect(contains(output, "52.5163")).toBe(false);
  });

  test("a small element keeps its size as a Void with a short size field", async () => {
    const tiny = element(0x1043a770); // empty Chapters: 4-byte ID + 8-byte size
    const output = (await stripped(concat(ebmlHeader(), element(EBML.segment, tiny)), "video/webm"))!;
    expect(await stripped(output, "video/webm")).toEqual(output);
  });

  const refused: [string, () => Uint8Array<ArrayBuffer>][] = [
    ["a Motion-JPEG video track (EXIF in every frame)", () =>
      concat(ebmlHeader(), element(EBML.segment, element(EBML.tracks, element(EBML.trackEntry, element(EBML.trackType, Uint8Array.of(1)), element(0x86, text("V_MJPEG"))))))],
    ["a video track whose coding is a Video for Windows FourCC (MJPG among them)", () =>
      concat(ebmlHeader(), element(EBML.segment, element(EBML.tracks, element(EBML.trackEntry, element(0x86, text("V_MS/VFW/FOURCC"))))))],
    ["an element larger than its parent", () => concat(ebmlHeader(), element(EBML.segment, element(EBML.info, element(EBML.title, text("x"))).subarray(0, 20)))],
    ["unknown-size Tags", () => concat(ebmlHeader(), element(EBML.segment, unknownSize(EBML.tags, text("x"))))],
    ["no EBML header", () => element(EBML.segment, tags())],
    ["no segment", () => ebmlHeader()],
    ["an ID of five bytes", () => concat(ebmlHeader(), Uint8Array.of(0x04, 0, 0, 0, 0, 0x80))],
    ["stray bytes at the top level", () => concat(ebmlHeader(), element(EBML.segment), text("GPS"))],
  ];
  for (const [what, make] of refused) {
    test(`fails closed on ${what}`, async () => {
      expect(await stripped(make(), "video/webm")).toBeUndefined();
    });
  }
});
