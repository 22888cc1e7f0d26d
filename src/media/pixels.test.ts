/**
 * Attack family (issue 42): decoders bounded by pixels before decoding. A photo is refused at upload when the
 * pixels it declares pass MAX_PHOTO_PIXELS — before heif-convert or ffmpeg could be asked to decode it. Red before
 * the fix: each was accepted (201), and the HEIF grid below made heif-convert use 1.8 GB for 8 s.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import { concat } from "./bytes";
import { Actor, fixture, form, FIXTURES, mediaRowKeys, newParticipant, registrationFields, storedFiles, tempFilesLeft, type Participant } from "../../tests/support/client";
import { be, JPEG_END, JPEG_SCAN, JPEG_START, PNG_SIGNATURE, pngChunk, riffChunk, webp } from "../../tests/support/crafted-bytes";
import { heifGrid } from "../../tests/support/heif-grid";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { declaredPixels, declaredSize, MAX_PHOTO_PIXELS } from "./pixels";

let server: TestServer;
let owner: Participant;

beforeAll(async () => {
  server = await startTestServer();
  owner = await newParticipant(server.url);
});
afterAll(() => server.stop());

const jpegOf = (width: number, height: number): Uint8Array<ArrayBuffer> =>
  <Uint8Array<ArrayBuffer>>concat([JPEG_START, new Uint8Array([0xff, 0xc0, 0x00, 0x0b, 0x08]), be(height, 2), be(width, 2), new Uint8Array([0x01, 0x01, 0x11, 0x00]), JPEG_SCAN, new Uint8Array(64), JPEG_END]);
const pngOf = (width: number, height: number): Uint8Array<ArrayBuffer> =>
  <Uint8Array<ArrayBuffer>>concat([PNG_SIGNATURE, pngChunk("IHDR", concat([be(width, 4), be(height, 4), new Uint8Array([8, 0, 0, 0, 0])])), pngChunk("IDAT", new Uint8Array(16)), pngChunk("IEND", new Uint8Array(0))]);
const webpOf = (width: number, height: number): Uint8Array<ArrayBuffer> =>
  <Uint8Array<ArrayBuffer>>webp(riffChunk("VP8X", concat([new Uint8Array(4), be(width - 1, 3).reverse(), be(height - 1, 3).reverse()])), riffChunk("VP8 ", new Uint8Array(10)));

describe("the pixels a photo declares, read from its headers", () => {
  test("real photos: their own size", async () => {
    expect(await declaredPixels(Bun.file(path.join(FIXTURES, "tall.jpg")), "image/jpeg")).toBe(600 * 2400);
    expect(await declaredPixels(Bun.file(path.join(FIXTURES, "gps.heic")), "image/heic")).toBe(64 * 64);
    expect(await declaredPixels(Bun.file(path.join(FIXTURES, "photo.webp")), "image/webp")).toBe(64 * 48);
    expect(await declaredPixels(Bun.file(path.join(FIXTURES, "photo.png")), "image/png")).toBe(64 * 48);
  });

  test("a HEIF grid: its output size, not its tile's", async () => {
    expect(await declaredPixels(new Blob([heifGrid()]), "image/heic")).toBe(20480 * 20480);
  });

  test("crafted headers of JPEG, PNG and WebP", async () => {
    expect(await declaredPixels(new Blob([jpegOf(65535, 65535)]), "image/jpeg")).toBe(65535 * 65535);
    expect(await declaredPixels(new Blob([pngOf(30000, 30000)]), "image/png")).toBe(9e8);
    expect(await declaredPixels(new Blob([webpOf(16000, 16000)]), "image/webp")).toBe(256e6);
  });
});

describe("the width and height a photo declares (the edition's IIIF canvases)", () => {
  const ffprobe = async (file: string) => {
    const out = await new Response(Bun.spawn(["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "json", file]).stdout).json();
    const { width, height } = out.streams[0] as { width: number; height: number };
    return { width, height };
  };

  test("as ffprobe reads them, width first (a tall photo is not turned on its side)", async () => {
    for (const [name, mime] of [["tall.jpg", "image/jpeg"], ["photo.jpg", "image/jpeg"], ["photo.webp", "image/webp"], ["photo.png", "image/png"], ["gps.png", "image/png"]] as const) {
      const file = path.join(FIXTURES, name);
      expect({ name, size: await declaredSize(Bun.file(file), mime) }).toEqual({ name, size: await ffprobe(file) });
    }
    expect(await declaredSize(new Blob([jpegOf(4032, 3024)]), "image/jpeg")).toEqual({ width: 4032, height: 3024 });
    expect(await declaredSize(new Blob([webpOf(300, 200)]), "image/webp")).toEqual({ width: 300, height: 200 });
  });

  test("none for a HEIF (tiles and grids, not one size), an unreadable header, or a type it does not read", async () => {
    expect(await declaredSize(Bun.file(path.join(FIXTURES, "gps.heic")), "image/heic")).toBeUndefined();
    expect(await declaredSize(new Blob([new Uint8Array(4096)]), "image/jpeg")).toBeUndefined();
    expect(await declaredSize(Bun.file(path.join(FIXTURES, "photo.png")), "image/svg+xml")).toBeUndefined();
  });
});

describe("photos above the limit are refused before any decoder runs: 415, no row, no file", () => {
  const nothingLeft = async (rowsBefore: string[]) => {
    expect(await mediaRowKeys(server)).toEqual(rowsBefore);
    expect((await storedFiles(server.uploadsDir)).filter((f) => !f.startsWith(".tmp")).sort()).toEqual(rowsBefore);
    expect(await tempFilesLeft(server.uploadsDir)).toEqual([]);
  };

  test("an anonymous registration whose verification photo is a 3.7 KB HEIF grid declaring 20480×20480", async () => {
    const grid = heifGrid();
    expect(grid.length).toBeLessThan(4096);
    const rowsBefore = await mediaRowKeys(server);
    const visitor = new Actor(server.url);
    const fields = registrationFields();
    const { privacy_notice_version } = await (await visitor.get("/api/show")).json();
    const sent = await visitor.post("/api/user/register", form({ ...fields, privacy_consent: String(privacy_notice_version) }, { verification_photo: new File([grid], "IMG_0001.HEIC") }));
    expect(sent.status).toBe(415);
    expect((await sent.json()).message).toBe(`Photos larger than ${MAX_PHOTO_PIXELS / 1e6} megapixels are not supported.`);
    const { rows } = await server.ctx.db.$client.execute({ sql: "select count(*) as n from users where username = ?", args: [fields.username] });
    expect(rows[0]!.n).toBe(0);
    await nothingLeft(rowsBefore);
  });

  for (const [what, bytes] of [
    ["a JPEG declaring 65535×65535", () => jpegOf(65535, 65535)],
    ["a PNG declaring 30000×30000", () => pngOf(30000, 30000)],
    ["a WebP declaring 16000×16000", () => webpOf(16000, 16000)],
  ] as const) {
    test(`evidence: ${what}`, async () => {
      const rowsBefore = await mediaRowKeys(server);
      const sent = await owner.actor.post("/api/evidence", form({ title: "Huge" }, { file: new File([bytes()], "huge") }));
      expect(sent.status).toBe(415);
      expect((await sent.json()).message).toContain("megapixels");
      await nothingLeft(rowsBefore);
    });
  }

  test("a photo within the limit is still taken", async () => {
    expect((await owner.actor.post("/api/evidence", form({ title: "Tall" }, { file: await fixture("tall.jpg") }))).status).toBe(201);
  });
});
