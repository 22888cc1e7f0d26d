/**
 * The publishing rules of the redaction step (no ffmpeg needed: with RENDITION_JOBS=0 a version stays pending): the
 * show setting redaction_required, off by default (the spec's publishing unchanged); a 409 on the clearance toggle;
 * bulk publishing and Make All Public skip and name what the rules keep private; the console's state and counts.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, cast, fixture, form, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
let owner: Participant;
let admin: Actor;

const send = async (title: string, file?: File) =>
  ((await (await owner.actor.post("/api/evidence", form({ title }, file ? { file } : {}))).json()) as { id: number }).id;
const toggle = (id: number) => admin.put(`/api/evidence/clearance/${id}`);
const consoleIds = async (query: string) => ((await (await admin.get(`/api/evidence/admin?${query}`)).json()) as { id: number }[]).map((i) => i.id);

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, admin } = await cast(server.url));
});
afterAll(() => server.stop());

describe("the show's rule", () => {
  test("off by default: photos publish as the spec says; on: photos and videos need the step, recordings and notes do not", async () => {
    expect((await (await fetch(`${server.url}/api/show`)).json()).redaction_required).toBe(false);
    const photo = await send("Photo", await fixture("photo.jpg"));
    const video = await send("Video", await fixture("clip.mp4"));
    const voice = await send("Voice", await fixture("voice.m4a"));
    const note = await send("Note");
    expect((await toggle(photo)).status).toBe(200);
    expect((await toggle(photo)).status).toBe(200); // private again

    expect((await admin.put("/api/show", { redaction_required: "yes" })).status).toBe(400);
    expect((await admin.put("/api/show", { redaction_required: true })).status).toBe(200);
    expect((await (await fetch(`${server.url}/api/show`)).json()).redaction_required).toBe(true);
    for (const id of [photo, video]) {
      const refused = await toggle(id);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ code: "evidence.redaction-required", message: expect.stringContaining("redaction step"), redaction: { version: 0, status: "none", passed: false } });
    }
    for (const id of [voice, note]) expect((await toggle(id)).status).toBe(200);
    const bulk = await (await admin.put("/api/evidence/bulk", { ids: [photo, video, voice], action: "publish" })).json();
    expect(bulk).toMatchObject({ updated: 0, ids: [], skipped_unredacted: [photo, video].sort((a, b) => a - b) });
    const all = await (await admin.put("/api/evidence/makeAllPublic")).json();
    expect(all.skipped_unredacted).toEqual(expect.arrayContaining([photo, video]));
    expect(all.ids).not.toContain(photo);
    // An empty plan is done at once and passes: the item went through the step with nothing to hide.
    expect((await admin.put(`/api/evidence/${photo}/redactions`, { regions: [], audio: [] })).status).toBe(202);
    expect((await toggle(photo)).status).toBe(200);

    expect((await admin.put("/api/show", { redaction_required: false })).status).toBe(200);
    expect((await toggle(video)).status).toBe(200);
  });

  test("whatever the setting, an item whose redaction is not passed cannot be published; the console shows where it stands", async () => {
    const photo = await send("Pending photo", await fixture("photo.jpg"));
    const plain = await send("Plain photo", await fixture("photo.jpg"));
    const put = await admin.put(`/api/evidence/${photo}/redactions`, { regions: [{ x: 0.1, y: 0.1, width: 0.2, height: 0.2, effect: "box" }] });
    expect(put.status).toBe(202);
    expect(await put.json()).toMatchObject({ version: 1, status: "pending", passed: false, copy: null, history: [{ version: 1, status: "pending", regions: 1, audio: 0 }] });
    expect((await toggle(photo)).status).toBe(409);
    expect((await (await admin.put("/api/evidence/bulk", { ids: [photo, plain], action: "publish" })).json())).toMatchObject({ ids: [plain], skipped_unredacted: [photo] });

    const [row] = (await (await admin.get(`/api/evidence/admin?id=${photo}`)).json()) as { redaction: unknown }[];
    expect(row!.redaction).toEqual({ version: 1, status: "pending", passed: false });
    expect(await consoleIds("redaction=pending")).toEqual([photo]);
    expect(await consoleIds("redaction=none")).toContain(plain);
    expect(await consoleIds("redaction=none")).not.toContain(photo);
    const counts = await (await admin.get("/api/evidence/admin/counts")).json();
    expect(counts.redaction).toMatchObject({ pending: 1, failed: 0, unverified: 0 });
    expect((await admin.get("/api/evidence/admin?redaction=done")).status).toBe(400);
  });
});
