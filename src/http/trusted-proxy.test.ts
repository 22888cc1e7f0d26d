/**
 * Behind the nginx block docs/operating.md gives (`$proxy_add_x_forwarded_for`), a client's own X-Forwarded-For comes
 * first and the proxy appends the address it saw. Believing the first entry (before issue 42) let every client pick
 * its rate-limit address, or name a VENUE_ADDRESSES one and not be counted at all.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { limitAddressHit } from "../auth/rate-limit";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { clientAddress } from "./request-info";

const VENUE = "203.0.113.7";
const ATTACKER = "198.51.100.23";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "on", VENUE_ADDRESSES: VENUE });
});
afterAll(() => server.stop());

/** A request as the proxy passes it on: what the client sent, then the address the proxy saw. */
const throughProxy = (sent: string) => new Request(`${server.url}/api/user/check`, { method: "POST", headers: { "x-forwarded-for": `${sent}, ${ATTACKER}` } });

test("the address is the entry the proxy appended, whatever the client put before it", () => {
  for (const sent of [VENUE, "10.0.0.1", "1.1.1.1, 2.2.2.2", "garbage"]) expect(clientAddress(throughProxy(sent), server.ctx.config)).toBe(ATTACKER);
});

test("naming the venue's address in a forged header does not escape the per-address count", async () => {
  const limit = { max: 3, windowMs: 60_000 };
  const outcomes: string[] = [];
  for (let i = 0; i < 5; i++) {
    const forged = i % 2 ? VENUE : `192.0.2.${i}`;
    outcomes.push(await limitAddressHit(server.ctx.db, server.ctx.config, throughProxy(forged), "proxy-test", limit).then(() => "let through", (error: Error) => error.message));
  }
  expect(outcomes.slice(0, 3)).toEqual(["let through", "let through", "let through"]);
  expect(outcomes.slice(3)).toEqual([expect.stringContaining("Too many requests"), expect.stringContaining("Too many requests")]);
  const { rows } = await server.ctx.db.$client.execute("select key, count from rate_limits where key like 'proxy-test:%'");
  expect(rows.map((row) => [row.key, row.count])).toEqual([[`proxy-test:address:${ATTACKER}`, 5]]);
});
