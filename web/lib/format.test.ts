import { describe, expect, test } from "bun:test";
import { coordinatesOf, formatBytes, formatDateTime, formatDuration, formatPublicDateTime, truncateTitle } from "./format";
import { activateEnglish } from "../features/i18n/english.testing";

activateEnglish();

test("card titles keep 8 characters and add ' ...' only when longer", () => {
  expect(truncateTitle("Supporting Evidence")).toBe("Supporti ...");
  expect(truncateTitle("12345678")).toBe("12345678");
  expect(truncateTitle("Note")).toBe("Note");
});

test("byte sizes are decimal, so the number agrees with its MB/GB label (a MiB amount is converted, not relabelled)", () => {
  expect(formatBytes(512)).toBe("512 B");
  expect(formatBytes(1_500_000)).toBe("1.5 MB");
  expect(formatBytes(1024 * 1024)).toBe("1 MB");
  expect(formatBytes(1024 * 1024 * 1024)).toBe("1.1 GB");
  expect(formatBytes(200 * 1024 * 1024)).toBe("210 MB");
  expect(formatBytes(999_999)).toBe("1 MB");
});

describe("formatDuration and coordinatesOf", () => {
  test("durations read as a player shows them", () => {
    expect([7_000, 245_000, 3_723_000, 400].map(formatDuration)).toEqual(["0:07", "4:05", "1:02:03", "0:00"]);
  });
  test("only a pair of coordinates becomes a place", () => {
    expect(coordinatesOf("52.37022, 4.89517")).toEqual({ lat: 52.37022, lon: 4.89517 });
    expect(coordinatesOf("Main Street")).toBeNull();
    expect(coordinatesOf("95.1, 4.8")).toBeNull();
  });
});

test("the archive's dates leave out the seconds that the participant's and the investigator's keep", () => {
  const iso = "2026-03-14T21:40:37.000Z";
  const seconds = new Date(iso).getSeconds().toString().padStart(2, "0");
  expect(formatDateTime(iso)).toContain(`:${seconds}`);
  expect(formatPublicDateTime(iso)).not.toContain(`:${seconds}`);
  expect(formatPublicDateTime("not a date")).toBe("not a date");
});
