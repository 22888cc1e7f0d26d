/**
 * Resumable-upload bytes in S3 (src/uploads/s3-upload-bytes.ts) against a real S3-protocol server (s3rver). Every
 * append is made by a fresh UploadBytes, as another process or instance would: all it knows is the row (offset and
 * store state) that the previous appends' persisted() calls left.
 */
import { mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { loadConfig, type Config } from "../../src/config";
import { createS3Store, PART_BYTES } from "../../src/media/s3-store";
import { createS3UploadBytes } from "../../src/uploads/s3-upload-bytes";
import { sha256 } from "./support/media";
import { startS3rver, type S3Server } from "./support/s3rver";

setDefaultTimeout(60_000);

const MIB = 1024 * 1024;
let s3: S3Server;
let config: Config;
let tempDir: string;
/** Random bytes, different every run; each test uses a prefix. */
const data = new Uint8Array(2 * PART_BYTES + 3 * MIB);
for (let at = 0; at < data.length; at += 65536) crypto.getRandomValues(data.subarray(at, at + 65536));

beforeAll(async () => {
  s3 = await startS3rver();
  config = loadConfig(s3.env);
  tempDir = await mkdtemp(path.join(tmpdir(), "casefile-s3-upload-bytes-"));
});

afterAll(async () => {
  await s3?.stop();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

/** What the uploads table keeps for one upload. */
type Row = { id: string; offset: number; state: string | null };

async function newRow(): Promise<Row> {
  const id = crypto.randomUUID();
  return { id, offset: 0, state: await createS3UploadBytes(config, tempDir).create(id) };
}

/** A request body that hands over the given piece sizes from data at the row's offset, then ends or breaks off. */
function body(from: number, pieces: number[], breakOff = false): ReadableStream<Uint8Array> {
  let at = from;
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next < pieces.length) {
        controller.enqueue(data.slice(at, at + pieces[next]!));
        at += pieces[next++]!;
      } else if (breakOff) controller.error(new Error("the link dropped"));
      else controller.close();
    },
  });
}

/** One PATCH as the service makes it: from the row, updating the row on every persisted() call. */
async function append(row: Row, pieces: number[], breakOff = false): Promise<void> {
  const persistedOffsets: number[] = [];
  const result = await createS3UploadBytes(config, tempDir).append(row.id, row.state, row.offset, body(row.offset, pieces, breakOff), async (offset, state) => {
    expect(offset).toBeGreaterThan(persistedOffsets.at(-1) ?? row.offset);
    persistedOffsets.push(offset);
    row.offset = offset;
    row.state = state;
  });
  expect(result).toEqual({ offset: row.offset, state: row.state });
}

/** Finalises the row and checks the file's bytes are exactly data's first length bytes. */
async function expectFile(row: Row, length: number): Promise<void> {
  expect(row.offset).toBe(length);
  const file = await createS3UploadBytes(config, tempDir).toTempFile(row.id, row.state, length);
  try {
    const bytes = new Uint8Array(await Bun.file(file).arrayBuffer());
    expect(bytes.length).toBe(length);
    expect(sha256(bytes)).toBe(sha256(data.subarray(0, length)));
  } finally {
    await rm(file, { force: true });
  }
}

async function removeAndExpectNothingLeft(row: Row): Promise<void> {
  await createS3UploadBytes(config, tempDir).remove(row.id, row.state);
  expect((await s3.keys()).filter((key) => key.includes(row.id))).toEqual([]);
  expect(await readdir(tempDir)).toEqual([]); // no spooled part, tail or finished file left behind
}

const repeat = (size: number, total: number) => Array.from({ length: Math.ceil(total / size) }, (_, i) => Math.min(size, total - i * size));

test("tiny pieces over many appends cross parts and give back exactly the bytes", async () => {
  const row = await newRow();
  const length = PART_BYTES + 2 * MIB + 17;
  // Appends of uneven sizes, each sent in pieces of 1 byte to 300 KB; boundaries never line up with a part.
  const appendSizes = [1, 1000, 3 * MIB + 5, 4 * MIB, 777, length];
  let sent = 0;
  for (const [i, size] of appendSizes.entries()) {
    const n = Math.min(size, length - sent);
    if (n === 0) break;
    await append(row, repeat([1, 7, 4096, 300_000][i % 4]!, n));
    sent += n;
  }
  await expectFile(row, length);
  await removeAndExpectNothingLeft(row);
});

test("exactly one part, and one part and a byte, in one append each", async () => {
  const exact = await newRow();
  await append(exact, repeat(MIB, PART_BYTES));
  await expectFile(exact, PART_BYTES);
  await removeAndExpectNothingLeft(exact);

  const plusOne = await newRow();
  await append(plusOne, repeat(MIB, PART_BYTES + 1));
  await expectFile(plusOne, PART_BYTES + 1);
  await removeAndExpectNothingLeft(plusOne);
});

