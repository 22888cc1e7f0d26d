/**
 * The server's file-database client answers as `@libsql/client/sqlite3` does: the same statements on two copies of one
 * database give the same results (rows by index and by name, what is enumerable, numbers, errors), and the statements
 * it keeps prepared stay right when the schema under them changes.
 */
import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Client, type InStatement, LibsqlBatchError, LibsqlError, type ResultSet } from "@libsql/client";
import { createClient } from "@libsql/client/sqlite3";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql/sqlite3";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import fc from "fast-check";
import { openFileClient } from "./file-client";

const folders: string[] = [];
const clients: Client[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Ours and libSQL's, each on its own new file. */
function bothClients(): { ours: Client; theirs: Client } {
  const folder = mkdtempSync(path.join(tmpdir(), "casefile-file-client-"));
  folders.push(folder);
  const ours = openFileClient(path.join(folder, "ours.db"));
  const theirs = createClient({ url: `file:${path.join(folder, "theirs.db")}` });
  clients.push(ours, theirs);
  return { ours, theirs };
}

/** Everything a caller can see of a result: its rows read every way drizzle and our services read them. */
function seen(result: ResultSet) {
  return {
    columns: result.columns,
    columnTypes: result.columnTypes,
    rowsAffected: result.rowsAffected,
    lastInsertRowid: result.lastInsertRowid,
    rows: result.rows.map((row) => ({
      length: row.length,
      byIndex: Array.prototype.slice.call(row),
      keys: Object.keys(row),
      byName: Object.fromEntries(Object.keys(row).map((key) => [key, row[key]])),
      json: JSON.stringify(row),
      spread: { ...row },
    })),
    json: JSON.stringify(result),
  };
}

async function outcome(run: () => Promise<ResultSet | ResultSet[]>) {
  try {
    const result = await run();
    return { ok: Array.isArray(result) ? result.map(seen) : seen(result) };
  } catch (error) {
    const { name, message, code } = error as LibsqlError;
    return { error: { name, message, code, libsql: error instanceof LibsqlError, index: (error as LibsqlBatchError).statementIndex } };
  }
}

async function expectSame(clients: { ours: Client; theirs: Client }, run: (client: Client) => Promise<ResultSet | ResultSet[]>) {
  const ours = await outcome(() => run(clients.ours));
  expect(ours).toEqual(await outcome(() => run(clients.theirs)));
  return ours;
}

test("statements, rows and errors read the same through both clients", async () => {
  const both = bothClients();
  const same = (statement: InStatement) => expectSame(both, (client) => client.execute(statement));
  await same("create table people (id integer primary key, name text not null unique, age integer, photo blob, score real)");
  await same({ sql: "insert into people (name, age, photo, score) values (?, ?, ?, ?)", args: ["Ada", 36, new Uint8Array([1, 2, 3]), 1.5] });
  await same({ sql: "insert into people (name, age, score) values (:name, :age, :score)", args: { name: "Grace", age: true, score: null } });
  await same({ sql: "insert into people (name, age) values (?, ?)", args: ["Big", 2n ** 60n] });
  // A join's repeated names, a name that is a number, a name `length`, an expression.
  const join = await same("select a.id, b.id, a.name as length, 1, count(*) over () from people a join people b on b.id = a.id where a.age < 100");
  expect((join as { ok: { rows: unknown[] } }).ok.rows).toHaveLength(2);
  await same("select name, photo, score from people order by id");
  await same({ sql: "update people set age = age + 1 where age < ?", args: [100] });
  await same("update people set age = 1 where id = 1 returning id, age");
  // Beyond 2^53 a number cannot hold it exactly: both refuse rather than round.
  const big = await same("select age from people where name = 'Big'");
  expect(big).toMatchObject({ error: { name: "RangeError" } });
  await same({ sql: "insert into people (name) values (?)", args: ["Ada"] }); // unique: SQLITE_CONSTRAINT
  await same("select nothing from nowhere"); // SQLITE_ERROR at prepare
  await same({ sql: "select ?", args: [Number.NaN] });
  await same({ sql: "select ?", args: [2n ** 64n] });
  await same("select * from people where 0");
});

test("a batch is all or nothing, and its error names the statement that failed", async () => {
  const both = bothClients();
  await expectSame(both, (client) => client.execute("create table t (v integer not null)"));
  const failed = await expectSame(both, (client) =>
    client.batch([{ sql: "insert into t values (?)", args: [1] }, "insert into t values (2)", "insert into t values (null)"], "write"),
  );
  expect(failed).toMatchObject({ error: { libsql: true, index: 2, code: "SQLITE_CONSTRAINT" } });
  await expectSame(both, (client) => client.execute("select count(*) from t"));
  const done = await expectSame(both, (client) => client.batch(["insert into t values (3)", "select sum(v) from t"]));
  expect(done).toMatchObject({ ok: [{ rowsAffected: 1 }, { rows: [{ byIndex: [3] }] }] });
});

test("a transaction commits or rolls back as libSQL's does, and says when it is closed", async () => {
  const both = bothClients();
  await expectSame(both, (client) => client.execute("create table t (v integer not null)"));
  for (const end of ["commit", "rollback"] as const) {
    await expectSame(both, async (client) => {
      const tx = await client.transaction("write");
      const results = [await tx.execute({ sql: "insert into t values (?)", args: [end.length] }), ...(await tx.batch(["insert into t values (7)", "select sum(v) from t"]))];
      await tx[end]();
      expect(tx.closed).toBe(true);
      return [...results, await client.execute("select count(*), sum(v) from t")];
    });
  }
  const failed = await expectSame(both, async (client) => {
    const tx = await client.transaction("write");
    try {
      return await tx.batch(["insert into t values (1)", "insert into t values (null)"]);
    } finally {
      tx.close();
    }
  });
  expect(failed).toMatchObject({ error: { index: 1, code: "SQLITE_CONSTRAINT" } });
  await expectSame(both, (client) => client.execute("select count(*) from t"));
});

test("while a transaction is open the client's other calls wait for it, then see what it committed", async () => {
  const { ours } = bothClients();
  await ours.execute("create table t (v integer)");
  const tx = await ours.transaction("write");
  await tx.execute("insert into t values (1)");
  const order: string[] = [];
  const read = ours.execute("select count(*) as n from t").then((result) => {
    order.push("read");
    return result.rows[0]!.n;
  });
  await Bun.sleep(20);
  order.push("commit");
  await tx.commit();
  expect(await read).toBe(1);
  expect(order).toEqual(["commit", "read"]);
  await expect(tx.execute("select 1")).rejects.toMatchObject({ code: "TRANSACTION_CLOSED" });
});

test("a kept statement sees the schema as it is now, and one that failed does not poison the next call", async () => {
  const both = bothClients();
  await expectSame(both, (client) => client.execute("create table t (a integer)"));
  await expectSame(both, (client) => client.execute("insert into t values (1)"));
  await expectSame(both, (client) => client.execute("select * from t"));
  await expectSame(both, (client) => client.execute("alter table t add column b text default 'x'"));
  const after = await expectSame(both, (client) => client.execute("select * from t"));
  expect(after).toMatchObject({ ok: { columns: ["a", "b"], rows: [{ byName: { a: 1, b: "x" } }] } });
  await expectSame(both, (client) => client.execute("drop table t"));
  expect(await expectSame(both, (client) => client.execute("select * from t"))).toMatchObject({ error: { code: "SQLITE_ERROR" } });
  await expectSame(both, (client) => client.execute("create table t (c integer)"));
  expect(await expectSame(both, (client) => client.execute("select * from t"))).toMatchObject({ ok: { columns: ["c"] } });
});

test("a kept statement follows a schema change made by another connection (the CLI beside the server)", async () => {
  const folder = mkdtempSync(path.join(tmpdir(), "casefile-file-client-"));
  folders.push(folder);
  const server = openFileClient(path.join(folder, "casefile.db"));
  const cli = openFileClient(path.join(folder, "casefile.db"));
  clients.push(server, cli);
  await server.execute("create table t (a integer)");
  await server.execute("insert into t values (1)");
  expect((await server.execute("select * from t")).columns).toEqual(["a"]);
  await cli.execute("alter table t add column b text default 'x'");
  const after = await server.execute("select * from t");
  expect(after.columns).toEqual(["a", "b"]);
  expect({ ...after.rows[0] } as Record<string, unknown>).toEqual({ a: 1, b: "x" });
});

test("drizzle over it maps selects, joins and inserts as over libSQL's client", async () => {
  const people = sqliteTable("people", { id: integer("id").primaryKey(), name: text("name").notNull(), boss: integer("boss") });
  const both = bothClients();
  const results = [];
  for (const client of [both.ours, both.theirs]) {
    await client.execute("create table people (id integer primary key, name text not null, boss integer)");
    const db = drizzle(client);
    const inserted = await db.insert(people).values([{ name: "Ada" }, { name: "Grace", boss: 1 }]).returning();
    const bosses = await db.select({ name: people.name, id: people.id }).from(people).where(eq(people.id, 1));
    const boss = db.$with("boss").as(db.select({ id: people.id, name: people.name }).from(people));
    const joined = await db.with(boss).select().from(people).leftJoin(boss, eq(boss.id, people.boss));
    const raw = await db.all("select id, name from people order by id");
    results.push({ inserted, bosses, joined, raw });
  }
  expect(results[0]).toEqual(results[1]!);
  expect(results[0]!.joined[1]).toEqual({ people: { id: 2, name: "Grace", boss: 1 }, boss: { id: 1, name: "Ada" } });
});

test("any value written reads back the same through both clients", async () => {
  const both = bothClients();
  await expectSame(both, (client) => client.execute("create table v (x)"));
  const value = fc.oneof(
    fc.constant(null),
    fc.string(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.maxSafeInteger(),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    fc.boolean(),
    fc.uint8Array({ maxLength: 64 }),
  );
  await fc.assert(
    fc.asyncProperty(fc.array(value, { maxLength: 8 }), async (values) => {
      const insert = (client: Client) => client.batch(["delete from v", ...values.map((x) => ({ sql: "insert into v values (?)", args: [x] }))]);
      await expectSame(both, insert);
      await expectSame(both, (client) => client.execute("select x, typeof(x) from v order by rowid"));
    }),
    { numRuns: 150 },
  );
});

test("a closed client says so", async () => {
  const { ours } = bothClients();
  ours.close();
  await expect(ours.execute("select 1")).rejects.toMatchObject({ code: "CLIENT_CLOSED" });
});
