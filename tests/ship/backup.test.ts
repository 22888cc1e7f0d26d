/**
 * `casefile backup` taken while uploads are running, then `casefile restore` into an empty directory: the same
 * users and items, and media byte for byte (SHA-256). Both commands run as real processes beside a live server.
 * Then the server's own scheduled backups (BACKUP_DIR): verified, pruned, one per interval across instances, and
 * `casefile backup verify` on a damaged copy.
 */
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { and, gt, isNotNull } from "drizzle-orm";
import { backupRuns } from "../../src/db/backup-runs";
import { serverInstances } from "../../src/db/server-instances";
import { Actor, adminActor, fixture, form, newParticipant } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { paddedVideo, sha256 } from "./support/media";
import { FROM_SOURCE, runCommand, startProgram } from "./support/program";
import { startS3rver } from "./support/s3rver";
import { startSqld } from "./support/sqld";
import { startTwoInstances } from "./support/instances";
import { trickleUpload } from "./support/slow-upload";

// These start real processes and servers; bun test's 5 s default is too tight on a busy 2-core machine.
setDefaultTimeout(60_000);

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Users and items as rows, to compare two databases. */
async function contents(databaseUrl: string) {
  const client = createClient({ url: databaseUrl });
  try {
    const users = (await client.execute("SELECT id, username, email, password_hash, role FROM users ORDER BY id")).rows;
    const items = (await client.execute("SELECT id, user_id, title, media_id FROM evidence ORDER BY id")).rows;
    const media = (await client.execute("SELECT id, store_key, public_store_key, sha256, size FROM media_files ORDER BY id")).rows;
    const show = (await client.execute("SELECT id, slot, store_key, sha256 FROM show_media ORDER BY id")).rows;
    // The search index, as a search reads it (MATCH), not only its rows.
    const found = (await client.execute("SELECT rowid AS id, title FROM evidence_fts WHERE evidence_fts MATCH 'photo OR video OR during' ORDER BY rowid")).rows;
    const triggers = (await client.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")).rows.map((r) => r.name);
    return { users: users.map((r) => ({ ...r })), items: items.map((r) => ({ ...r })), media: media.map((r) => ({ ...r })), show: show.map((r) => ({ ...r })), found: found.map((r) => ({ id: r.id, title: r.title })), triggers };
  } finally {
    client.close();
  }
}

/** The show's logo, uploaded by the admin: the show's media are backed up too. */
const SHOW_LOGO = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"/></svg>';

/** Two participants with a photo and a video each, and the show's own logo. */
async function seed(url: string) {
  const admin = await adminActor(url);
  expect((await admin.put("/api/show/media/logo", form({}, { file: new File([SHOW_LOGO], "logo.svg") }))).status).toBe(200);
  const people = [await newParticipant(url), await newParticipant(url)];
  for (const { actor } of people) {
    expect((await actor.post("/api/evidence", form({ title: "Photo" }, { file: await fixture("photo.jpg") }))).status).toBe(201);
    expect((await actor.post("/api/evidence", form({ title: "Video" }, { file: await paddedVideo(300_000) }))).status).toBe(201);
  }
  return people;
}

/** Uploads that trickle in and end only after `release`; `done` tells whether each has finished. */
async function startSlowUploads(url: string, actor: Actor, count: number, release: Promise<unknown>) {
  const done: boolean[] = [];
  const videos = await Promise.all(Array.from({ length: count }, async () => new Uint8Array(await (await paddedVideo(1024 * 1024)).arrayBuffer())));
  const uploads = videos.map((bytes, i) =>
    trickleUpload(`${url}/api/evidence`, actor.cookie, { title: `During backup ${i}` }, { name: "clip.mp4", bytes }, { chunks: 10, delayMs: 50, holdBeforeEnd: release }).then(
      (response) => {
        done[i] = true;
        return response;
      },
    ),
  );
  return { uploads, done };
}

/** Restores archive into an empty directory (local store, file database) and checks it against the live data. */
async function restoreAndCompare(archive: string, live: Awaited<ReturnType<typeof contents>>, login: { username: string; password: string }) {
  const target = await tempDir("casefile-restored-");
  const restored = await runCommand([...FROM_SOURCE, "restore", archive], target);
  expect(restored.stderr).toBe("");
  expect(restored.code).toBe(0);

  const copy = await contents(`file:${path.join(target, "data/casefile.db")}`);
  expect(copy.users).toEqual(live.users);
  // Items finished after the snapshot are rightly absent; everything in the copy is as it was live.
  expect(copy.items.length).toBeGreaterThanOrEqual(4);
  for (const item of copy.items) expect(live.items).toContainEqual(item);
  expect(copy.found).toEqual(copy.items.map(({ id, title }) => ({ id, title })));
  expect(copy.triggers).toEqual(live.triggers); // the index keeps following changes after a restore
  for (const row of copy.media) {
    expect(live.media).toContainEqual(row);
    const bytes = await readFile(path.join(target, "uploads", String(row.store_key)));
    expect(sha256(bytes)).toBe(String(row.sha256));
  }

  // The restored copy serves: the participant logs in and reads their media.
  const program = await startProgram(FROM_SOURCE, target);
  try {
    const actor = new Actor(program.url);
    expect((await actor.login(login.username, login.password)).status).toBe(200);
    const items = (await (await actor.get("/api/evidence")).json()) as { aws_url: string; media: { sha256: string } }[];
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const item of items) expect(sha256(await (await actor.get(item.aws_url)).arrayBuffer())).toBe(item.media.sha256);
    expect(await (await fetch(`${program.url}/brand/logo`)).text()).toBe(SHOW_LOGO);
  } finally {
    await program.stop();
  }
  // The backup carried the audit key: the restored log verifies, before and after the restored copy's first start.
  const verified = await runCommand([...FROM_SOURCE, "audit", "verify"], target);
  expect(verified.stderr).toBe("");
  expect(verified.code).toBe(0);
  return copy;
}

