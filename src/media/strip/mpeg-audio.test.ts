import { describe, expect, test } from "bun:test";
import { adtsFrame, apeTag, concat, contains, id3v1, id3v2, mp3Frame, stripped, text } from "../../../tests/support/av-bytes";

const SECRET = "TXXX location +52.5163+013.3777 CasefileTestMake";

describe("MP3 and ADTS stripper", () => {
  test("ID3v2 (leading, in the middle, with a footer), APEv2 and ID3v1 are blanked in place", async () => {
    const input = concat(id3v2(text(SECRET)), mp3Frame(), mp3Frame(), id3v2(text(SECRET)), mp3Frame(), apeTag(text(SECRET)), id3v1("CasefileTestModel"));
    const output = (await stripped(input, "audio/mpeg"))!;
    expect(output.length).toBe(input.length);
    for (const secret of ["52.5163", "CasefileTestMake", "CasefileTestModel"]) expect(contains(output, secret)).toBe(false);
    expect(contains(output, "ID3")).toBe(true); // headers stay, so players skip the tags as before
    expect(contains(output, "TAG")).toBe(true);
    expect(await stripped(output, "audio/mpeg")).toEqual(output);
  });

  test("an ID3v2 tag with a footer, appended after the audio", async () => {
    const body = text(SECRET);
    const header = id3v2(body, 0x10);
    const footer = concat(text("3DI"), header.subarray(3, 10));
    footer[5] = 0x10;
    const output = (await stripped(concat(mp3Frame(), header, footer), "audio/mpeg"))!;
    expect(contains(output, "52.5163")).toBe(false);
  });

  test("ADTS AAC with an ID3v1 tag", async () => {
    const output = (await stripped(concat(adtsFrame(), adtsFrame(), id3v1("CasefileTestModel")), "audio/aac"))!;
    expect(contains(output, "CasefileTestModel")).toBe(false);
  });

  test("a last frame cut short is audio, not a reason to withhold", async () => {
    expect(await stripped(concat(mp3Frame(), mp3Frame().subarray(0, 100)), "audio/mpeg")).toBeDefined();
  });

  const refused: [string, () => Uint8Array<ArrayBuffer>][] = [
    ["bytes between frames", () => concat(mp3Frame(), text("CasefileTestMake"), mp3Frame())],
    ["an ID3v2 tag larger than the file", () => concat(id3v2(text(SECRET)).subarray(0, 20))],
    ["a size that is not syncsafe", () => concat(text("ID3"), Uint8Array.of(3, 0, 0, 0x80, 0, 0, 0), mp3Frame())],
    ["free-format frames", () => concat(Uint8Array.of(0xff, 0xfb, 0x00, 0x00), new Uint8Array(100))],
    ["an APE tag larger than the file", () => concat(mp3Frame(), text("APETAGEX"), new Uint8Array([0xd0, 0x07, 0, 0, 0xff, 0xff, 0xff, 0]), new Uint8Array(16))],
  ];
  for (const [what, make] of refused) {
    test(`fails closed on ${what}`, async () => {
      expect(await stripped(make(), "audio/mpeg")).toBeUndefined();
    });
  }
});
