/**
 * Limits across instances: TWO app instances on one libSQL server (sqld) count the same hits, so spreading a burst
 * of guesses over both gains an attacker nothing.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { Actor, newParticipant } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { startSqld, type Sqld } from "./support/sqld";

// These start real processes and servers; bun test's 5 s default is too tight on a busy 2-core machine.
setDefaultTimeout(60_000);

const ACCOUNT_LIMIT = 10;

let sqld: Sqld;
let first: TestServer;
let second: TestServer;

beforeAll(async () => {
  sqld = await startSqld();
  first = await startTestServer({ DATABASE_URL: sqld.url });
  second = await startTestServer({ DATABASE_URL: sqld.url });
}, 60_000);

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await sqld?.stop();
});

test("40 parallel guesses spread over two instances: at most 10 are verified, and both then pause the account", async () => {
  const { fields } = await newParticipant(first.url);
  const statuses = await Promise.all(
    Array.from({ length: 40 }, async (_, i) => {
      const instance = i % 2 ? second : first;
      const name = i % 4 < 2 ? fields.username : fields.email;
      return (await new Actor(instance.url).login(name, `wrong-guess-${i}`)).status;
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
