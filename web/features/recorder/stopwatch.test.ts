import { expect, test } from "bun:test";
import { elapsedMs, formatTimer, paused, resumed, startedAt } from "./stopwatch";

test("the recorder timer reads minutes:seconds", () => {
  expect(formatTimer(0)).toBe("00:00");
  expect(formatTimer(999)).toBe("00:00");
  expect(formatTimer(65_000)).toBe("01:05");
  expect(formatTimer(3_600_000)).toBe("60:00");
});

test("the clock counts recording time only: a pause is left out, pausing twice or resuming twice changes nothing", () => {
  let clock = startedAt(1000);
  expect(elapsedMs(clock, 3500)).toBe(2500);
  clock = paused(clock, 3500);
  expect(elapsedMs(clock, 10_000)).toBe(2500);
  expect(paused(clock, 12_000)).toEqual(clock);
  clock = resumed(clock, 10_000);
  expect(resumed(clock, 11_000)).toEqual(clock);
  expect(elapsedMs(clock, 11_250)).toBe(3750);
  expect(elapsedMs(startedAt(5000), 4000)).toBe(0);
});
