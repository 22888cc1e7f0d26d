/**
 * After kill -9, the next start says the last run ended without a clean stop, in the log and on the Server screen,
 * and clears the temp area of what the dead process left at once. After a clean stop, the next start says nothing.
 */
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminActor } from "../support/client";
import { ADMIN } from "../support/server";
import { FROM_SOURCE, type Program, startProgram } from "./support/program";

setDefaultTimeout(120_000);

let cwd: string | undefined;
let program: Program | undefined;
afterEach(async () => {
  await program?.stop();
  if (cwd) await rm(cwd, { recursive: true, force: true });
});

const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", RENDITION_JOBS: "0", ADMIN_USERNAME: ADMIN.username, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
const warningCodes = async (url: string) =>
  ((await (await (await adminActor(url)).get("/api/server/status")).json()) as { warnings: { code: string }[] }).warnings.map((w) => w.code);

test("kill -9: the next start says so (log and Server screen) and clears the temp area; a clean stop: nothing said", async () => {
  cwd = await mkdtemp(path.join(tmpdir(), "casefile-unclean-"));
  program = await startProgram(FROM_SOURCE, cwd, env);
  expect(await warningCodes(program.url)).not.toContain("unclean_stop");
  // What a dead upload leaves: a spooled part in the process's own temp folder (media/temp-area.ts).
  const temp = path.join(cwd, "uploads/.tmp");
  const [own] = (await readdir(temp, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  expect(own).toBeString();
  await writeFile(path.join(temp, own!, "left-by-the-dead.part"), "half an upload");
  program.child.kill("SIGKILL");
  await program.child.exited;

  program = await startProgram(FROM_SOURCE, cwd, env);
  expect(await warningCodes(program.url)).toContain("unclean_stop");
  expect(await readdir(temp)).not.toContain(own);
  expect(await program.stop()).toBe(0);
  const log = await program.output();
  expect(log).toMatch(/the last run \(casefile \S+, pid \d+, started \S+\) ended without a clean stop \(killed, crashed or a power cut\); what it left in the temp area was removed at start/);

  program = await startProgram(FROM_SOURCE, cwd, env);
  expect(await warningCodes(program.url)).not.toContain("unclean_stop");
  await program.stop();
  expect(await program.output()).not.toContain("without a clean stop");
  program = undefined;
});
