/**
 * What /metrics may keep (issue 42): 10,000 anonymous requests for made-up paths, each unique, add no series — the
 * route label is the router's pattern, `web` or `unmatched`, never a piece of the path — so the scrape stays the size
 * it was and the process does not grow with them (before: 155 MB and ~10,000 new series).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { methodLabel, routeLabels, UNMATCHED } from "./route-labels";

setDefaultTimeout(120_000);

const TOKEN = "metrics-token-0123456789";
const UNIQUE_PATHS = 10_000;

/** Made-up paths of every shape: under the API, under a route with ids, media, show media, brand, pages. */
const madeUp = (i: number) => {
  const token = `${i}-${crypto.randomUUID().slice(0, 8)}`;
  return [`/api/x${token}`, `/api/evidence/nothing/${token}`, `/api/media/${token}/x/${token}`, `/show-media/${token}`, `/brand/${token}`, `/Api/${token}`][i % 6]!;
};

describe("routeLabels", () => {
  const label = routeLabels([
    { method: "GET", path: "/api/user" },
    { method: "GET", path: "/api/user/:id/data" },
    { method: "GET", path: "/api/user/data" },
    { method: "ALL", path: "/brand/*" },
    { method: "ALL", path: "/*" },
  ]);
  test("the router's pattern, `web` for a page, `unmatched` for anything else", () => {
    expect(label("GET", "/api/user")).toBe("/api/user");
    expect(label("HEAD", "/api/user")).toBe("/api/user");
    expect(label("GET", "/api/user/data")).toBe("/api/user/data");
    expect(label("GET", "/api/user/abcdefabcdefabcdefabcdef/data")).toBe("/api/user/:id/data");
    expect(label("POST", "/brand/anything")).toBe("/brand/*");
    expect(label("GET", "/some/page")).toBe("web");
    expect(label("POST", "/api/user")).toBe(UNMATCHED);
    expect(label("GET", "/api/short-but-unknown")).toBe(UNMATCHED);
    expect(label("POST", "/some/page")).toBe(UNMATCHED);
    expect(label("GET", "//api/user")).toBe(UNMATCHED);
  });
  test("a made-up method is `other`", () => {
    expect([methodLabel("GET"), methodLabel("PROPFIND"), methodLabel("X".repeat(40))]).toEqual(["GET", "other", "other"]);
  });
});

describe("10,000 unique 404s", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server.stop());

  const scrape = async () => (await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text()).length;
  const heapAfterCollection = () => {
    Bun.gc(true);
    return process.memoryUsage().heapUsed;
  };

  async function sendMadeUp(from: number, count: number) {
    let next = from;
    const statuses = new Set<number>();
    const worker = async () => {
      while (next < from + count) {
        const i = next++;
        const response = await fetch(server.url + madeUp(i), { method: i % 7 === 0 ? "POST" : "GET", headers: i % 7 === 0 ? { "content-length": "0" } : {} });
        await response.arrayBuffer();
        statuses.add(response.status);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    return statuses;
  }

  test("the scrape keeps its size and the process does not grow", async () => {
    // Every kind of path once, so each label (and the scrape's own) exists before measuring.
    await sendMadeUp(0, 60);
    await scrape();
    const before = await scrape();
    const heapBefore = heapAfterCollection();
    const statuses = await sendMadeUp(60, UNIQUE_PATHS);
    expect([...statuses].every((status) => status === 404 || status === 400)).toBe(true);
    const after = await scrape();
    const heapAfter = heapAfterCollection();
    // Counts get longer (a few digits per series); series are not added.
    expect(after).toBeLessThanOrEqual(before * 1.1);
    expect(heapAfter - heapBefore).toBeLessThan(8 * 1024 * 1024);
  });
});
