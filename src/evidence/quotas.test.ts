/**
 * Per-participant quotas and the free-disk guard, tried as a participant who sends too much would: bursts of parallel
 * uploads, declared lengths that are never sent, bodies that go on and on.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { statfs } from "node:fs/promises";
import { tmpdir } from "node:os";
import { adminActor, Actor, fixture, form, mediaRowKeys, newParticipant, type Participant, storedFiles } from "../../tests/support/client";
import { rawRequest } from "../../tests/support/raw-http";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { paddedVideo } from "../../tests/ship/support/media";

setDefaultTimeout(60_000);

const MIB = 1024 * 1024;
const HOURLY_LIMIT = 5;

const upload = (actor: Actor, title: string, files: Record<string, File> = {}) => actor.post("/api/evidence", form({ title }, files));
const replaceFile = (actor: Actor, id: number, file: File) => actor.put(`/api/evidence/update/${id}`, form({ title: "Replaced", notes: "" }, { file }));

/** The files on disk are exactly those the media rows name: nothing refused was left behind, nothing kept was lost. */
async function expectFilesMatchRows(server: TestServer) {
  expect(await storedFiles(server.uploadsDir)).toEqual(await mediaRowKeys(server));
}

async function quotaRow(server: TestServer, userId: number) {
  const { rows } = await server.ctx.db.$client.execute({ sql: "select * from upload_quotas where user_id = ?", args: [userId] });
  return rows[0];
}

/** An evidence upload that declares a large body and sends none of it. */
const declaredUpload = (server: TestServer, cookie: string, bytes: number) =>
  rawRequest(server.url, {
    method: "POST",
    path: "/api/evidence",
    headers: { cookie, "content-type": "multipart/form-data; boundary=x", "content-length": String(bytes) },
  });

describe("uploads per hour", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ QUOTA_UPLOADS_PER_HOUR: String(HOURLY_LIMIT) });
  });
  afterAll(() => server.stop());

  test("a burst of parallel uploads over the limit: exactly the limit succeed, the rest get 429, and no refused file stays", async () => {
    const { actor } = await newParticipant(server.url);
    const photo = await fixture("photo.jpg");
    const responses = await Promise.all(Array.from({ length: HOURLY_LIMIT + 4 }, (_, i) => upload(actor, `Burst ${i}`, { file: photo })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(HOURLY_LIMIT).fill(201), ...Array(4).fill(429)]);
    for (const refused of responses.filter((r) => r.status === 429)) {
      expect((await refused.json()).message).toMatch(/^You can send at most 5 uploads per hour\. Please try again in \d+ minutes?\.$/);
    }
    expect((await (await actor.get("/api/evidence")).json()).length).toBe(HOURLY_LIMIT);
    await expectFilesMatchRows(server);
  });

  test("text notes count as uploads; at the limit a large upload is refused before its body is sent", async () => {
    const { actor, user } = await newParticipant(server.url);
    for (let i = 0; i < HOURLY_LIMIT; i++) expect((await upload(actor, `Note ${i}`)).status).toBe(201);
    expect((await upload(actor, "One note too many")).status).toBe(429);
    const reply = await declaredUpload(server, actor.cookie, 500 * MIB);
    expect(reply.status).toBe(429);
    expect(reply.message).toContain("uploads per hour");
    expect((await quotaRow(server, user.id))?.window_uploads).toBe(HOURLY_LIMIT);
  });

  test("replacing a file counts as an upload; an edit of the text alone does not", async () => {
    const { actor } = await newParticipant(server.url);
    const created = await (await upload(actor, "First", { file: await fixture("photo.jpg") })).json();
    for (let i = 1; i < HOURLY_LIMIT - 1; i++) expect((await upload(actor, `Note ${i}`)).status).toBe(201);
    expect((await replaceFile(actor, created.id, await fixture("photo.png"))).status).toBe(200);
    expect((await actor.put(`/api/evidence/update/${created.id}`, form({ title: "Retitled", notes: "" }))).status).toBe(200);
    const again = await replaceFile(actor, created.id, await fixture("photo.jpg"));
    expect(again.status).toBe(429);
    await expectFilesMatchRows(server);
  });

  test("a new hour starts once the last one has run out", async () => {
    const { actor, user } = await newParticipant(server.url);
    for (let i = 0; i < HOURLY_LIMIT; i++) expect((await upload(actor, `Note ${i}`)).status).toBe(201);
    expect((await upload(actor, "Too soon")).status).toBe(429);
    await server.ctx.db.$client.execute({
      sql: "update upload_quotas set window_start = ? where user_id = ?",
      args: [Date.now() - 61 * 60 * 1000, user.id],
    });
    expect((await upload(actor, "Next hour")).status).toBe(201);
    expect((await quotaRow(server, user.id))?.window_uploads).toBe(1);
  });

  test("admins are not limited, while the participant whose item they edit is", async () => {
    const { actor } = await newParticipant(server.url);
    const item = await (await upload(actor, "Theirs", { file: await fixture("photo.jpg") })).json();
    const admin = await adminActor(server.url);
    const photo = await fixture("photo.jpg");
    const burst = await Promise.all(Array.from({ length: HOURLY_LIMIT + 3 }, (_, i) => upload(admin, `Admin ${i}`, { file: photo })));
    expect(burst.map((r) => r.status)).toEqual(Array(HOURLY_LIMIT + 3).fill(201));
    for (let i = 1; i < HOURLY_LIMIT; i++) expect((await upload(actor, `Note ${i}`)).status).toBe(201);
    expect((await upload(actor, "Over")).status).toBe(429);
    expect((await replaceFile(admin, item.id, await fixture("photo.png"))).status).toBe(200);
    await expectFilesMatchRows(server);
  });
});

