/**
 * Property: no request is a server error. Random methods, paths built from real route words, random
 * percent-escapes (broken ones included), doubled slashes and odd case, random cookies, headers and bodies, sent
 * to a running server: every answer is below 500, and an error answer with a JSON type carries a message.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { newParticipant } from "../../tests/support/client";
import { FUZZ_RUNS as RUNS, PER_INPUT_RSS_BYTES } from "../../tests/support/mutations";
import { rawExchange, write } from "../../tests/support/raw-http";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { SESSION_COOKIE } from "./cookies";


let server: TestServer;
let participantCookie: string;
beforeAll(async () => {
  server = await startTestServer();
  participantCookie = (await newParticipant(server.url)).actor.cookie;
});
afterAll(() => server.stop());

const WORDS = [
  "api", "API", "Api", "user", "users", "evidence", "media", "admin", "update", "delete", "clearance", "public",
  "isArchive", "login", "logout", "logout-all", "register", "check", "watched", "email", "send", "reset-code",
  "passwordupdated", "makeAllPublic", "healthz", "archive", "assets", "index.html", "1", "2", "999999999999999999",
  "0", "-1", "abc", "0123456789abcdef0123456789abcdef", "..", ".", "",
];
const ESCAPES = ["%zz", "%E0%A4%A", "%00", "%2f", "%2F", "%2e%2e", "%25", "%C3%A9", "%", "%u0041", "%ff", "%0d%0a", "%C0%AF"];

const printable = (maxLength: number) => fc.string({ unit: fc.constantFrom(..."abcXYZ019-_.~!$&'()*+,;=:@"), maxLength });
const escape = fc.constantFrom(...ESCAPES);
const segment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 1, arbitrary: printable(12) },
  { weight: 2, arbitrary: escape },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...WORDS), escape).map(([w, e]) => w + e) },
);
const query = fc.option(
  fc
    .array(fc.tuple(fc.constantFrom("limit", "before", "q", "%zz", "limit%E0"), fc.oneof(fc.constantFrom("1", "200", "201", "1e2", "-1", "%zz", "abc", ""), escape)), { maxLength: 3 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`),
  { nil: "" },
);
/** The real routes, with a random id (or anything else) where the route takes one. */
const ROUTES = [
  "/api/user", "/api/user/login", "/api/user/logout", "/api/user/logout-all", "/api/user/register", "/api/user/check",
  "/api/user/users", "/api/user/admin/:id", "/api/user/:id", "/api/user/:id/evidence", "/api/user/:id/logout-all",
  "/api/user/watched/:id", "/api/evidence", "/api/evidence/public", "/api/evidence/admin", "/api/evidence/isArchive",
  "/api/evidence/update/:id", "/api/evidence/delete/:id", "/api/evidence/clearance/:id", "/api/evidence/user",
  "/api/media/:id", "/api/email/send", "/api/email/check-email", "/api/email/reset-code", "/api/email/check/reset-code",
  "/api/user/passwordupdated", "/api/user/password", "/api/user/:id/temporary-password", "/api/show/warnings",
  "/api/show/warnings/:id/acknowledged", "/api/show/warnings/test-mail", "/healthz", "/archive", "/:id",
];
const routePath = fc
  .tuple(fc.constantFrom(...ROUTES), segment, query)
  .map(([route, id, q]) => route.replace(":id", id) + q);

const randomPath = fc
  .tuple(
    fc.constantFrom("/", "//", "/api/", "/api/user/", "/api/evidence/", "/api/media/"),
    fc.array(segment, { maxLength: 4 }),
    fc.constantFrom("/", "//"),
    fc.constantFrom((p: string) => p, (p: string) => p.toUpperCase(), (p: string) => p.toLowerCase()),
    query,
  )
  .map(([start, segments, slash, recase, q]) => recase(start + segments.join(slash)) + q);
const urlPath = fc.oneof(routePath, randomPath);

const method = fc.constantFrom("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND");
const cookie = fc.option(
  fc.oneof(
    fc.constant("participant"),
    fc.tuple(fc.oneof(escape, printable(40)), fc.oneof(escape, printable(8))).map(([a, b]) => `${SESSION_COOKIE}=${a}${b}`),
    printable(60),
  ),
  { nil: undefined },
);
const headers = fc.record(
  {
    range: fc.constantFrom("bytes=0-10", "bytes=-5", "bytes=abc", "bytes=5-1", "bytes=0-0,2-3", "bytes=99999999999999999999-"),
    // Mostly the server's own origin ("self"): another one is refused before the route, which would hide it.
    origin: fc.oneof({ weight: 4, arbitrary: fc.constant("self") }, { weight: 1, arbitrary: fc.constantFrom("http://evil.example", "null", "not a url") }),
    "content-type": fc.constantFrom("application/json", "multipart/form-data; boundary=x", "multipart/form-data", "text/plain", "application/x-www-form-urlencoded"),
    "accept-encoding": fc.constantFrom("br", "gzip;q=0", "*", "identity, *;q=0"),
    "x-forwarded-for": printable(30),
    "x-random": printable(200),
  },
  { requiredKeys: [] },
);
const body = fc.option(
  fc.oneof(
    fc.json({ maxDepth: 3 }),
    fc.constantFrom("{", "[[1,2]]", '{"title":"x","__proto__":{"admin":true}}', "--x\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\"\r\n\r\nabc"),
    printable(2048),
  ),
  { nil: undefined },
);

type Answer = { status: number; json: boolean; text: string };

async function viaFetch(verb: string, path: string, sent: Record<string, string>, payload?: string): Promise<Answer> {
  const response = await fetch(server.url + path, { method: verb, headers: sent, body: payload, redirect: "manual" });
  return { status: response.status, json: !!response.headers.get("content-type")?.includes("json"), text: await response.text() };
}

/** fetch tidies `//` and `..` away; a raw request sends the path exactly as generated (HEAD as GET: same answer). */
async function viaSocket(verb: string, path: string, sent: Record<string, string>, payload?: string): Promise<Answer> {
  const head = [`${verb === "HEAD" ? "GET" : verb} ${path} HTTP/1.1`, `Host: ${new URL(server.url).host}`, "Connection: close"];
  for (const [name, value] of Object.entries(sent)) head.push(`${name}: ${value}`);
  if (payload !== undefined) head.push(`Content-Length: ${Buffer.byteLength(payload)}`);
  const reply = await rawExchange(server.url, head, async (socket) => {
    if (payload !== undefined) await write(socket, payload);
  });
  return { status: reply.status, json: reply.head.includes("content-type: application/json"), text: reply.body };
}

test("no request gets a 5xx, and none makes the server's memory grow by more than the per-input budget", async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(viaFetch, viaSocket), method, urlPath, cookie, headers, body, async (send, verb, path, cookieValue, extra, payload) => {
      const sent: Record<string, string> = { ...extra };
      if (sent.origin === "self") sent.origin = server.url;
      if (cookieValue) sent.cookie = cookieValue === "participant" ? participantCookie : cookieValue;
      const rss = process.memoryUsage.rss();
      const answer = await send(verb, path, sent, verb === "GET" || verb === "HEAD" ? undefined : payload);
      expect(process.memoryUsage.rss() - rss).toBeLessThan(PER_INPUT_RSS_BYTES);
      expect([verb, path, answer.status < 500]).toEqual([verb, path, true]);
      if (answer.status >= 400 && verb !== "HEAD" && answer.json) expect(typeof JSON.parse(answer.text).message).toBe("string");
    }),
    { seed: 20260711, numRuns: RUNS },
  );
});
