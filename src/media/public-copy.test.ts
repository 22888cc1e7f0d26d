import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { mediaFiles } from "../db/media-files";
import { Actor, cast, fixture, form, tempFilesLeft, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { sniffFile } from "./sniff";
import { movieOfFrames } from "../../tests/support/av-bytes";
import { CAMERA_SECRETS, cameraJpeg, heifWithJpegItem } from "../../tests/support/crafted-bytes";

/** Video and audio as phones and recorders write them: a place (52.5163 N 13.3777 E) and a device. */
const AV_FIXTURES = ["gps.mp4", "gps-subtitles.mp4", "gps.mov", "gps.m4a", "gps.webm", "gps.mkv", "gps.mp3", "gps.wav", "gps.opus.ogg", "gps.vorbis.ogg"];
const PERSONAL = ["52.5163", "+52.51", "13.3777", "CasefileTestMake", "CasefileTestModel"];

let server: TestServer;
let owner: Participant;
let admin: Actor;
let visitor: Actor;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, admin, visitor } = await cast(server.url));
});
afterAll(() => server.stop());

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
const survivors = (bytes: Uint8Array) => PERSONAL.filter((text) => Buffer.from(bytes).includes(text));
const rowOf = async (url: string) =>
  (await server.ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, url.split("/").pop()!)))[0]!;

/** Uploads bytes as the owner's evidence and makes it public; returns the item. */
async function publish(name: string, bytes: Uint8Array<ArrayBuffer>) {
  const file = new File([bytes], name, { type: "application/octet-stream" });
  const response = await owner.actor.post("/api/evidence", form({ title: name }, { file }));
  expect(response.status).toBe(201);
  const item = await response.json();
  expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(200);
  return item as { id: number; aws_url: string };
}

/** Photos as phones write them: EXIF and XMP with a place and a device, MPF second pictures, trailers, comments. */
const PHOTO_FIXTURES = ["photo.jpg", "multi-picture.jpg", "photo.png", "animated.png", "photo.webp", "animated.webp", "animated.gif", "photo.heic"];

describe("public copies of photos", () => {
  for (const name of PHOTO_FIXTURES) {
    test(`${name}: visitors get no place or device; owner and admin get the original`, async () => {
      const original = new Uint8Array(await (await fixture(`gps/${name}`)).arrayBuffer());
      expect(survivors(original)).toContain("CasefileTestMake"); // the fixture really carries them
      const item = await publish(name, original);

      const forVisitor = await bytesOf(await visitor.get(item.aws_url));
      expect(survivors(forVisitor)).toEqual([]);
      expect(Buffer.from(forVisitor).includes("GPS")).toBe(false);
      expect(await sniffFile(new Blob([forVisitor]))).toEqual((await sniffFile(new Blob([original])))!);
      expect(sha256(await bytesOf(await owner.actor.get(item.aws_url)))).toBe(sha256(original));
      expect(sha256(await bytesOf(await admin.get(item.aws_url)))).toBe(sha256(original));
      expect((await rowOf(item.aws_url)).publicCopy).toBe("copy");
    });
  }
});

describe("public copies of video and audio", () => {
  for (const name of AV_FIXTURES) {
    test(`${name}: visitors get no place or device; owner and admin get the original`, async () => {
      const original = new Uint8Array(await (await fixture(`gps/${name}`)).arrayBuffer());
      expect(survivors(original).length).toBeGreaterThan(1); // the fixture really carries them
      const item = await publish(name, original);

      const forVisitor = await bytesOf(await visitor.get(item.aws_url));
      expect(survivors(forVisitor)).toEqual([]);
      expect(forVisitor.length).toBe(original.length); // offsets kept: chunk tables and cues stay valid
      const sniffedOriginal = await sniffFile(new Blob([original]));
      expect(await sniffFile(new Blob([forVisitor]))).toEqual(sniffedOriginal!);

      expect(sha256(await bytesOf(await owner.actor.get(item.aws_url)))).toBe(sha256(original));
      expect(sha256(await bytesOf(await admin.get(item.aws_url)))).toBe(sha256(original));
      expect((await rowOf(item.aws_url)).publicCopy).toBe("copy");

      const range = await visitor.request("GET", item.aws_url, undefined, { range: "bytes=100-1099" });
      expect(range.status).toBe(206);
      expect(range.headers.get("content-range")).toBe(`bytes 100-1099/${original.length}`);
      expect(await bytesOf(range)).toEqual(forVisitor.subarray(100, 1100));
      expect(await tempFilesLeft(server.uploadsDir)).toEqual([]); // no temp copy left behind
    });
  }

  test("a file already free of place and device is published as it is", async () => {
    const first = await publish("first.mp4", new Uint8Array(await (await fixture("gps/gps.mp4")).arrayBuffer()));
    expect((await rowOf(first.aws_url)).publicCopy).toBe("copy");
    const clean = await bytesOf(await visitor.get(first.aws_url));
    const second = await publish("clean.mp4", clean);
    const row = await rowOf(second.aws_url);
    expect(row.publicCopy).toBe("original");
    expect(row.publicStoreKey).toBeNull();
    expect(sha256(await bytesOf(await visitor.get(second.aws_url)))).toBe(sha256(clean));
  });
});

