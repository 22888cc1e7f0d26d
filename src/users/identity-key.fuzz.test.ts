/**
 * Properties of the look-alike key (identity-key.ts), which every registration, name check and rename computes from
 * what a stranger typed: any string gives a key in bounded time without throwing; spellings the identity key already
 * treats as one name (case, width) share one look-alike key; and swapping letters for their look-alikes from another
 * alphabet (the Cyrillic сhіеf) never makes a new name; and the per-code-point lookup maps exactly as the
 * library's own (slower) function does.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import unhomoglyph from "unhomoglyph";
import { FUZZ_RUNS, FUZZ_SEED, PER_INPUT_MS } from "../../tests/support/mutations";
import { identityKey, lookAlikeKey } from "./identity-key";

const settings = { seed: FUZZ_SEED, numRuns: FUZZ_RUNS };

function timedKey(name: string): string {
  const started = performance.now();
  try {
    return lookAlikeKey(name);
  } finally {
    expect(performance.now() - started).toBeLessThan(PER_INPUT_MS);
  }
}

test("any string has a look-alike key, in bounded time, the same for every spelling of one identity", () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ maxLength: 64, unit: "binary" }), fc.string({ maxLength: 64, unit: "grapheme" })), (name) => {
      const key = timedKey(name);
      expect(typeof key).toBe("string");
      expect(timedKey(identityKey(name))).toBe(key);
      expect(timedKey(name.toUpperCase())).toBe(timedKey(name.toLowerCase()));
      expect(key).toBe(unhomoglyph(identityKey(name).normalize("NFD")).normalize("NFD").toLowerCase());
    }),
    settings,
  );
});

/** Latin letters and the Cyrillic and Greek letters drawn the same (each pair is in Unicode's confusables table). */
const LOOK_ALIKES: Record<string, string[]> = {
  a: ["\u0430"], c: ["\u0441"], e: ["\u0435"], i: ["\u0456"], o: ["\u043e", "\u03bf"], p: ["\u0440"], x: ["\u0445"], y: ["\u0443"], h: ["\u04bb"],
};

test("a Latin name with any of its letters swapped for a Cyrillic or Greek look-alike has the same key", () => {
  const latin = fc.stringMatching(/^[a-z][a-z._-]{2,20}$/);
  fc.assert(
    fc.property(latin, fc.array(fc.nat(), { maxLength: 6 }), (name, picks) => {
      const letters = [...name];
      picks.forEach((pick, n) => {
        const at = pick % letters.length;
        const choices = LOOK_ALIKES[letters[at]!];
        if (choices) letters[at] = choices[n % choices.length]!;
      });
      expect(timedKey(letters.join(""))).toBe(timedKey(name));
    }),
    settings,
  );
});
