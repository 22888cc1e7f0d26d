/** MEDIA_STORE=s3 through the real API against a real S3-protocol server (s3rver) on loopback. */
import { readdir } from "node:fs/promises";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { PART_BYTES } from "../../src/media/s3-store";
import { adminActor, fixture, form, newParticipant } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { paddedVideo, sha256 } from "./support/media";
import { startS3rver, type S3Server } from "./support/s3rver";

// These start real processes and servers; bun test's 5 s default is too tight on a busy 2-core machine.
setDefaultTimeout(60_000);

let s3: S3Server;
let server: TestServer;

beforeAll(async () => {
  s3 = await startS3rver();
  server = await startTestServer(s3.env);
});

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

test("/healthz reaches the bucket", async () => {
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});

test("a multipart-sized upload lands in the bucket, lists, plays with Range, and its delete removes the object", async () => {
  const { actor } = await newParticipant(server.url);
  const video = await paddedVideo(PART_BYTES + 3 * 1024 * 1024);
  const original = new Uint8Array(await video.arrayBuffer());
  const keysBefore = await s3.keys();
  const spooledBefore = await readdir(server.ctx.store.tempDir);

  const created = await actor.post("/api/evidence", form({ title: "Big clip", notes: "" }, { file: video }));
  expect(created.status).toBe(201);
  const item = (await created.json()) as { id: number; aws_url: string; media_type: number; media: { sha256: string } };
  expect(item.media_type).toBe(3);
  expect(item.media.sha256).toBe(sha256(original));

  const added = (await s3.keys()).filter((key) => !keysBefore.includes(key));
  expect(added).toEqual([`evidence/${item.aws_url.split("/").pop()}`]);
  // The spooled temp file is gone (the process's temp folder is shared by every store the test process opened).
  expect(await readdir(server.ctx.store.tempDir)).toEqual(spooledBefore);

  const listed = (await (await actor.get("/api/evidence")).json()) as { id: number }[];
  expect(listed.map((e) => e.id)).toContain(item.id);

  const whole = await actor.get(item.aws_url);
  expect(whole.status).toBe(200);
  expect(sha256(await whole.arrayBuffer())).toBe(sha256(original));

  // A range across the boundary between the first and second multipart part.
  const start = PART_BYTES - 10;
  const end = PART_BYTES + 9;
  const partial = await actor.request("GET", item.aws_url, undefined, { range: `bytes=${start}-${end}` });
  expect(partial.status).toBe(206);
  expect(partial.headers.get("content-range")).toBe(`bytes ${start}-${end}/${original.length}`);
  expect(new Uint8Array(await partial.arrayBuffer())).toEqual(original.subarray(start, end + 1));

  expect((await actor.delete(`/api/evidence/delete/${item.id}`)).status).toBe(200);
  expect(await s3.keys()).toEqual(keysBefore);
});

test("a small photo goes up in one piece, with its metadata-free public copy beside it", async () => {
  const { actor } = await newParticipant(server.url);
  const keysBefore = await s3.keys();
  const photo = await fixture("photo.jpg");
  const created = await actor.post("/api/evidence", form({ title: "Photo" }, { file: photo }));
  expect(created.status).toBe(201);
  const { aws_url } = (await created.json()) as { aws_url: string };
  const id = aws_url.split("/").pop();
  const added = (await s3.keys()).filter((key) => !keysBefore.includes(key));
  expect(added).toEqual([`evidence/${id}`, `evidence/${id}.public`]);
  const read = await actor.get(aws_url);
  expect(new Uint8Array(await read.arrayBuffer())).toEqual(new Uint8Array(await photo.arrayBuffer()));
});

test("the store's list() names every object of the bucket", async () => {
  const listed: string[] = [];
  for await (const key of server.ctx.store.list()) listed.push(key);
  expect(listed.sort()).toEqual(await s3.keys());
});

test("the show's media live in the bucket: served at their versioned address and as /brand/logo", async () => {
  const admin = await adminActor(server.url);
  const logo = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="4" height="4"/></svg>';
  const keysBefore = await s3.keys();
  const saved = await admin.put("/api/show/media/logo", form({}, { file: new File([logo], "logo.svg") }));
  expect(saved.status).toBe(200);
  const url = ((await saved.json()) as { media: { logo: { url: string } } }).media.logo.url;
  const added = (await s3.keys()).filter((key) => !keysBefore.includes(key));
  expect(added).toHaveLength(1);
  expect(added[0]).toStartWith("show/logo/");
  expect(await (await fetch(server.url + url)).text()).toBe(logo);
  expect(await (await fetch(`${server.url}/brand/logo`)).text()).toBe(logo);
});
