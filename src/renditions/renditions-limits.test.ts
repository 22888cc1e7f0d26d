/** A file whose copy takes too long is stopped at the time limit, for good, and leaves nothing behind. */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { Actor, cast, form, type Participant } from "../../tests/support/client";
import { hevcVideo } from "../../tests/support/phone-video";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
let owner: Participant;
let admin: Actor;

beforeAll(async () => {
  server = await startTestServer({ RENDITION_JOBS: "1", RENDITION_TIME_LIMIT_SECONDS: "1" });
  ({ owner, admin } = await cast(server.url));
});
afterAll(() => server.stop());

const toolsRunning = async () => (await new Response(Bun.spawn(["pgrep", "-f", server.uploadsDir]).stdout).text()).trim();

test("a 1080p HEVC video needing more than the time limit ends failed with the reason; no tool or temp file stays; the original still plays", async () => {
  const created = await owner.actor.post("/api/evidence", form({ title: "Too long to copy" }, { file: await hevcVideo("1920x1080", 8) }));
  expect(created.status).toBe(201);
  const item = await created.json();
  const mediaId = item.aws_url.split("/").pop();
  const started = Date.now();
  let failed: { error: string; attempts: number } | undefined;
  while (!failed && Date.now() - started < 30_000) {
    await Bun.sleep(200);
    const status = await (await admin.get("/api/server/status")).json();
    failed = status.renditions.failed.find((job: { media_id: string }) => job.media_id === mediaId);
  }
  expect(failed?.error).toContain("time limit (1 s)");
  expect(failed?.attempts).toBe(1); // a limit is not retried: it would end the same way
  expect(await toolsRunning()).toBe("");
  expect(await readdir(server.ctx.store.tempDir)).toEqual([]); // no renditions- folder
  const listed = (await (await owner.actor.get("/api/evidence")).json()).find((i: { id: number }) => i.id === item.id);
  expect(listed.renditions_preparing).toBe(false);
  expect((await owner.actor.get(item.aws_url)).status).toBe(200);
  const status = await (await admin.get("/api/server/status")).json();
  expect(status.warnings.map((w: { kind: string }) => w.kind)).toContain("renditions");

  // An admin's retry runs it again (it fails the same way here, but is taken again).
  expect((await (await admin.post("/api/server/renditions/retry")).json()).retried).toBeGreaterThanOrEqual(1);
  expect((await (await admin.get("/api/server/status")).json()).renditions.jobs.failed).toBe(0);
});
