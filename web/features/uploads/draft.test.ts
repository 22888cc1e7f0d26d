import { expect, test } from "bun:test";
import { activateEnglish } from "../i18n/english.testing";
import { defaultTitle, durationField, isEmptyNote, isUnsent, newDraft, uploadIdOf } from "./draft";

activateEnglish();

test("the upload id is the last path segment of the tus URL, relative or absolute", () => {
  expect(uploadIdOf("/api/uploads/abc123")).toBe("abc123");
  expect(uploadIdOf("http://192.168.1.20:3000/api/uploads/abc123")).toBe("abc123");
  expect(uploadIdOf("https://show.example.org/api/uploads/abc123/")).toBe("abc123");
});

test("a note nobody wrote in is not offered back; anything with content or a file is", () => {
  const note = newDraft(1, "note");
  expect(note.title).toBe(defaultTitle());
  expect(note.title).toBe("Supporting Evidence");
  expect(isUnsent(note)).toBe(false);
  expect(isUnsent({ ...note, notes: "A van." })).toBe(true);
  expect(isUnsent({ ...note, title: "Van" })).toBe(true);
  expect(isUnsent(newDraft(1, "file", { name: "a.jpg", type: "image/jpeg", size: 3 }))).toBe(true);
});

test("a recording cut short is unsent; a draft the queue owns is not", () => {
  const recording = newDraft(1, "recording", { name: "r.webm", type: "audio/webm", size: 0 });
  expect(recording.status).toBe("recording");
  expect(isUnsent(recording)).toBe(true);
  for (const status of ["queued", "paused", "failed"] as const) expect(isUnsent({ ...recording, status })).toBe(false);
});

test("duration_ms is whole milliseconds from 1 to 24 h; an unknown or impossible length is not sent", () => {
  expect(durationField(1000.4)).toBe("1000");
  expect(durationField(0.6)).toBe("1");
  expect(durationField(86_400_000)).toBe("86400000");
  for (const bad of [null, undefined, 0, 0.4, -5, Infinity, Number.NaN, 86_400_001]) expect(durationField(bad)).toBeNull();
});
