/**
 * The desk's changes: review state, investigator notes, bulk actions, make-all and the clearance toggle; what admins
 * alone see (and that no other view carries it); participants' stats and the delete summary. A real server.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, cast, fixture, form, storedFiles, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
let owner: Participant;
let other: Participant;
let admin: Actor;
let visitor: Actor;

const SECRET_NOTES = "Investigator only: matches the second witness.";
const DESK_FIELDS = ["review_status", "investigator_notes", "verification_photo_url"];

type Item = Record<string, unknown> & { id: number; is_public: boolean; updated_at: string | null };

const note = async (who: Participant, title: string, file?: File) => {
  const response = await who.actor.post("/api/evidence", form({ title }, file ? { file } : {}));
  expect(response.status).toBe(201);
  return (await response.json()) as Item;
};
const adminItem = async (id: number) => ((await (await admin.get("/api/evidence/admin")).json()) as Item[]).find((i) => i.id === id);

beforeAll(async () => {
  server = await startTestServer({ QUOTA_UPLOADS_PER_HOUR: "0" });
  ({ owner, other, admin, visitor } = await cast(server.url));
});
afterAll(() => server.stop());

describe("review state and investigator notes", () => {
  test("admins set them; the admin item carries them with updated_at", async () => {
    const item = await note(owner, "A door left open");
    expect((await adminItem(item.id))!).toMatchObject({ review_status: "new", investigator_notes: "", updated_at: null, duration_ms: null });

    const reviewed = await admin.put(`/api/evidence/review/${item.id}`, { status: "flagged" });
    expect(reviewed.status).toBe(200);
    const flagged = (await reviewed.json()) as Item;
    expect(flagged).toMatchObject({ id: item.id, review_status: "flagged", username: owner.user.username, full_name: "Test Person" });
    expect(flagged.verification_photo_url).toBe(owner.user.verification_photo_AWS_URL);
    expect(Date.parse(flagged.updated_at!)).toBeGreaterThan(0);

    const noted = await admin.put(`/api/evidence/notes/${item.id}`, { investigator_notes: SECRET_NOTES });
    expect(noted.status).toBe(200);
    expect(await noted.json()).toMatchObject({ investigator_notes: SECRET_NOTES, review_status: "flagged" });
  });

  test("a save from stale notes (previous) is refused with both texts, not written over another admin's", async () => {
    const item = await note(owner, "Two admins, one note");
    expect((await admin.put(`/api/evidence/notes/${item.id}`, { investigator_notes: "first", previous: "" })).status).toBe(200);
    const stale = await admin.put(`/api/evidence/notes/${item.id}`, { investigator_notes: "second", previous: "" });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ current: "first", yours: "second", item: { id: item.id, investigator_notes: "first" } });
    expect((await adminItem(item.id))!.investigator_notes).toBe("first");
    expect((await admin.put(`/api/evidence/notes/${item.id}`, { investigator_notes: "second", previous: "first" })).status).toBe(200);
    expect((await admin.put(`/api/evidence/notes/${item.id}`, { investigator_notes: "x", previous: 3 })).status).toBe(400);
  });

  test("bad bodies are 400s, unknown items 404s", async () => {
    const item = await note(owner, "Bad bodies");
    for (const body of [{}, { status: "done" }, { status: 1 }, []]) expect((await admin.put(`/api/evidence/review/${item.id}`, body)).status).toBe(400);
    for (const body of [{}, { investigator_notes: 5 }, { investigator_notes: "x".repeat(10_001) }]) {
      expect((await admin.put(`/api/evidence/notes/${item.id}`, body)).status).toBe(400);
    }
    expect((await admin.put(`/api/evidence/notes/${item.id}`, { investigator_notes: "x".repeat(10_000) })).status).toBe(200);
    expect((await admin.request("PUT", `/api/evidence/review/${item.id}`, undefined, { "content-type": "application/json" })).status).toBe(400);
    expect((await admin.put("/api/evidence/review/999999", { status: "reviewed" })).status).toBe(404);
    expect((await admin.put("/api/evidence/notes/999999", { investigator_notes: "" })).status).toBe(404);
    expect((await admin.put("/api/evidence/review/abc", { status: "reviewed" })).status).toBe(404);
  });

  test("admins only: 401 without a session, 403 for participants (their own items too), checked before the body", async () => {
    const item = await note(owner, "Not yours to review");
    for (const [path, body] of [
      [`/api/evidence/review/${item.id}`, { status: "reviewed" }],
      [`/api/evidence/review/${item.id}`, { status: "nonsense" }],
      [`/api/evidence/notes/${item.id}`, { investigator_notes: "mine" }],
      [`/api/evidence/notes/${item.id}`, { investigator_notes: 7 }],
      ["/api/evidence/bulk", { ids: [item.id], action: "publish" }],
      ["/api/evidence/bulk", { ids: "all", action: "explode" }],
    ] as const) {
      expect((await visitor.put(path, body)).status).toBe(401);
      expect((await owner.actor.put(path, body)).status).toBe(403);
      expect((await visitor.request("PUT", path, "{not json", { "content-type": "application/json" })).status).toBe(401);
    }
    expect((await adminItem(item.id))!).toMatchObject({ review_status: "new", investigator_notes: "", is_public: false });
    expect((await visitor.get(`/api/user/${owner.user.id}/summary`)).status).toBe(401);
    expect((await owner.actor.get(`/api/user/${owner.user.id}/summary`)).status).toBe(403);
  });

  test("no view but the admin lists carries them: the owner's list, the public list, item responses, a user's items", async () => {
    const item = await note(owner, "Seen by whom");
    await admin.put(`/api/evidence/review/${item.id}`, { status: "reviewed" });
    await admin.put(`/api/evidence/notes/${item.id}`, { investigator_notes: SECRET_NOTES });
    const published = await admin.put(`/api/evidence/clearance/${item.id}`);
    expect(((await published.json()) as Item).is_public).toBe(true);
    const views = [
      await owner.actor.get("/api/evidence"),
      await visitor.get("/api/evidence/public"),
      await visitor.get("/api/evidence/public?limit=5"),
      await other.actor.get("/api/evidence/public"),
      await admin.get(`/api/user/${owner.user.id}/evidence`),
      await owner.actor.put(`/api/evidence/update/${item.id}`, { title: "Seen by whom (edited)", notes: "" }),
      await owner.actor.post("/api/evidence", form({ title: "Another" })),
    ];
    for (const response of views) {
      expect(response.status).toBeLessThan(300);
      const text = await response.text();
      expect(text).toContain('"title"');
      expect(text).not.toContain(SECRET_NOTES);
      for (const field of DESK_FIELDS) expect(text).not.toContain(`"${field}"`);
    }
  });
});

describe("updated_at follows every change", () => {
  test("an edit, a visibility change, a review and notes each set it", async () => {
    const item = await note(owner, "Changes");
    let last = "";
    const changedSince = async () => {
      const now = (await adminItem(item.id))!.updated_at!;
      expect(now).not.toBeNull();
      expect(now >= last).toBe(true);
      last = now;
      // The clock's millisecond may repeat; clear it so the next change must set it again.
      await server.ctx.db.$client.execute({ sql: "update evidence set updated_at = null where id = ?", args: [item.id] });
    };
    await owner.actor.put(`/api/evidence/update/${item.id}`, { title: "Changed", notes: "" });
    await changedSince();
    await admin.put(`/api/evidence/clearance/${item.id}`);
    await changedSince();
    await admin.put(`/api/evidence/review/${item.id}`, { status: "reviewed" });
    await changedSince();
    await admin.put(`/api/evidence/notes/${item.id}`, { investigator_notes: "n" });
    await changedSince();
    await admin.put("/api/evidence/bulk", { ids: [item.id], action: "unpublish" });
    await changedSince();
    await admin.put("/api/evidence/makeAllPublic");
    await changedSince();
  });
});

describe("visibility", () => {
  test("the clearance toggle returns the item with the participant's name (not only an id)", async () => {
    const item = await note(owner, "Named after toggle");
    const toggled = (await (await admin.put(`/api/evidence/clearance/${item.id}`)).json()) as Item;
    expect(toggled).toMatchObject({ id: item.id, is_public: true, user_id: owner.user.id, username: owner.user.username, full_name: "Test Person" });
    expect(toggled).toHaveProperty("review_status", "new");
    expect((await admin.put("/api/evidence/clearance/999999")).status).toBe(404);
  });

  test("make all public / private answer { updated, ids } with exactly the ids they changed", async () => {
    await admin.put("/api/evidence/makeAllSecret");
    const a = await note(other, "Make all 1");
    const b = await note(other, "Make all 2");
    await admin.put(`/api/evidence/clearance/${a.id}`);
    const everything = ((await (await admin.get("/api/evidence/admin")).json()) as Item[]).map((i) => i.id);
    const published = await (await admin.put("/api/evidence/makeAllPublic")).json();
    expect(published.ids).toContain(b.id);
    expect(published.ids).not.toContain(a.id);
    expect(published.updated).toBe(published.ids.length);
    expect([...published.ids, a.id].sort()).toEqual([...everything].sort());
    const again = await (await admin.put("/api/evidence/makeAllPublic")).json();
    expect(again).toEqual({ updated: 0, ids: [], skipped_withdrawn: [], skipped_unredacted: [] });
    const hidden = await (await admin.put("/api/evidence/makeAllSecret")).json();
    expect([...hidden.ids].sort()).toEqual([...everything].sort());
  });
});

describe("bulk actions", () => {
  test("each action answers the ids it changed; unknown and unchanged ids are left out; undo is the opposite", async () => {
    const items = await Promise.all([1, 2, 3].map((i) => note(other, `Bulk ${i}`)));
    const [x, y, z] = items.map((i) => i.id) as [number, number, number];
    await admin.put(`/api/evidence/clearance/${z}`);
    const bulk = async (ids: number[], action: string) => {
      const response = await admin.put("/api/evidence/bulk", { ids, action });
      expect(response.status).toBe(200);
      return (await response.json()) as { updated: number; ids: number[]; skipped_withdrawn: number[]; skipped_unredacted: number[] };
    };
    const published = await bulk([x, y, z, 999999, x], "publish");
    expect({ ...published, ids: [...published.ids].sort() }).toEqual({ updated: 2, ids: [x, y].sort(), skipped_withdrawn: [], skipped_unredacted: [] });
    expect((await adminItem(x))!.is_public).toBe(true);
    const undone = await bulk(published.ids, "unpublish");
    expect([...undone.ids].sort()).toEqual([x, y].sort());
    expect((await adminItem(z))!.is_public).toBe(true);

    expect((await bulk([x, y], "flagged")).updated).toBe(2);
    expect((await bulk([x, y, z], "flagged")).ids).toEqual([z]);
    expect((await bulk([x], "reviewed")).ids).toEqual([x]);
    expect((await bulk([x, y], "new")).updated).toBe(2);
    expect((await adminItem(z))!.review_status).toBe("flagged");
    expect(await bulk([], "publish")).toEqual({ updated: 0, ids: [], skipped_withdrawn: [], skipped_unredacted: [] });
  });

  test("delete removes the items and their files", async () => {
    const withFile = await note(other, "Bulk photo", await fixture("photo.jpg"));
    const plain = await note(other, "Bulk note");
    const filesBefore = (await storedFiles(server.uploadsDir)).length;
    const deleted = await (await admin.put("/api/evidence/bulk", { ids: [withFile.id, plain.id, 999999], action: "delete" })).json();
    expect(deleted.updated).toBe(2);
    expect([...deleted.ids].sort()).toEqual([withFile.id, plain.id].sort());
    expect(await adminItem(withFile.id)).toBeUndefined();
    expect((await storedFiles(server.uploadsDir)).length).toBeLessThan(filesBefore);
    expect((await admin.get(`/api/media/${String(withFile.aws_url).split("/").pop()}`)).status).toBe(404);
  });

  test("bad bodies are 400s", async () => {
    for (const body of [
      {}, { ids: [1], action: "archive" }, { ids: "1", action: "publish" }, { ids: [0], action: "publish" },
      { ids: [1.5], action: "publish" }, { ids: ["1"], action: "publish" }, { ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: "publish" },
    ]) {
      expect((await admin.put("/api/evidence/bulk", body)).status).toBe(400);
    }
    expect((await admin.put("/api/evidence/bulk", { ids: Array.from({ length: 1000 }, (_, i) => i + 1e6), action: "reviewed" })).status).toBe(200);
  });
});

describe("participants", () => {
  test("the users list gains item_count and last_activity and keeps photo and phone", async () => {
    const fresh = await cast(server.url);
    const first = await note(fresh.owner, "First");
    const latest = await note(fresh.owner, "Latest");
    const users = (await (await admin.get("/api/user/users")).json()) as Record<string, unknown>[];
    const sender = users.find((u) => u.id === fresh.owner.user.id)!;
    expect(sender).toMatchObject({ item_count: 2, last_activity: latest.date_posted, phone_number: fresh.owner.fields.phone_number });
    expect(sender.verification_photo_AWS_URL).toBe(fresh.owner.user.verification_photo_AWS_URL);
    expect(String(latest.date_posted) >= String(first.date_posted)).toBe(true);
    expect(users.find((u) => u.id === fresh.other.user.id)).toMatchObject({ item_count: 0, last_activity: null });
  });

  test("the summary counts what deleting the account takes: items, files and their bytes", async () => {
    const fresh = await cast(server.url);
    const photo = await fixture("photo.jpg");
    const clip = await fixture("clip.mp4");
    await note(fresh.owner, "Photo", photo);
    await note(fresh.owner, "Clip", clip);
    await note(fresh.owner, "Just text");
    const summary = await (await admin.get(`/api/user/${fresh.owner.user.id}/summary`)).json();
    // The verification photo is a file of the account too.
    const { rows } = await server.ctx.db.$client.execute({ sql: "select size from media_files where owner_id = ? and purpose = 'verification'", args: [fresh.owner.user.id] });
    expect(summary).toEqual({ items: 3, files: 3, bytes: photo.size + clip.size + Number(rows[0]![0]) });
    expect(await (await admin.get(`/api/user/${fresh.other.user.id}/summary`)).json()).toMatchObject({ items: 0, files: 1 });
    expect((await admin.get("/api/user/999999/summary")).status).toBe(404);
  });
});
