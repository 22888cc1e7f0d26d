/**
 * The queue's promises, against a real libSQL file opened by two connections (two instances on one database): a job
 * is never held by two, a dead holder's job is taken again after its lease, and a holder that lost it changes nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrate } from "../db/migrate";
import { jobTimeLimitMs } from "../renditions/make-renditions";
import { enqueueMedia, failJob, failWornOutJobs, finishJobStatement, MAX_ATTEMPTS, MAX_QUEUED_PER_OWNER, renewJob, takeJob, type HeldJob } from "./job-queue";

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

describe("turns across participants (issue 42)", () => {
  let users = 0;
  const owner = async () => {
    const name = `owner${++users}`;
    const [row] = (await one.db.all(sql`insert into users (username, username_key, full_name, email, email_key, phone_number, password_hash, created_at)
      values (${name}, ${name}, ${name}, ${`${name}@example.org`}, ${`${name}@example.org`}, '', 'x', ${new Date().toISOString()}) returning id`)) as { id: number }[];
    return row!.id;
  };
  const files = async (ownerId: number, count: number, tag: string) => {
    const ids = Array.from({ length: count }, (_, i) => `${tag}-${i}-${crypto.randomUUID()}`);
    for (const id of ids) {
      await one.db.run(sql`insert into media_files (id, owner_id, purpose, store_key, mime, size, sha256, created_at)
        values (${id}, ${ownerId}, 'evidence', ${`evidence/${id}`}, 'video/mp4', 150000, '', ${new Date().toISOString()})`);
    }
    return ids;
  };
  // Turns follow the times jobs ended, in milliseconds: each run here ends in a millisecond of its own, as real ones do.
  const finish = async (db: DatabaseHandle["db"], job: HeldJob) => {
    await db.batch([finishJobStatement(db, job)]);
    await Bun.sleep(2);
  };
  const drain = async () => {
    for (let job = await takeJob(one.db, "renditions"); job; job = await takeJob(one.db, "renditions")) await one.db.batch([finishJobStatement(one.db, job)]);
  };

  test("owner A's slow jobs queued first hold owner B's back by at most the one running, whichever instance takes them", async () => {
    await drain();
    const [a, b] = [await owner(), await owner()];
    const aFiles = await files(a, 4, "a");
    await enqueueMedia(one.db, "renditions", undefined);
    const first = (await takeJob(one.db, "renditions"))!;
    expect(first.subject).toBe(aFiles[0]!);
    const [bFile] = await files(b, 1, "b"); // B uploads while A's first job runs
    await enqueueMedia(two.db, "renditions", undefined);
    await finish(one.db, first);
    const order: string[] = [];
    for (let job = await takeJob(two.db, "renditions"); job; job = await takeJob(order.length % 2 ? one.db : two.db, "renditions")) {
      order.push(job.subject);
      await finish(one.db, job);
    }
    expect(order[0]).toBe(bFile!);
    expect(order.slice(1)).toEqual(aFiles.slice(1));
  });

  test("two owners with work waiting take turns", async () => {
    await drain();
    const [a, b] = [await owner(), await owner()];
    const aFiles = await files(a, 3, "a");
    const bFiles = await files(b, 3, "b");
    await enqueueMedia(one.db, "renditions", undefined);
    const order: string[] = [];
    for (let job = await takeJob(one.db, "renditions"); job; job = await takeJob(two.db, "renditions")) {
      order.push(job.subject);
      await finish(one.db, job);
    }
    expect(order).toEqual([aFiles[0], bFiles[0], aFiles[1], bFiles[1], aFiles[2], bFiles[2]]);
  });

  test(`an owner has at most ${MAX_QUEUED_PER_OWNER} jobs queued; the rest are queued as those end`, async () => {
    await drain();
    const a = await owner();
    const aFiles = await files(a, MAX_QUEUED_PER_OWNER + 5, "cap");
    expect(await enqueueMedia(one.db, "renditions", undefined)).toBe(true); // some held back
    const queued = async () => (await one.db.all(sql`select subject from jobs where state = 'pending' and subject like 'cap-%' order by id`)) as { subject: string }[];
    expect((await queued()).map((row) => row.subject)).toEqual(aFiles.slice(0, MAX_QUEUED_PER_OWNER));
    const job = (await takeJob(one.db, "renditions"))!;
    await one.db.batch([finishJobStatement(one.db, job)]);
    await enqueueMedia(one.db, "renditions", undefined);
    expect((await queued()).length).toBe(MAX_QUEUED_PER_OWNER);
    await drain();
    expect(await enqueueMedia(one.db, "renditions", undefined)).toBe(false); // the last ones queued: none held back
    await drain();
    const [{ n }] = (await one.db.all(sql`select count(*) as n from jobs where state = 'done' and subject like 'cap-%'`)) as { n: number }[];
    expect(n).toBe(MAX_QUEUED_PER_OWNER + 5);
  });
});

test("a job's time limit follows its file: a 150 KB clip gets about a minute, not the configured 15", () => {
  const configured = 900_000;
  expect(jobTimeLimitMs({ size: 150_000, durationMs: 600_000 }, configured)).toBe(61_500); // claims 10 minutes: its size bounds it
  expect(jobTimeLimitMs({ size: 150_000, durationMs: 2_000 }, configured)).toBe(61_500);
  expect(jobTimeLimitMs({ size: 100_000_000, durationMs: 60_000 }, configured)).toBe(300_000); // a phone's minute of 1080p
  expect(jobTimeLimitMs({ size: 3_000_000, durationMs: null }, configured)).toBe(90_000); // a photo
  expect(jobTimeLimitMs({ size: 2_000_000_000, durationMs: 3_600_000 }, configured)).toBe(configured);
});
