/**
 * The scanner against busboy, the streaming parser casefile used before (kept as a dev dependency for this test):
 * whatever body arrives — well formed, with content full of near-delimiters, or damaged — what the scanner accepts,
 * busboy (fed in random chunks, with the same rules applied to its events) accepts with the same fields and the same
 * file bytes; and every well-formed body is accepted by both. Plus the cases a differential test cannot state.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import busboy from "busboy";
import fc from "fast-check";
import { HttpError } from "../http/errors";
import { PER_INPUT_MS, FUZZ_RUNS as RUNS } from "../../tests/support/mutations";
import { boundaryOf, scanMultipart, type ScanRules, wholeFile } from "./multipart-scan";

const BOUNDARY = "----scan7MA4YWxkTrZu0gW";
const rules: ScanRules = {
  files: new Map([
    ["file", { maxBytes: 16 * 1024, tooLargeMessage: "too large" }],
    ["thumbnail", { maxBytes: 2048, tooLargeMessage: "thumb too large" }],
  ]),
  maxFieldBytes: 512,
  maxFields: 5,
  maxParts: 8,
};

/** Fields and files as [name, value] lists: a part named `__proto__` is an entry like any other. */
type Outcome = { fields: [string, string][]; files: [string, string][] } | "refused";
const entries = (record: Record<string, string>) => Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "casefile-scan-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let counter = 0;
async function scanned(body: Uint8Array, boundary = BOUNDARY, scanRules = rules): Promise<Outcome | HttpError> {
  const file = path.join(dir, `${++counter}.body`);
  await Bun.write(file, body);
  const handle = await open(file, "r");
  try {
    const { fields, files } = await scanMultipart(handle, wholeFile(body.length), boundary, scanRules);
    const bytes: Record<string, string> = Object.create(null);
    for (const part of files) bytes[part.name] = Buffer.from(body.subarray(part.start, part.start + part.length)).toString("hex");
    return { fields: entries(fields), files: entries(bytes) };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status < 400 || error.status >= 500) throw error;
    return error;
  } finally {
    await handle.close();
    await rm(file, { force: true });
  }
}

/** busboy with the rules readMultipart applied to its events before the scanner (first file of a name wins, …). */
function reference(body: Uint8Array, cuts: number[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const fields: Record<string, string> = Object.create(null);
    const files: Record<string, string> = Object.create(null);
    const claimed = new Set<string>();
    let failed = false;
    const fail = () => {
      if (!failed) resolve("refused");
      failed = true;
    };
    const parser = busboy({
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      defParamCharset: "utf8",
      // busboy marks a field truncated when it reaches fieldSize, and calls the limit on the part that passes it.
      limits: { fields: rules.maxFields, fieldSize: rules.maxFieldBytes + 1, files: rules.files.size, parts: rules.maxParts + 1 },
    });
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail();
      if (name !== undefined) fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      const rule = rules.files.get(name);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", () => {});
      if (!rule || info.filename === undefined) {
        if (!(rule && claimed.has(name))) fail();
        return;
      }
      if (claimed.has(name)) return;
      claimed.add(name);
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        if (bytes.length > rule.maxBytes) fail();
        files[name] = bytes.toString("hex");
      });
    });
    for (const limit of ["filesLimit", "fieldsLimit", "partsLimit", "error"]) parser.on(limit, fail);
    parser.on("close", () => {
      if (!failed) resolve({ fields: entries(fields), files: entries(files) });
    });
    // Fed up to its closing delimiter: busboy goes on parsing parts after it within the same chunk (its end takes
    // effect at the next write), though what follows the close is an epilogue (RFC 2046).
    const close = Buffer.concat([Buffer.from("\r\n"), body]).indexOf(`\r\n--${BOUNDARY}--`);
    if (close >= 0) body = body.subarray(0, close + BOUNDARY.length + 4);
    const points = [...new Set(cuts.map((c) => (body.length ? c % body.length : 0)))].sort((a, b) => a - b);
    let start = 0;
    for (const end of [...points, body.length]) parser.write(Buffer.from(body.subarray(start, (start = end))));
    parser.end();
  });
}

