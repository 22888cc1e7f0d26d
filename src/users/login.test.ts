/** Password guessing as an attacker would do it: parallel bursts, the username and the email mixed. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, newParticipant } from "../../tests/support/client";
import { ADMIN } from "../../tests/support/server";
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

describe("lockout locks out the guesser, not the owner (issue 17: 10 wrong passwords locked anyone out, admins too)", () => {
  /** A browser that keeps the device cookie the login sets (Actor keeps only the session). */
  async function ownPhone(identifier: string, password: string) {
    const phone = new Actor(server.url);
    const first = await phone.login(identifier, password);
    expect(first.status).toBe(200);
    const device = first.headers.getSetCookie().find((c) => c.startsWith("casefile_device="))!;
    expect(device).toContain("HttpOnly");
    expect(device).toContain("SameSite=Strict");
    expect(device).toContain("Path=/api/user/login");
    expect((await phone.post("/api/user/logout")).status).toBe(200);
    const cookie = device.split(";")[0]!;
    return (password_: string) =>
      fetch(`${server.url}/api/user/login`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ usernameOrEmail: identifier, password: password_ }),
      });
  }

  for (const who of ["participant", "admin"] as const) {
    test(`40 wrong guesses lock the guesser out of the ${who}'s account; the ${who} still logs in from their own phone`, async () => {
      const { identifier, password } =
        who === "admin" ? { identifier: ADMIN.username, password: ADMIN.password } : await newParticipant(server.url).then(({ fields }) => ({ identifier: fields.username, password: fields.password }));
      const loginFromPhone = await ownPhone(identifier, password);
      const statuses = await burst(Array.from({ length: 40 }, (_, i) => [identifier, `wrong-guess-${i}`]));
      expect(count(statuses, 401)).toBeLessThanOrEqual(ACCOUNT_LIMIT);
      // The guesser, even with the right password now, is refused and told to wait.
      const guesser = await new Actor(server.url).login(identifier, password);
      expect(guesser.status).toBe(429);
      expect(((await guesser.json()) as { message: string }).message).toContain("Please wait 15 minutes");
      // The owner's own phone is not.
      expect((await loginFromPhone(password)).status).toBe(200);
      // A made-up device cookie is no device: it counts on the account like any other guess.
      const forged = await fetch(`${server.url}/api/user/login`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: "casefile_device=made-up-token" },
        body: JSON.stringify({ usernameOrEmail: identifier, password }),
      });
      expect(forged.status).toBe(429);
    });
  }

  test("the phone has its own ten tries, and log out everywhere forgets it", async () => {
    const { fields, actor, user } = await newParticipant(server.url);
    const loginFromPhone = await ownPhone(fields.username, fields.password);
    const tries = await Promise.all(Array.from({ length: 15 }, (_, i) => loginFromPhone(`wrong-${i}`)));
    expect(tries.filter((r) => r.status === 401).length).toBeLessThanOrEqual(ACCOUNT_LIMIT);
    expect(tries.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15 - ACCOUNT_LIMIT);
    // The account's own count was not touched by the phone's tries.
    expect((await actor.login(fields.username, fields.password)).status).toBe(200);
    expect((await actor.post("/api/user/logout-all")).status).toBe(200);
    const { rows } = await server.ctx.db.$client.execute({ sql: "select count(*) as n from login_devices where user_id = ?", args: [user.id] });
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
