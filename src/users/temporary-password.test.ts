/** An admin gets a participant back in without mail: a temporary password that logs in only to choose a new one. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { Actor, adminActor, newParticipant, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { auditRows, type Json } from "../show/show-test-support";
import { TEMPORARY_PASSWORD_HOURS } from "./temporary-password";

describe("a temporary password an admin makes", () => {
  let server: TestServer;
  let admin: Actor;
  beforeAll(async () => {
    server = await startTestServer();
    admin = await adminActor(server.url);
  });
  afterAll(() => server.stop());

  const issue = async (participant: Participant) => {
    const response = await admin.post(`/api/user/${participant.user.id}/temporary-password`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return (await response.json()) as { temporary_password: string; expires_at: string };
  };

  test("ends the participant's sessions, logs in only to choose a new password, and is audited without the password", async () => {
    const participant = await newParticipant(server.url);
    const before = Date.now();
    const { temporary_password: temporary, expires_at } = await issue(participant);
    expect(temporary).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const expires = Date.parse(expires_at) - before;
    expect(expires).toBeGreaterThanOrEqual(TEMPORARY_PASSWORD_HOURS * 3600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(TEMPORARY_PASSWORD_HOURS * 3600_000 + 60_000);
    // Their phone is logged out; the old password is gone; no mail was needed (none was written).
    expect((await participant.actor.get("/api/user")).status).toBe(401);
    expect((await new Actor(server.url).login(participant.fields.username, participant.fields.password)).status).toBe(401);
    expect(await readdir(server.outboxDir).catch(() => [])).toEqual([]);
    const [entry] = await auditRows(server, "user.temporary-password");
    expect(entry).toEqual({ actor: "admin", targetType: "user", targetId: participant.user.id, detail: { expires_at } });
    expect(JSON.stringify(entry)).not.toContain(temporary);

    const phone = new Actor(server.url);
    const login = await phone.login(participant.fields.username, temporary);
    expect(login.status).toBe(200);
    expect(((await login.json()) as Json).must_change_password).toBe(true);
    expect(((await (await phone.get("/api/user")).json()) as Json).must_change_password).toBe(true);
    // Anything else is refused with a code the app knows, until the password is changed.
    const refused = await phone.get("/api/evidence");
    expect([refused.status, ((await refused.json()) as Json).code]).toEqual([403, "password.changeRequired"]);
    expect((await phone.get("/api/user/data")).status).toBe(403);
    const same = await phone.put("/api/user/password", { password: temporary });
    expect([same.status, ((await same.json()) as Json).code]).toEqual([400, "password.sameAsTemporary"]);
    expect((await phone.put("/api/user/password", { password: "short" })).status).toBe(400);

    const changed = await phone.put("/api/user/password", { password: "my-own-pass" });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Json).must_change_password).toBe(false);
    expect((await phone.get("/api/evidence")).status).toBe(200);
    expect((await new Actor(server.url).login(participant.fields.username, temporary)).status).toBe(401);
    expect((await new Actor(server.url).login(participant.fields.username, "my-own-pass")).status).toBe(200);
  });

  test("no longer works once expired, neither to log in nor in a session opened with it", async () => {
    const participant = await newParticipant(server.url);
    const { temporary_password: temporary } = await issue(participant);
    const phone = new Actor(server.url);
    expect((await phone.login(participant.fields.username, temporary)).status).toBe(200);
    // The clock moved past the expiry: written as the database would hold it a day later.
    await server.ctx.db.$client.execute({ sql: "update users set temporary_password_until = ? where id = ?", args: [Date.now() - 1, participant.user.id] });
    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await phone.put("/api/user/password", { password: "too-late-pass" })).status).toBe(401);
    const late = await new Actor(server.url).login(participant.fields.username, temporary);
    expect([late.status, ((await late.json()) as Json).code]).toEqual([401, "login.mismatch"]);
  });

  test("is for admins only, for an account that exists and not their own", async () => {
    const participant = await newParticipant(server.url);
    const other = await newParticipant(server.url);
    const count = (await auditRows(server, "user.temporary-password")).length;
    expect((await other.actor.post(`/api/user/${participant.user.id}/temporary-password`)).status).toBe(403);
    expect((await new Actor(server.url).post(`/api/user/${participant.user.id}/temporary-password`)).status).toBe(401);
    expect((await admin.post("/api/user/999999/temporary-password")).status).toBe(404);
    const me = ((await (await admin.get("/api/user")).json()) as Json).id as number;
    expect((await admin.post(`/api/user/${me}/temporary-password`)).status).toBe(409);
    expect((await auditRows(server, "user.temporary-password")).length).toBe(count);
    // Nothing changed for the participant: their session and password still work.
    expect((await participant.actor.get("/api/user")).status).toBe(200);
    expect((await new Actor(server.url).login(participant.fields.username, participant.fields.password)).status).toBe(200);
  });

  test("a participant changes their own password with the current one; /api/config says whether mail is set up", async () => {
    const participant = await newParticipant(server.url);
    const wrong = await participant.actor.put("/api/user/password", { password: "brand-new-pass", current_password: "not-it" });
    expect([wrong.status, ((await wrong.json()) as Json).code]).toEqual([403, "password.currentWrong"]);
    expect((await participant.actor.put("/api/user/password", { password: "brand-new-pass", current_password: participant.fields.password })).status).toBe(200);
    expect((await new Actor(server.url).login(participant.fields.username, "brand-new-pass")).status).toBe(200);
    expect(((await (await fetch(`${server.url}/api/config`)).json()) as Json).mailConfigured).toBe(false);
  });
});
