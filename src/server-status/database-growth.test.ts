import { expect, test } from "bun:test";
import { DatabaseGrowth } from "./database-growth";

const MINUTE = 60_000;

test("no rate before ten minutes of sizes; then the growth per hour over the last hour", () => {
  const growth = new DatabaseGrowth();
  const start = Date.parse("2026-12-01T20:00:00Z");
  expect(growth.perHour(1_000_000, start)).toBeNull();
  expect(growth.perHour(1_050_000, start + 5 * MINUTE)).toBeNull();
  // 200 kB in 20 minutes: 600 kB an hour.
  expect(growth.perHour(1_200_000, start + 20 * MINUTE)).toBe(600_000);
  // Two hours on, only the last hour counts: 100 kB since the sample of an hour ago.
  growth.perHour(2_000_000, start + 80 * MINUTE);
  expect(growth.perHour(2_100_000, start + 140 * MINUTE)).toBe(100_000);
});

test("a database that shrank (a vacuum, a purge) grows at 0, not at a negative rate", () => {
  const growth = new DatabaseGrowth();
  const start = Date.parse("2026-12-01T20:00:00Z");
  growth.perHour(5_000_000, start);
  expect(growth.perHour(4_000_000, start + 30 * MINUTE)).toBe(0);
});
