import { describe, expect, test } from "bun:test";
import path from "node:path";
import {
  be, CAMERA_SECRETS, cameraJpeg, fullBox, GIF_HEAD, GIF_IMAGE, heif, isoBox, itemInfo, JPEG_END, JPEG_FRAME, JPEG_SCAN, JPEG_START, jpegSegment, latin1,
  PNG_HEADER, PNG_SIGNATURE, pngChunk, riffChunk, webp,
} from "../../../tests/support/crafted-bytes";
import { HOSTILE_INPUTS } from "../../../tests/support/hostile-inputs";
import { concat } from "../bytes";
import { sniffFile } from "../sniff";
import { photoCopy } from "../../../tests/support/photo-copy";

const FIXTURES = path.join(import.meta.dir, "../../../tests/fixtures");
const read = async (name: string) => new Uint8Array(await Bun.file(path.join(FIXTURES, name)).arrayBuffer());
const has = (bytes: Uint8Array, needle: string | Uint8Array) => Buffer.from(bytes).includes(needle);
const sniffedMime = async (bytes: Uint8Array) => (await sniffFile(new Blob([bytes as Uint8Array<ArrayBuffer>])))?.mime;
const u32s = (values: number[], littleEndian: boolean) => {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  values.forEach((v, i) => view.setUint32(i * 4, v, littleEndian));
  return new Uint8Array(view.buffer);
};

/**
 * What must not survive, as written by make-photos.sh: make, model, comment, city (all "CasefileTest…"), the XMP
 * coordinates, and the EXIF rationals of 52°30' N and 13°22' E in either byte order.
 */
const SECRETS: (string | Uint8Array)[] = [
  "CasefileTest",
  "52,30.978N",
  "13,22.662E",
  ...[true, false].flatMap((le) => [u32s([52, 1, 30, 1], le), u32s([13, 1, 22, 1], le)]),
];

const PHOTOS = [
  { name: "gps/photo.jpg", mime: "image/jpeg", icc: "ICC_PROFILE" },
  { name: "gps/multi-picture.jpg", mime: "image/jpeg", icc: "ICC_PROFILE" },
  { name: "gps/photo.png", mime: "image/png", icc: "iCCP" },
  { name: "gps/animated.png", mime: "image/png", icc: undefined },
  { name: "gps/photo.webp", mime: "image/webp", icc: "ICCP" },
  { name: "gps/animated.webp", mime: "image/webp", icc: undefined },
  { name: "gps/animated.gif", mime: "image/gif", icc: undefined },
  { name: "gps/photo.heic", mime: "image/heic", icc: undefined },
] as const;

describe("public copies of photos carry no place and no device", () => {
  for (const { name, mime, icc } of PHOTOS) {
    test(`${name}: no coordinate, make or model; still ${mime}; idempotent; never larger; original untouched`, async () => {
      const original = await read(name);
      const pristine = original.slice();
      for (const secret of SECRETS.slice(0, 3)) expect(has(original, secret)).toBe(true);
      const copy = photoCopy(original, mime);
      expect(copy).toBeDefined();
      for (const secret of SECRETS) expect(has(copy!, secret)).toBe(false);
      if (icc) expect(has(copy!, icc)).toBe(true); // phone photos keep their colours
      expect(await sniffedMime(copy!)).toBe(mime);
      expect(copy!.length).toBeLessThanOrEqual(original.length);
      expect(photoCopy(copy!, mime)).toEqual(copy!);
      expect(original).toEqual(pristine);
    });
  }

  for (const [name, mime] of [["gps.jpg", "image/jpeg"], ["gps.png", "image/png"], ["gps.webp", "image/webp"], ["gps.heic", "image/heic"]] as const) {
    test(`older fixture ${name}: its EXIF (artist, GPS) is gone`, async () => {
      const copy = photoCopy(await read(name), mime);
      expect(has(copy!, "GPS-SECRET-ARTIST")).toBe(false);
      expect(await sniffedMime(copy!)).toBe(mime);
    });
  }

  test("a photo with nothing to remove comes back byte-equal", async () => {
    const photo = await read("photo.webp");
    expect(photoCopy(photo, "image/webp")).toEqual(photo);
  });

  test("types without a walker have no public copy", () => {
    expect(photoCopy(new Uint8Array(100), "image/svg+xml")).toBeUndefined();
    expect(photoCopy(new Uint8Array(100), "toString")).toBeUndefined();
  });
});

