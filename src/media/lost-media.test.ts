/**
 * A media file the database names but the store lost (deleted from the uploads folder, a restore gone wrong): before
 * issue 42, Bun's development error page answered — 50 KB with the exception, the stack, the server's paths and cwd —
 * counted as a 200. Now: a 500 with a JSON message and nothing of the server in it, logged, counted as a 500.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rm } from "node:fs/promises";
import path from "node:path";
import { adminActor, fixture, form, newParticipant, type Actor, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { MEDIA_MISSING_MESSAGE } from "../http/errors";

const TOKEN = "metrics-token-0123456789";
let server: TestServer;
let owner: Participant;
let admin: Actor;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
  owner = await newParticipant(server.url);
  admin = await adminActor(server.url);
});
afterAll(() => server.stop());

async function removeFilesOf(mediaUrl: string) {
  const id = mediaUrl.split("/").pop()!;
  const { rows } = await server.ctx.db.$client.execute({ sql: "select store_key, public_store_key from media_files where id = ?", args: [id] });
  for (const key of [rows[0]!.store_key, rows[0]!.public_store_key]) if (typeof key === "string") await rm(path.join(server.uploadsDir, key));
}

const counted500 = async () => {
  const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const line = text.split("\n").find((l) => l.startsWith('casefile_http_requests_total{route="/api/media/:id",method="GET",status="500"}'));
  return line ? Number(line.split(" ").pop()) : 0;
};

test("a lost file: a JSON 500 without stack, paths or cwd, to the public and to its owner, and counted as a 500", async () => {
  const item = await (await owner.actor.post("/api/evidence", form({ title: "Lost" }, { file: await fixture("photo.jpg") }))).json();
  expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(200);
  await removeFilesOf(item.aws_url);
  const answers = [await fetch(server.url + item.aws_url), await owner.actor.get(item.aws_url), await fetch(server.url + item.aws_url, { headers: { range: "bytes=0-9" } })];
  for (const response of answers) {
    const body = await response.text();
    expect([response.status, response.headers.get("content-type"), JSON.parse(body)]).toEqual([
      500,
      "application/json; charset=utf-8",
      { message: MEDIA_MISSING_MESSAGE, code: "server.MEDIA_MISSING_MESSAGE" },
    ]);
    for (const leak of [process.cwd(), server.uploadsDir, server.dataDir, "node_modules", "    at "]) expect(body).not.toContain(leak);
  }
  expect(await counted500()).toBe(3);
  const status = await (await admin.get("/api/server/status")).json();
  expect(status.errors.last_hour).toBeGreaterThanOrEqual(3);
});
