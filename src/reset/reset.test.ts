import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { Actor, latestMailedCode, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const visitor = () => new Actor(server.url);
const wrongCodeFor = (code: string) => String(((Number(code) - 100000 + 1) % 900000) + 100000);

async function requestCode(email: string): Promise<string> {
  const response = await visitor().post("/api/email/send", ["123456", email]);
  expect(response.status).toBe(200);
  return latestMailedCode(server.outboxDir);
}

describe("password reset", () => {
  test("check-email tells whether an account exists", async () => {
    const { fields } = await newParticipant(server.url);
    expect(await (await visitor().post("/api/email/check-email", { email: fields.email })).json()).toEqual({ exists: true });
    expect(await (await visitor().post("/api/email/check-email", { email: "nobody@example.org" })).json()).toEqual({ exists: false });
  });

  test("the whole flow: server-made code by mail, check, new password, old sessions end, code single use", async () => {
    const { fields, actor } = await newParticipant(server.url);
    const code = await requestCode(fields.email);
    expect(code).toMatch(/^[1-9]\d{5}$/);
    expect(code).not.toBe("123456"); // the browser's code is ignored

    expect(await (await visitor().post("/api/email/check/reset-code", { email: fields.email, code })).json()).toEqual({ codeMatches: true });
    const changed = await visitor().put("/api/user/passwordupdated", [{ email: fields.email, password: "brand-new-pass", code }]);
    expect(changed.status).toBe(200);

    expect((await actor.get("/api/user")).status).toBe(401); // sessions ended
    expect((await visitor().login(fields.username, fields.password)).status).toBe(401);
    expect((await visitor().login(fields.username, "brand-new-pass")).status).toBe(200);

    const reuse = await visitor().put("/api/user/passwordupdated", [{ email: fields.email, password: "another-pass", code }]);
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).message).toBe("Incorrect code. Please try again.");
  });

  test("a password change without a code, or with a wrong one, is refused", async () => {
    const { fields } = await newParticipant(server.url);
    const code = await requestCode(fields.email);
    const noCode = await visitor().put("/api/user/passwordupdated", [{ email: fields.email, password: "hijacked-pass" }]);
    expect(noCode.status).toBe(400);
    const wrong = await visitor().put("/api/user/passwordupdated", [{ email: fields.email, password: "hijacked-pass", code: wrongCodeFor(code) }]);
    expect(wrong.status).toBe(400);
    expect((await visitor().login(fields.username, "hijacked-pass")).status).toBe(401);
    expect((await visitor().login(fields.username, fields.password)).status).toBe(200);
  });

  test("five wrong tries use the code up", async () => {
    const { fields } = await newParticipant(server.url);
    const code = await requestCode(fields.email);
    for (let i = 0; i < 5; i++) {
      const check = await visitor().post("/api/email/check/reset-code", { email: fields.email, code: wrongCodeFor(code) });
      expect(await check.json()).toEqual({ codeMatches: false });
    }
    expect(await (await visitor().post("/api/email/check/reset-code", { email: fields.email, code })).json()).toEqual({ codeMatches: false });
  });

  test("a code expires after 15 minutes", async () => {
    const { fields, user } = await newParticipant(server.url);
    const code = await requestCode(fields.email);
    await server.ctx.db.$client.execute({ sql: "update password_resets set expires_at = ? where user_id = ?", args: [Date.now() - 1, user.id] });
    expect(await (await visitor().post("/api/email/check/reset-code", { email: fields.email, code })).json()).toEqual({ codeMatches: false });
  });

  test("requesting another code, once the last mail is a minute old, replaces the first", async () => {
    const { fields, user } = await newParticipant(server.url);
    const first = await requestCode(fields.email);
    await server.ctx.db.$client.execute({ sql: "update password_resets set sent_at = sent_at - 61000 where user_id = ?", args: [user.id] });
    const again = await visitor().put("/api/email/reset-code", { code: "111111", email: fields.email });
    expect(again.status).toBe(200);
    const second = await latestMailedCode(server.outboxDir);
    if (second !== first) {
      expect(await (await visitor().post("/api/email/check/reset-code", { email: fields.email, code: first })).json()).toEqual({ codeMatches: false });
    }
    expect(await (await visitor().post("/api/email/check/reset-code", { email: fields.email, code: second })).json()).toEqual({ codeMatches: true });
  });

  test("unknown addresses get the same answer and no mail", async () => {
    const before = (await readdir(server.outboxDir)).length;
    expect((await visitor().post("/api/email/send", ["", "ghost@example.org"])).status).toBe(200);
    expect((await readdir(server.outboxDir)).length).toBe(before);
  });

  test("missing fields have clear messages", async () => {
    const noEmail = await visitor().post("/api/email/check-email", {});
    expect(noEmail.status).toBe(400);
    const noCode = await visitor().post("/api/email/check/reset-code", { email: "a@example.org" });
    expect((await noCode.json()).message).toBe("Please enter the code and your email address");
  });

  test("an account may ask for at most 10 codes an hour (the original client asks twice each time)", async () => {
    const { fields } = await newParticipant(server.url);
    for (let i = 0; i < 10; i++) expect((await visitor().post("/api/email/send", ["", fields.email])).status).toBe(200);
    expect((await visitor().post("/api/email/send", ["", fields.email])).status).toBe(429);
  });
});