describe("JPEG", () => {
  const jpeg = (...parts: Uint8Array[]) => concat([JPEG_START, ...parts, JPEG_END]);
  const entropy = new Uint8Array([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56]); // data, stuffed 0xFF, data, RST0, data
  const exif = jpegSegment(0xe1, latin1("Exif\0\0MM\0*secret"));

  test("a multi-picture file keeps only the first picture: no MPF index, no second picture, no trailer", async () => {
    const copy = photoCopy(await read("gps/multi-picture.jpg"), "image/jpeg")!;
    expect(has(copy, "MPF\0")).toBe(false);
    expect(has(copy, "VENDORTRAILER")).toBe(false);
    expect(Buffer.from(copy).indexOf(Buffer.from(JPEG_START), 2)).toBe(-1);
    expect(copy.subarray(-2)).toEqual(JPEG_END);
  });

  test("progressive scans, tables between them, restart markers and stuffed bytes are kept as they are", () => {
    const table = jpegSegment(0xc4, new Uint8Array([0x00, ...new Array(16).fill(0)]));
    const progressive = new Uint8Array([...JPEG_FRAME]);
    progressive[1] = 0xc2;
    const bytes = jpeg(progressive, table, JPEG_SCAN, entropy, table, JPEG_SCAN, entropy, exif, JPEG_SCAN, entropy);
    const copy = photoCopy(bytes, "image/jpeg")!;
    expect(copy).toEqual(jpeg(progressive, table, JPEG_SCAN, entropy, table, JPEG_SCAN, entropy, JPEG_SCAN, entropy));
  });

  test("fill bytes before markers are dropped; the JFIF thumbnail (a picture of the picture) is cut out", () => {
    const thumbnail = new Uint8Array([0x01, 0x02, 0x00, 0x00, 0x01, 0x00, 0x01, 0x02, 0x01, ...latin1("RGBRGB")]); // 2×1 thumbnail
    const jfif = jpegSegment(0xe0, concat([latin1("JFIF\0"), thumbnail]));
    const copy = photoCopy(jpeg(jfif, new Uint8Array([0xff, 0xff, 0xff]), JPEG_FRAME.subarray(1), JPEG_SCAN, entropy), "image/jpeg")!;
    const plainJfif = jpegSegment(0xe0, concat([latin1("JFIF\0"), thumbnail.subarray(0, 7), new Uint8Array([0, 0])]));
    expect(copy).toEqual(jpeg(plainJfif, JPEG_FRAME, JPEG_SCAN, entropy));
  });

  const refused: [string, Uint8Array][] = [
    ["stray bytes between segments", jpeg(JPEG_FRAME, new Uint8Array([0x00, 0x42]), JPEG_SCAN, entropy)],
    ["no EOI (truncated)", concat([JPEG_START, JPEG_FRAME, JPEG_SCAN, entropy])],
    ["a scan before any frame", jpeg(JPEG_SCAN, entropy, JPEG_FRAME)],
    ["no scan at all", jpeg(JPEG_FRAME)],
    ["a segment longer than the file", concat([JPEG_START, JPEG_FRAME, new Uint8Array([0xff, 0xe1, 0xff, 0xff, 1, 2])])],
    ["a segment length below 2", jpeg(new Uint8Array([0xff, 0xe1, 0x00, 0x01]), JPEG_FRAME, JPEG_SCAN)],
    ["an unknown marker (JPG extension 0xF0)", jpeg(jpegSegment(0xf0, new Uint8Array(4)), JPEG_FRAME, JPEG_SCAN, entropy)],
    ["a second SOI", jpeg(JPEG_START, JPEG_FRAME, JPEG_SCAN, entropy)],
  ];
  for (const [what, bytes] of refused) {
    test(`fails closed on ${what}`, () => expect(photoCopy(bytes, "image/jpeg")).toBeUndefined());
  }
});

describe("PNG", () => {
  const IDAT = pngChunk("IDAT", new Uint8Array([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]));
  const IEND = pngChunk("IEND", new Uint8Array(0));
  const png = (...chunks: Uint8Array[]) => concat([PNG_SIGNATURE, PNG_HEADER, ...chunks]);

  test("keeps rendering chunks, drops text, EXIF, time, C2PA and unknown chunks, and stops at IEND", () => {
    const gama = pngChunk("gAMA", be(45455, 4));
    const dropped = ["tEXt", "iTXt", "zTXt", "eXIf", "tIME", "caBX", "vpAg"].map((type) => pngChunk(type, latin1("CasefileTestModel")));
    const copy = photoCopy(png(gama, ...dropped, IDAT, IEND, pngChunk("tEXt", latin1("after"))), "image/png");
    expect(copy).toEqual(png(gama, IDAT, IEND));
  });

  const badCrc = pngChunk("gAMA", be(45455, 4));
  badCrc.set([badCrc.at(-1)! ^ 1], badCrc.length - 1);
  const refused: [string, Uint8Array][] = [
    ["a wrong CRC", png(badCrc, IDAT, IEND)],
    ["an unknown critical chunk", png(pngChunk("ABCD", new Uint8Array(1)), IDAT, IEND)],
    ["no IEND", png(IDAT)],
    ["no IDAT", png(IEND)],
    ["IHDR not first", concat([PNG_SIGNATURE, IDAT, PNG_HEADER, IEND])],
    ["a chunk longer than the file", png(concat([be(0x7ffffff0, 4), latin1("IDAT")]))],
  ];
  for (const [what, bytes] of refused) {
    test(`fails closed on ${what}`, () => expect(photoCopy(bytes, "image/png")).toBeUndefined());
  }
});

