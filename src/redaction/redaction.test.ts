/**
 * The redaction step through the real server, database, media folder and ffmpeg, with real faces (tests/support/faces):
 * a visitor reaches only the redacted copy and its renditions, once made, never anything of the original; the
 * original's bytes stay as sent; a failed job keeps the item private; undo is a new version.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Actor, cast, form, type Participant } from "../../tests/support/client";
import { detectFaces, facesInside, PHOTO_FACES, PHOTO_SIZE, regionDifference, twoFacesPhoto, withMargin } from "../../tests/support/faces";
import { startTestServer, type TestServer } from "../../tests/support/server";

setDefaultTimeout(120_000);

let server: TestServer;
let owner: Participant;
let admin: Actor;
let visitor: Actor;
let made: string;

const KINDS = ["display", "poster", "thumbnail", "peaks"];
const REGIONS = [withMargin(PHOTO_FACES.large), withMargin(PHOTO_FACES.small)].map((box) => ({ ...box, effect: "blur" }));

type Redactions = { version: number; status: string; passed: boolean; error: string | null; copy: { url: string; thumbnail_url?: string } | null; history: unknown[] };
type Listed = { id: number; aws_url: string | null; original_url: string | null; thumbnail_url: string | null; renditions: { kind: string; url: string }[]; redacted?: unknown };

const send = async (title: string, file?: File) => {
  const response = await owner.actor.post("/api/evidence", form({ title }, file ? { file } : {}));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; original_url: string };
};
const photoFile = async () => new File([await Bun.file(await twoFacesPhoto()).arrayBuffer()], "faces.jpg", { type: "image/jpeg" });
const redactionsOf = async (id: number) => (await (await admin.get(`/api/evidence/${id}/redactions`)).json()) as Redactions;

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await Bun.sleep(250);
  }
}
const publicItem = async (id: number) => ((await (await visitor.get("/api/evidence/public")).json()) as Listed[]).find((i) => i.id === id);
const ownRenditions = (id: number) =>
  until("renditions", async () => ((await (await owner.actor.get("/api/evidence")).json()) as (Listed & { renditions_preparing: boolean })[]).find((i) => i.id === id)!, (i) => i.renditions.length > 0 && !i.renditions_preparing);
const saved = async (actor: Actor, url: string) => {
  const response = await actor.get(url);
  expect(response.status).toBe(200);
  const file = path.join(made, `${crypto.randomUUID()}.jpg`);
  await Bun.write(file, await response.arrayBuffer());
  return file;
};
const sha256 = async (file: string) => new Bun.CryptoHasher("sha256").update(await Bun.file(file).arrayBuffer()).digest("hex");
const mediaId = (url: string) => url.split("/")[3]!;
/** Every address a visitor could guess for a stored file. */
const guesses = (id: string) => [`/api/media/${id}`, ...KINDS.map((kind) => `/api/media/${id}/${kind}`)];
const statuses = async (actor: Actor, urls: string[]) => Promise.all(urls.map(async (url) => (await actor.get(url)).status));
const rowsOf = async (id: number) => (await server.ctx.db.all(sql`select version from redactions where evidence_id = ${id}`)).length;

beforeAll(async () => {
  made = await mkdtemp(path.join(tmpdir(), "casefile-redaction-"));
  server = await startTestServer({ RENDITION_JOBS: "1" });
  ({ owner, admin, visitor } = await cast(server.url));
});
afterAll(async () => {
  await server.stop();
  await rm(made, { recursive: true, force: true });
});