/** Content that invites mistakes: CR, LF, dashes, the boundary and pieces of the delimiter. */
const trickyBytes = fc
  .array(
    fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.constantFrom("\r\n", "\r", "\n", "--", `--${BOUNDARY}`, `\r\n--${BOUNDARY.slice(0, 9)}`, `\r\n--${BOUNDARY}x`, `--${BOUNDARY}--`, "\r\n\r\n").map((s) => Buffer.from(s)),
    ),
    { maxLength: 12 },
  )
  .map((pieces) => new Uint8Array(Buffer.concat(pieces)));

type Part = { name: string; filename?: string; type?: string; body: Uint8Array };
const part: fc.Arbitrary<Part> = fc.record(
  {
    name: fc.constantFrom("title", "notes", "file", "thumbnail", "other", "__proto__", "", "é"),
    filename: fc.constantFrom("a.jpg", "", "dir/b.png", "c\\d.mp4", "naïve.jpg"),
    // No charset parameter: busboy decodes a field by it, casefile always as UTF-8 (what browsers send).
    type: fc.constantFrom("application/octet-stream", "image/jpeg", "text/plain"),
    body: fc.oneof(trickyBytes, fc.uint8Array({ maxLength: 3000 })),
  },
  { requiredKeys: ["name", "body"] },
);

function bodyOf(parts: Part[], preamble: string, epilogue: string): Uint8Array {
  const pieces: Buffer[] = [Buffer.from(preamble)];
  for (const p of parts) {
    const filename = p.filename === undefined ? "" : `; filename="${p.filename}"`;
    const type = p.type === undefined ? "" : `\r\nContent-Type: ${p.type}`;
    pieces.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${p.name}"${filename}${type}\r\n\r\n`), Buffer.from(p.body), Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--${epilogue}`));
  return new Uint8Array(Buffer.concat(pieces));
}

/** A body is well formed when no part's content holds a delimiter (CRLF, dashes, boundary, then "--" or CRLF). */
const wellFormed = (parts: Part[]) => parts.every((p) => !Buffer.from(p.body).includes(`--${BOUNDARY}`));

const preamble = fc.constantFrom("", "\r\n", "a preamble busboy ignores\r\n");
const epilogue = fc.constantFrom("", "\r\n", "\r\nan epilogue\r\n");
const damage = fc.oneof(
  fc.record({ cut: fc.nat() }),
  fc.record({ at: fc.nat(), insert: fc.constantFrom(`\r\n--${BOUNDARY}\r\n`, `\r\n--${BOUNDARY}--`, "\r\n\r\n", "x", ":") }),
  fc.record({ at: fc.nat(), flip: fc.integer({ min: 0, max: 255 }) }),
);

function damaged(body: Uint8Array, d: { cut?: number; at?: number; insert?: string; flip?: number }): Uint8Array {
  const at = body.length ? (d.cut ?? d.at ?? 0) % body.length : 0;
  if (d.cut !== undefined) return body.slice(0, at);
  if (d.insert !== undefined) return new Uint8Array(Buffer.concat([body.subarray(0, at), Buffer.from(d.insert), body.subarray(at)]));
  const copy = body.slice();
  if (copy.length) copy[at] = d.flip!;
  return copy;
}

test("a well-formed body: the scanner and busboy find the same fields and file bytes", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(part, { maxLength: 7 }), preamble, epilogue, fc.array(fc.nat(), { maxLength: 6 }), async (parts, pre, post, cuts) => {
      fc.pre(wellFormed(parts));
      const body = bodyOf(parts, pre, post);
      const [ours, theirs] = await Promise.all([scanned(body), reference(body, cuts)]);
      if (ours instanceof HttpError) expect(theirs).toBe("refused");
      else expect(ours).toEqual(theirs);
    }),
    { numRuns: RUNS },
  );
});