describe("WebP", () => {
  const VP8L = riffChunk("VP8L", new Uint8Array([0x2f, 0, 0, 0, 0]));
  const vp8x = (flags: number) => riffChunk("VP8X", new Uint8Array([flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]));

  test("drops EXIF, XMP and unknown chunks, clears their VP8X flags and fixes the RIFF size; drops bytes after the RIFF", () => {
    const metadata = [riffChunk("EXIF", latin1("CasefileTestMake")), riffChunk("XMP ", latin1("52,30.978N")), riffChunk("UNKN", new Uint8Array(3))];
    const icc = riffChunk("ICCP", latin1("profile"));
    const copy = photoCopy(concat([webp(vp8x(0x2c), icc, VP8L, ...metadata), latin1("trailer")]), "image/webp");
    expect(copy).toEqual(webp(vp8x(0x20), icc, VP8L));
  });

  test("the ICC flag follows the profile; animation frames keep only their image sub-chunks", () => {
    const frame = (...parts: Uint8Array[]) => riffChunk("ANMF", concat([new Uint8Array(16), ...parts]));
    const bytes = webp(vp8x(0x22), riffChunk("ANIM", new Uint8Array(6)), frame(VP8L, riffChunk("XMP ", latin1("x"))));
    expect(photoCopy(bytes, "image/webp")).toEqual(webp(vp8x(0x02), riffChunk("ANIM", new Uint8Array(6)), frame(VP8L)));
  });

  const refused: [string, Uint8Array][] = [
    ["a RIFF size past the end", concat([latin1("RIFF"), be(0xffffff00, 4), latin1("WEBP"), VP8L])],
    ["a chunk past the RIFF", webp(VP8L, concat([latin1("EXIF"), be(0x00ffffff, 4)]))],
    ["no image chunk", webp(vp8x(0), riffChunk("ICCP", new Uint8Array(2)))],
    ["a frame without an image", webp(vp8x(2), riffChunk("ANMF", new Uint8Array(16)))],
  ];
  for (const [what, bytes] of refused) {
    test(`fails closed on ${what}`, () => expect(photoCopy(bytes, "image/webp")).toBeUndefined());
  }
});

describe("GIF", () => {
  const image = concat([GIF_IMAGE, new Uint8Array([0x02, 0x4c, 0x01, 0x00])]);
  const loop = concat([new Uint8Array([0x21, 0xff, 0x0b]), latin1("NETSCAPE2.0"), new Uint8Array([0x03, 0x01, 0x00, 0x00, 0x00])]);
  const gif = (...blocks: Uint8Array[]) => concat([GIF_HEAD, ...blocks, new Uint8Array([0x3b])]);

  test("the fixture keeps its loop and frames but loses the XMP extension and the comment", async () => {
    const copy = photoCopy(await read("gps/animated.gif"), "image/gif")!;
    expect(has(copy, "NETSCAPE2.0")).toBe(true);
    expect(has(copy, "XMP DataXMP")).toBe(false);
  });

  test("comments, plain text, other application extensions and bytes after the trailer go; the loop is rewritten plainly", () => {
    const comment = concat([new Uint8Array([0x21, 0xfe, 0x05]), latin1("hello"), new Uint8Array([0])]);
    const plainText = concat([new Uint8Array([0x21, 0x01, 0x0c]), new Uint8Array(12), new Uint8Array([0x02, 0x68, 0x69, 0])]);
    const xmp = concat([new Uint8Array([0x21, 0xff, 0x0b]), latin1("XMP DataXMP"), new Uint8Array([0x03, 0x61, 0x62, 0x63, 0])]);
    const loopWithExtra = concat([loop.subarray(0, -1), new Uint8Array([0x02, 0x99, 0x99, 0x00])]);
    const control = new Uint8Array([0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00]);
    const copy = photoCopy(concat([gif(loopWithExtra, comment, control, image, plainText, xmp), latin1("after")]), "image/gif");
    expect(copy).toEqual(gif(loop, control, image));
  });

  const refused: [string, Uint8Array][] = [
    ["no trailer", concat([GIF_HEAD, image])],
    ["no image", gif(loop)],
    ["sub-blocks running past the end", concat([GIF_HEAD, GIF_IMAGE, new Uint8Array([0xff, 1, 2])])],
    ["an unknown block", gif(new Uint8Array([0x99]), image)],
    ["a colour table past the end", concat([latin1("GIF89a"), new Uint8Array([1, 0, 1, 0, 0x87, 0, 0])])],
  ];
  for (const [what, bytes] of refused) {
    test(`fails closed on ${what}`, () => expect(photoCopy(bytes, "image/gif")).toBeUndefined());
  }
});

