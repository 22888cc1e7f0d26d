/**
 * Password reset as an attacker would try it: parallel bursts of codes and updates, a stolen or missing proof,
 * and the original client's calls (two code requests in a row, `[[password, email]]` with no code).
 */
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
const wrongCode = (code: string, n: number) => String(((Number(code) - 100000 + 1 + n) % 900000) + 100000);
const mailCount = async () => (await readdir(server.outboxDir).catch(() => [])).filter((name) => name.endsWith(".eml")).length;
const sql = (statement: string, args: (string | number)[] = []) => server.ctx.db.$client.execute({ sql: statement, args });

async function requestCode(email: string): Promise<string> {
  expect((await visitor().post("/api/email/send", ["123456", email])).status).toBe(200);
  return latestMailedCode(server.outboxDir);
}

const checkCode = (actor: Actor, email: string, code: string) => actor.post("/api/email/check/reset-code", { email, code });
const canLogIn = async (username: string, password: string) => (await visitor().login(username, password)).status === 200;

/** A browser whose check of the code succeeded: it holds the proof cookie. */
async function provenBrowser(email: string, code: string): Promise<Actor> {
  const browser = visitor();
  const checked = await checkCode(browser, email, code);
  expect(await checked.json()).toEqual({ codeMatches: true });
  expect(browser.cookie).toStartWith("casefile_reset_proof=");
  return browser;
}

describe("codes under a burst (see also tests/ship/limits-scale-out.test.ts)", () => {
  test("one code, a change by code and a change by proof at once: exactly one succeeds", async () => {
    const { fields } = await newParticipant(server.url);
    const code = await requestCode(fields.email);
    const browser = await provenBrowser(fields.email, code);
    const statuses = await Promise.all([
      browser.put("/api/user/passwordupdated", [["by-proof-pass", fields.email]]).then((r) => r.status),
      visitor().put("/api/user/passwordupdated", [{ email: fields.email, password: "by-code-pass", code }]).then((r) => r.status),
    ]);
    expect([...statuses].sort()).toEqual([200, 400]);
  });
});

describe("the original client's update [[password, email]], with no code", () => {
  test("is refused without the proof cookie, even right after another browser checked the code", async () => {
    const { fields } = await newParticipant(server.url);
    const code = await requestCode(fields.email);
    await provenBrowser(fields.email, code);
    const response = await visitor().put("/api/user/passwordupdated", [["hijacked-pass", fields.email]]);
    expect(response.status).toBe(400);
    expect(await canLogIn(fields.username, "hijacked-pass")).toBe(false);
    expect(await canLogIn(fields.username, fields.password)).toBe(true);
  });

  test("works once from the browser that proved the code, then never again", async () => {
    const { fields, actor } = await newParticipant(server.url);
    const code = await requestCode(fields.email);
    const browser = await provenBrowser(fields.email, code);
    const proof = browser.cookie;
    const changed = await browser.put("/api/user/passwordupdated", [["proven-new-pass", fields.email]]);
    expect(changed.status).toBe(200);
    expect(changed.headers.get("set-cookie")).toMatch(/^casefile_reset_proof=; .*Max-Age=0/);
    expect(await canLogIn(fields.username, "proven-new-pass")).toBe(true);
    expect((await actor.get("/api/user")).status).toBe(401); // sessions ended

    browser.cookie = proof; // replayed
    expect((await browser.put("/api/user/passwordupdated", [["replayed-pass", fields.email]])).status).toBe(400);
    expect((await visitor().put("/api/user/passwordupdated", [{ email: fields.email, password: "replayed-pass", code }])).status).toBe(400);
    expect(await canLogIn(fields.username, "replayed-pass")).toBe(false);
  });

  test("two updates at once with one proof: exactly one succeeds", async () => {
    const { fields } = await newParticipant(server.url);
    const browser = await provenBrowser(fields.email, await requestCode(fields.email));
    const twin = Object.assign(visitor(), { cookie: browser.cookie });
    const statuses = await Promise.all([
      browser.put("/api/user/passwordupdated", [["first-proof-pass", fields.email]]).then((r) => r.status),
      twin.put("/api/user/passwordupdated", [["second-proof-pass", fields.email]]).then((r) => r.status),
    ]);
    expect([...statuses].sort()).toEqual([200, 400]);
  });

  test("a forged proof, or a proof for another account, is refused", async () => {
    const owner = await newParticipant(server.url);
    const other = await newParticipant(server.url);
    const browser = await provenBrowser(owner.fields.email, await requestCode(owner.fields.email));
    await requestCode(other.fields.email);
    expect((await browser.put("/api/user/passwordupdated", [["stolen-other-pass", other.fields.email]])).status).toBe(400);
    expect(await canLogIn(other.fields.username, "stolen-other-pass")).toBe(false);

    const forger = Object.assign(visitor(), { cookie: `casefile_reset_proof=${"A".repeat(43)}` });
    expect((await forger.put("/api/user/passwordupdated", [["forged-pass", owner.fields.email]])).status).toBe(400);
    // Neither failure used the real proof up.
    expect((await browser.put("/api/user/passwordupdated", [["rightful-pass", owner.fields.email]])).status).toBe(200);
  });

  test("the proof is an HttpOnly, SameSite=Strict cookie for the update alone, for 10 minutes", async () => {
    const { fields } = await newParticipant(server.url);
    const code = await requestCode(fields.email);
    const checked = await checkCode(visitor(), fields.email, code);
    expect(checked.headers.get("set-cookie")).toMatch(
      /^casefile_reset_proof=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/api\/user\/passwordupdated; Max-Age=600$/,
    );
    const wrong = await checkCode(visitor(), fields.email, wrongCode(code, 0));
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });

  test("an expired proof, or one whose code was replaced, is refused", async () => {
    const { fields, user } = await newParticipant(server.url);
    const browser = await provenBrowser(fields.email, await requestCode(fields.email));
    await sql("update password_resets set proof_expires_at = ? where user_id = ?", [Date.now() - 1, user.id]);
    expect((await browser.put("/api/user/passwordupdated", [["late-pass", fields.email]])).status).toBe(400);

    const again = await provenBrowser(fields.email, await requestCode(fields.email));
    await sql("update password_resets set sent_at = sent_at - 61000 where user_id = ?", [user.id]);
    await requestCode(fields.email);
    expect((await again.put("/api/user/passwordupdated", [["replaced-pass", fields.email]])).status).toBe(400);
    expect(await canLogIn(fields.username, fields.password)).toBe(true);
  });
});