async function backupDuringUploads(server: TestServer, env: Record<string, string>) {
  const people = await seed(server.url);
  const backupFinished = Promise.withResolvers<void>();
  const { uploads, done } = await startSlowUploads(server.url, people[0]!.actor, 3, backupFinished.promise);
  await Bun.sleep(300); // the uploads are under way
  const archive = path.join(await tempDir("casefile-backups-"), "backup.tar");
  const backup = await runCommand([...FROM_SOURCE, "backup", archive], server.dataDir, env);
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  expect(done.filter(Boolean)).toEqual([]); // the uploads were still running while the backup was taken
  backupFinished.resolve();
  for (const response of await Promise.all(uploads)) expect(response.status).toBe(201);
  return { archive, people };
}

test("local store and database file: a backup during uploads restores the same users, items and media", async () => {
  const server = await startTestServer();
  cleanups.push(() => server.stop());
  const env = { DATABASE_URL: `file:${path.join(server.dataDir, "casefile.db")}`, UPLOADS_DIR: server.uploadsDir };
  const { archive, people } = await backupDuringUploads(server, env);
  const copy = await restoreAndCompare(archive, await contents(env.DATABASE_URL), people[1]!.fields);
  expect(copy.media.length).toBeGreaterThanOrEqual(6); // 2 verification photos + 4 items
});

test("libSQL server and S3 bucket: a backup during uploads restores into a single local folder", async () => {
  const sqld = await startSqld();
  cleanups.push(() => sqld.stop());
  const s3 = await startS3rver();
  cleanups.push(() => s3.stop());
  // The key from the environment, as containers without a data folder of their own have it; the backup carries it.
  const env = { DATABASE_URL: sqld.url, AUDIT_KEY: "a".repeat(64), ...s3.env };
  const server = await startTestServer(env);
  cleanups.push(() => server.stop());
  const { archive, people } = await backupDuringUploads(server, env);
  await restoreAndCompare(archive, await contents(sqld.url), people[1]!.fields);
});

