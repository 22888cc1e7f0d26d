import { expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { transcriptOf } from "./transcript";

test("the onboarding captions read as the briefing's text", async () => {
  const vtt = await readFile(path.join(import.meta.dir, "../../public/onboarding.vtt"), "utf8");
  expect(transcriptOf(vtt)).toEqual([
    "Welcome, informant. This is the onboarding video.",
    "Watch it to the end, then confirm that you understand the instructions.",
  ]);
});

test("headers, notes, identifiers, settings and tags are dropped; lines of a cue join; entities decode", () => {
  const vtt = [
    "\uFEFFWEBVTT - briefing",
    "",
    "NOTE written by the operator",
    "with two lines",
    "",
    "STYLE",
    "::cue { color: yellow }",
    "",
    "intro",
    "00:00:00.000 --> 00:00:02.500 align:start line:0",
    "<v Curator>Meet at the <i>north</i> door</v>",
    "at 7 &amp; bring your phone &lt;charged&gt;",
    "",
    "00:02.500 --> 00:04.000",
    "<00:03.000>Thank you.",
    "",
  ].join("\r\n");
  expect(transcriptOf(vtt)).toEqual(["Meet at the north door at 7 & bring your phone <charged>", "Thank you."]);
});

test("no cues, no transcript", () => {
  expect(transcriptOf("WEBVTT\n\n")).toEqual([]);
  expect(transcriptOf("")).toEqual([]);
});
