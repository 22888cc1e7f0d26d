import { describe, expect, test } from "bun:test";
import path from "node:path";
import { sniffFile } from "./sniff";
import { stripImageMetadata } from "./strip-metadata";

const FIXTURES = path.join(import.meta.dir, "../../tests/fixtures");
const SECRET = "GPS-SECRET-ARTIST"; // written with exiftool together with GPS tags
const read = async (name: string) => new Uint8Array(await Bun.file(path.join(FIXTURES, name)).arrayBuffer());
const has = (bytes: Uint8Array, text: string) => Buffer.from(bytes).includes(text);

describe("public copies of photos", () => {
  for (const [name, mime] of [
    ["gps.jpg", "image/jpeg"],
    ["gps.png", "image/png"],
    ["gps.webp", "image/webp"],
    ["gps.heic", "image/heic"],
  ] as const) {
    test(`${mime}: EXIF/GPS removed, still a ${mime}`, async () => {
      const original = await read(name);
      expect(has(original, SECRET)).toBe(true);
      const copy = stripImageMetadata(original, mime);
      expect(copy).toBeDefined();
      expect(has(copy!, SECRET)).toBe(false);
      expect(has(copy!, "GPS")).toBe(false);
      expect((await sniffFile(new Blob([copy! as Uint8Array<ArrayBuffer>])))?.mime).toBe(mime);
      expect(has(original, SECRET)).toBe(true); // the original buffer is untouched
    });
  }

  test("a photo without metadata needs no copy", async () => {
    expect(stripImageMetadata(await read("photo.webp"), "image/webp")).toBeUndefined();
  });
});