test("an upload smaller than a part is its tail; an empty upload is an empty file", async () => {
  const small = await newRow();
  await append(small, [1, 2, 3]);
  await append(small, repeat(64 * 1024, MIB));
  await expectFile(small, MIB + 6);
  await removeAndExpectNothingLeft(small);

  const empty = await newRow();
  await append(empty, []);
  await expectFile(empty, 0);
  await removeAndExpectNothingLeft(empty);
});

test("a body that breaks off keeps every byte that arrived, before and after a part, and the upload continues", async () => {
  const row = await newRow();
  const broke = (pieces: number[]) => expect(append(row, pieces, true)).rejects.toThrow("the link dropped");

  await broke(repeat(MIB, 3 * MIB + 11));
  expect(row.offset).toBe(3 * MIB + 11);
  await broke(repeat(MIB, PART_BYTES)); // the stored tail and this body fill a part, the rest is the new tail
  expect(row.offset).toBe(PART_BYTES + 3 * MIB + 11);
  await broke([]); // nothing arrived: nothing changes
  expect(row.offset).toBe(PART_BYTES + 3 * MIB + 11);
  await append(row, repeat(2 * MIB, data.length - row.offset));
  await expectFile(row, data.length);
  await removeAndExpectNothingLeft(row);
});

test("a request that lost the upload to another one cannot spoil what the row points at", async () => {
  const row = await newRow();
  await append(row, [3 * MIB]);
  const before = { ...row };

  // A stalled request: it has read the row and the stored tail, and its body waits.
  const { promise: pulled, resolve: onPull } = Promise.withResolvers<void>();
  const { promise: gate, resolve: openGate } = Promise.withResolvers<void>();
  const stalledBody = new ReadableStream<Uint8Array>({
    async pull(controller) {
      onPull();
      await gate;
      controller.enqueue(data.slice(before.offset, before.offset + MIB));
      controller.close();
    },
  });
  // Its persisted() fails, as the service's compare-and-set does once another request has moved the row on.
  const stale = createS3UploadBytes(config, tempDir).append(row.id, before.state, before.offset, stalledBody, async () => {
    throw new Error("the upload moved on");
  });
  await pulled;
  await append(row, [2 * MIB]); // another request takes over and writes a new tail
  openGate();
  await expect(stale).rejects.toThrow("the upload moved on");

  await append(row, [4 * MIB]);
  await expectFile(row, 9 * MIB);
  await removeAndExpectNothingLeft(row);
});

test("a request killed before its progress reached the row leaves the row's state whole", async () => {
  const row = await newRow();
  await append(row, [3 * MIB]);
  // The service may save persisted() progress only when the request lets go; this one died before that.
  await createS3UploadBytes(config, tempDir).append(row.id, row.state, row.offset, body(row.offset, [2 * MIB, PART_BYTES]), async () => {});

  await append(row, repeat(MIB, 6 * MIB));
  await expectFile(row, 9 * MIB);
  await removeAndExpectNothingLeft(row);
});

test("an offset that does not match the row's state is refused, and a finalise can be repeated", async () => {
  const row = await newRow();
  await append(row, [PART_BYTES + 5]);
  const bytes = createS3UploadBytes(config, tempDir);
  await expect(bytes.append(row.id, row.state, row.offset + 1, body(0, [1]), async () => {})).rejects.toThrow("does not match");
  await expect(bytes.toTempFile(row.id, row.state, row.offset + 1)).rejects.toThrow();

  await expectFile(row, PART_BYTES + 5);
  await expectFile(row, PART_BYTES + 5); // the first completed the multipart upload; the second reads its object
  await removeAndExpectNothingLeft(row);
  await bytes.remove(row.id, row.state); // already gone: not an error
});

test("spooled bytes a killed process left in the S3 store's temp area are removed when the store next opens", async () => {
  // Loose in the spool's root, as releases before per-process temp folders left them (a dead process's own folder is
  // removed whole: src/media/temp-area.test.ts); an old one is removed, a fresh one may be another instance's.
  const { tempDir: storeTemp } = await createS3Store(config);
  const left = path.join(path.dirname(storeTemp), `${crypto.randomUUID()}.s3-spool`);
  const fresh = path.join(path.dirname(storeTemp), `${crypto.randomUUID()}.s3-spool`);
  await writeFile(left, "part of a part");
  await writeFile(fresh, "part of a part");
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await utimes(left, twoHoursAgo, twoHoursAgo);

  await createS3Store(config);
  expect(await Bun.file(left).exists()).toBe(false);
  expect(await Bun.file(fresh).exists()).toBe(true);
  await rm(fresh);
});
