/**
 * A file part copied out of its body while the body arrives (on the media thread) is the part the scanner finds in the
 * finished body: the same end, the same bytes in its own file, the same SHA-256 — wherever its delimiter, or the
 * prefixes of one, fall across the thread's reads and the steps of arrival; refused alike when the body ends inside it
 * or it passes its limit; found by the scanner itself when the thread stops. And through the server, a large upload.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, open, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { form, newParticipant, type Participant } from "../../tests/support/client";
import { FUZZ_RUNS } from "../../tests/support/mutations";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { videoOfSize } from "../../tests/support/tus";
import { HttpError } from "../http/errors";
import { extractArrivingPart } from "./extract-part";
import { mediaThread } from "./media-thread";
import { EXTRACTION_READ_BYTES } from "./part-extraction";
import { type BodyOnDisk, type PartExtractor, scanMultipart, type ScanRules, wholeFile } from "./multipart-scan";

const BOUNDARY = "----extract1dQ9kT2pX";
const DELIMITER = `\r\n--${BOUNDARY}`;
const MIB = 1024 * 1024;
const READ = EXTRACTION_READ_BYTES;
const rules: ScanRules = {
  files: new Map([["file", { maxBytes: 3 * MIB, tooLargeMessage: "too large" }]]),
  maxFieldBytes: 512,
  maxFields: 5,
  maxParts: 8,
};
const PROGRAM = new URL("./media-thread-worker.ts", import.meta.url);
const FAULTY = new URL("../../tests/support/faulty-media-thread.ts", import.meta.url);
const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "casefile-extract-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A body that grows from stop to stop (as the runtime writes it, seen at looks): each wait ends at the next stop. */
function arrivingIn(size: number, stops: number[]): BodyOnDisk {
  const sorted = [...stops, size].filter((stop) => stop > 0 && stop <= size).sort((a, b) => a - b);
  return {
    async reach(bytes) {
      await Bun.sleep(0);
      return sorted.find((stop) => stop >= bytes) ?? size;
    },
  };
}

type Outcome = { status: number } | { fields: Record<string, string>; files: { name: string; start: number; length: number; copied?: { bytes: string; sha256: string } }[] };

let counter = 0;
async function scan(body: Uint8Array, arriving?: { stops: number[]; extract: ReturnType<typeof mediaThread>["extract"] }): Promise<Outcome> {
  const file = path.join(dir, `${++counter}.body`);
  await Bun.write(file, body);
  const handle = await open(file, "r");
  const copies: string[] = [];
  // The scanner and the extraction see one arrival.
  const seen = arriving ? arrivingIn(body.length, arriving.stops) : wholeFile(body.length);
  const extractPart: PartExtractor | undefined =
    arriving &&
    ((part) => {
      const target = path.join(dir, `${counter}-${copies.length}.part`);
      copies.push(target);
      return extractArrivingPart(seen, { ...part, body: file, target }, arriving.extract);
    });
  try {
    const { fields, files } = await scanMultipart(handle, seen, BOUNDARY, rules, extractPart);
    return {
      fields: { ...fields },
      files: await Promise.all(
        files.map(async ({ name, start, length, copied }) => ({
          name,
          start,
          length,
          copied: copied && { bytes: Buffer.from(await readFile(copied.path)).toString("hex"), sha256: copied.sha256 },
        })),
      ),
    };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status };
  } finally {
    await handle.close();
    await Promise.all([file, ...copies].map((p) => rm(p, { force: true })));
  }
}

const enc = new TextEncoder();
const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nA long walk\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;

/** A part's content: random bytes with prefixes of the delimiter (or, rarely, all of it) planted at the given places. */
function content(length: number, plants: { at: number; cut: number }[]): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 65536) crypto.getRandomValues(bytes.subarray(at, Math.min(length, at + 65536)));
  for (const { at, cut } of plants) bytes.set(enc.encode(DELIMITER.slice(0, cut)).subarray(0, Math.max(0, length - at)), Math.min(at, length));
  return bytes;
}

const bodyOf = (part: Uint8Array, tail = `${DELIMITER}--\r\n`) => Buffer.concat([enc.encode(head), part, enc.encode(tail)]);

/**
 * The scan of the body as it arrives, with its parts extracted: each copy checked against the body's bytes, then set
 * aside, so what remains compares with the scanner's own answer on the finished body. Counts the copies made.
 */
let copiesChecked = 0;
async function extractedAndChecked(body: Uint8Array, arriving: { stops: number[]; extract: ReturnType<typeof mediaThread>["extract"] }): Promise<Outcome> {
  const outcome = await scan(body, arriving);
  if ("status" in outcome) return outcome;
  for (const file of outcome.files) {
    const bytes = body.subarray(file.start, file.start + file.length);
    if (file.copied) expect(file.copied).toEqual({ bytes: Buffer.from(bytes).toString("hex"), sha256: sha256(bytes) });
    if (file.copied) copiesChecked++;
    delete file.copied;
  }
  return outcome;
}

