/**
 * The EXIF Orientation reader on any bytes behind "Exif\0\0" (either byte order, any IFD): 2–8 or none, never an
 * exception, in bounded time; and a JPEG carrying such an APP1 gets a copy that walks again to the same bytes.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { concat } from "../bytes";
import { JPEG_END, JPEG_FRAME, JPEG_SCAN, JPEG_START, jpegSegment, latin1 } from "../../../tests/support/crafted-bytes";
import { FUZZ_RUNS, FUZZ_SEED } from "../../../tests/support/mutations";
import { photoCopy } from "../../../tests/support/photo-copy";
import { exifOrientation } from "./exif-orientation";

const payloads = fc
  .tuple(fc.constantFrom("MM", "II", "XX"), fc.uint8Array({ maxLength: 2048 }))
  .map(([order, rest]) => concat([latin1(`Exif\0\0${order}`), rest]));

describe("EXIF Orientation of any bytes", () => {
  test("a value from 2 to 8 or none, never a throw", () => {
    fc.assert(
      fc.property(payloads, (payload) => {
        const value = exifOrientation(payload);
        expect(value === undefined || (Number.isInteger(value) && value >= 2 && value <= 8)).toBe(true);
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS * 10 },
    );
  });

  test("a JPEG with such an APP1: its copy keeps no more than the Orientation and is its own copy", () => {
    fc.assert(
      fc.property(payloads.filter((p) => p.length < 60_000), (payload) => {
        const jpeg = concat([JPEG_START, jpegSegment(0xe1, payload), JPEG_FRAME, JPEG_SCAN, new Uint8Array([0x12]), JPEG_END]);
        const copy = photoCopy(jpeg, "image/jpeg");
        expect(copy).toBeDefined();
        expect(copy!.length).toBeLessThanOrEqual(jpeg.length + 40);
        expect(photoCopy(copy!, "image/jpeg")).toEqual(copy!);
      }),
      { seed: FUZZ_SEED, numRuns: FUZZ_RUNS * 3 },
    );
  });
});