describe("code mails", () => {
  test("PUT reset-code right after POST send mails nothing more, and the first code keeps working", async () => {
    const { fields } = await newParticipant(server.url);
    const before = await mailCount();
    const code = await requestCode(fields.email);
    expect((await visitor().put("/api/email/reset-code", { code: "654321", email: fields.email })).status).toBe(200);
    expect(await mailCount()).toBe(before + 1);
    expect(await (await checkCode(visitor(), fields.email, code)).json()).toEqual({ codeMatches: true });
  });

  test("both requests at the same moment still mail one code", async () => {
    const { fields } = await newParticipant(server.url);
    const before = await mailCount();
    await Promise.all([
      visitor().post("/api/email/send", ["123456", fields.email]),
      visitor().put("/api/email/reset-code", { code: "123456", email: fields.email }),
      visitor().put("/api/email/reset-code", { code: "123456", email: fields.email }),
    ]);
    expect(await mailCount()).toBe(before + 1);
  });

  test("a code used up by wrong tries does not hold back a new one", async () => {
    const { fields } = await newParticipant(server.url);
    const code = await requestCode(fields.email);
    for (let i = 0; i < 5; i++) await checkCode(visitor(), fields.email, wrongCode(code, i));
    const before = await mailCount();
    await requestCode(fields.email);
    expect(await mailCount()).toBe(before + 1);
  });
});

describe("rate limits on checks and updates", () => {
  test("an account's code checks are limited, whatever the code and whoever asks", async () => {
    const { fields } = await newParticipant(server.url);
    const code = await requestCode(fields.email);
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => checkCode(visitor(), fields.email, wrongCode(code, i)).then((r) => r.status)));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect((await checkCode(visitor(), fields.email, code)).status).toBe(429);
  });

  test("an account's password updates are limited too, with or without a code", async () => {
    const { fields } = await newParticipant(server.url);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        Object.assign(visitor(), { cookie: `casefile_reset_proof=forged${i}` })
          .put("/api/user/passwordupdated", i % 2 ? [["no-code-pass", fields.email]] : [{ email: fields.email, password: "guess-pass", code: String(100000 + i) }])
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
  });
});
