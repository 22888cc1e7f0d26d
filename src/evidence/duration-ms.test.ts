/**
 * duration_ms sent with evidence: accepted for video and audio on a multipart create, a tus finalise and a file
 * replacement; refused with 400 (nothing stored) when it is not whole milliseconds from 1 to a day; ignored for notes
 * and photos; a file's own header wins; shown in every list that shows the item.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { cast, fixture, FIXTURES, form, mediaRowKeys, type Actor, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { createUpload, finalise, resume } from "../../tests/support/tus";
import { DURATION_MESSAGE } from "./evidence-input";

type Item = { id: number; duration_ms: number | null };

let server: TestServer;
let owner: Participant;
let admin: Actor;
let visitor: Actor;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, admin, visitor } = await cast(server.url));
});
afterAll(() => server.stop());

/** A MediaRecorder WebM: it states no duration of its own, so the sender's is the one there is. */
const recording = () => fixture("recorded-audio.webm", "audio/webm");

async function create(fields: Record<string, string>, file?: File): Promise<Response> {
  return owner.actor.post("/api/evidence", form({ title: "Clip", ...fields }, file ? { file } : {}));
}

const durationIn = async (actor: Actor, listPath: string, id: number) =>
  ((await (await actor.get(listPath)).json()) as Item[]).find((item) => item.id === id)?.duration_ms;

describe("a multipart create", () => {
  test("stores the sender's duration of an audio recording and every list shows it", async () => {
    const response = await create({ duration_ms: "4321" }, await recording());
    expect(response.status).toBe(201);
    const item = (await response.json()) as Item;
    expect(item.duration_ms).toBe(4321);
    await admin.put(`/api/evidence/clearance/${item.id}`);
    expect(await durationIn(owner.actor, "/api/evidence", item.id)).toBe(4321);
    expect(await durationIn(visitor, "/api/evidence/public", item.id)).toBe(4321);
    expect(await durationIn(admin, "/api/evidence/admin", item.id)).toBe(4321);
    expect(await durationIn(admin, `/api/user/${owner.user.id}/evidence`, item.id)).toBe(4321);
    expect(((await (await visitor.get(`/api/evidence/public/${item.id}`)).json()) as Item).duration_ms).toBe(4321);
  });

  test("a video recording without one has null, and so does every item before it was sent", async () => {
    const item = (await (await create({}, await fixture("recorded-video.webm", "video/webm"))).json()) as Item;
    expect(item.duration_ms).toBeNull();
    expect(await durationIn(owner.actor, "/api/evidence", item.id)).toBeNull();
  });

  test("a file whose header states its length keeps that length, whatever was sent", async () => {
    const item = (await (await create({ duration_ms: "9999" }, await fixture("clip.mp4", "video/mp4"))).json()) as Item;
    expect(item.duration_ms).toBe(1000);
  });

  test("is ignored for a photo and a note", async () => {
    const photo = await create({ duration_ms: "5000" }, await fixture("photo.jpg", "image/jpeg"));
    const note = await create({ duration_ms: "5000", notes: "Heard it twice." });
    for (const response of [photo, note]) {
      expect(response.status).toBe(201);
      expect(((await response.json()) as Item).duration_ms).toBeNull();
    }
  });

  const refused = ["0", "-5", "1.5", "1e3", "abc", "86400001", " 12", "0012"];
  test.each(refused)("duration_ms=%p is a 400 with a clear message, and nothing is stored", async (value) => {
    const items = await (await owner.actor.get("/api/evidence")).json();
    const keys = await mediaRowKeys(server);
    const response = await create({ duration_ms: value }, await recording());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: DURATION_MESSAGE });
    expect(await (await owner.actor.get("/api/evidence")).json()).toEqual(items);
    expect(await mediaRowKeys(server)).toEqual(keys);
  });

  test("the longest accepted is a day", async () => {
    expect(((await (await create({ duration_ms: "86400000" }, await recording())).json()) as Item).duration_ms).toBe(86_400_000);
  });
});

describe("a tus finalise", () => {
  async function uploaded(): Promise<string> {
    const bytes = new Uint8Array(await readFile(path.join(FIXTURES, "recorded-video.webm")));
    const { location } = await createUpload(owner.actor, bytes.length, "recorded-video.webm");
    await resume(owner.actor, location, bytes);
    return location;
  }

  test("stores the duration sent with the finalising form", async () => {
    const response = await finalise(owner.actor, await uploaded(), "Resumed", { duration_ms: "61000" });
    expect(response.status).toBe(201);
    const item = (await response.json()) as Item;
    expect(item.duration_ms).toBe(61000);
    expect(await durationIn(owner.actor, "/api/evidence", item.id)).toBe(61000);
  });

  test("refuses a bad one with 400 and leaves the upload to be finalised again", async () => {
    const location = await uploaded();
    const bad = await finalise(owner.actor, location, "Resumed", { duration_ms: "-1" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: DURATION_MESSAGE });
    const good = await finalise(owner.actor, location, "Resumed", { duration_ms: "2500" });
    expect(good.status).toBe(201);
    expect(((await good.json()) as Item).duration_ms).toBe(2500);
  });
});

describe("a replaced file", () => {
  const replace = (id: number, fields: Record<string, string>, file?: File) =>
    owner.actor.put(`/api/evidence/update/${id}`, form({ title: "Replaced", ...fields }, file ? { file } : {}));

  test("brings its own duration; without one the old one is cleared; a text edit keeps it", async () => {
    const { id } = (await (await create({ duration_ms: "1000" }, await recording())).json()) as Item;
    const withDuration = await replace(id, { duration_ms: "7000" }, await recording());
    expect(((await withDuration.json()) as Item).duration_ms).toBe(7000);
    const textOnly = await replace(id, { duration_ms: "1234" });
    expect(((await textOnly.json()) as Item).duration_ms).toBe(7000);
    const without = await replace(id, {}, await recording());
    expect(((await without.json()) as Item).duration_ms).toBeNull();
    expect(await durationIn(admin, "/api/evidence/admin", id)).toBeNull();
  });

  test("refuses a bad one with 400 and keeps the item as it was", async () => {
    const { id } = (await (await create({ duration_ms: "1000" }, await recording())).json()) as Item;
    const response = await replace(id, { duration_ms: "86400001" }, await recording());
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: DURATION_MESSAGE });
    expect(await durationIn(owner.actor, "/api/evidence", id)).toBe(1000);
  });
});