test("a backup of a single folder restores into a libSQL server and an S3 bucket, which then serve it", async () => {
  const source = await startTestServer();
  cleanups.push(() => source.stop());
  const sourceEnv = { DATABASE_URL: `file:${path.join(source.dataDir, "casefile.db")}`, UPLOADS_DIR: source.uploadsDir };
  const [person] = await seed(source.url);
  const archive = path.join(await tempDir("casefile-backups-"), "backup.tar");
  expect((await runCommand([...FROM_SOURCE, "backup", archive], source.dataDir, sourceEnv)).code).toBe(0);

  const sqld = await startSqld();
  cleanups.push(() => sqld.stop());
  const s3 = await startS3rver();
  cleanups.push(() => s3.stop());
  const targetEnv = { DATABASE_URL: sqld.url, ...s3.env };
  const restored = await runCommand([...FROM_SOURCE, "restore", archive], await tempDir("casefile-restore-cwd-"), targetEnv);
  expect(restored.stderr).toBe("");
  expect(restored.code).toBe(0);
  const copy = await contents(sqld.url);
  expect(copy).toEqual(await contents(sourceEnv.DATABASE_URL));
  const keys = copy.media.flatMap((row) => [row.store_key, row.public_store_key].filter((key) => key !== null).map(String));
  expect(await s3.keys()).toEqual([...keys, ...copy.show.map((row) => String(row.store_key))].sort());

  // The restore wrote the backup's audit key into its own ./data; this server runs elsewhere, so it gets the key so.
  const target = await startTestServer({ ...targetEnv, AUDIT_KEY: (await readFile(path.join(source.dataDir, "audit.key"), "utf8")).trim() });
  cleanups.push(() => target.stop());
  const actor = new Actor(target.url);
  expect((await actor.login(person!.fields.username, person!.fields.password)).status).toBe(200);
  const items = (await (await actor.get("/api/evidence")).json()) as { aws_url: string; media: { sha256: string } }[];
  expect(items).toHaveLength(2);
  for (const item of items) expect(sha256(await (await actor.get(item.aws_url)).arrayBuffer())).toBe(item.media.sha256);
});

test("restore refuses a target that already has data", async () => {
  const server = await startTestServer();
  cleanups.push(() => server.stop());
  const env = { DATABASE_URL: `file:${path.join(server.dataDir, "casefile.db")}`, UPLOADS_DIR: server.uploadsDir };
  const archive = path.join(await tempDir("casefile-backups-"), "backup.tar");
  expect((await runCommand([...FROM_SOURCE, "backup", archive], server.dataDir, env)).code).toBe(0);
  const refused = await runCommand([...FROM_SOURCE, "restore", archive], server.dataDir, env);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain("restore needs an empty target");
  const again = await runCommand([...FROM_SOURCE, "backup", archive], server.dataDir, env);
  expect(again.code).toBe(2);
  expect(again.stderr).toContain("already exists");
});

test("an archive cut short is refused whole: one line saying what is wrong, nothing written", async () => {
  const server = await startTestServer();
  cleanups.push(() => server.stop());
  const env = { DATABASE_URL: `file:${path.join(server.dataDir, "casefile.db")}`, UPLOADS_DIR: server.uploadsDir };
  const { actor } = await newParticipant(server.url);
  expect((await actor.post("/api/evidence", form({ title: "Video" }, { file: await paddedVideo(300_000) }))).status).toBe(201);
  const folder = await tempDir("casefile-backups-");
  const archive = path.join(folder, "backup.tar");
  expect((await runCommand([...FROM_SOURCE, "backup", archive], server.dataDir, env)).code).toBe(0);
  const cut = path.join(folder, "cut.tar");
  const bytes = await readFile(archive);
  await Bun.write(cut, bytes.subarray(0, bytes.length - 100_000)); // inside the video, the last media entry

  const target = await tempDir("casefile-restored-");
  const result = await runCommand([...FROM_SOURCE, "restore", cut], target);
  expect(result.code).toBe(2);
  expect(result.stderr.trim()).toBe(`${cut} was not restored, and nothing was changed: it is damaged: the archive ends inside an entry (cut short?); no casefile-seal.json at its end (cut short?)`);
  expect(await readdir(target)).toEqual([]);
});

/** Polls until `found` gives a value (scheduled work runs on its own clock). */
async function waitFor<T>(found: () => Promise<T | undefined>, what: string, timeoutMs = 40_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await found();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(200);
  }
}

const finishedRuns = (server: TestServer, since = "") =>
  server.ctx.db.select().from(backupRuns).where(and(isNotNull(backupRuns.finishedAt), gt(backupRuns.startedAt, since))).orderBy(backupRuns.startedAt);

