/**
 * Requests as an attacker sends them: broken percent-encoding in cookies and paths, API look-alike paths, odd
 * methods, garbage input to routes before signing in. Each gets a 4xx with a JSON `{ message }`, never a 500 or
 * the web app's HTML, and the session is checked before anything else is looked at.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Actor, adminActor, fixture, form, newParticipant, type Participant, storedFiles } from "../../tests/support/client";
import { rawExchange, rawRequest, write } from "../../tests/support/raw-http";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { SESSION_COOKIE } from "./cookies";
import { ARCHIVE_CLOSED_MESSAGE } from "./errors";

let server: TestServer;
let owner: Participant;
let participant: Participant;
let admin: Actor;
let visitor: Actor;

beforeAll(async () => {
  server = await startTestServer();
  owner = await newParticipant(server.url);
  participant = await newParticipant(server.url);
  admin = await adminActor(server.url);
  visitor = new Actor(server.url);
});
afterAll(() => server.stop());

async function expectJsonError(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toContain("application/json");
  expect(typeof (await response.json()).message).toBe("string");
}

describe("malformed input answers 4xx with JSON", () => {
  const badCookie = { cookie: `${SESSION_COOKIE}=%E0%A4%A` };
  const cases: [what: string, method: string, path: string, headers: Record<string, string>, status: number][] = [
    ["a session cookie with broken percent-encoding", "GET", "/api/user", badCookie, 401],
    ["a broken session cookie on a media request", "GET", "/api/media/0123456789abcdef0123456789abcdef", badCookie, 404],
    ["a broken session cookie on an upload", "POST", "/api/evidence", badCookie, 401],
    ["a broken escape in a media id", "GET", "/api/media/%E0%A4%A", {}, 404],
    ["a broken escape in a user id", "GET", "/api/user/%zz", {}, 404],
    ["a broken escape in a page path", "GET", "/%zz", {}, 400],
    ["a broken UTF-8 escape in a page path", "GET", "/evidence/%E0%A4%A", {}, 400],
    ["/API in capitals", "GET", "/API/user", {}, 404],
    ["/Api in mixed case", "GET", "/Api/evidence/public", {}, 404],
    ["/api itself", "GET", "/api", {}, 404],
    ["an unknown method on the API", "PROPFIND", "/api/user", {}, 404],
  ];
  test("each gets its 4xx and a JSON message", async () => {
    const answers = [];
    for (const [what, method, path, headers] of cases) {
      const response = await fetch(server.url + path, { method, headers, redirect: "manual" });
      answers.push([what, response.status, response.headers.get("content-type"), typeof (await response.json().catch(() => null))?.message]);
    }
    expect(answers).toEqual(cases.map(([what, , , , status]) => [what, status, "application/json; charset=utf-8", "string"]));
  });

  test("a path with an empty segment is not the API: JSON 404", async () => {
    // fetch tidies `//` away; a raw request keeps the path as sent.
    for (const path of ["//api/user", "//api/evidence/public", "/api//evidence/public"]) {
      const reply = await rawExchange(server.url, [`GET ${path} HTTP/1.1`, `Host: ${new URL(server.url).host}`, "Connection: close"]);
      expect([path, reply.status, JSON.parse(reply.body)]).toEqual([path, 404, { message: "Not found.", code: "not_found" }]);
      expect(reply.head).toContain("content-type: application/json");
    }
  });
});

describe("HEAD on media", () => {
  let url: string;
  let size: number;
  beforeAll(async () => {
    const item = await (await owner.actor.post("/api/evidence", form({ title: "Clip" }, { file: await fixture("clip.mp4") }))).json();
    url = item.aws_url;
    size = item.media.size;
  });

  const sameHeaders = ["content-type", "content-length", "content-range", "accept-ranges", "cache-control", "x-content-type-options"];

  for (const range of [undefined, "bytes=0-99", "bytes=-10"]) {
    test(`answers with GET's status and headers and no body, without reading the file (${range ?? "no Range"})`, async () => {
      const headers: Record<string, string> = { cookie: owner.actor.cookie, ...(range ? { range } : {}) };
      const get = await fetch(server.url + url, { headers });
      await get.arrayBuffer();
      // With the bytes gone from the store, only an answer from the stored facts can still be right.
      const key = (await storedFiles(server.uploadsDir)).find((f) => f.includes(url.split("/").pop()!))!;
      const bytes = await readFile(path.join(server.uploadsDir, key));
      await rm(path.join(server.uploadsDir, key));
      try {
        const head = await fetch(server.url + url, { method: "HEAD", headers });
        expect(head.status).toBe(get.status);
        for (const name of sameHeaders) expect([name, head.headers.get(name)]).toEqual([name, get.headers.get(name)]);
        expect((await head.arrayBuffer()).byteLength).toBe(0);
      } finally {
        await writeFile(path.join(server.uploadsDir, key), bytes);
      }
      expect(Number(get.headers.get("content-length"))).toBe(range === "bytes=0-99" ? 100 : range ? 10 : size);
      expect((await fetch(server.url + url, { method: "HEAD", headers: range ? { range } : {} })).status).toBe(404); // a visitor's
    });
  }

  test("HEAD on a page of the web app answers like GET", async () => {
    const head = await fetch(`${server.url}/archive`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/html; charset=utf-8");
  });
});

describe("the session is checked before the input", () => {
  // Garbage ids, bodies and queries: a visitor must learn only "log in", a participant only "not allowed".
  type Row = [method: string, path: string, body: unknown, participantStatus: number];
  const rows: Row[] = [
    ["PUT", "/api/user/admin/not-an-id", {}, 403],
    ["PUT", "/api/user/admin/1", { username: "!" }, 403],
    ["GET", "/api/evidence/admin?limit=9999&before=abc", undefined, 403],
    ["GET", "/api/user/not-an-id/evidence", undefined, 403],
    ["PUT", "/api/evidence/clearance/not-an-id", undefined, 403],
    ["DELETE", "/api/user/not-an-id", undefined, 403],
    ["POST", "/api/user/not-an-id/logout-all", undefined, 403],
    ["PUT", "/api/evidence/update/not-an-id", { title: "" }, 404],
    ["DELETE", "/api/evidence/delete/not-an-id", undefined, 404],
    ["PUT", "/api/user/watched/not-an-id", undefined, 404],
  ];
  for (const [method, path, body, participantStatus] of rows) {
    test(`${method} ${path}: visitor 401, participant ${participantStatus}`, async () => {
      await expectJsonError(await visitor.request(method, path, body), 401);
      await expectJsonError(await participant.actor.request(method, path, body), participantStatus);
    });
  }
});

describe("log out everywhere", () => {
  /** One participant signed in on two devices. */
  async function signedInTwice() {
    const first = await newParticipant(server.url);
    const second = new Actor(server.url);
    expect((await second.login(first.fields.username, first.fields.password)).status).toBe(200);
    return { first, second };
  }

  test("POST /api/user/logout-all ends every session of the caller and clears the cookie", async () => {
    const { first, second } = await signedInTwice();
    const cookie = first.actor.cookie;
    const response = await first.actor.post("/api/user/logout-all");
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));
    expect((await second.get("/api/user")).status).toBe(401);
    expect((await fetch(`${server.url}/api/user`, { headers: { cookie } })).status).toBe(401);
    expect((await participant.actor.get("/api/user")).status).toBe(200); // nobody else's
    await expectJsonError(await visitor.post("/api/user/logout-all"), 401);
  });

  test("an admin ends all sessions of a user; participants cannot; an unknown user is 404", async () => {
    const { first, second } = await signedInTwice();
    await expectJsonError(await participant.actor.post(`/api/user/${first.user.id}/logout-all`), 403);
    expect((await first.actor.get("/api/user")).status).toBe(200);
    expect((await admin.post(`/api/user/${first.user.id}/logout-all`)).status).toBe(200);
    expect((await first.actor.get("/api/user")).status).toBe(401);
    expect((await second.get("/api/user")).status).toBe(401);
    expect((await admin.get("/api/user")).status).toBe(200);
    await expectJsonError(await admin.post("/api/user/999999/logout-all"), 404);
  });
});

