/** Password guessing as an attacker would do it: parallel bursts, the username and the email mixed. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const ACCOUNT_LIMIT = 10;

/** Each guess from a fresh browser, all at once; the statuses in the order the guesses were listed. */
const burst = (guesses: [identifier: string, password: string][]) =>
  Promise.all(guesses.map(async ([identifier, password]) => (await new Actor(server.url).login(identifier, password)).status));

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe("login limits", () => {
  test("of 40 parallel wrong guesses at most 10 are verified; the right password then waits", async () => {
    const { fields } = await newParticipant(server.url);
    const statuses = await burst(Array.from({ length: 40 }, (_, i) => [fields.username, `wrong-guess-${i}`]));
    expect(count(statuses, 401)).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(40 - ACCOUNT_LIMIT);
    expect(count(statuses, 401) + count(statuses, 429)).toBe(40);
    expect((await new Actor(server.url).login(fields.username, fields.password)).status).toBe(429);
  });

  test("a burst with the right password among 40 guesses: at most 10 are verified, none past the limit logs in", async () => {
    const { fields } = await newParticipant(server.url);
    const guesses: [string, string][] = Array.from({ length: 40 }, (_, i) => [fields.username, `wrong-guess-${i}`]);
    guesses[25] = [fields.username, fields.password];
    const statuses = await burst(guesses);
    expect(count(statuses, 401) + count(statuses, 200)).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(count(statuses, 200)).toBeLessThanOrEqual(1);
  });

  test("the username and the email, in any case or width, count on one key", async () => {
    const { fields } = await newParticipant(server.url);
    const fullWidth = fields.username.replace(/[a-z0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    const names = [fields.username, fields.email, fields.email.toUpperCase(), fullWidth.replace(/_/g, "＿")];
    const statuses = await burst(Array.from({ length: 40 }, (_, i) => [names[i % names.length]!, `wrong-guess-${i}`]));
    expect(count(statuses, 401)).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect((await new Actor(server.url).login(fields.email, fields.password)).status).toBe(429);
  });

  test("an unknown name is paused like an account, so the answer does not tell which accounts exist", async () => {
    const nobody = `nobody_${Date.now()}`;
    const statuses = await burst(Array.from({ length: 20 }, (_, i) => [nobody, `wrong-guess-${i}`]));
    expect(count(statuses, 401)).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(20 - ACCOUNT_LIMIT);
  });

  test("a success starts the account's count afresh, whichever name the failures typed", async () => {
    const { fields } = await newParticipant(server.url);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < ACCOUNT_LIMIT - 1; i++) expect((await new Actor(server.url).login(fields.email, "nope-nope")).status).toBe(401);
      expect((await new Actor(server.url).login(fields.username, fields.password)).status).toBe(200);
    }
  });

  test("the counters keep no typed name (people type passwords there) and no over-long key", async () => {
    const typed = `my-Secret-Passphrase-${Date.now()}`;
    expect((await new Actor(server.url).login(typed, "some-password")).status).toBe(401);
    expect((await new Actor(server.url).login("x".repeat(100_000), "some-password")).status).toBe(401);
    const { rows } = await server.ctx.db.$client.execute("select key from rate_limits");
    expect(rows.some((row) => String(row.key).toLowerCase().includes(typed.toLowerCase()))).toBe(false);
    expect(Math.max(...rows.map((row) => String(row.key).length))).toBeLessThan(200);
  });
});
