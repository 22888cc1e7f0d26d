/**
 * The database's disk fills up during a show: a small tmpfs holds the database, the media are elsewhere. Phones get
 * the storage message (507), not "Something went wrong"; /healthz says the database cannot write; the Server screen
 * warns; /metrics still answers; the log has one line per refused request. Once there is room again everything
 * works, and nothing acknowledged before was lost. Needs root (mount); skipped, saying so, without it.
 */
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminActor, fixture, form, newParticipant, tempFilesLeft } from "../support/client";
import { ADMIN } from "../support/server";
import { FROM_SOURCE, type Program, startProgram } from "./support/program";

setDefaultTimeout(120_000);

const canMount = process.getuid?.() === 0 && Bun.spawnSync(["which", "mount"]).success;
if (!canMount) console.warn("database-disk-full.test.ts: skipped, it needs root to mount a small tmpfs for the database");

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

const STORAGE_MESSAGE = "The server is running out of storage space. Please tell the organisers.";

test.skipIf(!canMount)("database disk full: 507 with the storage message, /healthz and the Server screen say so, /metrics answers; room again: all works, nothing lost", async () => {
  const cwd = await mkdtemp(path.join(tmpdir(), "casefile-dbfull-"));
  const disk = path.join(cwd, "dbdisk");
  await mkdir(disk);
  expect(Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", disk]).success).toBe(true);
  let program: Program | undefined;
  cleanup = async () => {
    await program?.stop();
    Bun.spawnSync(["umount", disk]);
    await rm(cwd, { recursive: true, force: true });
  };
  program = await startProgram(FROM_SOURCE, cwd, {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    DATABASE_URL: `file:${path.join(disk, "casefile.db")}`,
    UPLOADS_DIR: path.join(cwd, "uploads"),
    RENDITION_JOBS: "0",
    METRICS_TOKEN: "token-for-the-db-full-test",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DISK_RESERVE_MB: "2",
  });
  const { actor } = await newParticipant(program.url);
  const admin = await adminActor(program.url);
  const before = await actor.post("/api/evidence", form({ title: "Before the disk filled" }, { file: await fixture("photo.jpg") }));
  expect(before.status).toBe(201);
  const uploadsBefore = (await readdir(path.join(cwd, "uploads"), { recursive: true })).filter((name) => !name.startsWith(".tmp")).sort();

  // Fill the database's disk to the last byte.
  Bun.spawnSync(["dd", "if=/dev/zero", `of=${path.join(disk, "filler")}`, "bs=4096"], { stderr: "ignore" });
  const refused: Response[] = [];
  for (let i = 0; i < 3; i++) refused.push(await actor.post("/api/evidence", form({ title: `Refused ${i}` }, { file: await fixture("photo.jpg") })));
  for (const response of refused) {
    expect(response.status).toBe(507);
    expect(((await response.json()) as { message: string }).message).toBe(STORAGE_MESSAGE);
  }
  // A refusal leaves no file behind.
  expect((await readdir(path.join(cwd, "uploads"), { recursive: true })).filter((name) => !name.startsWith(".tmp") && !name.endsWith("evidence")).sort()).toEqual(uploadsBefore.filter((name) => !name.endsWith("evidence")));

  const health = await fetch(`${program.url}/healthz`);
  expect(health.status).toBe(503);
  expect(((await health.json()) as { problems: string[] }).problems.join()).toContain("the database's disk");
  const status = (await (await admin.get("/api/server/status")).json()) as { warnings: { code: string }[] };
  expect(status.warnings.map((w) => w.code)).toContain("database_disk_low");
  const metrics = await fetch(`${program.url}/metrics`, { headers: { authorization: "Bearer token-for-the-db-full-test" } });
  expect(metrics.status).toBe(200);

  // Room again: the next upload goes in, and the first one is still there.
  await rm(path.join(disk, "filler"));
  const after = await actor.post("/api/evidence", form({ title: "After room was made" }, { file: await fixture("photo.jpg") }));
  expect(after.status).toBe(201);
  const titles = ((await (await actor.get("/api/evidence")).json()) as { title: string }[]).map((item) => item.title).sort();
  expect(titles).toEqual(["After room was made", "Before the disk filled"]);
  expect((await fetch(`${program.url}/healthz`)).status).toBe(200);

  await program.stop();
  const log = await program.output();
  program = undefined;
  const lines = log.split("\n").filter((line) => line.startsWith("507 on POST /api/evidence"));
  expect(lines).toHaveLength(3);
  expect(lines[0]).toContain("the database's disk is full");
  expect(log).not.toContain("Something went wrong");
});




test.skipIf(!canMount)("media disk full with no reserve to guard it: a form upload cut by the full disk is told the storage message (507), not to try again", async () => {
  const cwd = await mkdtemp(path.join(tmpdir(), "casefile-mediafull-"));
  const disk = path.join(cwd, "uploads");
  await mkdir(disk);
  expect(Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", disk]).success).toBe(true);
  let program: Program | undefined;
  cleanup = async () => {
    await program?.stop();
    Bun.spawnSync(["umount", disk]);
    await rm(cwd, { recursive: true, force: true });
  };
  program = await startProgram(FROM_SOURCE, cwd, { PATH: process.env.PATH ?? "/usr/bin:/bin", UPLOADS_DIR: disk, RENDITION_JOBS: "0", DISK_RESERVE_MB: "0" });
  const { actor } = await newParticipant(program.url);
  const video = new File([new Uint8Array(6 * 1024 * 1024).fill(7)], "big.mp4", { type: "video/mp4" });
  const refused = await actor.post("/api/evidence", form({ title: "Too big for the disk" }, { file: video }));
  expect(refused.status).toBe(507);
  expect(((await refused.json()) as { message: string }).message).toBe(STORAGE_MESSAGE);
  // Nothing of it stays on the disk (the temp area holds only this process's folder and its stamp).
  expect(await tempFilesLeft(disk)).toEqual([]);
});
