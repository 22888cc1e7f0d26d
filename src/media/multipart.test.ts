/**
 * Multipart as an attacker sends it: part names that are Object.prototype members, bodies without a length that
 * never end, bodies that trickle. Every refusal leaves no row, no stored file and no temp file.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir } from "node:fs/promises";
import { Actor, form, newParticipant, type Participant, registrationFields, storedFiles } from "../../tests/support/client";
import { chunk, rawExchange, sendUntilAnswered, write } from "../../tests/support/raw-http";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
let owner: Participant;

beforeAll(async () => {
  // 1 MiB files, and an upload is ended when it gets less than 16 KiB in a second: the trickle test takes seconds.
  server = await startTestServer({ MAX_UPLOAD_MB: "1", UPLOAD_STALL_SECONDS: "1" });
  owner = await newParticipant(server.url);
});
afterAll(() => server.stop());

const count = async (table: string) => Number((await server.ctx.db.$client.execute(`select count(*) as n from ${table}`)).rows[0]!.n);
const tempFiles = () => readdir(server.ctx.store.tempDir);

/** Runs a refused request and checks that it left nothing: no evidence or user row, no stored or temp file. */
async function leavesNothing(refused: () => Promise<void>) {
  const before = { evidence: await count("evidence"), users: await count("users"), stored: await storedFiles(server.uploadsDir) };
  await refused();
  expect({ evidence: await count("evidence"), users: await count("users"), stored: await storedFiles(server.uploadsDir) }).toEqual(before);
  expect(await tempFiles()).toEqual([]);
}

const BOUNDARY = "----hostile0123456789";
const filePartHead = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;

describe("part names are looked up as the route's own names only", () => {
  const prototypeNames = ["__proto__", "constructor", "toString", "hasOwnProperty"];
  // Over the 1 MiB file limit, under the whole body's limit: only a per-part rule would stop it.
  const oversized = () => new File([new Uint8Array(1536 * 1024)], "a.jpg", { type: "image/jpeg" });

  for (const name of prototypeNames) {
    test(`a file part named ${name} on an upload is refused (400) and leaves nothing`, async () => {
      await leavesNothing(async () => {
        const response = await owner.actor.post("/api/evidence", form({ title: "t" }, { [name]: oversized() }));
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({ message: `Unexpected file field: ${name}.` });
      });
    });

    test(`an anonymous registration with a file part named ${name} is refused (400) and leaves nothing`, async () => {
      await leavesNothing(async () => {
        const response = await new Actor(server.url).post("/api/user/register", form(registrationFields(), { [name]: oversized() }));
        expect(response.status).toBe(400);
        expect((await response.json()).message).toBe(`Unexpected file field: ${name}.`);
      });
    });
  }
});

// Found by multipart.fuzz.test.ts: a body cut off inside a part that is being skipped (here a second `file`) made
// busboy emit an error on that part's stream that nobody listened to: an uncaught exception in the server.
test("a body cut off inside a skipped part is a 400, not an uncaught error, and leaves nothing", async () => {
  await leavesNothing(async () => {
    const cutOff = `${filePartHead("file")}${"x".repeat(1000)}\r\n${filePartHead("file")}${"y".repeat(1000)}`;
    const response = await fetch(`${server.url}/api/evidence`, {
      method: "POST",
      headers: { cookie: owner.actor.cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: cutOff,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "The upload was incomplete or malformed. Please try again." });
    await Bun.sleep(50); // an uncaught error would surface here, failing the test
  });
});

describe("bodies without a Content-Length", () => {
  const chunkedUpload = (cookie: string) => [
    "POST /api/evidence HTTP/1.1",
    `Host: ${new URL(server.url).host}`,
    `Cookie: ${cookie}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    "Transfer-Encoding: chunked",
  ];

  test("a chunked body is cut with 413 as soon as it passes the limit, while still sending; the temp file goes", async () => {
    await leavesNothing(async () => {
      // A valid file part under the file limit, the closing boundary, then an endless epilogue (the scanner skips it).
      const reply = await rawExchange(server.url, chunkedUpload(owner.actor.cookie), async (socket, answered) => {
        await write(socket, chunk(`${filePartHead("file")}${"x".repeat(900 * 1024)}\r\n--${BOUNDARY}--\r\n`));
        await sendUntilAnswered(socket, answered, chunk(new Uint8Array(64 * 1024)));
      });
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body)).toMatchObject({ message: "Files can be at most 1 MB." });
      expect(reply.head).toContain("connection: close");
    });
  });

  test("a chunked JSON edit is cut at 1 MiB with 413", async () => {
    const created = await (await owner.actor.post("/api/evidence", form({ title: "To edit" }))).json();
    const reply = await rawExchange(
      server.url,
      [
        `PUT /api/evidence/update/${created.id} HTTP/1.1`,
        `Host: ${new URL(server.url).host}`,
        `Cookie: ${owner.actor.cookie}`,
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
      ],
      async (socket, answered) => {
        await write(socket, chunk('{"title":"t","notes":"'));
        await sendUntilAnswered(socket, answered, chunk("n".repeat(64 * 1024)));
      },
    );
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toMatchObject({ message: "The request body is too large." });
  });

  test("a JSON edit with a Content-Length over 1 MiB gets 413 (not read as a 2 GB body)", async () => {
    const created = await (await owner.actor.post("/api/evidence", form({ title: "To edit" }))).json();
    const response = await owner.actor.put(`/api/evidence/update/${created.id}`, { title: "t", notes: "n".repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: "The request body is too large." });
  });
});

/** Sends a file part in pieces of `piece` bytes every 100 ms until the server answers; returns its answer. */
function drip(target: TestServer, cookie: string, piece: number) {
  return rawExchange(
    target.url,
    [
      "POST /api/evidence HTTP/1.1",
      `Host: ${new URL(target.url).host}`,
      `Cookie: ${cookie}`,
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      "Content-Length: 900000",
    ],
    async (socket, answered) => {
      await write(socket, filePartHead("file"));
      while (!answered()) {
        await write(socket, "x".repeat(piece));
        await Bun.sleep(100);
      }
    },
  );
}

test("a multipart upload dripping above the old 16 KiB floor but below UPLOAD_MIN_BYTES_PER_SECOND is ended with 408", async () => {
  // 32 KiB a second passes a fixed 16 KiB-per-window floor; with a 64 KiB/s minimum it is a drip.
  const strict = await startTestServer({ MAX_UPLOAD_MB: "1", UPLOAD_STALL_SECONDS: "1", UPLOAD_MIN_BYTES_PER_SECOND: "65536" });
  try {
    const dripper = await newParticipant(strict.url);
    const reply = await drip(strict, dripper.actor.cookie, 3300);
    expect(reply.status).toBe(408);
  } finally {
    await strict.stop();
  }
});

test("an upload that trickles below 16 KiB per stall window is ended with 408 and cleaned up", async () => {
  await leavesNothing(async () => {
    const reply = await rawExchange(
      server.url,
      [
        "POST /api/evidence HTTP/1.1",
        `Host: ${new URL(server.url).host}`,
        `Cookie: ${owner.actor.cookie}`,
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        "Content-Length: 200000",
      ],
      async (socket, answered) => {
        await write(socket, filePartHead("file"));
        while (!answered()) {
          await write(socket, "x".repeat(100));
          await Bun.sleep(100);
        }
      },
    );
    expect(reply.status).toBe(408);
    expect(JSON.parse(reply.body)).toMatchObject({ message: "The upload was too slow and has been stopped. Please try again on a better connection." });
  });
});
