/**
 * tus 1.0 against the real server: discovery, creation (with and without data), HEAD, PATCH in pieces, the refusals
 * of every header rule, termination, who may touch an upload, a PATCH cut off mid-body and resumed, and finalising
 * (once, however often or concurrently it is asked).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { uploads } from "../db/uploads";
import { cast, fixture, form, type Participant, type Actor } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { b64, createUpload, finalise, head, OFFSET_STREAM, offsetOf, patch, rawPatch, resume, sha256, TUS, tusRequest, videoOfSize } from "../../tests/support/tus";
import { createEvidence } from "../evidence/evidence.service";
import { findUserById } from "../users/users.service";
import { recordFinalised } from "./finalise-upload";
import { localUploadsDir } from "./local-upload-bytes";

let server: TestServer;
let owner: Participant;
let other: Participant;
let admin: Actor;
let visitor: Actor;
let video: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  // These tests leave many uploads unfinished on purpose; the cap on pending uploads is upload-limits.test.ts's.
  server = await startTestServer({ UPLOAD_PENDING_MAX: "0" });
  ({ owner, other, admin, visitor } = await cast(server.url));
  video = await videoOfSize(3 * 1024 * 1024 + 12345);
});
afterAll(() => server.stop());

const uploadFiles = async () => readdir(localUploadsDir(server.uploadsDir)).catch(() => [] as string[]);
const rowOf = async (location: string) => (await server.ctx.db.select().from(uploads).where(eq(uploads.id, location.split("/").pop()!)))[0];
const evidenceCount = async (actor: Actor) => ((await (await actor.get("/api/evidence")).json()) as unknown[]).length;

describe("discovery and creation", () => {
  test("OPTIONS names the version, the extensions and the largest size, without a session", async () => {
    const response = await fetch(`${server.url}/api/uploads`, { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("tus-resumable")).toBe("1.0.0");
    expect(response.headers.get("tus-version")).toBe("1.0.0");
    expect(response.headers.get("tus-extension")).toBe("creation,creation-with-upload,termination,expiration");
    expect(response.headers.get("tus-max-size")).toBe(String(server.ctx.config.maxUploadBytes));
  });

  test("POST creates an upload that HEAD describes", async () => {
    const { response, location } = await createUpload(owner.actor, video.length, "My clip ü.mp4");
    expect(response.status).toBe(201);
    expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{22}$/);
    expect(response.headers.get("tus-resumable")).toBe("1.0.0");
    // Untouched, it expires within the hour (UPLOAD_IDLE_MS), not after the whole UPLOAD_EXPIRY_HOURS.
    const expires = Date.parse(response.headers.get("upload-expires")!);
    expect(expires).toBeGreaterThan(Date.now() + 58 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(response.headers.get("upload-expires")).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/);

    const described = await head(owner.actor, location);
    expect(described.status).toBe(200);
    expect(described.headers.get("upload-offset")).toBe("0");
    expect(described.headers.get("upload-length")).toBe(String(video.length));
    expect(described.headers.get("upload-metadata")).toBe(`filename ${b64("My clip ü.mp4")},filetype ${b64("video/mp4")}`);
    expect(described.headers.get("cache-control")).toBe("no-store");
    expect(described.headers.get("tus-resumable")).toBe("1.0.0");
    const row = await rowOf(location);
    expect(row).toMatchObject({ filename: "My clip ü.mp4", mimeHint: "video/mp4", offset: 0, lockToken: null });
  });

  test("creation-with-upload stores the first piece and reports its offset", async () => {
    const first = video.subarray(0, 100_000);
    const { response, location } = await createUpload(owner.actor, video.length, "clip.mp4", {}, first);
    expect(response.status).toBe(201);
    expect(response.headers.get("upload-offset")).toBe(String(first.length));
    expect(await offsetOf(owner.actor, location)).toBe(first.length);
    expect((await rowOf(location))!.lockToken).toBeNull();
  });

  test("PATCH in several pieces, then finalise: the item has the file's exact size and SHA-256", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    const piece = 1024 * 1024;
    for (let offset = 0; offset < video.length; offset += piece) {
      const response = await patch(owner.actor, location, offset, video.subarray(offset, offset + piece));
      expect(response.status).toBe(204);
      expect(response.headers.get("upload-offset")).toBe(String(Math.min(offset + piece, video.length)));
      expect(response.headers.get("tus-resumable")).toBe("1.0.0");
      expect(response.headers.get("upload-expires")).not.toBeNull();
    }
    const before = await evidenceCount(owner.actor);
    const created = await finalise(owner.actor, location, "Pieces", { notes: "sent in pieces", location: "Gallery 2" });
    expect(created.status).toBe(201);
    const item = (await created.json()) as { id: number; media_type: number; title: string; location: string; media: { size: number; sha256: string; mime: string } };
    expect(item).toMatchObject({ title: "Pieces", location: "Gallery 2", media_type: 3 });
    expect(item.media).toEqual({ size: video.length, sha256: sha256(video), mime: "video/mp4" });
    expect(await evidenceCount(owner.actor)).toBe(before + 1);
    const stored = await owner.actor.get(`/api/media/${(await owner.actor.get("/api/evidence").then((r) => r.json()) as { id: number; aws_url: string }[]).find((e) => e.id === item.id)!.aws_url.split("/").pop()}`);
    expect(sha256(new Uint8Array(await stored.arrayBuffer()))).toBe(sha256(video));
    // The bytes are gone once the item exists; the row stays (until expiry) to answer a repeated finalise.
    const row = (await rowOf(location))!;
    expect(row).toMatchObject({ evidenceId: item.id, sha256: sha256(video) });
    expect(await uploadFiles()).not.toContain(`${row.id}.bin`);
  });
});

describe("refusals", () => {
  test("an offset other than the stored one is 409, and nothing is written", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    expect((await patch(owner.actor, location, 0, video.subarray(0, 1000))).status).toBe(204);
    for (const offset of [0, 999, 1001, 5000]) {
      const response = await patch(owner.actor, location, offset, video.subarray(offset, offset + 10));
      expect(response.status).toBe(409);
      expect(response.headers.get("tus-resumable")).toBe("1.0.0");
      // The refused body is not read: the connection closes so a client does not push the rest of it.
      expect(response.headers.get("connection")).toBe("close");
    }
    expect(await offsetOf(owner.actor, location)).toBe(1000);
  });

  test("bad headers: 412 without Tus-Resumable, 415 for another body type, 400 for bad numbers and metadata, 413 past the limit", async () => {
    const { location } = await createUpload(owner.actor, 5000);
    const cases: [string, Promise<Response>, number][] = [
      ["no Tus-Resumable on POST", tusRequest(owner.actor, "POST", "/api/uploads", { "tus-resumable": "", "upload-length": "10" }), 412],
      ["old version on HEAD", tusRequest(owner.actor, "HEAD", location, { "tus-resumable": "0.2.2" }), 412],
      ["no Tus-Resumable on PATCH", patch(owner.actor, location, 0, new Uint8Array(10), { "tus-resumable": "" }), 412],
      ["PATCH as octet-stream", patch(owner.actor, location, 0, new Uint8Array(10), { "content-type": "application/octet-stream" }), 415],
      ["PATCH with a type parameter", patch(owner.actor, location, 0, new Uint8Array(10), { "content-type": `${OFFSET_STREAM}; charset=x` }), 415],
      ["POST data of another type", tusRequest(owner.actor, "POST", "/api/uploads", { "upload-length": "10", "content-type": "text/plain" }, "0123456789"), 415],
      ["no Upload-Length", tusRequest(owner.actor, "POST", "/api/uploads", {}), 400],
      ["deferred length", tusRequest(owner.actor, "POST", "/api/uploads", { "upload-defer-length": "1" }), 400],
      ["negative length", tusRequest(owner.actor, "POST", "/api/uploads", { "upload-length": "-1" }), 400],
      ["length with a fraction", tusRequest(owner.actor, "POST", "/api/uploads", { "upload-length": "1.5" }), 400],
      ["length past the limit", tusRequest(owner.actor, "POST", "/api/uploads", { "upload-length": String(server.ctx.config.maxUploadBytes + 1) }), 413],
      ["metadata not base64", tusRequest(owner.actor, "POST", "/api/uploads", { "upload-length": "10", "upload-metadata": "filename ***" }), 400],
      ["metadata key twice", tusRequest(owner.actor, "POST", "/api/uploads", { "upload-length": "10", "upload-metadata": `a ${b64("x")},a ${b64("y")}` }), 400],
      ["metadata too long", tusRequest(owner.actor, "POST", "/api/uploads", { "upload-length": "10", "upload-metadata": `filename ${b64("x".repeat(4000))}` }), 400],
      ["PATCH without Upload-Offset", tusRequest(owner.actor, "PATCH", location, { "content-type": OFFSET_STREAM }, new Uint8Array(10)), 400],
      ["PATCH offset not a number", patch(owner.actor, location, 0, new Uint8Array(10), { "upload-offset": "0x0" }), 400],
      ["PATCH past Upload-Length", patch(owner.actor, location, 0, new Uint8Array(5001)), 400],
      ["POST data past Upload-Length", tusRequest(owner.actor, "POST", "/api/uploads", { "upload-length": "10", "content-type": OFFSET_STREAM }, "0123456789A"), 400],
    ];
    for (const [name, pending, status] of cases) {
      const response = await pending;
      expect({ name, status: response.status }).toEqual({ name, status });
      expect({ name, tus: response.headers.get("tus-resumable") }).toEqual({ name, tus: "1.0.0" });
      if (status === 412) expect(response.headers.get("tus-version")).toBe("1.0.0");
    }
    expect(await offsetOf(owner.actor, location)).toBe(0);
  });

  test("a cross-site page cannot create, patch or terminate an upload", async () => {
    const { location } = await createUpload(owner.actor, 5000);
    const evil = { origin: "https://evil.example" };
    expect((await tusRequest(owner.actor, "POST", "/api/uploads", { "upload-length": "10", ...evil })).status).toBe(403);
    expect((await patch(owner.actor, location, 0, new Uint8Array(10), evil)).status).toBe(403);
    expect((await tusRequest(owner.actor, "DELETE", location, evil)).status).toBe(403);
    expect((await patch(owner.actor, location, 0, new Uint8Array(10), { origin: server.url })).status).toBe(204);
  });

  test("a finalise naming an unfinished upload is 409; with a file part as well, 400", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    await patch(owner.actor, location, 0, video.subarray(0, 5000));
    const unfinished = await finalise(owner.actor, location);
    expect(unfinished.status).toBe(409);
    expect(((await unfinished.json()) as { message: string }).message).toBe("The upload is not finished yet.");
    const both = form({ title: "Both", upload: location.split("/").pop()! }, { file: await fixture("clip.mp4", "video/mp4") });
    expect((await owner.actor.post("/api/evidence", both)).status).toBe(400);
  });
});

describe("who may touch an upload", () => {
  test("another participant and the admin get 404, a visitor 401, on HEAD, PATCH, DELETE and finalise", async () => {
    const { location } = await createUpload(owner.actor, 1000);
    await patch(owner.actor, location, 0, video.subarray(0, 1000));
    for (const [actor, status] of [[other.actor, 404], [admin, 404], [visitor, 401]] as const) {
      expect((await head(actor, location)).status).toBe(status);
      expect((await patch(actor, location, 0, video.subarray(0, 10))).status).toBe(status);
      expect((await tusRequest(actor, "DELETE", location)).status).toBe(status);
      expect((await finalise(actor, location)).status).toBe(status);
    }
    // An unknown id answers exactly as someone else's does.
    expect((await head(other.actor, "/api/uploads/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect(await offsetOf(owner.actor, location)).toBe(1000);
  });

  test("DELETE terminates the upload: its row and bytes are gone, and HEAD is 404", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    await patch(owner.actor, location, 0, video.subarray(0, 5000));
    const id = location.split("/").pop()!;
    expect(await uploadFiles()).toContain(`${id}.bin`);
    const ended = await tusRequest(owner.actor, "DELETE", location);
    expect(ended.status).toBe(204);
    expect(ended.headers.get("tus-resumable")).toBe("1.0.0");
    expect((await head(owner.actor, location)).status).toBe(404);
    expect(await rowOf(location)).toBeUndefined();
    expect(await uploadFiles()).not.toContain(`${id}.bin`);
  });
});

describe("interruptions and finalising", () => {
  /** A PATCH declaring all of `bytes` whose client drops the connection after sending `sent` of them. */
  async function cutOffPatch(actor: Actor, location: string, offset: number, bytes: Uint8Array, sent: number) {
    const { socket } = await rawPatch(actor, location, offset, bytes.length, bytes.subarray(0, sent));
    await Bun.sleep(300);
    socket.destroy();
  }

  /** The row once the cut-off request has let go of its lease. */
  async function settled(location: string) {
    for (let i = 0; i < 100; i++) {
      const row = (await rowOf(location))!;
      if (row.lockToken === null) return row;
      await Bun.sleep(50);
    }
    throw new Error("the lease was never released");
  }

  test("a PATCH cut off mid-body keeps a consistent offset; the resumed upload finalises with the exact SHA-256", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    const sent = 1_500_000;
    await cutOffPatch(owner.actor, location, 0, video, sent);
    const row = await settled(location);
    expect(row.offset).toBeGreaterThan(0);
    expect(row.offset).toBeLessThanOrEqual(sent);
    expect(await offsetOf(owner.actor, location)).toBe(row.offset);
    const onDisk = await stat(path.join(localUploadsDir(server.uploadsDir), `${row.id}.bin`));
    expect(onDisk.size).toBeGreaterThanOrEqual(row.offset);

    // Cut off again further on, then resumed to the end in pieces.
    await cutOffPatch(owner.actor, location, row.offset, video.subarray(row.offset), 700_000);
    const again = await settled(location);
    expect(again.offset).toBeGreaterThan(row.offset);
    await resume(owner.actor, location, video, 1024 * 1024);

    const created = await finalise(owner.actor, location);
    expect(created.status).toBe(201);
    expect(((await created.json()) as { media: { sha256: string; size: number } }).media).toMatchObject({ sha256: sha256(video), size: video.length });
  });

  test("a HEAD while the dropped request still holds the upload answers what that request stored, not the row's older offset", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    const sent = 200_000;
    const { socket } = await rawPatch(owner.actor, location, 0, video.length, video.subarray(0, sent));
    const file = path.join(localUploadsDir(server.uploadsDir), `${location.split("/").pop()}.bin`);
    for (let i = 0; i < 100 && (await stat(file)).size < sent; i++) await Bun.sleep(20);
    // Stored, and still held: the row keeps the offset the request started from until it saves (renewal, release).
    const held = (await rowOf(location))!;
    expect(held.offset).toBe(0);
    expect(held.lockToken).not.toBeNull();

    // The client resumes before the server noticed its dropped connection: the HEAD waits for the request to let go.
    let answeredAt = 0;
    const described = head(owner.actor, location).then((response) => ((answeredAt = performance.now()), response));
    await Bun.sleep(200);
    const droppedAt = performance.now();
    socket.destroy();
    const response = await described;
    expect(response.status).toBe(200);
    expect(response.headers.get("upload-offset")).toBe(String(sent));
    expect(answeredAt).toBeGreaterThanOrEqual(droppedAt);
    expect((await rowOf(location))!).toMatchObject({ offset: sent, lockToken: null });
  });

  test("finalising again, or several times at once, gives one item: the first 201, the rest 200 with the same item", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    await resume(owner.actor, location, video);
    const before = await evidenceCount(owner.actor);
    const answers = await Promise.all([finalise(owner.actor, location), finalise(owner.actor, location), finalise(owner.actor, location)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 201]);
    const items = (await Promise.all(answers.map((r) => r.json()))) as { id: number; media: { sha256: string } }[];
    expect(new Set(items.map((item) => item.id)).size).toBe(1);
    for (const item of items) expect(item.media.sha256).toBe(sha256(video));
    const later = await finalise(owner.actor, location, "Another title");
    expect(later.status).toBe(200);
    expect(((await later.json()) as { id: number }).id).toBe(items[0]!.id);
    expect(await evidenceCount(owner.actor)).toBe(before + 1);
  });

  test("a finalise whose claim was lost meanwhile makes no item: its batch rolls back whole", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    await resume(owner.actor, location, video);
    const id = location.split("/").pop()!;
    await server.ctx.db.update(uploads).set({ lockToken: "finalise:the-one-that-took-over" }).where(eq(uploads.id, id));
    const tempPath = path.join(server.ctx.store.tempDir, "lost-claim.part");
    await Bun.write(tempPath, video);
    const file = { path: tempPath, size: video.length, sha256: sha256(video), filename: "clip.mp4" };
    const uploader = (await findUserById(server.ctx.db, owner.user.id))!;
    const before = await evidenceCount(owner.actor);
    const text = { title: "Lost claim", notes: "", location: null };
    const made = createEvidence(server.ctx, uploader, text, { file }, recordFinalised(server.ctx.db, id, "finalise:the-stalled-one", file.sha256, new Date(Date.now() + 3600_000).toISOString()));
    await expect(made).rejects.toThrow(/NOT NULL constraint failed: uploads\./);
    expect(await evidenceCount(owner.actor)).toBe(before);
    expect((await rowOf(location))!).toMatchObject({ sha256: null, evidenceId: null, lockToken: "finalise:the-one-that-took-over" });
  });

  test("an upload cannot be terminated while a finalise holds it (409), and can be once the claim ran out", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    await resume(owner.actor, location, video);
    const id = location.split("/").pop()!;
    // A finalise on another instance, as it looks in the database while it works.
    const claim = (ms: number) => ({ lockToken: "finalise:elsewhere", lockedUntil: new Date(Date.now() + ms).toISOString() });
    await server.ctx.db.update(uploads).set(claim(60_000)).where(eq(uploads.id, id));
    expect((await tusRequest(owner.actor, "DELETE", location)).status).toBe(409);
    expect(await uploadFiles()).toContain(`${id}.bin`);
    await server.ctx.db.update(uploads).set(claim(-1000)).where(eq(uploads.id, id));
    expect((await tusRequest(owner.actor, "DELETE", location)).status).toBe(204);
    expect(await uploadFiles()).not.toContain(`${id}.bin`);
  });

  test("a finished upload whose bytes are not media is refused 415, and can be terminated", async () => {
    const junk = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const { location } = await createUpload(owner.actor, junk.length, "page.html", {}, junk);
    const refused = await finalise(owner.actor, location);
    expect(refused.status).toBe(415);
    expect((await rowOf(location))!.lockToken).toBeNull();
    expect((await tusRequest(owner.actor, "DELETE", location)).status).toBe(204);
  });
});

test("a visitor cannot create an upload: 401 before any header is read", async () => {
  expect((await tusRequest(visitor, "POST", "/api/uploads", { "tus-resumable": "" })).status).toBe(401);
});
