import { afterAll, beforeAll, expect, test } from "bun:test";
import path from "node:path";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

test("client routes get the app's HTML, without caching", async () => {
  for (const route of ["/", "/home", "/Evidence", "/reset-password-code", "/no/such/page"]) {
    const response = await fetch(server.url + route);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
  }
});

test("the onboarding video answers Range requests with 206 (iOS Safari plays video only then)", async () => {
  const original = new Uint8Array(await Bun.file(path.join(import.meta.dir, "../../dist/web/onboarding.mp4")).arrayBuffer());
  const response = await fetch(`${server.url}/onboarding.mp4`, { headers: { range: "bytes=0-1" } });
  expect(response.status).toBe(206);
  expect(response.headers.get("content-range")).toBe(`bytes 0-1/${original.length}`);
  expect(new Uint8Array(await response.arrayBuffer())).toEqual(original.subarray(0, 2));
  const whole = await fetch(`${server.url}/onboarding.mp4`);
  expect(whole.headers.get("content-type")).toBe("video/mp4");
  expect(whole.headers.get("accept-ranges")).toBe("bytes");
});

test("hashed bundles are cached for a year; the folder cannot be escaped", async () => {
  const html = await (await fetch(`${server.url}/home`)).text();
  const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
  const response = await fetch(server.url + script);
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const escape = await fetch(`${server.url}/..%2F..%2Fpackage.json`);
  expect(escape.headers.get("content-type")).toBe("text/html; charset=utf-8");
});