describe("stored bytes", () => {
  let server: TestServer;
  /** Three of these fit in the 1 MiB quota, four do not. */
  const clip = () => paddedVideo(300 * 1024);

  beforeAll(async () => {
    server = await startTestServer({ QUOTA_STORAGE_MB: "1", QUOTA_UPLOADS_PER_HOUR: "0" });
  });
  afterAll(() => server.stop());

  const storedBy = async (userId: number) =>
    Number(
      (
        await server.ctx.db.$client.execute({
          sql: "select coalesce(sum(size), 0) as n from media_files where owner_id = ? and purpose in ('evidence', 'thumbnail')",
          args: [userId],
        })
      ).rows[0]!.n,
    );

  async function fill(participant: Participant): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await upload(participant.actor, `Clip ${i}`, { file: await clip() });
      expect(response.status).toBe(201);
      ids.push((await response.json()).id);
    }
    return ids;
  }

  test("parallel uploads over the quota: never more stored than the quota, the rest get 413 with the numbers", async () => {
    const { actor, user } = await newParticipant(server.url);
    const clips = await Promise.all(Array.from({ length: 7 }, clip));
    const responses = await Promise.all(clips.map((file, i) => upload(actor, `Parallel ${i}`, { file })));
    expect(responses.filter((r) => r.status === 201).length).toBe(3);
    const refused = responses.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([413, 413, 413, 413]);
    for (const response of refused) {
      expect((await response.json()).message).toMatch(
        /^You have used your storage space for this show: [\d.]+ MB of your 1 MB are in use, and this upload needs 0\.3 MB more\. Delete items you no longer need to make room\.$/,
      );
    }
    expect(await storedBy(user.id)).toBeLessThanOrEqual(MIB);
    expect((await quotaRow(server, user.id))?.stored_bytes).toBe(await storedBy(user.id));
    await expectFilesMatchRows(server);
  });

  test("a participant whose space is used up is refused before a large body is sent, but can still send a note", async () => {
    const participant = await newParticipant(server.url);
    await fill(participant);
    const reply = await declaredUpload(server, participant.actor.cookie, 10 * MIB);
    expect(reply.status).toBe(413);
    expect(reply.message).toStartWith("You have used your storage space for this show");
    expect((await upload(participant.actor, "Just words")).status).toBe(201);
  });

  test("a replaced file frees its bytes in the same step", async () => {
    const participant = await newParticipant(server.url);
    const [first] = await fill(participant);
    expect((await upload(participant.actor, "One more", { file: await clip() })).status).toBe(413);
    const replaced = await replaceFile(participant.actor, first!, await clip());
    expect(replaced.status).toBe(200);
    expect(await storedBy(participant.user.id)).toBeLessThanOrEqual(MIB);
    await expectFilesMatchRows(server);
  });

  test("deleting an item frees its bytes for the next upload", async () => {
    const participant = await newParticipant(server.url);
    const [first] = await fill(participant);
    expect((await upload(participant.actor, "No room", { file: await clip() })).status).toBe(413);
    expect((await participant.actor.delete(`/api/evidence/delete/${first}`)).status).toBe(200);
    expect((await upload(participant.actor, "Room again", { file: await clip() })).status).toBe(201);
    await expectFilesMatchRows(server);
  });

  test("admins store beyond the quota", async () => {
    const admin = await adminActor(server.url);
    const participant = await newParticipant(server.url);
    await fill(participant);
    const responses = await Promise.all(Array.from({ length: 4 }, async (_, i) => upload(admin, `Admin clip ${i}`, { file: await clip() })));
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect((await upload(participant.actor, "Over", { file: await clip() })).status).toBe(413);
  });
});

