import { expect, test } from "bun:test";
import type { Show } from "../../api/show";
import { changeCount, changesOf, draftOf, moved, previewOf } from "./draft";

const show = {
  version: 3,
  project_name: "Night Walk",
  accent_color: "#b3261e",
  accent_strong: "#98201a",
  on_accent: "#ffffff",
  instructions: ["One", "Two"],
  faq: [{ question: "Q", answer: "A" }],
  onboarding_video_sources: [{ url: "/onboarding.webm", type: "video/webm" }],
  onboarding_video_url: "/onboarding.webm",
  logo_url: "/brand/logo",
  locked: { project_name: "PROJECT_NAME" },
} as unknown as Show;

test("only changed, unlocked fields are sent", () => {
  const draft = { ...draftOf(show), project_name: "Other", instructions: ["One", "Two", "Three"] };
  expect(changesOf(show, draft)).toEqual({ instructions: ["One", "Two", "Three"] });
  expect(changesOf(show, draftOf(show))).toEqual({});
});

test("the draft is a copy: editing it leaves the show as it was", () => {
  const draft = draftOf(show);
  draft.faq[0]!.question = "Changed";
  expect(show.faq[0]!.question).toBe("Q");
});

test("moving an item of a list", () => {
  expect(moved(["a", "b", "c"], 2, 1)).toEqual(["a", "c", "b"]);
  expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
});

test("the preview shows the draft, the chosen files, and a new accent as both shades until saved", () => {
  const draft = { ...draftOf(show), accent_color: "#1d4ed8" };
  const preview = previewOf(show, draft, { "onboarding-video": { url: "blob:x", type: "video/mp4" }, logo: { url: "blob:y", type: "image/png" } });
  expect(preview.onboarding_video_sources).toEqual([{ url: "blob:x", type: "video/mp4" }]);
  expect([preview.logo_url, preview.accent_color, preview.accent_strong]).toEqual(["blob:y", "#1d4ed8", "#1d4ed8"]);
  // Half-typed colours keep the saved one.
  expect(previewOf(show, { ...draft, accent_color: "#1d4" }, {}).accent_color).toBe("#b3261e");
});

test("the archive's licence and credit line are edited and sent like the other texts", () => {
  const draft = { ...draftOf({ ...show, archive_licence: "", archive_credit: "" }), archive_licence: "CC BY 4.0", archive_credit: "Courtesy of the collective" };
  expect(changesOf({ ...show, archive_licence: "", archive_credit: "" }, draft)).toEqual({ archive_licence: "CC BY 4.0", archive_credit: "Courtesy of the collective" });
});

test("the changes are counted as the admin made them: each text, step and question, not each section", () => {
  const draft = { ...draftOf(show), instructions: ["One", "2", "Three", "Four"], faq: [{ question: "Q?", answer: "A!" }] };
  const fields = Object.keys(changesOf(show, draft));
  expect(fields).toEqual(["instructions", "faq"]);
  // A step edited and two added; a question edited.
  expect(changeCount(show, draft, fields)).toBe(4);
  // A step removed; the steps only reordered.
  expect(changeCount(show, { ...draftOf(show), instructions: ["One"] }, ["instructions"])).toBe(1);
  expect(changeCount(show, { ...draftOf(show), instructions: ["Two", "One"] }, ["instructions"])).toBe(1);
  expect(changeCount(show, { ...draftOf(show), project_name: "Other", accent_color: "#000000" }, ["project_name", "accent_color"])).toBe(2);
  expect(changeCount(show, draftOf(show), [])).toBe(0);
});
