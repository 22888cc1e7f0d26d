/**
 * Properties of the Upload-Metadata parser: whatever the header holds, it returns or throws a 400 HttpError, within
 * a time bound; what tus-js-client sends (unique keys, base64 values) comes back exactly; and a parsed header never
 * has a key twice, a value that was not base64, or a file name with control characters or past 255 characters.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { HttpError } from "../http/errors";
import { FUZZ_RUNS, FUZZ_SEED, PER_INPUT_MS } from "../../tests/support/mutations";
import { METADATA_MAX_BYTES, parseUploadMetadata, type UploadMetadata } from "./tus-headers";

const settings = { seed: FUZZ_SEED, numRuns: FUZZ_RUNS };

/** Runs the parser: its result, or the HttpError it threw (anything else fails the property). */
function parse(header: string): UploadMetadata | HttpError {
  const started = performance.now();
  try {
    return parseUploadMetadata(header);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400) throw error;
    return error;
  } finally {
    expect(performance.now() - started).toBeLessThan(PER_INPUT_MS);
  }
}

const key = fc.stringMatching(/^[A-Za-z0-9_.-]{1,12}$/);
const encode = (values: Record<string, Uint8Array>) =>
  Object.entries(values)
    .map(([k, v]) => (v.length ? `${k} ${Buffer.from(v).toString("base64")}` : k))
    .join(",");

/** Headers near valid ones: tus-js-client's encoding with characters inserted, cut or repeated. */
const nearValid = fc
  .tuple(fc.dictionary(key, fc.uint8Array({ maxLength: 64 }), { maxKeys: 6 }), fc.array(fc.tuple(fc.nat(), fc.constantFrom(",", " ", "=", "\u0000", "é", "a", ",,", "  ")), { maxLength: 4 }))
  .map(([values, edits]) => edits.reduce((header, [at, insert]) => header.slice(0, at % (header.length + 1)) + insert + header.slice(at % (header.length + 1)), encode(values)));

test("any header parses or is refused with 400, in bounded time, and what parses is well formed", () => {
  const header = fc.oneof(fc.string({ maxLength: 6000, unit: "binary" }), fc.string({ maxLength: 200 }), nearValid);
  fc.assert(
    fc.property(header, (raw) => {
      const result = parse(raw);
      if (result instanceof HttpError) return;
      expect(raw.length).toBeLessThanOrEqual(METADATA_MAX_BYTES);
      const keys = Object.keys(result.values);
      expect(new Set(keys).size).toBe(keys.length);
      for (const k of keys) expect(k).toMatch(/^[\x21-\x2b\x2d-\x7e]+$/);
      if (result.filename !== null) {
        expect([...result.filename].length).toBeLessThanOrEqual(255);
        expect(result.filename).not.toMatch(/[\p{Cc}\p{Cf}]/u);
      }
      if (result.mimeHint !== null) expect(result.mimeHint).toMatch(/^[a-z0-9][^/\s]*\/[^/\s]+$/);
    }),
    { ...settings, numRuns: FUZZ_RUNS * 3 },
  );
});

test("what tus-js-client sends comes back exactly", () => {
  fc.assert(
    fc.property(fc.dictionary(key, fc.uint8Array({ maxLength: 200 }), { maxKeys: 8 }), fc.string({ maxLength: 100 }), (values, name) => {
      const header = encode({ ...values, filename: new TextEncoder().encode(name) });
      fc.pre(header.length <= METADATA_MAX_BYTES);
      const result = parse(header);
      expect(result).not.toBeInstanceOf(HttpError);
      const parsed = result as UploadMetadata;
      expect(parsed.raw).toBe(header);
      for (const [k, v] of Object.entries(values)) if (k !== "filename") expect(parsed.values[k]).toEqual(v);
      const shown = name.replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
      expect(parsed.filename).toBe(shown === "" ? null : shown);
    }),
    settings,
  );
});

test("a key sent twice, a value that is not base64, or a header past 4 KiB is refused", () => {
  fc.assert(
    fc.property(key, fc.uint8Array({ minLength: 1, maxLength: 30 }), fc.stringMatching(/^[^A-Za-z0-9+/=,\s]{1,4}$/), (k, v, junk) => {
      const value = Buffer.from(v).toString("base64");
      expect(parse(`${k} ${value},${k} ${value}`)).toBeInstanceOf(HttpError);
      expect(parse(`${k} ${value}${junk}`)).toBeInstanceOf(HttpError);
      expect(parse(`${k} ${value},pad ${"A".repeat(METADATA_MAX_BYTES)}`)).toBeInstanceOf(HttpError);
    }),
    settings,
  );
});
