/**
 * The edition's ZIP (GET /api/edition.zip) writes the edition into the store's temp area before streaming it: that
 * space is under the disk guard as uploads are, and the folder goes away on every path. The media folder is a small
 * tmpfs (as tests/ship/database-disk-full.test.ts does) holding a 12 MiB public video; the disk is filled for real.
 * Needs root (mount); skipped, saying so, without it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdir, mkdtemp, readdir, readlink, rm, statfs } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Actor, cast, fixture, form } from "../../tests/support/client";
import { paddedMp4 } from "../../tests/support/padded-video";
import { startTestServer, type TestServer } from "../../tests/support/server";

const MIB = 1024 * 1024;
const RESERVE_MIB = 8;
const STORAGE_MESSAGE = "The server is running out of storage space. Please tell the organisers.";
const canMount = process.getuid?.() === 0 && Bun.spawnSync(["which", "mount"]).success;
if (!canMount) console.warn("edition-zip.test.ts: skipped, it needs root to mount a small tmpfs for the media");

let work: string;
let disk: string;
let server: TestServer;
let admin: Actor;

beforeAll(async () => {
  if (!canMount) return;
  work = await mkdtemp(path.join(tmpdir(), "casefile-edition-zip-"));
  disk = path.join(work, "media");
  await mkdir(disk);
  expect(Bun.spawnSync(["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", disk]).success).toBe(true);
  server = await startTestServer({ UPLOADS_DIR: disk, DISK_RESERVE_MB: String(RESERVE_MIB) });
  const people = await cast(server.url);
  admin = people.admin;
  const video = await paddedMp4(12 * MIB);
  try {
    const sent = await people.owner.actor.post("/api/evidence", form({ title: "A long video" }, { file: new File([new Uint8Array(video.bytes)], video.name) }));
    expect(sent.status).toBe(201);
  } finally {
    await video.remove();
  }
  expect((await people.owner.actor.post("/api/evidence", form({ title: "A photo" }, { file: await fixture("photo.jpg") }))).status).toBe(201);
  expect((await admin.put("/api/evidence/makeAllPublic")).status).toBe(200);
}, 120_000);
afterAll(async () => {
  if (!canMount) return;
  await server?.stop();
  Bun.spawnSync(["umount", disk]);
  await rm(work, { recursive: true, force: true });
});

const editionFolders = async () => (await readdir(server.ctx.store.tempDir)).filter((name) => name.startsWith("edition-"));
const exports = async () => Number((await server.ctx.db.$client.execute("select count(*) from audit_log where action = 'archive.export'")).rows[0]![0]);
const freeBytes = async () => {
  const { bavail, bsize } = await statfs(disk);
  return bavail * bsize;
};

/** Files on the media disk this process (the server runs in it) still holds open: a removed one keeps its space. */
async function openOnDisk(): Promise<string[]> {
  const links = await Promise.all((await readdir("/proc/self/fd")).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => "")));
  return links.filter((link) => link.startsWith(`${disk}/`)).map((link) => path.relative(disk, link));
}

/**
 * Waits (up to 15 s) until no edition folder is left in the temp area, none of its files is open and the disk has
 * its space back; says what is left.
 */
async function cleanedUp(freeBefore: number): Promise<{ folders: string[]; open: string[]; missingMiB: number }> {
  const until = Date.now() + 15_000;
  const state = async () => ({
    folders: await editionFolders(),
    open: await openOnDisk(),
    missingMiB: Math.max(0, Math.ceil((freeBefore - (await freeBytes())) / MIB)),
  });
  let now = await state();
  while ((now.folders.length > 0 || now.open.length > 0 || now.missingMiB > 0) && Date.now() < until) {
    await Bun.sleep(100);
    now = await state();
  }
  return now;
}

/** Asks for the ZIP over a plain socket and hangs up after `afterBytes` bytes of the reply (0: at once). */
async function hangUp(afterBytes: number): Promise<number> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    let received = 0;
    const socket = connect(Number(port), hostname);
    socket.on("connect", () => {
      socket.write(["GET /api/edition.zip HTTP/1.1", `host: ${hostname}:${port}`, `cookie: ${admin.cookie}`, "", ""].join("\r\n"));
      if (afterBytes === 0) socket.destroy();
    });
    socket.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received >= afterBytes) socket.destroy();
    });
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

describe.skipIf(!canMount)("the edition's ZIP under the disk guard", () => {
  test("a disk too full for the edition: 507 with the storage message, no folder left, no audit entry; room again: the ZIP", async () => {
    const before = await exports();
    // Room for the reserve and 6 MiB more: the edition's 12 MiB video would eat into the reserve.
    const filler = path.join(disk, "filler");
    const fill = Math.floor(((await freeBytes()) - (RESERVE_MIB + 6) * MIB) / MIB);
    expect(Bun.spawnSync(["dd", "if=/dev/zero", `of=${filler}`, "bs=1M", `count=${fill}`], { stderr: "ignore" }).success).toBe(true);
    try {
      const refused = await admin.get("/api/edition.zip");
      expect(refused.status).toBe(507);
      expect(await refused.json()).toEqual({ code: "server.DISK_LOW_MESSAGE", message: STORAGE_MESSAGE });
      expect(await editionFolders()).toEqual([]);
      expect(await exports()).toBe(before);
    } finally {
      await rm(filler);
    }
    const response = await admin.get("/api/edition.zip");
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(12 * MIB);
    expect(await exports()).toBe(before + 1);
    expect(await editionFolders()).toEqual([]);
  }, 60_000);

  test("a client that hangs up in the middle of the download: the folder is removed and its space is free again", async () => {
    const free = await freeBytes();
    const received = await hangUp(256 * 1024);
    expect(received).toBeGreaterThanOrEqual(256 * 1024);
    expect(received).toBeLessThan(12 * MIB);
    expect(await cleanedUp(free)).toEqual({ folders: [], open: [], missingMiB: 0 });
  }, 60_000);

  test("a client that hangs up before the edition is written: the folder is removed once it is", async () => {
    const [before, free] = [await exports(), await freeBytes()];
    expect(await hangUp(0)).toBe(0);
    const until = Date.now() + 15_000;
    while ((await exports()) === before && Date.now() < until) await Bun.sleep(50); // the export ran to its end
    expect(await exports()).toBe(before + 1);
    expect(await cleanedUp(free)).toEqual({ folders: [], open: [], missingMiB: 0 });
  }, 60_000);
});
