import { describe, expect, test } from "bun:test";
import { concat, contains, lacingOf, le32, oggPage, opusHead, opusTags, stripped, text } from "../../../tests/support/av-bytes";
import { oggCrc } from "./ogg";

const FIRST = 2;
const CONTINUED = 1;

/** Every page's CRC is right (players drop pages whose CRC is wrong). */
function pagesAreValid(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.length; ) {
    const segments = bytes[at + 26]!;
    const length = 27 + segments + bytes.subarray(at + 27, at + 27 + segments).reduce((n, v) => n + v, 0);
    if (view.getUint32(at + 22, true) !== oggCrc(bytes.subarray(at, at + length))) return false;
    at += length;
  }
  return true;
}

describe("Ogg stripper", () => {
  test("Opus comments spanning two pages are blanked at the same length, with CRCs recomputed", async () => {
    const tags = opusTags("LOCATION=+52.5163+013.3777/", "MAKE=CasefileTestMake", `MODEL=CasefileTestModel${"x".repeat(600)}`);
    const lacing = lacingOf(tags.length);
    const input = concat(
      oggPage([19], opusHead(), { flags: FIRST }),
      oggPage(lacing.slice(0, 2), tags.subarray(0, 510), { sequence: 1 }),
      oggPage(lacing.slice(2), tags.subarray(510), { sequence: 2, flags: CONTINUED }),
      oggPage([3], Uint8Array.of(1, 2, 3), { sequence: 3, granule: 960 }),
    );
    expect(pagesAreValid(input)).toBe(true);
    const output = (await stripped(input, "audio/ogg"))!;
    expect(output.length).toBe(input.length);
    for (const secret of ["52.5163", "CasefileTestMake", "CasefileTestModel", "vendor"]) expect(contains(output, secret)).toBe(false);
    expect(contains(output, "OpusTags")).toBe(true);
    expect(pagesAreValid(output)).toBe(true);
    expect(await stripped(output, "audio/ogg")).toEqual(output);
  });

  test("Vorbis keeps its framing bit; an Ogg FLAC picture becomes padding", async () => {
    const ident = concat(text("\x01vorbis"), new Uint8Array(23));
    const comment = concat(text("\x03vorbis"), le32(4), text("lavf"), le32(1), le32(21), text("MAKE=CasefileTestMake"), Uint8Array.of(1));
    const setup = concat(text("\x05vorbis"), new Uint8Array(10));
    const vorbis = concat(oggPage([ident.length], ident, { flags: FIRST }), oggPage([comment.length, setup.length], concat(comment, setup), { sequence: 1 }));
    const cleanVorbis = (await stripped(vorbis, "audio/ogg"))!;
    expect(contains(cleanVorbis, "CasefileTestMake")).toBe(false);
    expect(cleanVorbis[vorbis.length - setup.length - 1]).toBe(1);

    const flacIdent = concat(text("\x7fFLAC"), Uint8Array.of(1, 0, 0, 2), text("fLaC"), Uint8Array.of(0, 0, 0, 34), new Uint8Array(34));
    const picture = concat(Uint8Array.of(0x86, 0, 0, 16), text("CasefileTestMake"));
    const flacComment = concat(Uint8Array.of(0x04, 0, 0, 12), le32(0), le32(0), le32(0));
    const flac = concat(oggPage([flacIdent.length], flacIdent, { flags: FIRST }), oggPage([flacComment.length, picture.length], concat(flacComment, picture), { sequence: 1 }));
    const cleanFlac = (await stripped(flac, "audio/ogg"))!;
    expect(contains(cleanFlac, "CasefileTestMake")).toBe(false);
    expect(cleanFlac[flac.length - picture.length]).toBe(0x81); // last block, PADDING
    expect(pagesAreValid(cleanFlac)).toBe(true);
  });

  const refused: [string, () => Uint8Array<ArrayBuffer>][] = [
    ["a codec it does not know", () => oggPage([8], text("Speex   "), { flags: FIRST })],
    ["a stream that ends inside its headers", () => oggPage([19], opusHead(), { flags: FIRST })],
    ["a page larger than the file", () => oggPage([19], opusHead(), { flags: FIRST }).subarray(0, 40)],
    ["a page of a stream that never began", () => oggPage([3], Uint8Array.of(1, 2, 3))],
    ["stray bytes between pages", () => concat(oggPage([19], opusHead(), { flags: FIRST }), text("GPS 52.5163"))],
  ];
  for (const [what, make] of refused) {
    test(`fails closed on ${what}`, async () => {
      expect(await stripped(make(), "audio/ogg")).toBeUndefined();
    });
  }
});
