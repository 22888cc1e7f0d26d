import { describe, expect, test } from "bun:test";
import { concat, contains, le32, riffChunk, stripped, text, wav } from "../../../tests/support/av-bytes";

describe("WAV stripper", () => {
  test("LIST, bext, iXML and id3 chunks become JUNK with zeroed bodies; sound and format stay", async () => {
    const data = riffChunk("data", new Uint8Array(101).fill(0x80));
    const input = wav(
      riffChunk("LIST", text("INFOIART CasefileTestMake")),
      riffChunk("bext", text("CasefileTestModel 2026-01-02")),
      riffChunk("iXML", text("<LOCATION>52.5163 13.3777</LOCATION>")),
      riffChunk("id3 ", text("ID3 CasefileTestMake")),
      riffChunk("JUNK", text("left by an editor: 52.5163")),
      data,
    );
    const output = (await stripped(input, "audio/wav"))!;
    expect(output.length).toBe(input.length);
    for (const secret of ["52.5163", "CasefileTestMake", "CasefileTestModel", "LIST", "bext", "iXML"]) expect(contains(output, secret)).toBe(false);
    expect(contains(output, "fmt ")).toBe(true);
    expect(Buffer.from(output).includes(Buffer.from(data))).toBe(true);
    expect(await stripped(output, "audio/wav")).toEqual(output);
  });

  const refused: [string, () => Uint8Array<ArrayBuffer>][] = [
    ["a chunk larger than the file", () => wav(concat(text("LIST"), le32(1000)))],
    ["bytes after the RIFF chunk", () => concat(wav(), text("ID3 CasefileTestMake"))],
    ["a RIFF size beyond the file", () => concat(text("RIFF"), le32(1000), text("WAVE"))],
    ["no fmt chunk", () => concat(text("RIFF"), le32(4), text("WAVE"))],
  ];
  for (const [what, make] of refused) {
    test(`fails closed on ${what}`, async () => {
      expect(await stripped(make(), "audio/wav")).toBeUndefined();
    });
  }
});
