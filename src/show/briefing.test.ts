/** The briefing reset over HTTP, and the warnings that name what the operator should still do. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, adminActor, fixture, form, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { auditRows, type Json } from "./show-test-support";

describe("the briefing", () => {
  let server: TestServer;
  let admin: Actor;
  beforeAll(async () => {
    server = await startTestServer({ PROJECT_NAME: "" });
    admin = await adminActor(server.url);
  });
  afterAll(() => server.stop());

  test("a new briefing video leaves who has watched alone; only the confirmed reset asks everyone again", async () => {
    const watched = [await newParticipant(server.url), await newParticipant(server.url)];
    const notYet = await newParticipant(server.url);
    for (const p of watched) expect((await p.actor.put(`/api/user/watched/${p.user.id}`)).status).toBe(200);

    expect((await admin.put("/api/show/media/onboarding-video", form({}, { file: await fixture("clip.mp4") }))).status).toBe(200);
    for (const p of watched) expect((await (await p.actor.get("/api/user")).json()).video_watched).toBe(true);

    expect(await (await admin.get("/api/show/briefing-reset")).json()).toEqual({ participants: 2 });
    const stale = await admin.post("/api/show/briefing-reset", { confirm: 5 });
    expect([stale.status, await stale.json()]).toEqual([
      409,
      { message: "The number of participants changed: 2 would now watch the briefing again. Please confirm again.", code: "conflict", participants: 2 },
    ]);
    expect((await admin.post("/api/show/briefing-reset", { confirm: "all" })).status).toBe(400);

    const reset = await admin.post("/api/show/briefing-reset", { confirm: 2 });
    expect([reset.status, await reset.json()]).toEqual([200, { participants: 2, briefing_version: 1 }]);
    for (const p of [...watched, notYet]) expect((await (await p.actor.get("/api/user")).json()).video_watched).toBe(false);
    // Admins never have to watch again.
    expect((await (await admin.get("/api/user")).json()).video_watched).toBe(true);
    expect((await auditRows(server, "show.briefing_reset")).map((e) => e.detail)).toEqual([{ participants: 2 }]);
    expect((await (await fetch(`${server.url}/api/show`)).json()).briefing_version).toBe(1);
  });

  test("warnings name what the operator should still do, and go once resolved", async () => {
    const codes = async () => ((await (await admin.get("/api/show/warnings")).json()) as Json).warnings.map((w: Json) => w.code);
    const server = ["plain-http", "no-mail", "backups-off"];
    const texts = ["built-in-meeting-place", "default-privacy-contact"];
    expect(await codes()).toEqual([...server, "default-tutorial", "default-instructions", ...texts, "default-spy-url", "redaction-optional"]);
    await admin.delete("/api/show/media/onboarding-video");
    expect(await codes()).toContain("default-briefing");
    await admin.put("/api/show", { instructions: ["Meet at Pier 4."], spy_url: "https://harbour.example/" });
    // FAQ answer 2 still names the example's meeting place: that row stays (src/show/warnings.test.ts).
    expect(await codes()).toEqual([...server, "default-briefing", "default-tutorial", ...texts, "redaction-optional"]);
  });
});
