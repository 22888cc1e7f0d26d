import { expect, test } from "bun:test";
import { formatTimer } from "./AudioRecorder";

test("the recorder timer reads minutes:seconds", () => {
  expect(formatTimer(0)).toBe("00:00");
  expect(formatTimer(65)).toBe("01:05");
  expect(formatTimer(3600)).toBe("60:00");
});
