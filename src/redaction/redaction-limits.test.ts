/**
 * A redaction job that overruns the renditions' time limit (RENDITION_TIME_LIMIT_SECONDS=1) fails closed: the public
 * item serves nothing of its file, the version is "failed" with the reason, and publishing it again is refused.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { cast, form } from "../../tests/support/client";
import { movingFace, movingFaceVideo, withMargin } from "../../tests/support/faces";
import { startTestServer, type TestServer } from "../../tests/support/server";

setDefaultTimeout(120_000);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RENDITION_JOBS: "1", RENDITION_TIME_LIMIT_SECONDS: "1" });
});
afterAll(() => server.stop());

test("a job stopped at its time limit leaves nothing of the item's file public and the item unpublishable", async () => {
  const { owner, admin, visitor } = await cast(server.url);
  const file = new File([await Bun.file(await movingFaceVideo()).arrayBuffer()], "moving.mp4", { type: "video/mp4" });
  const item = (await (await owner.actor.post("/api/evidence", form({ title: "Too slow" }, { file }))).json()) as { id: number; original_url: string };
  expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(200);
  const keyframes = [0, 3000, 6000].map((ms) => ({ at_ms: ms, ...withMargin(movingFace(ms)) }));
  const { x, y, width, height } = keyframes[0]!;
  expect((await admin.put(`/api/evidence/${item.id}/redactions`, { regions: [{ x, y, width, height, effect: "blur", keyframes }] })).status).toBe(202);

  let body: { status: string; error: string | null } = { status: "pending", error: null };
  for (const end = Date.now() + 90_000; body.status === "pending" && Date.now() < end; await Bun.sleep(250)) {
    body = await (await admin.get(`/api/evidence/${item.id}/redactions`)).json();
  }
  expect(body.status).toBe("failed");
  expect(body.error).toContain("time limit");
  const [row] = (await server.ctx.db.$client.execute({ sql: "select status, error from redactions where evidence_id = ?", args: [item.id] })).rows;
  expect([row!.status, String(row!.error)]).toEqual(["failed", body.error!]);

  const listed = ((await (await visitor.get("/api/evidence/public")).json()) as { id: number; aws_url: string | null; renditions: unknown[] }[]).find((i) => i.id === item.id)!;
  expect([listed.aws_url, listed.renditions]).toEqual([null, []]);
  const id = item.original_url.split("/")[3];
  for (const url of [`/api/media/${id}`, ...["display", "poster", "thumbnail", "peaks"].map((kind) => `/api/media/${id}/${kind}`)]) expect((await visitor.get(url)).status).toBe(404);
  expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(200); // made private
  expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(409); // and not public again
  expect((await readdir(server.ctx.store.tempDir)).filter((name) => name.startsWith("redaction-"))).toEqual([]);
});
