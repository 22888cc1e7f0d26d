/**
 * Phones store a portrait photo's pixels sideways and say so in EXIF Orientation; the public copy drops EXIF (place,
 * device) and used to drop that tag with it, so visitors saw portraits on their side. The copy keeps exactly that tag.
 */
import { expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { concat } from "../bytes";
import { JPEG_END, JPEG_FRAME, JPEG_SCAN, JPEG_START, jpegSegment, latin1 } from "../../../tests/support/crafted-bytes";
import { photoCopy } from "../../../tests/support/photo-copy";
import { exifOrientation } from "./exif-orientation";

const FIXTURE = path.join(import.meta.dir, "../../../tests/fixtures/photo.jpg");

async function exiftool(...args: string[]): Promise<string> {
  const child = Bun.spawn(["exiftool", ...args], { stdout: "pipe", stderr: "pipe" });
  const out = await new Response(child.stdout).text();
  if ((await child.exited) !== 0) throw new Error(`exiftool ${args.join(" ")}: ${await new Response(child.stderr).text()}`);
  return out;
}

test("a sideways phone photo's public copy keeps its orientation (so it shows upright) and nothing else of EXIF", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "orientation-"));
  try {
    for (const order of ["MM", "II"]) {
      const phone = path.join(dir, `phone-${order}.jpg`);
      await Bun.write(phone, Bun.file(FIXTURE));
      await exiftool("-overwrite_original", `-ExifByteOrder=${order}`, "-Orientation#=6", "-Make=CasefileTestMake", "-Model=CasefileTestModel", "-GPSLatitude=52.5163", "-GPSLatitudeRef=N", "-GPSLongitude=13.3777", "-GPSLongitudeRef=E", phone);
      const copy = photoCopy(await Bun.file(phone).bytes(), "image/jpeg")!;
      const copyPath = path.join(dir, `copy-${order}.jpg`);
      await Bun.write(copyPath, copy);
      const [tags] = JSON.parse(await exiftool("-j", "-n", "-a", "-G1", copyPath)) as Record<string, unknown>[];
      expect(tags!["IFD0:Orientation"]).toBe(6);
      const kept = Object.keys(tags!).filter((key) => /^(IFD|ExifIFD|GPS|XMP|MakerNotes|IPTC)/.test(key));
      expect(kept).toEqual(["IFD0:Orientation"]);
      expect(photoCopy(copy, "image/jpeg")).toEqual(copy); // idempotent
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("an upright photo's copy gets no EXIF at all", () => {
  const upright = concat([JPEG_START, jpegSegment(0xe1, exifPayload("MM", 1)), JPEG_FRAME, JPEG_SCAN, new Uint8Array([0x12]), JPEG_END]);
  const copy = photoCopy(upright, "image/jpeg")!;
  expect(Buffer.from(copy).includes("Exif")).toBe(false);
});

test("hostile EXIF: counts, offsets and types out of bounds read as no orientation, never past the payload", () => {
  expect(exifOrientation(exifPayload("II", 8))).toBe(8);
  expect(exifOrientation(exifPayload("MM", 3))).toBe(3);
  expect(exifOrientation(exifPayload("MM", 9))).toBeUndefined();
  const huge = exifPayload("MM", 6);
  huge.set([0xff, 0xff], 14); // 65,535 entries in a payload of one, the first another tag: reading stops at the end
  huge.set([0x01, 0x00], 16);
  expect(exifOrientation(huge)).toBeUndefined();
  const far = exifPayload("MM", 6);
  far.set([0x7f, 0xff, 0xff, 0xff], 10); // IFD0 beyond the end
  expect(exifOrientation(far)).toBeUndefined();
  const long = exifPayload("MM", 6);
  long[21] = 4; // type LONG, not SHORT
  expect(exifOrientation(long)).toBeUndefined();
  expect(exifOrientation(latin1("Exif\0\0MM"))).toBeUndefined();
  expect(exifOrientation(new Uint8Array(0))).toBeUndefined();
});

/** An APP1 payload: "Exif\0\0", a TIFF header in `order`, IFD0 with one Orientation entry. */
function exifPayload(order: "MM" | "II", value: number): Uint8Array {
  const view = new DataView(new ArrayBuffer(6 + 8 + 2 + 12 + 4));
  const little = order === "II";
  latin1("Exif\0\0" + order).forEach((byte, at) => view.setUint8(at, byte));
  view.setUint16(8, 42, little);
  view.setUint32(10, 8, little);
  view.setUint16(14, 1, little);
  view.setUint16(16, 0x0112, little);
  view.setUint16(18, 3, little);
  view.setUint32(20, 1, little);
  view.setUint16(24, value, little);
  return new Uint8Array(view.buffer);
}