describe("free-disk guard", () => {
  let server: TestServer;
  let guarded: TestServer;
  let participant: Participant;
  let item: { id: number };

  beforeAll(async () => {
    server = await startTestServer();
    participant = await newParticipant(server.url);
    item = await (await upload(participant.actor, "Before the disk filled", { file: await fixture("photo.jpg") })).json();
    // A second instance on the same database and media folder, asked to keep more free space than any disk has.
    guarded = await startTestServer({
      DATABASE_URL: `file:${server.dataDir}/casefile.db`,
      UPLOADS_DIR: server.uploadsDir,
      DISK_RESERVE_MB: String(1024 * 1024 * 1024),
    });
  });
  afterAll(async () => {
    await guarded.stop();
    await server.stop();
  });

  const rowCounts = async () =>
    (await server.ctx.db.$client.execute("select (select count(*) from evidence) as e, (select count(*) from media_files) as m, (select count(*) from users) as u")).rows[0];
  const MESSAGE = "The server is running out of storage space. Please tell the organisers.";

  test("every upload route answers 507 with a clear message, and stores no row and no file", async () => {
    const [rowsBefore, filesBefore] = [await rowCounts(), await storedFiles(server.uploadsDir)];
    const actor = Object.assign(new Actor(guarded.url), { cookie: participant.actor.cookie });
    const photo = await fixture("photo.jpg");
    const attempts = [
      upload(actor, "Evidence", { file: photo }),
      replaceFile(actor, item.id, await fixture("photo.png")),
      actor.put("/api/evidence/user", form({ full_name: "New Name" }, { file: photo })),
      new Actor(guarded.url).post("/api/user/register", form({ username: "diskfull", email: "d@example.org", password: "secret-pass" }, { verification_photo: photo })),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(507);
      expect((await response.json()).message).toBe(MESSAGE);
    }
    expect(await rowCounts()).toEqual(rowsBefore);
    expect(await storedFiles(server.uploadsDir)).toEqual(filesBefore);
    // What stores no file still works.
    const admin = await adminActor(guarded.url);
    expect((await admin.put(`/api/evidence/update/${item.id}`, { title: "Retitled", notes: "" })).status).toBe(200);
  });

  test("a large declared upload is answered at once, without its body", async () => {
    const reply = await declaredUpload(guarded, participant.actor.cookie, 500 * MIB);
    expect(reply.status).toBe(507);
    expect(reply.message).toBe(MESSAGE);
    expect(reply.headers.toLowerCase()).toContain("connection: close");
    const anonymous = await rawRequest(guarded.url, {
      method: "POST",
      path: "/api/user/register",
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(20 * MIB) },
    });
    expect(anonymous.status).toBe(507);
  });

  test("a body without a declared length is cut with 507 once the disk falls to the reserve while it streams in", async () => {
    const { bavail, bsize } = await statfs(tmpdir());
    const margin = 64 * MIB;
    const tight = await startTestServer({ DISK_RESERVE_MB: String(Math.floor((bavail * bsize - margin) / MIB)) });
    try {
      const { actor } = await newParticipant(tight.url);
      const filesBefore = await storedFiles(tight.uploadsDir);
      const head = new TextEncoder().encode(
        '--x\r\ncontent-disposition: form-data; name="title"\r\n\r\nEndless\r\n--x\r\ncontent-disposition: form-data; name="file"; filename="a.mp4"\r\n\r\n',
      );
      const reply = await rawRequest(tight.url, {
        method: "POST",
        path: "/api/evidence",
        headers: { cookie: actor.cookie, "content-type": "multipart/form-data; boundary=x" },
        endless: { first: head, repeat: new Uint8Array(MIB).fill(7) },
      });
      expect(reply.status).toBe(507);
      expect(reply.message).toBe(MESSAGE);
      // Cut near the reserve: not long after the margin had been written, and far below MAX_UPLOAD_MB.
      expect(reply.bodyBytesSent).toBeLessThan(margin * 4);
      expect(await storedFiles(tight.uploadsDir)).toEqual(filesBefore);
    } finally {
      await tight.stop();
    }
  });
});
