import { describe, expect, test } from "bun:test";
import { relativeTime } from "./relativeTime";
import { activateEnglish } from "../features/i18n/english.testing";

activateEnglish();

describe("relativeTime", () => {
  const now = Date.parse("2026-11-22T12:00:00Z");
  test.each([
    ["2026-11-22T11:59:40Z", "just now"],
    ["2026-11-22T11:55:00Z", "5 minutes ago"],
    ["2026-11-22T09:00:00Z", "3 hours ago"],
    ["2026-11-21T10:00:00Z", "yesterday"],
    ["2026-11-01T12:00:00Z", "3 weeks ago"],
  ])("%s reads %s", (iso, words) => {
    expect(relativeTime(iso, now)).toBe(words);
  });
  test("an unreadable date is shown as it came", () => {
    expect(relativeTime("soon", now)).toBe("soon");
  });
});