describe("pictures inside pictures: a JPEG's EXIF inside a video's frames or a HEIF's item", () => {
  const cases: [string, string, () => Uint8Array<ArrayBuffer>][] = [
    ["a Motion-JPEG MOV (EXIF in every frame)", "motion.mov", () => movieOfFrames([cameraJpeg(1), cameraJpeg(2), cameraJpeg(3)])],
    ["a HEIF whose picture item is JPEG-coded", "jpeg-item.heic", heifWithJpegItem],
  ];
  for (const [what, name, make] of cases) {
    test(`${what}: visitors get a copy of the same length without place, make, model or serial; the original is untouched`, async () => {
      const original = make();
      const item = await publish(name, original);
      const forVisitor = await bytesOf(await visitor.get(item.aws_url));
      expect(CAMERA_SECRETS.filter((secret) => Buffer.from(forVisitor).includes(secret))).toEqual([]);
      expect(forVisitor.length).toBe(original.length);
      expect((await rowOf(item.aws_url)).publicCopy).toBe("copy");
      expect(sha256(await bytesOf(await owner.actor.get(item.aws_url)))).toBe(sha256(original));
      expect(sha256(await bytesOf(await admin.get(item.aws_url)))).toBe(sha256(original));
    });
  }

  test("a MOV whose frames are PNG pictures (a coding not walked) is withheld from the public", async () => {
    const item = await publish("png-frames.mov", movieOfFrames([cameraJpeg()], "png "));
    expect((await rowOf(item.aws_url)).publicCopy).toBe("withheld");
    expect((await visitor.get(item.aws_url)).status).toBe(404);
  });
});

/** An MP4 followed by a few stray bytes (too few for a box): sniffed as video, but not fully parseable. */
async function mp4WithStrayBytes(): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = new Uint8Array(await (await fixture("gps/gps.mp4")).arrayBuffer());
  return new Uint8Array([...bytes, 0x43, 0x46, 0x54, 0x4d]);
}

describe("files the stripper cannot parse", () => {
  const cases: [string, () => Promise<Uint8Array<ArrayBuffer>>][] = [
    // (an MP4 whose moov runs past the end of the file is refused earlier, when it is sniffed: 415)
    ["MP4 with stray bytes after its last box", mp4WithStrayBytes],
    ["WAV with bytes after the RIFF chunk", async () => {
      const wav = new Uint8Array(await (await fixture("gps/gps.wav")).arrayBuffer());
      return new Uint8Array([...wav, ...new TextEncoder().encode("ID3 CasefileTestMake 52.5163")]);
    }],
  ];
  for (const [what, make] of cases) {
    test(`${what}: stored for its owner and admins, withheld from the public`, async () => {
      const bytes = await make();
      const item = await publish(`${what}.bin`, bytes);
      expect((await rowOf(item.aws_url)).publicCopy).toBe("withheld");
      expect((await visitor.get(item.aws_url)).status).toBe(404);
      expect((await visitor.request("GET", item.aws_url, undefined, { range: "bytes=0-10" })).status).toBe(404);
      expect(sha256(await bytesOf(await owner.actor.get(item.aws_url)))).toBe(sha256(bytes));
      expect(sha256(await bytesOf(await admin.get(item.aws_url)))).toBe(sha256(bytes));
    });
  }
});
