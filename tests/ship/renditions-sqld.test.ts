/**
 * Renditions on two instances of one libSQL server (sqld) sharing one media folder, both making copies: every job is
 * taken once (its attempts stay 1), every file gets its copies, whichever instance received it.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { fixture, form, newParticipant } from "../support/client";
import { startTwoInstances, type TwoInstances } from "./support/instances";

setDefaultTimeout(120_000);

let instances: TwoInstances;
let media: string;

beforeAll(async () => {
  media = await mkdtemp(path.join(tmpdir(), "casefile-renditions-sqld-"));
  instances = await startTwoInstances({ RENDITION_JOBS: "1", UPLOADS_DIR: media });
}, 60_000);
afterAll(async () => {
  await instances?.stop();
  await rm(media, { recursive: true, force: true });
});

test("files sent to either instance get their copies, each job taken by one instance once", async () => {
  const { first, second } = instances;
  const files = ["gps.jpg", "gps.heic", "voice.webm", "clip.mp4", "voice.mp3", "photo.png"];
  for (const [i, name] of files.entries()) {
    const { actor } = await newParticipant((i % 2 ? second : first).url);
    expect((await actor.post("/api/evidence", form({ title: name }, { file: await fixture(name) }))).status).toBe(201);
  }
  // Dummy jobs too (their files do not exist: done at once), to race both instances' takers over many rows.
  const db = first.ctx.db.$client;
  const now = new Date().toISOString();
  for (let i = 0; i < 30; i++) {
    await db.execute({ sql: "insert into jobs (kind, subject, run_after, created_at) values ('renditions', ?, ?, ?)", args: [`no-such-file-${i}`, now, now] });
  }
  const states = async () => (await db.execute("select state, attempts, count(*) as n from jobs group by state, attempts")).rows.map((r) => `${r.state}:${r.attempts}:${r.n}`);
  const jobsWanted = 2 * files.length + 30; // each item's file, each sender's selfie (verification photo), the dummies
  const until = Date.now() + 90_000;
  while (Date.now() < until && (await states()).join() !== `done:1:${jobsWanted}`) await Bun.sleep(500);
  expect(await states()).toEqual([`done:1:${jobsWanted}`]);
  const withCopies = (await db.execute("select count(distinct media_id) from media_renditions")).rows[0]![0];
  // Each item's file gets its copies; a selfie's job ends with none (a verification photo is withheld from every copy).
  expect(withCopies).toBe(files.length);
});
