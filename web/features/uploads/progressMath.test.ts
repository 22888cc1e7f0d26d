import { expect, test } from "bun:test";
import { activateEnglish } from "../i18n/english.testing";
import { addSample, describeTimeLeft, isStalled, MOVING_MS, paceOf, secondsLeft, SLOW_MS, speedOf, stableSecondsLeft, STALL_MS, type Sample } from "./progressMath";

activateEnglish();

test("speed is bytes per second over the samples of the window", () => {
  let samples: Sample[] = [];
  for (let second = 0; second <= 20; second++) samples = addSample(samples, { at: second * 1000, bytes: second * 50_000 });
  // 15 s window: 16 samples (the one at the window's start included), 50 kB/s.
  expect(samples.length).toBe(16);
  expect(speedOf(samples)).toBe(50_000);
});

test("a slower link shows within the window, not diluted by the whole upload", () => {
  let samples: Sample[] = [];
  for (let second = 0; second <= 30; second++) samples = addSample(samples, { at: second * 1000, bytes: second * 100_000 });
  for (let second = 31; second <= 50; second++) samples = addSample(samples, { at: second * 1000, bytes: 3_000_000 + (second - 30) * 10_000 });
  expect(speedOf(samples)).toBe(10_000);
});

test("no speed before a second of samples, and never negative (a restart from the server's offset)", () => {
  expect(speedOf([])).toBeNull();
  expect(speedOf([{ at: 0, bytes: 0 }, { at: 500, bytes: 10 }])).toBeNull();
  expect(speedOf([{ at: 0, bytes: 500 }, { at: 2000, bytes: 100 }])).toBe(0);
});

test("time left is the remaining bytes at the current speed, unknown without a speed", () => {
  expect(secondsLeft(0, 1_000_000, 100_000)).toBe(10);
  expect(secondsLeft(999_999, 1_000_000, 100_000)).toBe(1);
  expect(secondsLeft(1_000_000, 1_000_000, null)).toBe(0);
  expect(secondsLeft(10, 1_000_000, null)).toBeNull();
  expect(secondsLeft(10, 1_000_000, 0)).toBeNull();
});

test("time left reads calmly", () => {
  expect(describeTimeLeft(null)).toBe("");
  expect(describeTimeLeft(3)).toBe("less than 5 s left");
  expect(describeTimeLeft(21)).toBe("about 25 s left");
  expect(describeTimeLeft(150)).toBe("about 3 min left");
  expect(describeTimeLeft(3 * 3600 + 600)).toBe("about 3 h 10 min left");
});

test("a stall is no progress for the stall limit (~15 s)", () => {
  expect(STALL_MS).toBe(15_000);
  expect(isStalled(1000, 1000 + STALL_MS - 1)).toBe(false);
  expect(isStalled(1000, 1000 + STALL_MS)).toBe(true);
  expect(isStalled(0, 500, 400)).toBe(true);
});

test("confirmations every few seconds give the link's true rate, and time left only once it is stable", () => {
  // 150 kB/s in chunks of ~450 kB: a confirmation every 3 s.
  let samples: Sample[] = [];
  samples = addSample(samples, { at: 0, bytes: 0 });
  samples = addSample(samples, { at: 3000, bytes: 450_000 });
  expect(speedOf(samples)).toBe(150_000);
  expect(stableSecondsLeft(samples, 450_000, 9_000_000)).toBeNull(); // 3 s of confirmations: not yet stable
  for (let chunk = 2; chunk <= 6; chunk++) samples = addSample(samples, { at: chunk * 3000, bytes: chunk * 450_000 });
  expect(speedOf(samples)).toBe(150_000);
  expect(stableSecondsLeft(samples, 2_700_000, 9_000_000)).toBe(42);
});

test("slow is a while without a confirmation while bytes still move; no byte moving claims no pace; lost is much longer", () => {
  expect(paceOf(0, SLOW_MS - 1, SLOW_MS - 1)).toBe("measured");
  expect(paceOf(0, SLOW_MS, SLOW_MS)).toBe("slow");
  expect(paceOf(0, SLOW_MS - MOVING_MS + 1, SLOW_MS)).toBe("slow");
  // Nothing confirmed and nothing handed to the connection: neither a speed nor "Slow connection" is true.
  expect(paceOf(0, SLOW_MS - MOVING_MS, SLOW_MS)).toBe("quiet");
  expect(SLOW_MS).toBeLessThan(STALL_MS);
});
