/**
 * Limits across instances: TWO app instances on one libSQL server (sqld) count the same hits and use reset codes
 * up in the same rows, so spreading a burst over both gains an attacker nothing. Over a server, every query is
 * real I/O, so parallel requests truly interleave.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Actor, latestMailedCode, newParticipant } from "../support/client";
import type { TestServer } from "../support/server";
import { startTwoInstances, type TwoInstances } from "./support/instances";

// These start real processes and servers; bun test's 5 s default is too tight on a busy 2-core machine.
setDefaultTimeout(60_000);

const ACCOUNT_LIMIT = 10;

let instances: TwoInstances;
let first: TestServer;
let second: TestServer;
let workDir: string;
const startDir = process.cwd();

beforeAll(async () => {
  // With the database on a server, mail goes to ./data/outbox of the working directory: make that a temp dir.
  workDir = await mkdtemp(path.join(tmpdir(), "casefile-limits-"));
  process.chdir(workDir);
  instances = await startTwoInstances();
  ({ first, second } = instances);
}, 60_000);

afterAll(async () => {
  await instances?.stop();
  process.chdir(startDir);
  await rm(workDir, { recursive: true, force: true });
});

/** Instances in turn, as a load balancer would spread requests. */
const instance = (i: number) => (i % 2 ? second : first);

test("40 parallel guesses spread over two instances: at most 10 are verified, and both then pause the account", async () => {
  const { fields } = await newParticipant(first.url);
  const statuses = await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const name = i % 4 < 2 ? fields.username : fields.email;
      return (await new Actor(instance(i).url).login(name, `wrong-guess-${i}`)).status;
    }),
  );
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(ACCOUNT_LIMIT);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(40 - ACCOUNT_LIMIT);
  for (const instance of [first, second]) expect((await new Actor(instance.url).login(fields.username, fields.password)).status).toBe(429);
});

test("failures on one instance count on the other", async () => {
  const { fields } = await newParticipant(first.url);
  for (let i = 0; i < ACCOUNT_LIMIT; i++) expect((await new Actor(first.url).login(fields.username, `wrong-guess-${i}`)).status).toBe(401);
  expect((await new Actor(second.url).login(fields.username, fields.password)).status).toBe(429);
});

async function mailedCode(email: string): Promise<string> {
  expect((await new Actor(first.url).post("/api/email/send", ["", email])).status).toBe(200);
  return latestMailedCode(first.outboxDir);
}
const wrongCode = (code: string, n: number) => String(((Number(code) - 100000 + 1 + n) % 900000) + 100000);
const checkCode = (i: number, email: string, code: string) => new Actor(instance(i).url).post("/api/email/check/reset-code", { email, code });

test("20 parallel wrong reset codes over both instances use up exactly 5 tries; the right code then fails", async () => {
  const { fields, user } = await newParticipant(first.url);
  const code = await mailedCode(fields.email);
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => checkCode(i, fields.email, wrongCode(code, i))));
  for (const answer of answers) {
    expect([200, 429]).toContain(answer.status);
    if (answer.status === 200) expect(await answer.json()).toEqual({ codeMatches: false });
  }
  const db = first.ctx.db.$client;
  const { rows } = await db.execute({ sql: "select failed_attempts from password_resets where user_id = ?", args: [user.id] });
  expect(Number(rows[0]!.failed_attempts)).toBe(5);
  // The rate limit aside, the code itself is used up.
  await db.execute("delete from rate_limits where key like 'reset:try:%'");
  expect(await (await checkCode(1, fields.email, code)).json()).toEqual({ codeMatches: false });
});

test("two password changes with one code at once, one per instance: exactly one succeeds", async () => {
  const { fields } = await newParticipant(first.url);
  const code = await mailedCode(fields.email);
  const passwords = ["first-new-pass", "second-new-pass"];
  const statuses = await Promise.all(
    passwords.map(async (password, i) => (await new Actor(instance(i).url).put("/api/user/passwordupdated", [{ email: fields.email, password, code }])).status),
  );
  expect([...statuses].sort()).toEqual([200, 400]);
  const canLogIn = async (password: string) => (await new Actor(first.url).login(fields.username, password)).status === 200;
  expect(await canLogIn(passwords[statuses.indexOf(200)]!)).toBe(true);
  expect(await canLogIn(passwords[statuses.indexOf(400)]!)).toBe(false);
});