describe("a photo with two faces", () => {
  test("visitors get only the redacted copy, once made; the original stays as sent and reachable by owner and admins", async () => {
    const item = await send("Two faces", await photoFile());
    const original = mediaId(item.original_url);
    expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(200);
    await ownRenditions(item.id); // the original's thumbnail exists: it must not reach a visitor once redacted

    const put = await admin.put(`/api/evidence/${item.id}/redactions`, { regions: REGIONS, audio: [] });
    expect(put.status).toBe(202);
    expect(((await put.json()) as Redactions).status).toMatch(/pending|done/);
    // From the PUT on, nothing of the original reaches a visitor, whatever the address.
    expect(await statuses(visitor, guesses(original))).toEqual([404, 404, 404, 404, 404]);

    const done = await until("the redaction", () => redactionsOf(item.id), (r) => r.status !== "pending");
    expect(done.status).toBe("done");
    expect(done.passed).toBe(false); // not verified yet
    const listed = (await publicItem(item.id))!;
    expect(listed.redacted).toEqual({ picture: true, sound: false });
    expect(listed.thumbnail_url).toBeNull();
    const copyId = mediaId(listed.aws_url!);
    expect(copyId).not.toBe(original);
    expect(JSON.stringify(listed)).not.toContain(original);

    const originalFile = await twoFacesPhoto();
    const copy = await saved(visitor, listed.aws_url!);
    const [before, after] = await detectFaces([originalFile, copy], { sensitive: true });
    for (const region of REGIONS) {
      expect(facesInside(before!, region).length).toBeGreaterThan(0); // the check can fail
      expect(facesInside(after!, region)).toEqual([]);
      expect(await regionDifference(originalFile, copy, region, PHOTO_SIZE)).toBeGreaterThan(12);
    }
    // The original's bytes and hash are as sent, for the owner and the admin alike.
    expect(await sha256(await saved(admin, item.original_url))).toBe(await sha256(originalFile));
    expect(await sha256(await saved(owner.actor, item.original_url))).toBe(await sha256(originalFile));
    expect(await statuses(visitor, guesses(original))).toEqual([404, 404, 404, 404, 404]);

    // The copy's own thumbnail is made from the copy, and is what the public list offers.
    const withThumb = await until("the copy's thumbnail", () => publicItem(item.id), (i) => !!i?.renditions.some((r) => r.kind === "thumbnail"));
    expect(withThumb!.renditions.every((r) => r.url.includes(copyId))).toBe(true);
    const thumb = await saved(visitor, withThumb!.renditions.find((r) => r.kind === "thumbnail")!.url);
    expect(facesInside((await detectFaces([thumb], { sensitive: true }))[0]!, REGIONS[0]!)).toEqual([]);
  });

  test("undo is a new version: the ordinary copy is public again, the old redacted copy is not; history stays", async () => {
    const item = await send("Undo", await photoFile());
    expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(200);
    await admin.put(`/api/evidence/${item.id}/redactions`, { regions: REGIONS });
    const first = await until("the redaction", () => redactionsOf(item.id), (r) => r.status === "done");
    const firstCopy = mediaId(first.copy!.url);
    expect((await visitor.get(`/api/media/${firstCopy}`)).status).toBe(200);

    const undo = await admin.put(`/api/evidence/${item.id}/redactions`, { regions: [], audio: [] });
    expect(undo.status).toBe(202);
    const undone = (await undo.json()) as Redactions;
    expect([undone.version, undone.status, undone.passed, undone.history.length]).toEqual([2, "done", true, 2]);
    expect((await visitor.get(item.original_url)).status).toBe(200);
    expect(await statuses(visitor, guesses(firstCopy))).toEqual([404, 404, 404, 404, 404]);
    expect((await admin.get(`/api/media/${firstCopy}`)).status).toBe(200); // kept for the record

    await admin.put(`/api/evidence/${item.id}/redactions`, { regions: REGIONS });
    expect((await visitor.get(item.original_url)).status).toBe(404);
    expect((await redactionsOf(item.id)).history.length).toBe(3);
    const audited = await server.ctx.db.all(sql`select action from audit_log where target_id = ${item.id} and action like 'evidence.redaction%'`);
    expect(audited.length).toBe(3);
  });
});

