import { expect, test } from "bun:test";
import { isActive, needsDecision, transition, type RowEvent, type RowState } from "./queueState";

function run(from: RowState, ...events: RowEvent[]) {
  return events.reduce(transition, from);
}

test("the happy path: waiting → sending → finishing → done", () => {
  expect(run("waiting", "start", "progress", "finalise", "confirmed")).toBe("done");
});

test("a stall shows as stalled until a byte moves again: a new attempt or Retry alone does not claim progress", () => {
  expect(run("sending", "stall")).toBe("stalled");
  expect(run("sending", "stall", "start")).toBe("stalled");
  expect(run("sending", "stall", "retry")).toBe("stalled");
  expect(run("sending", "stall", "start", "progress")).toBe("sending");
});

test("offline waits, and the network's return lets it go on", () => {
  expect(run("sending", "offline")).toBe("offline");
  expect(run("waiting", "offline", "start")).toBe("sending");
  expect(run("offline", "retry")).toBe("waiting");
});

test("Cancel pauses (the draft is kept); late progress does not wake it; Send again does", () => {
  expect(run("sending", "cancel")).toBe("paused");
  expect(run("sending", "cancel", "progress", "stall", "finalise", "confirmed")).toBe("paused");
  expect(run("sending", "cancel", "retry", "start")).toBe("sending");
});

test("a refusal is final until the participant retries; done stays done", () => {
  expect(run("sending", "refused")).toBe("failed");
  expect(run("finishing", "refused", "progress", "start")).toBe("failed");
  expect(run("failed", "retry")).toBe("waiting");
  expect(run("done", "cancel", "refused", "retry", "stall", "offline")).toBe("done");
});

test("which states still have work and which wait for the participant", () => {
  expect((["waiting", "offline", "sending", "stalled", "finishing"] as RowState[]).every(isActive)).toBe(true);
  expect((["paused", "failed", "done"] as RowState[]).some(isActive)).toBe(false);
  expect(needsDecision("paused") && needsDecision("failed") && !needsDecision("done")).toBe(true);
});
