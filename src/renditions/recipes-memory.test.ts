/**
 * Each tool a 4K phone video's copies run stays within the tools' 256 MB budget (design.md §7): a 4K HEVC decoder
 * alone holds ~175 MB, so what x264 and the threads add is what this checks. Peak RSS as the kernel counts it.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { hevcVideo } from "../../tests/support/phone-video";
import type { Recipe } from "./plan";
import { demuxerOf, recipeCommands } from "./recipes";
import { findTools } from "./tools";

setDefaultTimeout(180_000);

const TOOL_BUDGET_BYTES = 256 * 1024 * 1024;
const tools = findTools();
let dir: string;
let source: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "casefile-recipes-memory-"));
  source = path.join(dir, "source");
  await Bun.write(source, await hevcVideo("3840x2160", 2));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * The tool's peak RSS, measured by a fresh process that runs it alone: the kernel's figure for "children" is the
 * largest of every child a process ever waited for, and the test runner has run sqld, Chromium and servers before.
 */
async function peakOfTool(argv: string[]): Promise<number> {
  const script = "const c = Bun.spawn(JSON.parse(process.argv[1]), { stdout: 'ignore', stderr: 'ignore' }); " +
    "const code = await c.exited; console.log(JSON.stringify({ code, peak: c.resourceUsage().maxRSS }));";
  const runner = Bun.spawn([process.execPath, "-e", script, JSON.stringify(argv)], { stdout: "pipe", stderr: "inherit" });
  const { code, peak } = JSON.parse(await new Response(runner.stdout).text()) as { code: number; peak: number };
  expect(code).toBe(0);
  return peak;
}

const cases: { make: Recipe["make"]; kind: Recipe["kind"] }[] = [
  { make: "h264-mp4", kind: "display" },
  { make: "video-frame", kind: "poster" },
  { make: "video-frame", kind: "thumbnail" },
];

for (const { make, kind } of cases) {
  test(`a 4K HEVC video's ${kind} (${make}) is made within 256 MB`, async () => {
    const out = path.join(dir, kind);
    for (const argv of recipeCommands(tools, make, { source, demuxer: demuxerOf("video/mp4"), out, seconds: 2, kind })) {
      expect(await peakOfTool(argv)).toBeLessThan(TOOL_BUDGET_BYTES);
    }
    expect(Bun.file(out).size).toBeGreaterThan(0);
  });
}
