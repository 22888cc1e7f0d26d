/**
 * `casefile audit verify` against copies of a real server's database (each in its own data folder, with the
 * server's audit key and anchor beside it, as a backup restores them): intact as the application left it, then
 * altered directly in the libSQL file (the sqlite3 command line and @libsql/client, behind the application's back).
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { copyFile, mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { entryHash, personalHash } from "./audit-chain-rows";
import { cast, form } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { FROM_SOURCE, runCommand, startProgram } from "../../tests/ship/support/program";

setDefaultTimeout(60_000);

let server: TestServer;
let copies: string;
let entryCount = 0;

beforeAll(async () => {
  server = await startTestServer();
  copies = await mkdtemp(path.join(tmpdir(), "casefile-audit-"));
  const { owner, admin } = await cast(server.url);
  for (const title of ["one", "two", "three"]) {
    const created = await owner.actor.post("/api/evidence", form({ title }));
    const { id } = (await created.json()) as { id: number };
    expect((await admin.put(`/api/evidence/clearance/${id}`)).status).toBe(200);
  }
  entryCount = Number((await server.ctx.db.$client.execute("select count(*) from audit_log where hash is not null")).rows[0]![0]);
  // The admin's creation at start, then three creates and three visibility changes.
  expect(entryCount).toBe(7);
});
afterAll(async () => {
  await server.stop();
  await rm(copies, { recursive: true, force: true });
});

let copyNumber = 0;
/** A consistent copy of the live database file, in a folder of its own (…/data/casefile.db) with the key and anchor. */
async function copyOfDatabase(): Promise<string> {
  const dataDir = path.join(copies, `copy-${++copyNumber}`, "data");
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, "casefile.db");
  await server.ctx.db.$client.execute({ sql: "vacuum into ?", args: [file] });
  for (const name of ["audit.key", "audit-head.json"]) await copyFile(path.join(server.dataDir, name), path.join(dataDir, name));
  return file;
}

const folderOf = (file: string) => path.dirname(path.dirname(file));
const envOf = (file: string) => ({ DATABASE_URL: `file:${file}`, UPLOADS_DIR: path.join(folderOf(file), "uploads") });
const verify = (file: string) => runCommand([...FROM_SOURCE, "audit", "verify"], folderOf(file), envOf(file));
const sqlite3 = (file: string, statements: string) => {
  const run = Bun.spawnSync(["/usr/bin/sqlite3", file, statements]);
  expect(run.stderr.toString()).toBe("");
  expect(run.exitCode).toBe(0);
};
const serverKey = async () => Buffer.from((await readFile(path.join(server.dataDir, "audit.key"), "utf8")).trim(), "utf8");

async function alter(file: string, statement: string, args: (string | number)[] = []) {
  const client = createClient({ url: `file:${file}` });
  try {
    await client.execute({ sql: statement, args });
  } finally {
    client.close();
  }
}

test("the key was made once beside the database, readable by its owner only", async () => {
  expect((await stat(path.join(server.dataDir, "audit.key"))).mode & 0o777).toBe(0o600);
  expect((await serverKey()).length).toBe(64);
});

test("an untouched database passes, naming the number of entries and the head hash", async () => {
  const result = await verify(await copyOfDatabase());
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const head = (await server.ctx.db.$client.execute("select hash from audit_log order by id desc limit 1")).rows[0]![0] as string;
  expect(result.stdout.trim()).toBe(`audit log intact: ${entryCount} entries, head ${head}`);
});

