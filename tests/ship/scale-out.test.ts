/**
 * Scale-out: TWO app instances sharing one libSQL server (sqld) and one S3 bucket (s3rver) hold no state of their
 * own, so any instance can answer any request.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { Actor, adminActor, form, newParticipant } from "../support/client";
import type { TestServer } from "../support/server";
import { startTwoInstances, type TwoInstances } from "./support/instances";
import { paddedVideo, sha256 } from "./support/media";
import { startS3rver, type S3Server } from "./support/s3rver";

// These start real processes and servers; bun test's 5 s default is too tight on a busy 2-core machine.
setDefaultTimeout(60_000);

let s3: S3Server;
let instances: TwoInstances;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  s3 = await startS3rver();
  instances = await startTwoInstances(s3.env);
  ({ first, second } = instances);
}, 60_000);

afterAll(async () => {
  await instances?.stop();
  await s3?.stop();
});

/** The same browser (cookie) talking to the other instance, as behind a load balancer. */
const onOther = (actor: Actor, server: TestServer) => Object.assign(new Actor(server.url), { cookie: actor.cookie });

test("a session made on one instance is valid on the other, and a logout on either ends it", async () => {
  const { actor, user } = await newParticipant(first.url);
  const elsewhere = onOther(actor, second);
  const me = await elsewhere.get("/api/user");
  expect(me.status).toBe(200);
  expect(((await me.json()) as { id: number }).id).toBe(user.id);

  expect((await elsewhere.post("/api/user/logout")).status).toBe(200);
  expect((await actor.get("/api/user")).status).toBe(401);
});

test("an item uploaded through one instance is listed and plays with Range through the other; a delete removes its object", async () => {
  const { actor } = await newParticipant(first.url);
  const video = await paddedVideo(2 * 1024 * 1024);
  const original = new Uint8Array(await video.arrayBuffer());
  const keysBefore = await s3.keys();
  const created = await actor.post("/api/evidence", form({ title: "Seen from both" }, { file: video }));
  expect(created.status).toBe(201);
  const item = (await created.json()) as { id: number; aws_url: string };
  const mediaKey = `evidence/${item.aws_url.split("/").pop()}`;
  expect(await s3.keys()).toContain(mediaKey);

  const elsewhere = onOther(actor, second);
  const listed = (await (await elsewhere.get("/api/evidence")).json()) as { id: number }[];
  expect(listed.map((e) => e.id)).toEqual([item.id]);
  const adminList = (await (await (await adminActor(second.url)).get("/api/evidence/admin")).json()) as { id: number }[];
  expect(adminList.map((e) => e.id)).toContain(item.id);

  const partial = await elsewhere.request("GET", item.aws_url, undefined, { range: "bytes=1000-1999" });
  expect(partial.status).toBe(206);
  expect(partial.headers.get("content-range")).toBe(`bytes 1000-1999/${original.length}`);
  expect(sha256(await partial.arrayBuffer())).toBe(sha256(original.subarray(1000, 2000)));

  expect((await elsewhere.delete(`/api/evidence/delete/${item.id}`)).status).toBe(200);
  expect(await s3.keys()).not.toContain(mediaKey);
  expect(await s3.keys()).toEqual(keysBefore);
  expect((await actor.get(item.aws_url)).status).toBe(404);
});
