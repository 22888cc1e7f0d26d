/** Builders for crafted media bytes in tests: the pieces of ISO boxes, HEIF, JPEG, PNG, RIFF and GIF files. */
import { concat } from "../../src/media/bytes";

export const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** `value` as a big-endian unsigned integer of `size` bytes. */
export const be = (value: number, size: number) => {
  const out = new Uint8Array(size);
  for (let i = size - 1, v = value; i >= 0; i--, v = Math.floor(v / 256)) out[i] = v % 256;
  return out;
};
export const le32 = (value: number) => be(value, 4).reverse();

/** `count` copies of `unit`, filling one buffer (no array of parts). */
export function repeated(unit: Uint8Array, count: number): Uint8Array {
  const out = new Uint8Array(unit.length * Math.max(0, Math.floor(count)));
  for (let at = 0; at < out.length; at += unit.length) out.set(unit, at);
  return out;
}

export const isoBox = (type: string, ...body: Uint8Array[]) => {
  const content = concat(body);
  return concat([be(8 + content.length, 4), latin1(type), content]);
};
export const fullBox = (type: string, version: number, ...body: Uint8Array[]) => isoBox(type, new Uint8Array([version, 0, 0, 0]), ...body);
export const ftyp = (brand: string) => isoBox("ftyp", latin1(brand), be(0, 4), latin1(brand));

/** An item-info box declaring one item of the given type (infe version 2). */
export const itemInfo = (items: [id: number, type: string][]) =>
  fullBox("iinf", 0, be(items.length, 2), ...items.map(([id, type]) => fullBox("infe", 2, be(id, 2), be(0, 2), latin1(type), new Uint8Array([0]))));

/** A HEIF file: ftyp, meta (hdlr, pitm, the given boxes), then an mdat of `mdat` bytes. */
export function heif(metaBoxes: Uint8Array[], mdat: Uint8Array = new Uint8Array(8)): Uint8Array {
  const hdlr = fullBox("hdlr", 0, be(0, 4), latin1("pict"), new Uint8Array(13));
  const meta = fullBox("meta", 0, hdlr, fullBox("pitm", 0, be(1, 2)), ...metaBoxes);
  return concat([ftyp("heic"), meta, isoBox("mdat", mdat)]);
}

export const JPEG_START = new Uint8Array([0xff, 0xd8]);
export const JPEG_END = new Uint8Array([0xff, 0xd9]);
/** A 1×1 greyscale baseline frame header and one scan header (no tables: the walker does not decode). */
export const JPEG_FRAME = new Uint8Array([0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]);
export const JPEG_SCAN = new Uint8Array([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]);
/** A JPEG segment: marker, length, payload. */
export const jpegSegment = (marker: number, payload: Uint8Array) => concat([new Uint8Array([0xff, marker]), be(payload.length + 2, 2), payload]);

export const PNG_SIGNATURE = latin1("\x89PNG\r\n\x1a\n");
export const pngChunk = (type: string, data: Uint8Array) => {
  const typed = concat([latin1(type), data]);
  return concat([be(data.length, 4), typed, be(Bun.hash.crc32(typed), 4)]);
};
export const PNG_HEADER = pngChunk("IHDR", concat([be(1, 4), be(1, 4), new Uint8Array([8, 0, 0, 0, 0])]));

/** A RIFF chunk, padded to an even size. */
export const riffChunk = (type: string, data: Uint8Array) =>
  concat([latin1(type), le32(data.length), data, new Uint8Array(data.length & 1)]);
export const webp = (...chunks: Uint8Array[]) => {
  const body = concat([latin1("WEBP"), ...chunks]);
  return concat([latin1("RIFF"), le32(body.length), body]);
};

export const GIF_HEAD = concat([latin1("GIF89a"), new Uint8Array([1, 0, 1, 0, 0, 0, 0])]);
/** A 1×1 image descriptor and LZW code size, before its data sub-blocks. */
export const GIF_IMAGE = new Uint8Array([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02]);

/** What a camera writes into every JPEG it makes: a place, a make, a model and a serial number. */
export const CAMERA_SECRETS = ["GPS", "52.5163", "13.3777", "CasefileTestMake", "CasefileTestModel", "CasefileTestSerial", "CasefileTestComment"];

/**
 * A camera's JPEG (a photo, a HEIF item or a Motion-JPEG frame): JFIF, an EXIF APP1 with CAMERA_SECRETS, a comment,
 * a 1×1 frame and a scan whose entropy-coded data has a stuffed 0xFF, then EOI.
 */
export const cameraJpeg = (frame = 0) =>
  concat([
    JPEG_START,
    jpegSegment(0xe0, latin1("JFIF\0\x01\x01\0\0\x01\0\x01\0\0")),
    jpegSegment(0xe1, latin1(`Exif\0\0GPSLatitude 52.5163 GPSLongitude 13.3777 Make CasefileTestMake Model CasefileTestModel Serial CasefileTestSerial ${frame}`)),
    jpegSegment(0xfe, latin1("CasefileTestComment")),
    JPEG_FRAME,
    JPEG_SCAN,
    new Uint8Array([0x12, 0x34, 0xff, 0x00, 0x56, frame & 0xff]),
    JPEG_END,
  ]);

/**
 * A HEIF whose primary picture is JPEG-coded (as some cameras and converters write it), with its EXIF inside, and
 * its size (ispe, which every picture item must have) among its properties.
 */
export function heifWithJpegItem(): Uint8Array<ArrayBuffer> {
  const photo = cameraJpeg();
  const properties = isoBox("iprp", isoBox("ipco", fullBox("ispe", 0, be(1, 4), be(1, 4))), fullBox("ipma", 0, be(1, 4), be(1, 2), new Uint8Array([1, 1])));
  const build = (start: number) =>
    heif([fullBox("iloc", 1, new Uint8Array([0x44, 0x00]), be(1, 2), be(1, 2), be(0, 2), be(0, 2), be(1, 2), be(start, 4), be(photo.length, 4)), itemInfo([[1, "jpeg"]]), properties], photo);
  return build(build(0).length - photo.length) as Uint8Array<ArrayBuffer>;
}
