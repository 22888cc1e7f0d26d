/**
 * Issue 46's measurements, one after another (each part prints its own table, with its baseline measured in the same
 * run): the studio's face detector in Chromium (recall at several sizes and angles, time per photo and per minute of
 * 720p video), the server's time per minute of video for a redacted copy against a plain re-encode, and the desk's
 * p99 while a redaction job runs against the desk with none.
 *
 *   node_modules/.bin/bun bench/redaction.ts [detect] [server] [desk]   (all three when none is named)
 *
 * Each part takes its own environment (see its header): bench/redaction/detect.ts, server.ts, desk.ts.
 */
import path from "node:path";

const PARTS = ["detect", "server", "desk"] as const;
const asked = process.argv.slice(2).filter((part): part is (typeof PARTS)[number] => (PARTS as readonly string[]).includes(part));

let failed = false;
for (const part of asked.length ? asked : PARTS) {
  console.log(`\n## ${part}\n`);
  const child = Bun.spawn([process.execPath, path.join(import.meta.dir, "redaction", `${part}.ts`)], { stdout: "inherit", stderr: "inherit" });
  if ((await child.exited) !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