describe("archive mode refuses every upload, admins' included", () => {
  let archive: TestServer;
  let itemId: number;
  let archiveAdmin: Actor;
  beforeAll(async () => {
    // A show that ran with ARCHIVE_MODE off, then reopened as an archive on the same data.
    archive = await startTestServer();
    const author = await newParticipant(archive.url);
    itemId = (await (await author.actor.post("/api/evidence", form({ title: "From the show" }, { file: await fixture("photo.jpg") }))).json()).id;
    archiveAdmin = await adminActor(archive.url);
    archive.ctx.config.archiveMode = true;
  });
  afterAll(() => archive.stop());

  const closed = async (response: Response) => {
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ message: ARCHIVE_CLOSED_MESSAGE });
  };

  test("an admin's new evidence, profile photo and replacement file answer 503; text edits, visibility and deletes work", async () => {
    await closed(await archiveAdmin.post("/api/evidence", form({ title: "After the show" })));
    await closed(await archiveAdmin.post("/api/evidence", form({ title: "After the show" }, { file: await fixture("photo.png") })));
    await closed(await archiveAdmin.put("/api/evidence/user", form({ full_name: "Admin" }, { file: await fixture("photo.png") })));
    await closed(await archiveAdmin.put(`/api/evidence/update/${itemId}`, form({ title: "Replaced" }, { file: await fixture("photo.png") })));
    const [item] = await (await archiveAdmin.get("/api/evidence/admin")).json();
    expect(item).toMatchObject({ id: itemId, title: "From the show" });
    expect(item.media.mime).toBe("image/jpeg");
    expect(await readdir(archive.ctx.store.tempDir)).toEqual([]);

    const edited = await archiveAdmin.put(`/api/evidence/update/${itemId}`, { title: "Taken down soon", notes: "" });
    expect(edited.status).toBe(200);
    expect((await edited.json()).title).toBe("Taken down soon");
    const textForm = await archiveAdmin.put(`/api/evidence/update/${itemId}`, form({ title: "Edited as a form" }));
    expect(textForm.status).toBe(200);
    expect((await archiveAdmin.put(`/api/evidence/clearance/${itemId}`)).status).toBe(200);
    expect((await archiveAdmin.delete(`/api/evidence/delete/${itemId}`)).status).toBe(200);
  });
});