describe("HEIF", () => {
  const picture = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
  const secret = latin1("CasefileTestMake");
  const mdat = concat([picture, secret]);
  type Item = [id: number, method: number, extents: [offset: number, length: number][]];
  /** iloc version 1 with 4-byte offsets and lengths. */
  const iloc = (items: Item[]) =>
    fullBox("iloc", 1, new Uint8Array([0x44, 0x00]), be(items.length, 2), ...items.map(([id, method, extents]) =>
      concat([be(id, 2), be(method, 2), be(0, 2), be(extents.length, 2), ...extents.flatMap(([o, l]) => [be(o, 4), be(l, 4)])])));
  /** A HEIF whose iloc items are given as a function of where mdat's bytes start (known after a first build). */
  const file = (items: (mdatStart: number) => Item[], ...metaBoxes: Uint8Array[]) => {
    const build = (start: number) => heif([iloc(items(start)), ...metaBoxes], mdat);
    return build(build(0).length - mdat.length);
  };
  const info = itemInfo([[1, "hvc1"], [2, "Exif"]]);
  const pictureAndExif = (start: number): Item[] => [[1, 0, [[start, 8]]], [2, 0, [[start + 8, 16]]]];

  test("non-picture items are zeroed in place, picture items and the layout stay", () => {
    const bytes = file(pictureAndExif, info);
    const copy = photoCopy(bytes, "image/heic")!;
    const mdatStart = bytes.length - mdat.length;
    expect(copy.length).toBe(bytes.length);
    expect(has(copy, secret)).toBe(false);
    expect(copy.subarray(mdatStart, mdatStart + 8)).toEqual(picture);
    expect(copy.subarray(mdatStart + 8)).toEqual(new Uint8Array(16));
  });

  test("bytes in mdat that no kept picture uses (an EXIF item an editor removed, its bytes left behind) are zeroed", () => {
    const bytes = file((start) => [[1, 0, [[start, 8]]]], itemInfo([[1, "hvc1"]]));
    const copy = photoCopy(bytes, "image/heic")!;
    const mdatStart = bytes.length - mdat.length;
    expect(has(copy, secret)).toBe(false);
    expect(copy.subarray(mdatStart, mdatStart + 8)).toEqual(picture);
    expect(copy.subarray(mdatStart + 8)).toEqual(new Uint8Array(16));
  });

  test("boxes outside the whitelist (here an XML box in meta) become zeroed free boxes", () => {
    const bytes = file((start) => [[1, 0, [[start, 8]]]], itemInfo([[1, "hvc1"]]), isoBox("xml ", latin1("<x>52,30.978N</x>")));
    const copy = photoCopy(bytes, "image/heic")!;
    expect(has(copy, "52,30.978N")).toBe(false);
    expect(has(copy, "xml ")).toBe(false);
    expect(copy.length).toBe(bytes.length);
  });

  test("a box of size 0 (to the end of the file) is walked like any other", () => {
    const bytes = file(pictureAndExif, info);
    bytes.set(be(0, 4), bytes.length - mdat.length - 8); // mdat's size field
    expect(has(photoCopy(bytes, "image/heic")!, secret)).toBe(false);
  });

  test("a JPEG-coded picture and its JPEG thumbnail are cleaned in place: EXIF, JFIF and comments zeroed, offsets kept", () => {
    const [photo, thumbnail] = [cameraJpeg(1), cameraJpeg(2)];
    const media = concat([photo, thumbnail]);
    const thmb = fullBox("iref", 0, isoBox("thmb", be(2, 2), be(1, 2), be(1, 2)));
    const build = (start: number) =>
      heif([fullBox("iloc", 1, new Uint8Array([0x44, 0x00]), be(2, 2), ...[[1, start, photo.length], [2, start + photo.length, thumbnail.length]].map(([id, at, length]) =>
        concat([be(id!, 2), be(0, 2), be(0, 2), be(1, 2), be(at!, 4), be(length!, 4)]))), itemInfo([[1, "jpeg"], [2, "jpeg"]]), thmb], media);
    const bytes = build(build(0).length - media.length);
    const copy = photoCopy(bytes, "image/heic")!;
    expect(copy.length).toBe(bytes.length);
    for (const secret of CAMERA_SECRETS) expect(has(copy, secret)).toBe(false);
    const start = bytes.length - media.length;
    expect([...copy.subarray(start, start + 2)]).toEqual([0xff, 0xd8]);
    expect(copy.subarray(start + photo.length - 31, start + photo.length)).toEqual(photo.subarray(photo.length - 31)); // frame, scan, EOI
    expect(photoCopy(copy, "image/heic")).toEqual(copy);
  });

  test("the iloc bomb (billions of declared extents in a few KB) is refused at once", () => {
    expect(photoCopy(HOSTILE_INPUTS.find((h) => h.name === "heif-iloc-bomb")!.build(), "image/heic")).toBeUndefined();
  });

  const refused: [string, Uint8Array][] = [
    ["a metadata extent outside the file", file((start) => [[1, 0, [[start, 8]]], [2, 0, [[start + 8, 1 << 20]]]], info)],
    ["a metadata extent outside mdat (over the box structure)", file(() => [[1, 0, [[0, 8]]], [2, 0, [[0, 64]]]], info)],
    ["a picture extent outside the file", file((start) => [[1, 0, [[0xfffffff0, 8]]], [2, 0, [[start + 8, 16]]]], info)],
    ["a metadata item located through another item (method 2)", file((start) => [[1, 0, [[start, 8]]], [2, 2, [[0, 0]]]], info)],
    ["an idat item without idat", file((start) => [[1, 0, [[start, 8]]], [2, 1, [[0, 4]]]], info)],
    ["an iloc item count larger than its box", heif([fullBox("iloc", 1, new Uint8Array([0x44, 0x00]), be(0xffff, 2)), info])],
    ["an unknown iloc field size", heif([fullBox("iloc", 1, new Uint8Array([0x33, 0x00]), be(0, 2)), info])],
    ["a box larger than its parent", file(() => [], concat([be(0x7fffffff, 4), latin1("iinf")]))],
    ["a box with a 64-bit size below its header", file(() => [], info, concat([be(1, 4), latin1("free"), be(8, 8)]))],
    ["no item info", file(() => [])],
    ["two meta boxes", concat([file(() => [], info), fullBox("meta", 0)])],
    ["a primary item that is not a picture (a PNG as a mime item)", file((start) => [[1, 0, [[start, 8]]]], itemInfo([[1, "mime"]]))],
    ["a primary item coded as JPEG 2000 (COM segments)", file((start) => [[1, 0, [[start, 8]]]], itemInfo([[1, "j2k1"]]))],
    ["a JPEG item that is not a JPEG", file((start) => [[1, 0, [[start, 8]]]], itemInfo([[1, "jpeg"]]))],
    ["two JPEG items over the same bytes (each would be walked again)", (() => {
      const photo = cameraJpeg();
      const build = (start: number) =>
        heif([fullBox("iloc", 1, new Uint8Array([0x44, 0x00]), be(2, 2), ...[1, 2].map((id) => concat([be(id, 2), be(0, 2), be(0, 2), be(1, 2), be(start, 4), be(photo.length, 4)]))), itemInfo([[1, "jpeg"], [2, "jpeg"]])], photo);
      return build(build(0).length - photo.length);
    })()],
    ["a JPEG item in two extents", file((start) => [[1, 0, [[start, 4], [start + 4, 4]]]], itemInfo([[1, "jpeg"]]))],
  ];
  for (const [what, bytes] of refused) {
    test(`fails closed on ${what}`, () => expect(photoCopy(bytes, "image/heic")).toBeUndefined());
  }
});

describe("the worst inputs we can build are answered without throwing, never with a larger file", () => {
  for (const hostile of HOSTILE_INPUTS.filter((h) => h.target !== "sniff")) {
    test(hostile.name, () => {
      const bytes = hostile.build(1024 * 1024);
      const copy = photoCopy(bytes, hostile.target.slice("strip ".length));
      if (copy) expect(copy.length).toBeLessThanOrEqual(bytes.length);
    });
  }
});
