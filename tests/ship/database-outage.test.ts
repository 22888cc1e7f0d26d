/**
 * The libSQL server (sqld) stops during a show, then comes back. While it is down: phones are told the server cannot
 * reach its database (503, never "Something went wrong"); /healthz says so; /metrics still answers, with
 * casefile_database_up 0; the Server screen answers 503 with the reason for the admin it verified a moment before;
 * the log has one short line per failed request, not pages of source. Once sqld is back everything works and nothing
 * acknowledged before was lost.
 */
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminActor, fixture, form, newParticipant } from "../support/client";
import { ADMIN } from "../support/server";
import { FROM_SOURCE, type Program, startProgram } from "./support/program";
import { startSqld, type Sqld } from "./support/sqld";

setDefaultTimeout(120_000);

const TOKEN = "token-for-the-outage-test";
let sqld: Sqld | undefined;
let program: Program | undefined;
let cwd: string | undefined;
afterEach(async () => {
  await program?.stop();
  await sqld?.stop();
  if (cwd) await rm(cwd, { recursive: true, force: true });
});

test("sqld stopped: 503 with the reason for phones and the Server screen, /healthz 503, /metrics answers; back: all works, nothing lost", async () => {
  sqld = await startSqld();
  cwd = await mkdtemp(path.join(tmpdir(), "casefile-outage-"));
  program = await startProgram(FROM_SOURCE, cwd, {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    DATABASE_URL: sqld.url,
    RENDITION_JOBS: "0",
    METRICS_TOKEN: TOKEN,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const { actor } = await newParticipant(program.url);
  const admin = await adminActor(program.url);
  expect((await actor.post("/api/evidence", form({ title: "Before the outage" }, { file: await fixture("photo.jpg") }))).status).toBe(201);
  expect((await admin.get("/api/server/status")).status).toBe(200);
  const metrics = () => fetch(`${program!.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(await (await metrics()).text()).toContain("casefile_database_up 1");

  const killedAt = Date.now() - 1; // ISO times are to the millisecond
  await sqld.kill();
  const phone = await actor.post("/api/evidence", form({ title: "During the outage" }, { file: await fixture("photo.jpg") }));
  const phoneAnsweredAt = Date.now();
  expect(phone.status).toBe(503);
  expect(((await phone.json()) as { message: string }).message).toStartWith("The server cannot reach its database");
  const listed = await actor.get("/api/evidence");
  expect(listed.status).toBe(503);
  const health = await fetch(`${program.url}/healthz`);
  expect(health.status).toBe(503);
  expect(((await health.json()) as { problems: string[] }).problems.join()).toContain("the database cannot be reached");
  const scraped = await metrics();
  expect(scraped.status).toBe(200);
  const text = await scraped.text();
  expect(text).toContain("casefile_database_up 0");
  expect(text).toMatch(/^casefile_info\{version="[^"]+\+[0-9a-f]{7,}(-dirty)?"\} 1$/m);
  // The admin verified a moment ago is told why and since when (the first request that failed for it), in the words
  // and in params for the Server screen; a participant only that the database cannot be reached.
  const screen = await admin.get("/api/server/status");
  expect(screen.status).toBe(503);
  const told = (await screen.json()) as { message: string; params: { since: string; reason: string } };
  expect(told.params.since).toBeDefined();
  expect(Date.parse(told.params.since)).toBeGreaterThanOrEqual(killedAt);
  expect(Date.parse(told.params.since)).toBeLessThanOrEqual(phoneAnsweredAt);
  expect(told.params.reason.length).toBeGreaterThan(0);
  expect(told.message).toBe(`The server cannot reach its database since ${told.params.since}: ${told.params.reason}`);
  expect((await (await admin.get("/api/server/status")).json()) as { params: { since: string } }).toMatchObject({ params: { since: told.params.since } });
  const other = await actor.get("/api/server/status");
  expect(other.status).toBe(503);
  expect(await other.json()).not.toHaveProperty("params");

  await sqld.restart();
  const back = Date.now() + 30_000;
  while ((await fetch(`${program.url}/healthz`)).status !== 200) {
    if (Date.now() > back) throw new Error("the server did not come back with sqld");
    await Bun.sleep(200);
  }
  expect((await admin.get("/api/server/status")).status).toBe(200);
  expect((await actor.post("/api/evidence", form({ title: "After the outage" }, { file: await fixture("photo.jpg") }))).status).toBe(201);
  const titles = ((await (await actor.get("/api/evidence")).json()) as { title: string }[]).map((item) => item.title).sort();
  expect(titles).toEqual(["After the outage", "Before the outage"]);

  await program.stop();
  const log = await program.output();
  program = undefined;
  console.log("LOG>>\n" + log);
  // Short lines, each failed request one of them; a stack at most once per distinct error.
  for (const line of log.split("\n")) expect(line.length).toBeLessThan(4000);
  expect(log.split("\n").filter((line) => line.startsWith("503 on POST /api/evidence"))).toHaveLength(1);
  expect(log.split("\n").length).toBeLessThan(60);
});

test("LOG_FORMAT=json: during the outage every line of the log is one JSON object, failures and stacks included", async () => {
  sqld = await startSqld();
  cwd = await mkdtemp(path.join(tmpdir(), "casefile-outage-json-"));
  program = await startProgram(FROM_SOURCE, cwd, { PATH: process.env.PATH ?? "/usr/bin:/bin", DATABASE_URL: sqld.url, RENDITION_JOBS: "0", LOG_FORMAT: "json" });
  const { actor } = await newParticipant(program.url);
  await sqld.kill();
  for (const url of ["/api/evidence", "/api/user", "/healthz"]) expect((await actor.get(url)).status).toBe(503);
  await sqld.restart();
  await program.stop();
  const log = await program.output();
  program = undefined;
  const lines = log.split("\n").filter(Boolean);
  const objects = lines.map((line) => JSON.parse(line) as { level: string; msg: string });
  expect(objects.filter((o) => o.msg.startsWith("503 on GET")).map((o) => o.level)).toEqual(["error", "error", "error"]);
});
