/**
 * Quotas across instances: two app instances on one libSQL server (sqld) enforce one participant's limits together,
 * however the participant's parallel uploads are spread over them, and a body still arriving on one counts on both.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { connect, type Socket } from "node:net";
import { Actor, fixture, form, mediaRowKeys, newParticipant, storedFiles } from "../support/client";
import type { TestServer } from "../support/server";
import { startTwoInstances, type TwoInstances } from "./support/instances";
import { paddedVideo } from "./support/media";

// These start real processes and servers; bun test's 5 s default is too tight on a busy 2-core machine.
setDefaultTimeout(60_000);

const HOURLY_LIMIT = 4;
const MIB = 1024 * 1024;

let instances: TwoInstances;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  // One database; each instance keeps its media in its own folder, so the files of both are checked below.
  instances = await startTwoInstances({ QUOTA_UPLOADS_PER_HOUR: String(HOURLY_LIMIT), QUOTA_STORAGE_MB: "1" });
  ({ first, second } = instances);
}, 60_000);

afterAll(() => instances?.stop());

/** The same participant's browser on each instance in turn, as behind a load balancer. */
const spread = (actor: Actor, count: number) =>
  Array.from({ length: count }, (_, i) => Object.assign(new Actor((i % 2 ? second : first).url), { cookie: actor.cookie }));

async function expectFilesMatchRows() {
  const onDisk = [...(await storedFiles(first.uploadsDir)), ...(await storedFiles(second.uploadsDir))].sort();
  expect(onDisk).toEqual(await mediaRowKeys(first));
}

test("a burst over the hourly limit spread over both instances: exactly the limit succeed", async () => {
  const { actor } = await newParticipant(first.url);
  const photo = await fixture("photo.jpg");
  const responses = await Promise.all(spread(actor, HOURLY_LIMIT + 6).map((a, i) => a.post("/api/evidence", form({ title: `Burst ${i}` }, { file: photo }))));
  expect(responses.map((r) => r.status).sort()).toEqual([...Array(HOURLY_LIMIT).fill(201), ...Array(6).fill(429)]);
  expect((await (await actor.get("/api/evidence")).json()).length).toBe(HOURLY_LIMIT);
  await expectFilesMatchRows();
});

test("parallel uploads over the byte quota spread over both instances: never more stored than the quota", async () => {
  const { actor, user } = await newParticipant(first.url);
  const clips = await Promise.all(Array.from({ length: 6 }, () => paddedVideo(300 * 1024)));
  const responses = await Promise.all(spread(actor, clips.length).map((a, i) => a.post("/api/evidence", form({ title: `Clip ${i}` }, { file: clips[i]! }))));
  expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 201, 413, 413, 413]);
  const { rows } = await first.ctx.db.$client.execute({
    sql: "select coalesce(sum(size), 0) as n from media_files where owner_id = ? and purpose = 'evidence'",
    args: [user.id],
  });
  expect(Number(rows[0]!.n)).toBeLessThanOrEqual(MIB);
  await expectFilesMatchRows();
});

/** A multipart upload to `server` that declares `bytes` and sends only its first part, held open until destroyed. */
async function heldUpload(server: TestServer, cookie: string, bytes: number): Promise<Socket> {
  const { hostname, port } = new URL(server.url);
  const socket = connect(Number(port), hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  const head = '--x\r\ncontent-disposition: form-data; name="file"; filename="clip.mp4"\r\ncontent-type: video/mp4\r\n\r\n';
  socket.write(
    [`POST /api/evidence HTTP/1.1`, `host: ${hostname}:${port}`, `cookie: ${cookie}`, "content-type: multipart/form-data; boundary=x", `content-length: ${bytes}`, "", head].join("\r\n"),
  );
  socket.write(new Uint8Array(64 * 1024));
  return socket;
}

async function reservationsOf(userId: number): Promise<number> {
  const { rows } = await first.ctx.db.$client.execute({ sql: "select count(*) as n from body_reservations where user_id = ?", args: [userId] });
  return Number(rows[0]!.n);
}

async function until(condition: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await condition()); i++) await Bun.sleep(50);
  expect(await condition()).toBe(true);
}

test("a body still arriving on one instance counts against the quota on the other; once dropped, its reservation is gone", async () => {
  const { actor, user } = await newParticipant(first.url);
  const held = await heldUpload(first, actor.cookie, MIB);
  await until(async () => (await reservationsOf(user.id)) === 1);
  const other = Object.assign(new Actor(second.url), { cookie: actor.cookie });
  const refused = await other.post("/api/evidence", form({ title: "Second" }, { file: await paddedVideo(600 * 1024) }));
  expect(refused.status).toBe(413);
  expect((await refused.json()).message).toMatch(/^You have used your storage space for this show: 1 MB of your 1 MB are in use/);

  held.destroy();
  await until(async () => (await reservationsOf(user.id)) === 0);
  expect((await other.post("/api/evidence", form({ title: "Second" }, { file: await paddedVideo(600 * 1024) }))).status).toBe(201);
  await expectFilesMatchRows();
});

test("a reservation of an instance whose heartbeat stopped (a crashed process) counts for nothing and goes at the next upload", async () => {
  const { actor, user } = await newParticipant(first.url);
  await first.ctx.db.$client.execute({
    sql: "insert into body_reservations (id, user_id, bytes, instance_id) values (?, ?, ?, 'crashed-instance')",
    args: [crypto.randomUUID(), user.id, MIB],
  });
  expect((await actor.post("/api/evidence", form({ title: "After a crash" }, { file: await paddedVideo(600 * 1024) }))).status).toBe(201);
  expect(await reservationsOf(user.id)).toBe(0);
});
