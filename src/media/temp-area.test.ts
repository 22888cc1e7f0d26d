/** Whose temp folders a start may remove: only those of processes known dead (temp-area.ts). */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { openTempArea, sweepTempAreas } from "./temp-area";

let root: string;
let sleeper: ReturnType<typeof Bun.spawn>;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "casefile-temp-area-"));
  sleeper = Bun.spawn(["sleep", "60"]);
});
afterAll(async () => {
  sleeper.kill();
  await rm(root, { recursive: true, force: true });
});

const ticksOf = async (pid: number) => {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
};
const boot = () => readFile("/proc/sys/kernel/random/boot_id", "utf8").then((id) => id.trim());

async function folder(name: string, owner: Record<string, unknown>, file = "body") {
  await mkdir(path.join(root, name), { recursive: true });
  await writeFile(path.join(root, `${name}.owner`), JSON.stringify(owner));
  await writeFile(path.join(root, name, file), "x".repeat(1000));
}

test("this host's dead and reused pids go at once; a live process's folder and other hosts' live or young folders stay", async () => {
  const here = { host: hostname(), boot: await boot() };
  const dead = Bun.spawn(["true"]);
  await dead.exited;
  const old = new Date(Date.now() - 10 * 60_000).toISOString();
  await folder("dead-here", { ...here, pid: dead.pid, started: "1", at: old });
  await folder("reused-pid", { ...here, pid: sleeper.pid, started: "1", at: old }); // another process has that pid now
  await folder("alive-here", { ...here, pid: sleeper.pid, started: await ticksOf(sleeper.pid), at: old });
  await folder("before-reboot", { ...here, boot: "another-boot", pid: sleeper.pid, started: await ticksOf(sleeper.pid), at: old });
  await folder("gone-elsewhere", { host: "other-host", boot: "b", pid: 1, started: "5", at: old });
  await folder("beating-elsewhere", { host: "other-host", boot: "b", pid: 1, started: "5", at: old });
  await folder("new-elsewhere", { host: "other-host", boot: "b", pid: 1, started: "5", at: new Date().toISOString() });

  // At the opening of a store: this host's dead only (no heartbeats known yet).
  const mine = await openTempArea(root);
  const folders = async () => (await readdir(root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  expect(await folders()).toEqual(["alive-here", "before-reboot", "beating-elsewhere", "gone-elsewhere", "new-elsewhere", path.basename(mine)].sort());
  expect(await readdir(root)).not.toContain("dead-here.owner");

  // With the heartbeats: another host's instance not seen for a while, and not new, is dead; so is this host before its reboot.
  await sweepTempAreas(root, new Set(["beating-elsewhere"]));
  expect(await folders()).toEqual(["alive-here", "beating-elsewhere", "new-elsewhere", path.basename(mine)].sort());
  expect((await readdir(root)).filter((name) => name.endsWith(".owner")).length).toBe(4);
  expect(await readdir(mine)).toEqual([]);
});

test("loose files (from versions before the folders) go once an hour old, not before", async () => {
  await writeFile(path.join(root, "old.body"), "x");
  await writeFile(path.join(root, "new.body"), "x");
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
  await utimes(path.join(root, "old.body"), twoHoursAgo, twoHoursAgo);
  await sweepTempAreas(root);
  const left = await readdir(root);
  expect(left).not.toContain("old.body");
  expect(left).toContain("new.body");
});
