/**
 * The queue's promises, against a real libSQL file opened by two connections (two instances on one database): a job
 * is never held by two, a dead holder's job is taken again after its lease, and a holder that lost it changes nothing.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrate } from "../db/migrate";
import { failJob, failWornOutJobs, finishJobStatement, MAX_ATTEMPTS, renewJob, takeJob, type HeldJob } from "./job-queue";

let dir: string;
let one: DatabaseHandle;
let two: DatabaseHandle;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "casefile-jobs-"));
  const config = { databaseUrl: `file:${path.join(dir, "jobs.db")}`, databaseAuthToken: undefined };
  one = await openDatabase(config);
  await migrate(one.db);
  two = await openDatabase(config);
});
afterAll(async () => {
  one.client.close();
  two.client.close();
  await rm(dir, { recursive: true, force: true });
});

const addJobs = async (count: number, prefix: string) => {
  const now = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    await one.db.run(sql`insert into jobs (kind, subject, run_after, created_at) values ('renditions', ${`${prefix}-${i}`}, ${now}, ${now})`);
  }
};
const jobRow = async (id: number) => (await one.db.all(sql`select * from jobs where id = ${id}`))[0] as Record<string, unknown>;

test("two instances taking jobs as fast as they can never take the same one, and take them all", async () => {
  await addJobs(60, "race");
  const takeAll = async (db: DatabaseHandle["db"]) => {
    const taken: number[] = [];
    for (let job = await takeJob(db, "renditions"); job; job = await takeJob(db, "renditions")) taken.push(job.id);
    return taken;
  };
  const [a, b] = await Promise.all([takeAll(one.db), takeAll(two.db)]);
  expect(a.length + b.length).toBe(60);
  expect(new Set([...a, ...b]).size).toBe(60);
  expect(a.length).toBeGreaterThan(0);
  expect(b.length).toBeGreaterThan(0);
});

test("a job whose holder died is taken again once its lease ran out; the old holder can neither renew nor finish it", async () => {
  await addJobs(1, "lease");
  const first = (await takeJob(one.db, "renditions"))!;
  expect(await takeJob(two.db, "renditions")).toBeUndefined(); // held
  await one.db.run(sql`update jobs set leased_until = ${new Date(Date.now() - 1).toISOString()} where id = ${first.id}`);
  const second = (await takeJob(two.db, "renditions"))!;
  expect(second.id).toBe(first.id);
  expect(second.attempts).toBe(2);
  expect(await renewJob(one.db, first)).toBe(false);
  await one.db.batch([finishJobStatement(one.db, first)]);
  expect((await jobRow(first.id)).state).toBe("running");
  await two.db.batch([finishJobStatement(two.db, second)]);
  expect((await jobRow(first.id)).state).toBe("done");
});

test("a passing failure is retried later; a final one (a limit) is not; the last attempt's failure is kept with its reason", async () => {
  await addJobs(2, "fail");
  const passing = (await takeJob(one.db, "renditions"))!;
  await failJob(one.db, passing, "the disk was busy", false);
  const retried = await jobRow(passing.id);
  expect(retried.state).toBe("pending");
  expect(Date.parse(retried.run_after as string)).toBeGreaterThan(Date.now());
  const final = (await takeJob(one.db, "renditions"))!;
  await failJob(one.db, final, "took longer than the time limit", true);
  expect(await jobRow(final.id)).toMatchObject({ state: "failed", error: "took longer than the time limit" });
  await one.db.run(sql`update jobs set attempts = ${MAX_ATTEMPTS}, run_after = ${new Date(0).toISOString()} where id = ${passing.id}`);
  const last: HeldJob = { ...(await takeJob(one.db, "renditions"))!, attempts: MAX_ATTEMPTS };
  await failJob(one.db, last, "the disk was busy", false);
  expect(await jobRow(passing.id)).toMatchObject({ state: "failed", error: "the disk was busy" });
});

test("a job whose holders died on every attempt fails for good instead of being taken forever", async () => {
  await addJobs(1, "crash");
  const job = (await takeJob(one.db, "renditions"))!;
  await one.db.run(sql`update jobs set attempts = ${MAX_ATTEMPTS}, leased_until = ${new Date(Date.now() - 1).toISOString()} where id = ${job.id}`);
  expect(await takeJob(two.db, "renditions")).toBeUndefined();
  await failWornOutJobs(two.db, "renditions");
  expect(await jobRow(job.id)).toMatchObject({ state: "failed", error: "The server stopped during each of its attempts." });
});
