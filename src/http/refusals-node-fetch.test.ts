/**
 * Refusals answered before the body is read reach clients that write the whole body before reading (issue 42):
 * Node's own fetch (undici, run by `node`) and curl post 1 KB and 3 MB forms to every route that refuses them
 * unread — no session, another origin, the archive closed, someone else's item, a participant on an admin route —
 * and each gets its status and JSON message (before: EPIPE, 7 of 10 times at 1 KB and always at 3 MB, as the
 * connection was closed on the unread body; now it is drained within bounds first, unread-body.ts).
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { Actor, adminActor, form, newParticipant, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { createApp } from "../app";
import { diskAssets } from "../web/web-assets";

setDefaultTimeout(120_000);

type Refusal = { what: string; method: string; path: string; headers: Record<string, string>; status: number };

const SIZES = [1024, 3 * 1024 * 1024];
const ROUNDS = 3;
const SCRIPT = path.join(import.meta.dir, "../../tests/support/node-form-post.mjs");

let server: TestServer;
let owner: Participant;
let other: Participant;
let refusals: Refusal[];

beforeAll(async () => {
  server = await startTestServer();
  owner = await newParticipant(server.url);
  other = await newParticipant(server.url);
  const item = await (await owner.actor.post("/api/evidence", form({ title: "Mine" }))).json();
  const signedIn = (participant: Participant) => ({ cookie: participant.actor.cookie });
  refusals = [
    { what: "an upload without a session", method: "POST", path: "/api/evidence", headers: {}, status: 401 },
    { what: "an upload from another origin", method: "POST", path: "/api/evidence", headers: { ...signedIn(owner), origin: "https://evil.example" }, status: 403 },
    { what: "a registration from another origin", method: "POST", path: "/api/user/register", headers: { origin: "https://evil.example" }, status: 403 },
    { what: "an edit of another's item", method: "PUT", path: `/api/evidence/update/${item.id}`, headers: signedIn(other), status: 404 },
    { what: "a profile change without a session", method: "PUT", path: "/api/evidence/user", headers: {}, status: 401 },
    { what: "a show file from a participant", method: "PUT", path: "/api/show/media/onboarding-video", headers: signedIn(other), status: 403 },
  ];
});
afterAll(() => server.stop());

/** Runs the requests through `node`, each size ROUNDS times. */
async function throughNode(list: Refusal[]) {
  const requests = list.flatMap((refusal) => SIZES.flatMap((bytes) => Array.from({ length: ROUNDS }, () => ({ ...refusal, url: server.url + refusal.path, bytes }))));
  const child = Bun.spawn(["node", SCRIPT], { stdin: new TextEncoder().encode(JSON.stringify(requests)), stdout: "pipe", stderr: "inherit" });
  const results = JSON.parse(await new Response(child.stdout).text()) as { status?: number; message?: string; error?: string }[];
  return results.map((result, i) => [requests[i]!.what, requests[i]!.bytes, result.status ?? result.error, typeof result.message]);
}

const expected = (list: Refusal[]) => list.flatMap((refusal) => SIZES.flatMap((bytes) => Array.from({ length: ROUNDS }, () => [refusal.what, bytes, refusal.status, "string"])));

describe("Node's fetch gets every refusal", () => {
  test("signed out, another origin, another's item, not an admin", async () => {
    expect(await throughNode(refusals)).toEqual(expected(refusals));
  });

  test("the archive closed", async () => {
    server.ctx.config.archiveMode = true;
    try {
      const closed: Refusal[] = [
        { what: "an upload in the archive", method: "POST", path: "/api/evidence", headers: { cookie: owner.actor.cookie }, status: 503 },
        { what: "a registration in the archive", method: "POST", path: "/api/user/register", headers: {}, status: 503 },
      ];
      expect(await throughNode(closed)).toEqual(expected(closed));
    } finally {
      server.ctx.config.archiveMode = false;
    }
  });
});

test("every state-changing route of the router, sent a form anonymously: its answer (a refusal with its JSON message), never EPIPE", async () => {
  // The route table itself, so a route added later is covered too (the app is only built here, never served).
  const app = createApp(server.ctx, diskAssets(server.dataDir), undefined as never);
  const sample: Record<string, string> = { id: "1", slot: "logo", language: "fr", kind: "thumbnail" };
  const routes = app.routes
    .filter((route) => ["POST", "PUT", "PATCH", "DELETE"].includes(route.method))
    .map((route) => ({ method: route.method, path: route.path.replace(/:(\w+)/g, (_, name: string) => sample[name] ?? "1").replace("*", "x") }));
  expect(routes.length).toBeGreaterThan(30);
  const requests = routes.flatMap((route) => SIZES.map((bytes) => ({ ...route, what: `${route.method} ${route.path}`, headers: {}, url: server.url + route.path, bytes })));
  const child = Bun.spawn(["node", SCRIPT], { stdin: new TextEncoder().encode(JSON.stringify(requests)), stdout: "pipe", stderr: "inherit" });
  const results = JSON.parse(await new Response(child.stdout).text()) as { status?: number; message?: string; error?: string }[];
  const outcome = (result: (typeof results)[number]) =>
    result.error ?? (result.status! < 400 ? "answered" : typeof result.message === "string" ? "answered" : `${result.status} without a message`);
  const wrong = results.map((result, i) => [requests[i]!.what, requests[i]!.bytes, outcome(result)]).filter(([, , what]) => what !== "answered");
  expect(wrong).toEqual([]);
  // Nearly all refuse an anonymous form (logout and the name check answer a small one).
  expect(results.filter((result) => result.status! >= 400).length).toBeGreaterThan(requests.length - 4);
});

test("curl gets the refusal of a 3 MB form too, and the connection closes after it", async () => {
  const file = path.join(server.dataDir, "big.bin");
  await writeFile(file, new Uint8Array(3 * 1024 * 1024));
  const curl = Bun.spawn(["curl", "-s", "-i", "-F", `file=@${file}`, `${server.url}/api/evidence`], { stdout: "pipe" });
  // curl asks for a 100 Continue first (Bun sends it); the refusal follows it.
  const reply = (await new Response(curl.stdout).text()).replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, "");
  expect(reply).toMatch(/^HTTP\/1\.1 401/);
  expect(reply.toLowerCase()).toContain("connection: close");
  expect(JSON.parse(reply.slice(reply.indexOf("\r\n\r\n") + 4)).message).toBe("You must be logged in.");
});