test("a damaged body: whatever the scanner accepts, busboy accepts the same", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(part, { maxLength: 5 }), preamble, epilogue, fc.array(damage, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { maxLength: 6 }), async (parts, pre, post, damages, cuts) => {
      const body = damages.reduce(damaged, bodyOf(parts, pre, post));
      const ours = await scanned(body);
      if (!(ours instanceof HttpError)) expect(ours).toEqual(await reference(body, cuts));
    }),
    { numRuns: RUNS },
  );
});

describe("what the differential test does not state", () => {
  test("a part over its limit is refused with its own 413 message", async () => {
    const body = bodyOf([{ name: "thumbnail", filename: "t.jpg", body: new Uint8Array(2049) }], "", "");
    const refusal = await scanned(body);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ status: 413, message: "thumb too large" });
  });

  test("a file part on a fields-only route gets the route's refusal", async () => {
    const body = bodyOf([{ name: "file", filename: "a.jpg", body: new Uint8Array(10) }], "", "");
    const refusal = await scanned(body, BOUNDARY, { ...rules, files: new Map(), filesRefused: () => new HttpError(403, "closed") });
    expect(refusal).toMatchObject({ status: 403, message: "closed" });
  });

  test("a file part's bytes are located, not copied: a 64 MiB part is scanned in lent windows", async () => {
    const big = new Uint8Array(64 * 1024 * 1024);
    big.set(Buffer.from(`\r\n--${BOUNDARY.slice(0, 20)}`), 1024 * 1024 - 10); // a near-delimiter across a window's edge
    const body = bodyOf([{ name: "file", filename: "big.bin", body: big }], "", "");
    const before = process.memoryUsage.rss();
    const result = await scanned(body, BOUNDARY, { ...rules, files: new Map([["file", { maxBytes: big.length, tooLargeMessage: "" }]]) });
    expect(result).not.toBeInstanceOf(HttpError);
    expect((result as Exclude<Outcome, "refused">).files[0]![1].length).toBe(big.length * 2);
    expect(process.memoryUsage.rss() - before).toBeLessThan(200 * 1024 * 1024); // the hex of the test itself, not the scan
  });

  test("header lines made to make a regular expression backtrack are read in bounded time", async () => {
    // One 16 KB line of spaces between two letters took 110 ms through a "value, then trailing spaces" pattern.
    const part = (i: number) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\nX-Pad: a${" ".repeat(16_000)}b\r\n\r\nx\r\n`;
    const body = new Uint8Array(Buffer.from(`${Array.from({ length: 5 }, (_, i) => part(i)).join("")}--${BOUNDARY}--`));
    const started = performance.now();
    const result = await scanned(body);
    expect(performance.now() - started).toBeLessThan(PER_INPUT_MS);
    expect(result).toEqual({ fields: [0, 1, 2, 3, 4].map((i): [string, string] => [`f${i}`, "x"]), files: [] });
  });

  test("spaces after a disposition's last parameter are allowed, as busboy allows them", async () => {
    const body = new Uint8Array(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"  \t \r\n\r\nHello\r\n--${BOUNDARY}--`));
    expect(await scanned(body)).toEqual(await reference(body, []));
    expect(await scanned(body)).toEqual({ fields: [["title", "Hello"]], files: [] });
  });

  test("a header block longer than 16 KiB is refused", async () => {
    const body = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\nX-Long: ${"a".repeat(17 * 1024)}\r\n\r\nx\r\n--${BOUNDARY}--`);
    expect(await scanned(new Uint8Array(body))).toMatchObject({ status: 400 });
  });

  test("the boundary comes from the Content-Type, quoted or not, and a malformed one is none", () => {
    expect(boundaryOf(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(boundaryOf(`Multipart/Form-Data; BOUNDARY="a b:c"; charset=utf-8`)).toBe("a b:c");
    expect(boundaryOf("multipart/form-data; boundary=")).toBeUndefined();
    expect(boundaryOf(`multipart/form-data; boundary=${"x".repeat(71)}`)).toBeUndefined();
    expect(boundaryOf("multipart/form-data")).toBeUndefined();
  });
});