test("scheduled: the server backs itself up while uploads run, verifies each, keeps BACKUP_KEEP; the newest restores and serves", async () => {
  const backupDir = await tempDir("casefile-scheduled-");
  // 3.6 s between backups, as 6 hours would be in a show.
  const server = await startTestServer({ BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: "0.001", BACKUP_KEEP: "2" });
  cleanups.push(() => server.stop());
  const people = await seed(server.url);
  const release = Promise.withResolvers<void>();
  const uploadsBegan = new Date().toISOString();
  const { uploads, done } = await startSlowUploads(server.url, people[0]!.actor, 2, release.promise);
  const runs = await waitFor(async () => {
    const rows = await finishedRuns(server, uploadsBegan);
    return rows.length >= 3 ? rows : undefined;
  }, "three scheduled backups");
  expect(done.filter(Boolean)).toEqual([]); // taken while the uploads were still arriving
  release.resolve();
  for (const response of await Promise.all(uploads)) expect(response.status).toBe(201);

  for (const run of runs) expect(run).toMatchObject({ verified: true, error: null });
  // Pruned after each verified backup: the two newest stay (a run may have finished since).
  const kept = (await readdir(backupDir)).filter((name) => name.endsWith(".tar")).sort();
  const newest = (await finishedRuns(server)).slice(-2).map((run) => run.file);
  expect(kept).toEqual(newest);

  const archive = path.join(backupDir, kept.at(-1)!);
  const verified = await runCommand([...FROM_SOURCE, "backup", "verify", archive], backupDir);
  expect(verified.code).toBe(0);
  expect(verified.stdout).toContain("verified");
  await restoreAndCompare(archive, await contents(`file:${path.join(server.dataDir, "casefile.db")}`), people[1]!.fields);
});

test("backup verify names a media file whose bytes changed, and a cut archive; exit 1", async () => {
  const server = await startTestServer();
  cleanups.push(() => server.stop());
  const env = { DATABASE_URL: `file:${path.join(server.dataDir, "casefile.db")}`, UPLOADS_DIR: server.uploadsDir };
  await seed(server.url);
  const folder = await tempDir("casefile-backups-");
  const archive = path.join(folder, "backup.tar");
  expect((await runCommand([...FROM_SOURCE, "backup", archive], server.dataDir, env)).code).toBe(0);
  const bytes = new Uint8Array(await readFile(archive));
  const video = Buffer.from(bytes).indexOf("ftyp");
  bytes[video + 1000]! ^= 0xff; // one byte inside the first video
  const corrupted = path.join(folder, "corrupted.tar");
  await Bun.write(corrupted, bytes);
  const result = await runCommand([...FROM_SOURCE, "backup", "verify", corrupted], folder);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/corrupted\.tar: media evidence\/\S+: changed since the backup was written \(its SHA-256 is not the sealed one\)/);
  expect(result.stderr.trim().split("\n")).toHaveLength(1);

  const cut = path.join(folder, "cut.tar");
  await Bun.write(cut, bytes.subarray(0, 5000));
  const cutResult = await runCommand([...FROM_SOURCE, "backup", "verify", cut], folder);
  expect(cutResult.code).toBe(1);
  expect(cutResult.stderr).toContain("cut.tar:");
});

test("two instances on one sqld and one S3 bucket take one backup per interval between them, each verified", async () => {
  const s3 = await startS3rver();
  cleanups.push(() => s3.stop());
  const backupDir = await tempDir("casefile-shared-backups-");
  const intervalHours = 0.001;
  const instances = await startTwoInstances({ ...s3.env, AUDIT_KEY: "c".repeat(64), BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: String(intervalHours) });
  cleanups.push(() => instances.stop());
  await seed(instances.second.url);
  const runs = await waitFor(async () => {
    const rows = await finishedRuns(instances.first);
    return rows.length >= 3 ? rows : undefined;
  }, "three scheduled backups");
  for (const run of runs) expect(run).toMatchObject({ verified: true, error: null });
  // Never two in one interval, whichever instance took each.
  for (let i = 1; i < runs.length; i++) expect(Date.parse(runs[i]!.startedAt) - Date.parse(runs[i - 1]!.startedAt)).toBeGreaterThanOrEqual(intervalHours * 3_600_000);
  const ids = new Set((await instances.first.ctx.db.select().from(serverInstances)).map((row) => row.id));
  expect(ids.size).toBe(2);
  for (const run of runs) expect(ids.has(run.instance)).toBe(true);
  expect((await readdir(backupDir)).filter((name) => name.endsWith(".tar")).length).toBeGreaterThanOrEqual(3);
});
