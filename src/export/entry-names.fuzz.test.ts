import { expect, test } from "bun:test";
import fc from "fast-check";
import { FUZZ_RUNS, FUZZ_SEED } from "../../tests/support/mutations";
import { entryNamer, safeTitle } from "./entry-names";

/** What unpacks safely on Linux, macOS and Windows: one folder, one file, no reserved or invisible characters. */
const SAFE_ENTRY = /^media\/[1-9]\d*-[^/\\:*?"<>|\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]+\.[a-z0-9]+$/u;

const hostileText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.array(fc.constantFrom("..", "/", "\\", ".", " ", "C:", "\u0000", "\u202e", "\u200b", "\r\n", "ﾟ", "\u2215", "\uff0f", "e\u0301", "CON", "😀"), {
    maxLength: 40,
  }).map((parts) => parts.join("")),
);

test("any title, any id: a safe entry name, never the same twice (ignoring case)", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 2 ** 31 }), hostileText), { maxLength: 20 }), fc.constantFrom("video/mp4", "image/jpeg", "x/unknown"), (items, mime) => {
      const nameOf = entryNamer();
      const names = items.map(([id, title]) => nameOf(id, title, mime));
      for (const name of names) {
        expect(name).toMatch(SAFE_ENTRY);
        // Exactly a folder and a file; the file neither hidden nor ending in a dot or space before its extension.
        expect(name.split("/")).toHaveLength(2);
        expect(name).not.toMatch(/[. ]\.[a-z0-9]+$/);
      }
      expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    }),
    { seed: FUZZ_SEED, numRuns: FUZZ_RUNS },
  );
});

test("titles keep what is safe and readable", () => {
  expect(safeTitle("Harbour at dawn")).toBe("Harbour at dawn");
  expect(safeTitle("Café Ω — 東京")).toBe("Café Ω - 東京");
  expect(safeTitle("../../etc/passwd")).toBe("etc-passwd");
  expect(safeTitle("\u202egnp.exe")).toBe("gnp.exe");
  expect(safeTitle("...")).toBe("untitled");
  expect(safeTitle("Ω".repeat(100))).toBe("Ω".repeat(60));
  expect(safeTitle("a😀b")).toBe("a-b");
});
