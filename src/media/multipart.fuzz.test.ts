/**
 * Property: whatever multipart bytes arrive (mutated valid bodies, random splits into chunks, odd boundaries and
 * part names), readMultipart either accepts them, with only the route's own file parts within their limits, or
 * refuses them with a 4xx HttpError, in bounded time and memory; and no temp file outlives it.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { HttpError } from "../http/errors";
import { FUZZ_RUNS as RUNS, PER_INPUT_RSS_BYTES } from "../../tests/support/mutations";
import { STALL_MIN_BYTES } from "../uploads/stall-guard";
import { readMultipart, type MultipartLimits } from "./multipart";

const BOUNDARY = "----fuzz7MA4YWxkTrZu0gW";
const limits: MultipartLimits = {
  files: { file: { maxBytes: 16 * 1024, tooLargeMessage: "too large" }, thumbnail: { maxBytes: 2048, tooLargeMessage: "thumb too large" } },
  maxFieldBytes: 512,
  stallMs: 60_000,
  minBytesPerWindow: STALL_MIN_BYTES,
};

let tempDir: string;
beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), "casefile-multipart-fuzz-"));
});
afterAll(() => rm(tempDir, { recursive: true, force: true }));

const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty"];

/** A field, or a file part (one with a filename) named as the route expects or after an Object.prototype member. */
type Part = { name: string; filename?: string; body: Uint8Array };
const part: fc.Arbitrary<Part> = fc.oneof(
  fc.record({ name: fc.constantFrom("title", "notes", "file", "", 'a"b', "é", ...PROTOTYPE_NAMES), body: fc.uint8Array({ maxLength: 1024 }) }),
  fc.record({
    name: fc.constantFrom("file", "thumbnail", "other", ...PROTOTYPE_NAMES),
    filename: fc.constantFrom("a.jpg", "", "../../etc/passwd", "x\u0000y"),
    body: fc.uint8Array({ maxLength: 20 * 1024 }),
  }),
);

function validBody(parts: Part[]): Uint8Array {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const filename = p.filename === undefined ? "" : `; filename="${p.filename}"`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${filename}\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(Buffer.from(p.body), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}

type Mutation =
  | { kind: "flip"; at: number; value: number }
  | { kind: "cut"; at: number }
  | { kind: "repeat"; at: number; length: number; times: number }
  | { kind: "insert"; at: number; bytes: Uint8Array };

/** Byte-level damage to a body: flip, cut, repeat, insert. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("flip" as const), at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }),
  fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("repeat" as const), at: fc.nat(), length: fc.integer({ min: 1, max: 4096 }), times: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), bytes: fc.uint8Array({ maxLength: 64 }) }),
);

function mutate(body: Uint8Array, m: Mutation): Uint8Array {
  const at = body.length === 0 ? 0 : m.at % body.length;
  switch (m.kind) {
    case "flip": {
      const copy = body.slice();
      if (copy.length) copy[at] = m.value;
      return copy;
    }
    case "cut":
      return body.slice(0, at);
    case "repeat": {
      const piece = body.slice(at, at + m.length);
      return new Uint8Array(Buffer.concat([body.slice(0, at), ...Array(m.times).fill(piece), body.slice(at)]));
    }
    case "insert":
      return new Uint8Array(Buffer.concat([body.slice(0, at), m.bytes, body.slice(at)]));
  }
}

const contentType = fc.constantFrom(
  `multipart/form-data; boundary=${BOUNDARY}`,
  `multipart/form-data; boundary="${BOUNDARY}"`,
  "multipart/form-data; boundary=other",
  "multipart/form-data",
  `Multipart/Form-Data; BOUNDARY=${BOUNDARY}; charset=utf-8`,
  "multipart/form-data; boundary=",
);

/** The body as a stream in chunks of random sizes, as a network delivers it. */
function streamOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.map((c) => (bytes.length ? c % bytes.length : 0)))].sort((a, b) => a - b);
  let start = 0;
  const pieces = [...points, bytes.length].map((end) => bytes.slice(start, (start = end)));
  return new ReadableStream({
    pull(controller) {
      const next = pieces.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
}

test("any multipart body is accepted or refused with a 4xx, and leaves no temp file", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(part, { maxLength: 4 }),
      fc.array(mutation, { maxLength: 2 }),
      contentType,
      fc.array(fc.nat(), { maxLength: 8 }),
      fc.boolean(),
      async (parts, mutations, type, cuts, declareLength) => {
        const body = mutations.reduce(mutate, validBody(parts));
        const headers: Record<string, string> = { "content-type": type };
        if (declareLength) headers["content-length"] = String(body.length);
        const request = new Request("http://fuzz.local/", { method: "POST", headers, body: streamOf(body, cuts) });
        const dir = await mkdtemp(path.join(tempDir, "run-")); // one per run, so a leftover names its own input
        const rss = process.memoryUsage.rss();
        const outcome = await Promise.race([
          readMultipart(request, dir, limits).then(
            async (upload) => {
              // Only the route's own file parts, each within its own limit.
              for (const [name, file] of Object.entries(upload.files)) {
                expect(Object.keys(limits.files)).toContain(name);
                expect(file.size).toBeLessThanOrEqual(limits.files[name]!.maxBytes);
              }
              await upload.cleanup();
              return "accepted";
            },
            (error: unknown) => error,
          ),
          Bun.sleep(5000).then(() => "timed out"),
        ]);
        expect(process.memoryUsage.rss() - rss).toBeLessThan(PER_INPUT_RSS_BYTES);
        if (outcome !== "accepted") {
          expect(outcome).toBeInstanceOf(HttpError);
          const { status } = outcome as HttpError;
          expect(status >= 400 && status < 500).toBe(true);
        }
        expect(await readdir(dir)).toEqual([]);
        await rm(dir, { recursive: true });
      },
    ),
    { seed: 20260711, numRuns: RUNS },
  );
});
