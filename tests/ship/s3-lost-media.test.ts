/**
 * MEDIA_STORE=s3 and media the bucket lost or stopped sending (issue 42): a lost object answers the JSON 500 (never
 * Bun's error page, never a 200), and a bucket that goes away after the head was sent ends the connection, counted
 * as a 500.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { adminActor, fixture, form, newParticipant, type Participant } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { paddedVideo } from "./support/media";
import { startS3rver, type S3Server } from "./support/s3rver";

setDefaultTimeout(120_000);

const TOKEN = "metrics-token-0123456789";
let s3: S3Server;
let server: TestServer;
let owner: Participant;

beforeAll(async () => {
  s3 = await startS3rver();
  server = await startTestServer({ ...s3.env, METRICS_TOKEN: TOKEN, MAX_UPLOAD_MB: "64" });
  owner = await newParticipant(server.url);
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

const keysOf = async (mediaUrl: string) => {
  const { rows } = await server.ctx.db.$client.execute({ sql: "select store_key, public_store_key from media_files where id = ?", args: [mediaUrl.split("/").pop()!] });
  return [rows[0]!.store_key, rows[0]!.public_store_key].filter((key): key is string => typeof key === "string");
};

const counted500 = async () => {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const line = text.split("\n").find((l) => l.startsWith('casefile_http_requests_total{route="/api/media/:id",method="GET",status="500"}'));
  return line ? Number(line.split(" ").pop()) : 0;
};

test("an object the bucket lost: the JSON 500, to the public and to the owner, counted", async () => {
  const item = await (await owner.actor.post("/api/evidence", form({ title: "Lost" }, { file: await fixture("photo.jpg") }))).json();
  expect((await (await adminActor(server.url)).put(`/api/evidence/clearance/${item.id}`)).status).toBe(200);
  for (const key of await keysOf(item.aws_url)) await server.ctx.store.delete(key);
  for (const response of [await fetch(server.url + item.aws_url), await owner.actor.get(item.aws_url)]) {
    const body = await response.text();
    expect([response.status, JSON.parse(body).code]).toEqual([500, "server.MEDIA_MISSING_MESSAGE"]);
    expect(body).not.toContain(process.cwd());
  }
  expect(await counted500()).toBe(2);
});

test("the bucket gone after the head was sent: the connection ends before the whole file, and the request counts as a 500", async () => {
  const size = 48 * 1024 * 1024;
  const item = await (await owner.actor.post("/api/evidence", form({ title: "Long" }, { file: await paddedVideo(size) }))).json();
  const before = await counted500();
  const response = await owner.actor.get(item.aws_url);
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let received = (await reader.read()).value?.length ?? 0;
  await s3.stop();
  const ended = await (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return "complete";
      received += value.length;
    }
  })().catch(() => "ended");
  expect([ended, received < size]).toEqual(["ended", true]);
  for (let i = 0; i < 50 && (await counted500()) === before; i++) await Bun.sleep(100);
  expect(await counted500()).toBe(before + 1);
});
