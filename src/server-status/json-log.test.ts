/**
 * LOG_FORMAT=json in a real process: an uncaught exception and an unhandled rejection each end it with one JSON
 * object on one line (message and stack inside), never the runtime's raw lines of source.
 */
import { expect, test } from "bun:test";
import path from "node:path";

const JSON_LOG = path.join(import.meta.dir, "json-log.ts");

async function run(code: string): Promise<{ code: number; lines: string[] }> {
  const script = `import { useJsonLog } from ${JSON.stringify(JSON_LOG)}; useJsonLog(); console.error("before", new Error("logged")); ${code}`;
  const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  const stderr = await new Response(child.stderr).text();
  return { code: await child.exited, lines: stderr.trim().split("\n") };
}

for (const [what, code] of [
  ["uncaught exception", `setTimeout(() => { throw new Error("thrown later"); }, 1);`],
  ["unhandled rejection", `Promise.reject(new Error("thrown later"));`],
] as const) {
  test(`an ${what} is one JSON line with its message and stack, and the process still ends non-zero`, async () => {
    const { code: exit, lines } = await run(code);
    expect(exit).toBe(1);
    const objects = lines.map((text) => JSON.parse(text) as { level: string; msg: string; stack?: string });
    expect(objects).toHaveLength(2);
    expect(objects[0]!.msg).toStartWith("before Error: logged");
    expect(objects[1]).toMatchObject({ level: "fatal", msg: `${what}: thrown later` });
    expect(objects[1]!.stack).toContain("thrown later");
  });
}
