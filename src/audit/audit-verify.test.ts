/**
 * `casefile audit verify` against copies of a real server's database: intact as the application left it, then
 * altered directly in the libSQL file (the sqlite3 command line and @libsql/client, behind the application's back).
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { entryHash } from "./audit-chain";
import { cast, form } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { FROM_SOURCE, runCommand } from "../../tests/ship/support/program";

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
/** A consistent copy of the live database file. */
async function copyOfDatabase(): Promise<string> {
  const file = path.join(copies, `copy-${++copyNumber}.db`);
  await server.ctx.db.$client.execute({ sql: "vacuum into ?", args: [file] });
  return file;
}

const verify = (file: string) => runCommand([...FROM_SOURCE, "audit", "verify"], copies, { DATABASE_URL: `file:${file}`, UPLOADS_DIR: path.join(copies, "uploads") });

async function alter(file: string, statement: string, args: (string | number)[] = []) {
  const client = createClient({ url: `file:${file}` });
  try {
    await client.execute({ sql: statement, args });
  } finally {
    client.close();
  }
}

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
  expect(result.stderr).toMatch(/does not match its hash/);
});

test("a row edited with its own hash recomputed still fails, at the entry after it", async () => {
  const file = await copyOfDatabase();
  // The forger re-hashes row 4 correctly but leaves the rest of the chain: row 5's prev_hash gives it away.
  const client = createClient({ url: `file:${file}` });
  await client.execute("update audit_log set actor_name = 'someone else' where id = 4");
  const row = (await client.execute("select id, at, actor_id, actor_name, action, target_type, target_id, detail, prev_hash from audit_log where id = 4")).rows[0]!;
  const content = JSON.stringify([row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7]]);
  await client.execute({ sql: "update audit_log set hash = ? where id = 4", args: [entryHash(row[8] as string, content)] });
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
  expect(result.stderr).toContain("entry #3: it was never sealed");
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
  const env = { DATABASE_URL: `file:${file}`, UPLOADS_DIR: path.join(copies, "uploads") };
  const promoted = await runCommand([...FROM_SOURCE, "set-role", "admin", "1"], copies, env);
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