test("a row's detail edited with the sqlite3 command line fails, naming that entry", async () => {
  const file = await copyOfDatabase();
  const edit = Bun.spawnSync(["sqlite3", file, `update audit_log set detail = '{"title":{"before":null,"after":"forged"}}' where id = 4`]);
  expect(edit.exitCode).toBe(0);
  const result = await verify(file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("entry #4:");
  expect(result.stderr).toMatch(/does not match its detail_hash/);
});

test("a row edited with its own hash recomputed still fails, at the entry after it", async () => {
  const file = await copyOfDatabase();
  // The forger (holding the key) re-hashes row 4 correctly but leaves the rest of the chain: row 5's prev_hash gives it away.
  const client = createClient({ url: `file:${file}` });
  const key = await serverKey();
  await client.execute("update audit_log set actor_name = 'someone else' where id = 4");
  const row = (await client.execute("select id, at, actor_id, actor_name, action, target_type, target_id, detail, prev_hash from audit_log where id = 4")).rows[0]!;
  const detailHash = personalHash(key, JSON.stringify([row[3], row[7]]));
  const content = JSON.stringify([row[0], row[1], row[2], row[4], row[5], row[6], detailHash]);
  await client.execute({ sql: "update audit_log set hash = ?, detail_hash = ? where id = 4", args: [entryHash(key, row[8] as string, content), detailHash] });
  client.close();
  const result = await verify(file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("entry #5: its prev_hash does not match");
});

test("a row whose seal was wiped, with sealed rows after it, fails, naming it", async () => {
  const file = await copyOfDatabase();
  await alter(file, "update audit_log set hash = null where id = 3");
  const result = await verify(file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("entry #3: not sealed, though the application sealed the log up to entry #7");
});

test("a row removed from the middle fails, naming the removed entry", async () => {
  const file = await copyOfDatabase();
  await alter(file, "delete from audit_log where id = 2");
  const result = await verify(file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("entry #2: missing");
});

test("the newest row removed fails too", async () => {
  const file = await copyOfDatabase();
  await alter(file, "delete from audit_log where id = ?", [entryCount]);
  const result = await verify(file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`entry #${entryCount}:`);
  expect(result.stderr).toMatch(/removed/);
});

test("a row inserted behind the application's back fails, naming the inserted entry", async () => {
  const file = await copyOfDatabase();
  const last = (await server.ctx.db.$client.execute("select hash from audit_log order by id desc limit 1")).rows[0]![0] as string;
  await alter(
    file,
    "insert into audit_log (at, actor_id, actor_name, action, target_type, target_id, detail, prev_hash, hash) values (?, 1, 'admin', 'evidence.delete', 'evidence', 1, '{}', ?, ?)",
    [new Date().toISOString(), last, "0".repeat(64)],
  );
  const result = await verify(file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`entry #${entryCount + 1}:`);
});

test("set-role from the command line is recorded and sealed; the chain stays intact", async () => {
  const file = await copyOfDatabase();
  const promoted = await runCommand([...FROM_SOURCE, "set-role", "admin", "1"], folderOf(file), envOf(file));
  expect(promoted.code).toBe(0);
  const client = createClient({ url: `file:${file}` });
  const [row] = (await client.execute("select actor_id, actor_name, action, detail, hash from audit_log order by id desc limit 1")).rows;
  client.close();
  expect([row![0], row![1], row![2], JSON.parse(row![3] as string)]).toEqual([null, "command line", "user.role", { role: { before: 2, after: 1 } }]);
  expect(row![4]).toMatch(/^[0-9a-f]{64}$/);
  const result = await verify(file);
  expect(result.code).toBe(0);
  expect(result.stdout).toContain(`${entryCount + 1} entries`);
});

/** Starts the real program on the copy (its own folder, data/ beside it) and stops it: what a restart does. */
async function startAndStop(file: string): Promise<string> {
  const program = await startProgram(FROM_SOURCE, folderOf(file), envOf(file));
  await program.stop();
  return program.output();
}

const hashes = async (file: string) => {
  const client = createClient({ url: `file:${file}` });
  try {
    return (await client.execute("select id, hash from audit_log order by id")).rows.map((row) => [Number(row[0]), row[1]]);
  } finally {
    client.close();
  }
};

test("attack: sqlite3 edits entry #4 and nulls the hashes from it on ('not sealed yet'): verify names #4, a start seals nothing", async () => {
  const file = await copyOfDatabase();
  sqlite3(file, `update audit_log set detail = '{"title":{"before":null,"after":"forged"}}' where id = 4; update audit_log set hash = null, prev_hash = null where id >= 4;`);
  const result = await verify(file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("entry #4: not sealed, though the application sealed the log up to entry #7");

  const before = await hashes(file);
  expect(await startAndStop(file)).toContain("audit log broken");
  expect(await hashes(file)).toEqual(before); // the start sealed nothing
  expect((await verify(file)).stderr).toContain("entry #4:");
});

test("attack: sqlite3 deletes the newest entries and rewinds sqlite_sequence: verify names the first removed, a start seals nothing", async () => {
  const file = await copyOfDatabase();
  sqlite3(file, "delete from audit_log where id >= 6; update sqlite_sequence set seq = 5 where name = 'audit_log';");
  const result = await verify(file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("entry #6: the application sealed the log up to entry #7");

  // A forged entry appended after the cut, as the application would write it (unsealed), is not sealed by a start.
  sqlite3(file, `insert into audit_log (at, actor_id, actor_name, action, target_type, target_id, detail) values ('${new Date().toISOString()}', 1, 'admin', 'evidence.delete', 'evidence', 1, '{}');`);
  expect(await startAndStop(file)).toContain("audit log broken");
  expect((await hashes(file)).at(-1)).toEqual([6, null]);
  expect((await verify(file)).code).toBe(1);
});

/**
 * Seals entries from `from` on as releases before detail_hash did: with the unkeyed SHA-256 of the earliest ones, or
 * with `key` (HMAC) over the whole row (from 1: a database of such a release).
 */
async function oldReseal(file: string, from: number, key?: Buffer) {
  const client = createClient({ url: `file:${file}` });
  const rows = (await client.execute({ sql: "select id, at, actor_id, actor_name, action, target_type, target_id, detail, prev_hash from audit_log where id >= ? order by id", args: [from] })).rows;
  let prev = from === 1 ? "0".repeat(64) : (rows[0]![8] as string);
  for (const row of rows) {
    const content = JSON.stringify([row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7]]);
    const hash = key ? entryHash(key, prev, content) : new Bun.CryptoHasher("sha256").update(`${prev}\n${content}`).digest("hex");
    await client.execute({ sql: "update audit_log set prev_hash = ?, hash = ?, detail_hash = null where id = ?", args: [prev, hash, row[0]!] });
    prev = hash;
  }
  client.close();
  return { id: Number(rows.at(-1)![0]), hash: prev };
}
const unkeyedReseal = (file: string, from: number) => oldReseal(file, from);

test("a database of an earlier release (unkeyed SHA-256, no anchor yet) is sealed with the key once, at its first start", async () => {
  const file = await copyOfDatabase();
  await unkeyedReseal(file, 1);
  await rm(path.join(path.dirname(file), "audit-head.json"));
  expect((await verify(file)).code).toBe(1);
  expect(await startAndStop(file)).toContain("now sealed with the audit key");
  const result = await verify(file);
  expect(result.stderr).toBe("");
  expect(result.stdout).toContain(`audit log intact: ${entryCount} entries`);
});

test("a database of the release before detail_hash (keyed, its anchor without v) is sealed again once at start, and verifies", async () => {
  const file = await copyOfDatabase();
  const head = await oldReseal(file, 1, await serverKey());
  await Bun.write(path.join(path.dirname(file), "audit-head.json"), JSON.stringify(head));
  expect((await verify(file)).code).toBe(0);
  expect(await startAndStop(file)).toContain(`audit log: entries #1–#${entryCount} sealed again so each can be erased`);
  const result = await verify(file);
  expect(result.stderr).toBe("");
  expect(result.stdout).toContain(`audit log intact: ${entryCount} entries`);
  const client = createClient({ url: `file:${file}` });
  expect((await client.execute("select count(*) from audit_log where detail_hash is null")).rows[0]![0]).toBe(0);
  client.close();
});

test("attack: the whole chain re-sealed from #4 with the unkeyed SHA-256 of earlier releases fails at #4", async () => {
  const file = await copyOfDatabase();
  await unkeyedReseal(file, 4);
  const result = await verify(file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("entry #4: its content does not match its hash");
});

test("an old unsealed tail beyond the anchor is reported as broken; a start seals it only saying so", async () => {
  const file = await copyOfDatabase();
  sqlite3(file, "insert into audit_log (at, actor_id, actor_name, action, target_type, target_id, detail) values ('2020-01-01T00:00:00.000Z', 1, 'admin', 'evidence.delete', 'evidence', 1, '{}');");
  const result = await verify(file);
  expect(result.code).toBe(1);
  expect(result.stderr).toContain(`entry #${entryCount + 1}: not sealed, and written at 2020-01-01`);
  expect(await startAndStop(file)).toContain(`audit log: sealing entries #${entryCount + 1}–#${entryCount + 1} (the oldest written at 2020-01-01T00:00:00.000Z)`);
});

test("without the audit key, verify says where it should be", async () => {
  const file = await copyOfDatabase();
  await rm(path.join(path.dirname(file), "audit.key"));
  const result = await verify(file);
  expect(result.code).not.toBe(0);
  expect(result.stderr).toContain("No audit key");
});