describe("a redaction that fails", () => {
  test("leaves the item's file unreachable and the item unpublishable, alone and in bulk", async () => {
    const item = await send("Corrupt", await photoFile());
    const [row] = (await server.ctx.db.all(sql`select store_key, public_store_key from media_files where id = ${mediaId(item.original_url)}`)) as { store_key: string; public_store_key: string | null }[];
    // The stored file is damaged: ffmpeg cannot read it, so the job fails.
    for (const key of [row!.store_key, row!.public_store_key]) if (key) await Bun.write(server.ctx.store.localPath!(key), "not a photo at all");
    expect((await admin.put(`/api/evidence/${item.id}/redactions`, { regions: REGIONS })).status).toBe(202);
    const failed = await until("the redaction", () => redactionsOf(item.id), (r) => r.status !== "pending");
    expect(failed.status).toBe("failed");
    expect(failed.error).toBeTruthy();

    const toggle = await admin.put(`/api/evidence/clearance/${item.id}`);
    expect(toggle.status).toBe(409);
    expect(await toggle.json()).toMatchObject({ code: "evidence.redaction-required", redaction: { version: 1, status: "failed", passed: false } });
    const bulk = await (await admin.put("/api/evidence/bulk", { ids: [item.id], action: "publish" })).json();
    expect(bulk).toMatchObject({ updated: 0, skipped_unredacted: [item.id] });
    expect((await (await admin.put("/api/evidence/makeAllPublic")).json()).skipped_unredacted).toContain(item.id);
    expect(await publicItem(item.id)).toBeUndefined();
    expect(await statuses(visitor, guesses(mediaId(item.original_url)))).toEqual([404, 404, 404, 404, 404]);
  });
});

describe("the plan and the studio's checks", () => {
  test("a bad plan is a 400 with no row; notes are 404; only admins", async () => {
    const photo = await send("Plan checks", await photoFile());
    const note = await send("A note");
    const bad = [
      { regions: [{ x: 0.5, y: 0.5, width: 0.6, height: 0.1, effect: "blur" }] },
      { regions: [{ x: 0.1, y: 0.1, width: 0.1, height: 0.1, effect: "pixelate" }] },
      { regions: [{ ...REGIONS[0], from_ms: 0, to_ms: 1000 }] },
      { audio: [{ effect: "silence" }] },
      { regions: "all" },
    ];
    for (const body of bad) expect((await admin.put(`/api/evidence/${photo.id}/redactions`, body)).status).toBe(400);
    expect(await rowsOf(photo.id)).toBe(0);
    expect((await admin.put(`/api/evidence/${note.id}/redactions`, { regions: REGIONS })).status).toBe(404);
    expect((await admin.get(`/api/evidence/${note.id}/redactions`)).status).toBe(404);
    expect((await owner.actor.put(`/api/evidence/${photo.id}/redactions`, { regions: REGIONS })).status).toBe(403);
    expect((await visitor.get(`/api/evidence/${photo.id}/redactions`)).status).toBe(401);
    expect(await rowsOf(photo.id)).toBe(0);
    expect(await redactionsOf(photo.id)).toMatchObject({ version: 0, status: "none", regions: [], audio: [], copy: null, passed: false });
  });

  test("verification: only for the current, done version; no face left (or accepted) passes it, and publishing follows", async () => {
    const item = await send("Verify", await photoFile());
    await admin.put(`/api/evidence/${item.id}/redactions`, { regions: REGIONS });
    expect((await admin.post(`/api/evidence/${item.id}/redactions/2/verification`, { faces: [] })).status).toBe(409);
    await until("the redaction", () => redactionsOf(item.id), (r) => r.status === "done");
    expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(409); // done, not verified
    const face = { x: 0.1, y: 0.1, width: 0.1, height: 0.1, score: 0.9 };
    const found = await admin.post(`/api/evidence/${item.id}/redactions/1/verification`, { faces: [face] });
    expect(((await found.json()) as Redactions).passed).toBe(false);
    expect((await admin.post(`/api/evidence/${item.id}/redactions/1/verification`, { faces: [{ ...face, score: 2 }] })).status).toBe(400);
    const accepted = await admin.post(`/api/evidence/${item.id}/redactions/1/verification`, { faces: [face], accept: true });
    expect(await accepted.json()).toMatchObject({ passed: true, verification: { faces_found: 1, accepted: true, by: { username: "admin" } } });
    expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(200);
    expect((await publicItem(item.id))?.redacted).toEqual({ picture: true, sound: false });
  });
});