describe("a file part copied while its body arrives", () => {
  const thread = mediaThread(PROGRAM);
  // The thread reads EXTRACTION_READ_BYTES at a time: contents ending around its multiples, delimiter prefixes there.
  const edge = fc.tuple(fc.constantFrom(READ, 2 * READ, 4 * READ, 8 * READ), fc.integer({ min: -2, max: DELIMITER.length + 2 })).map(([at, before]) => at - before);
  const plant = fc.record({ at: fc.oneof(edge, fc.nat({ max: 2 * MIB + 64 })), cut: fc.integer({ min: 1, max: DELIMITER.length }) });
  // Where the body has arrived when the thread looks: anywhere, and just around the delimiter that ends the part.
  const stops = fc.array(fc.nat({ max: 3 * MIB }), { maxLength: 6 });
  const aroundDelimiter = fc.integer({ min: -2, max: DELIMITER.length + 2 });
  const nearEnd = fc.array(fc.oneof(fc.constantFrom(0, 1, DELIMITER.length - 1, DELIMITER.length), aroundDelimiter), { minLength: 1, maxLength: 3 });
  // Mostly well formed (the part closes the body, or a field follows it); sometimes broken after the part or cut.
  const tails = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(`${DELIMITER}--\r\n`, `${DELIMITER}\r\nContent-Disposition: form-data; name="notes"\r\n\r\nby the weir${DELIMITER}--\r\n`) },
    { weight: 1, arbitrary: fc.constantFrom(`${DELIMITER}x`, "") },
  );

  const RUNS = Math.max(60, Math.ceil(FUZZ_RUNS / 5));
  test("ends where the scanner ends it, with the same bytes and SHA-256 — or is refused the same way", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(edge, fc.nat({ max: 2 * MIB + 64 })), fc.array(plant, { maxLength: 4 }), stops, nearEnd, tails, async (length, plants, anywhere, near, tail) => {
        const body = bodyOf(content(length, plants), tail);
        const end = head.length + length;
        const arrival = [...anywhere.map((at) => head.length + at), ...near.map((at) => end + at)];
        expect(await extractedAndChecked(body, { stops: arrival, extract: thread.extract })).toEqual(await scan(body));
      }),
      { numRuns: RUNS },
    );
    // Most well-formed bodies had their part copied by the thread (an empty part, or one the body ends in, is not).
    expect(copiesChecked).toBeGreaterThan(RUNS / 3);
  }, 120_000);

  test("a part that passes its limit while arriving is refused with 413", async () => {
    const body = bodyOf(content(3 * MIB + 100, []));
    expect(await scan(body, { stops: [256 * 1024, MIB, 2 * MIB, 3 * MIB], extract: thread.extract })).toEqual({ status: 413 });
  });

  test("a body that ends inside the part is refused with 400", async () => {
    const body = Buffer.concat([enc.encode(head), content(MIB + 5, [])]);
    expect(await scan(body, { stops: [100_000, 700_000], extract: thread.extract })).toEqual({ status: 400 });
  });

  test("when the media thread stops mid-part, the scanner finds the part itself: nothing is refused for it", async () => {
    const hanging = mediaThread(FAULTY, () => 300);
    const body = bodyOf(content(2 * MIB, [{ at: MIB - 3, cut: 10 }]));
    const file = path.join(dir, "stopped.body");
    await Bun.write(file, body);
    const handle = await open(file, "r");
    try {
      const extractPart: PartExtractor = async (part) => {
        const target = path.join(dir, "stopped.hang"); // the faulty thread never answers for it
        const extracted = await extractArrivingPart(wholeFile(body.length), { ...part, body: file, target }, hanging.extract);
        expect(extracted).toBeUndefined();
        return extracted;
      };
      const scanned = await scanMultipart(handle, wholeFile(body.length), BOUNDARY, rules, extractPart);
      expect(scanned.files).toEqual([{ name: "file", filename: "v.mp4", start: head.length, length: 2 * MIB, copied: undefined }]);
    } finally {
      await handle.close();
    }
  });
});

describe("a large upload through the server", () => {
  let server: TestServer;
  let owner: Participant;
  beforeAll(async () => {
    server = await startTestServer({ MAX_UPLOAD_MB: "80" });
    owner = await newParticipant(server.url);
  });
  afterAll(() => server.stop());

  async function sent(video: Uint8Array<ArrayBuffer>) {
    const response = await owner.actor.post("/api/evidence", form({ title: "The whole walk" }, { file: new File([video], "walk.mp4", { type: "video/mp4" }) }));
    expect(response.status).toBe(201);
    const item = await response.json();
    expect(item.media).toMatchObject({ mime: "video/mp4", size: video.length, sha256: sha256(video) });
    const stored = await owner.actor.get(item.aws_url);
    expect(Buffer.from(await stored.arrayBuffer()).equals(video)).toBe(true);
  }

  test("a 12 MiB video is stored whole with its SHA-256, and no temp file stays", async () => {
    await sent(await videoOfSize(12 * MIB));
    expect(await readdir(server.ctx.store.tempDir)).toEqual([]);
  });

  test("a 70 MiB video's received body, removed after the answer, is gone soon after", async () => {
    await sent(await videoOfSize(70 * MIB));
    for (let waited = 0; waited < 2000 && (await readdir(server.ctx.store.tempDir)).length > 0; waited += 20) await Bun.sleep(20);
    expect(await readdir(server.ctx.store.tempDir)).toEqual([]);
  });
});