describe("a refused body ends the connection at once (issue 17: 55 MB were read to answer 400)", () => {
  const filePart = (name: string) =>
    new TextEncoder().encode(`--x\r\ncontent-disposition: form-data; name="${name}"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`);
  const MIB = 1024 * 1024;

  test("an anonymous registration with an unknown 60 MB file part gets its 400 after a few MB at most, and the connection closes", async () => {
    const reply = await rawRequest(server.url, {
      method: "POST",
      path: "/api/user/register",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      endless: { first: filePart("evil"), repeat: new Uint8Array(64 * 1024) },
    });
    expect(reply.status).toBe(400);
    expect(reply.message).toBe("Unexpected file field: evil.");
    expect(reply.headers).toContain("connection: close");
    expect(reply.bodyBytesSent).toBeLessThan(8 * MIB);
  });

  test("the same part in a body of declared length (written by the runtime) is refused after a few MB too, not at its end", async () => {
    const declared = 24 * MIB; // within what the route accepts (a photo of 25 MB), so it is read
    let sent = 0;
    const reply = await rawExchange(
      server.url,
      ["POST /api/user/register HTTP/1.1", `Host: ${new URL(server.url).host}`, "Content-Type: multipart/form-data; boundary=x", `Content-Length: ${declared}`],
      async (socket, answered) => {
        await write(socket, filePart("evil"));
        const piece = new Uint8Array(64 * 1024);
        for (sent = 0; !answered() && sent + piece.length < declared; sent += piece.length) {
          await write(socket, piece);
          await Bun.sleep(2);
        }
      },
      20_000,
    );
    expect(reply.status).toBe(400);
    expect(JSON.parse(reply.body)).toMatchObject({ message: "Unexpected file field: evil." });
    expect(reply.head).toContain("connection: close");
    expect(sent).toBeLessThan(8 * MIB);
  });

  test("every refusal of a request with a body closes: wrong type, over a limit, bad JSON, not logged in", async () => {
    const refusals = [
      await fetch(`${server.url}/api/user/register`, { method: "POST", headers: { "content-type": "text/plain" }, body: "hello" }),
      await fetch(`${server.url}/api/user/login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" }),
      await fetch(`${server.url}/api/evidence`, { method: "POST", body: form({ title: "anonymous" }) }),
    ];
    for (const response of refusals) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("connection")).toBe("close");
    }
    // An answer to a request without a body keeps the connection.
    expect((await fetch(`${server.url}/api/user`)).headers.get("connection")).not.toBe("close");
  });
});
