import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { Actor, cast, type Participant, fixture, form, storedFiles } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
let owner: Participant;
let other: Participant;
let admin: Actor;
let visitor: Actor;

beforeAll(async () => {
  server = await startTestServer({ MAX_UPLOAD_MB: "1" });
  ({ owner, other, admin, visitor } = await cast(server.url));
});
afterAll(() => server.stop());

const rowCount = async () => Number((await server.ctx.db.$client.execute("select count(*) as n from evidence")).rows[0]!.n);

async function upload(actor: Actor, fields: Record<string, string>, files: Record<string, File> = {}) {
  return actor.post("/api/evidence", form(fields, files));
}

describe("creating evidence", () => {
  const kinds: [string, string, number, string][] = [
    ["photo.jpg", "JPEG photo", 2, "image/jpeg"],
    ["photo.png", "PNG photo", 2, "image/png"],
    ["photo.webp", "WebP photo", 2, "image/webp"],
    ["clip.mp4", "MP4 video", 3, "video/mp4"],
    ["clip.mov", "QuickTime video", 3, "video/quicktime"],
    ["clip.webm", "WebM video", 3, "video/webm"],
    ["voice.webm", "browser-recorded WebM audio", 4, "audio/webm"],
    ["voice.m4a", "M4A audio", 4, "audio/mp4"],
    ["voice.ogg", "Ogg audio", 4, "audio/ogg"],
    ["voice.wav", "WAV audio", 4, "audio/wav"],
    ["voice.mp3", "MP3 audio", 4, "audio/mpeg"],
  ];
  for (const [name, what, mediaType, mime] of kinds) {
    test(`a ${what} becomes media_type ${mediaType} (${mime}), decided from its bytes`, async () => {
      // The declared type and name lie on purpose: only the bytes count.
      const file = new File([await Bun.file(`${import.meta.dir}/../../tests/fixtures/${name}`).arrayBuffer()], "upload.bin", { type: "text/plain" });
      const response = await upload(owner.actor, { title: what, notes: "seen at the corner" }, { file });
      expect(response.status).toBe(201);
      const item = await response.json();
      expect(item).toMatchObject({ title: what, notes: "seen at the corner", media_type: mediaType, is_public: false, user_id: owner.user.id });
      expect(item.media.mime).toBe(mime);
      expect(item.media.sha256).toBe(new Bun.CryptoHasher("sha256").update(await file.arrayBuffer()).digest("hex"));
      expect(item.media.size).toBe(file.size);
    });
  }

  test("a text note has media_type 1 and no media", async () => {
    const response = await upload(owner.actor, { title: "Just a note", notes: "The van was blue.", location: "Main & 3rd" });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ media_type: 1, aws_url: null, thumbnail_url: null, location: "Main & 3rd" });
  });

  test("a note sent again with the same client_ref (its answer lost) is one item; racing copies too", async () => {
    const note = { title: "Blue van", notes: "Parked by the weir.", client_ref: "draft-0f3c9a1e-resend" };
    const first = await upload(owner.actor, note);
    expect(first.status).toBe(201);
    const again = await upload(owner.actor, note);
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe((await first.json()).id);

    const racing = { ...note, client_ref: "draft-racing-copies-1" };
    const before = await rowCount();
    const answers = await Promise.all(Array.from({ length: 5 }, () => upload(owner.actor, racing)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(await Promise.all(answers.map(async (r) => (await r.json()).id))).size).toBe(1);
    expect(await rowCount()).toBe(before + 1);
  });

  test("a client_ref names an item only for its sender; a malformed one is refused", async () => {
    const ref = { title: "Same name", client_ref: "shared-ref-12345" };
    const mine = await (await upload(owner.actor, ref)).json();
    const theirs = await upload(other.actor, ref);
    expect(theirs.status).toBe(201);
    expect((await theirs.json()).id).not.toBe(mine.id);
    const bad = await upload(owner.actor, { title: "Odd", client_ref: "short" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("client_ref");
  });

  test("a thumbnail part is stored and returned as thumbnail_url", async () => {
    const response = await upload(owner.actor, { title: "With poster" }, { file: await fixture("clip.mp4"), thumbnail: await fixture("photo.webp") });
    expect(response.status).toBe(201);
    const item = await response.json();
    expect(item.thumbnail_url).toMatch(/^\/api\/media\/[0-9a-f]{32}$/);
    expect((await owner.actor.get(item.thumbnail_url)).headers.get("content-type")).toBe("image/webp");
  });

  const refusals: [string, () => Promise<Record<string, File>>, Record<string, string>, number, string][] = [
    ["HTML named .jpg", async () => ({ file: await fixture("page.html.jpg", "image/jpeg") }), { title: "x" }, 415, "The file must be an image or a video or an audio recording in a supported format."],
    ["SVG named .jpg", async () => ({ file: await fixture("drawing.svg.jpg", "image/jpeg") }), { title: "x" }, 415, "The file must be an image or a video or an audio recording in a supported format."],
    ["a video as the thumbnail", async () => ({ file: await fixture("clip.mp4"), thumbnail: await fixture("clip.webm") }), { title: "x" }, 415, "The thumbnail must be an image in a supported format."],
    ["a missing title", async () => ({ file: await fixture("photo.jpg") }), { title: "  " }, 400, "Please give the evidence a title"],
    ["an over-long title", async () => ({ file: await fixture("photo.jpg") }), { title: "t".repeat(201) }, 400, "Titles can be at most 200 characters long"],
    ["over-long notes", async () => ({}), { title: "x", notes: "n".repeat(10_001) }, 400, "Notes can be at most 10,000 characters long"],
    ["an over-long location", async () => ({}), { title: "x", location: "l".repeat(201) }, 400, "Locations can be at most 200 characters long"],
    ["a file over MAX_UPLOAD_MB", async () => ({ file: new File([new Uint8Array(1024 * 1024 + 10)], "big.jpg") }), { title: "x" }, 413, "Files can be at most 1 MB."],
    ["a thumbnail over 64 KB", async () => ({ file: await fixture("photo.jpg"), thumbnail: new File([new Uint8Array(65 * 1024)], "t.jpg") }), { title: "x" }, 413, "Thumbnails can be at most 66 KB."],
  ];
  for (const [what, files, fields, status, message] of refusals) {
    test(`refuses ${what} (${status}) and keeps no row and no file`, async () => {
      const [rowsBefore, filesBefore] = [await rowCount(), await storedFiles(server.uploadsDir)];
      const response = await upload(owner.actor, fields, await files());
      expect(response.status).toBe(status);
      expect((await response.json()).message).toBe(message);
      expect(await rowCount()).toBe(rowsBefore);
      expect(await storedFiles(server.uploadsDir)).toEqual(filesBefore);
    });
  }

  test("a truncated multipart body is refused with 400 and leaves nothing behind", async () => {
    const [rowsBefore, filesBefore] = [await rowCount(), await storedFiles(server.uploadsDir)];
    const boundary = "----casefiletest";
    const partial = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut off\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${"x".repeat(5000)}`;
    const response = await fetch(`${server.url}/api/evidence`, {
      method: "POST",
      headers: { cookie: owner.actor.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
      body: partial,
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("The upload was incomplete or malformed. Please try again.");
    expect(await rowCount()).toBe(rowsBefore);
    expect(await storedFiles(server.uploadsDir)).toEqual(filesBefore);
  });

  test("a declared Content-Length over the limit gets 413 at once, before the rest is sent", async () => {
    // A raw socket, because fetch will not send a Content-Length larger than its body.
    const { port } = new URL(server.url);
    const head = [
      "POST /api/evidence HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      `Cookie: ${owner.actor.cookie}`,
      "Content-Type: multipart/form-data; boundary=x",
      `Content-Length: ${10 * 1024 * 1024}`,
      "",
      "--x\r\n",
    ].join("\r\n");
    const reply = await new Promise<string>((resolve, reject) => {
      let text = "";
      const socket = connect(Number(port), "127.0.0.1", () => socket.write(head));
      socket.on("data", (chunk) => {
        text += chunk.toString();
        if (text.includes("}")) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on("error", reject);
      setTimeout(() => reject(new Error("no answer without the body")), 5000);
    });
    expect(reply.split("\r\n")[0]).toMatch(/^HTTP\/1.1 413 /);
    expect(reply.toLowerCase()).toContain("content-type: application/json");
  });

  test("visitors cannot upload", async () => {
    expect((await upload(visitor, { title: "x" })).status).toBe(401);
  });
});

describe("ownership", () => {
  let itemId: number;
  beforeAll(async () => {
    const response = await upload(owner.actor, { title: "Private matter", notes: "n" }, { file: await fixture("photo.jpg") });
    itemId = (await response.json()).id;
  });

  test("the own list has only one's own items, newest first", async () => {
    const mine = await (await owner.actor.get("/api/evidence")).json();
    expect(mine.every((e: { user_id: number }) => e.user_id === owner.user.id)).toBe(true);
    const ids = mine.map((e: { id: number }) => e.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const theirs = await (await other.actor.get("/api/evidence")).json();
    expect(theirs.some((e: { id: number }) => e.id === itemId)).toBe(false);
    expect((await visitor.get("/api/evidence")).status).toBe(401);
  });

  test("another user can neither change nor delete the item (404, ids leak nothing)", async () => {
    expect((await other.actor.put(`/api/evidence/update/${itemId}`, form({ title: "Mine now", notes: "" }))).status).toBe(404);
    expect((await other.actor.delete(`/api/evidence/delete/${itemId}`)).status).toBe(404);
    expect((await visitor.put(`/api/evidence/update/${itemId}`, form({ title: "x" }))).status).toBe(401);
    expect((await visitor.delete(`/api/evidence/delete/${itemId}`)).status).toBe(401);
  });

  test("the owner edits title and notes and replaces the photo with a photo", async () => {
    const response = await owner.actor.put(`/api/evidence/update/${itemId}`, form({ title: "Renamed", notes: "More" }, { file: await fixture("photo.png") }));
    expect(response.status).toBe(200);
    const item = await response.json();
    expect(item).toMatchObject({ title: "Renamed", notes: "More", media_type: 2 });
    expect(item.media.mime).toBe("image/png");
  });

  test("a file of another kind changes the item's kind, with the title edit of the same request (the original client)", async () => {
    const recording = await (await upload(owner.actor, { title: "Voice at the gate" }, { file: await fixture("voice.webm") })).json();
    expect(recording.media_type).toBe(4);
    const asVideo = await owner.actor.put(`/api/evidence/update/${recording.id}`, form({ title: "Gate, filmed", notes: "" }, { file: await fixture("clip.mp4") }));
    expect(asVideo.status).toBe(200);
    expect(await asVideo.json()).toMatchObject({ id: recording.id, title: "Gate, filmed", media_type: 3, media: { mime: "video/mp4" } });
    const note = await (await upload(owner.actor, { title: "Just words" }, {})).json();
    const asPhoto = await owner.actor.put(`/api/evidence/update/${note.id}`, form({ title: "Words and a photo", notes: "" }, { file: await fixture("photo.jpg") }));
    expect(await asPhoto.json()).toMatchObject({ title: "Words and a photo", media_type: 2 });
    // The checks of a new upload still hold: a file that is no media changes nothing, the title included.
    const refused = await owner.actor.put(`/api/evidence/update/${recording.id}`, form({ title: "Hacked" }, { file: await fixture("page.html.jpg") }));
    expect(refused.status).toBe(415);
    const [kept] = (await (await owner.actor.get("/api/evidence")).json()).filter((item: { id: number }) => item.id === recording.id);
    expect(kept).toMatchObject({ title: "Gate, filmed", media_type: 3 });
  });

  test("replacing the file removes the old file and its thumbnail from the store", async () => {
    const created = await (await upload(owner.actor, { title: "Poster" }, { file: await fixture("clip.mp4"), thumbnail: await fixture("photo.webp") })).json();
    const oldIds = [created.aws_url, created.thumbnail_url].map((url: string) => url.split("/").pop()!);
    const replaced = await owner.actor.put(`/api/evidence/update/${created.id}`, form({ title: "Poster", notes: "" }, { file: await fixture("clip.webm") }));
    expect(replaced.status).toBe(200);
    const item = await replaced.json();
    expect(item.thumbnail_url).toBeNull();
    expect(item.media.mime).toBe("video/webm");
    const files = await storedFiles(server.uploadsDir);
    expect(files.filter((f) => oldIds.some((id) => f.includes(id)))).toEqual([]);
    const rows = await server.ctx.db.$client.execute({ sql: "select count(*) as n from media_files where id in (?, ?)", args: oldIds });
    expect(Number(rows.rows[0]!.n)).toBe(0);
  });

  test("admins edit with JSON (title and notes only), and delete; deleting removes the media", async () => {
    const created = await (await upload(owner.actor, { title: "To remove" }, { file: await fixture("voice.webm") })).json();
    const edited = await admin.put(`/api/evidence/update/${created.id}`, { title: "Admin title", notes: "Admin notes" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ title: "Admin title", notes: "Admin notes", media_type: 4 });
    const mediaId = created.aws_url.split("/").pop();
    expect((await storedFiles(server.uploadsDir)).some((f) => f.includes(mediaId))).toBe(true);
    expect((await admin.delete(`/api/evidence/delete/${created.id}`)).status).toBe(200);
    expect((await storedFiles(server.uploadsDir)).some((f) => f.includes(mediaId))).toBe(false);
    expect((await owner.actor.get(created.aws_url)).status).toBe(404);
  });

  test("the owner deletes their own item", async () => {
    const created = await (await upload(owner.actor, { title: "Mine to delete" })).json();
    expect((await owner.actor.delete(`/api/evidence/delete/${created.id}`)).status).toBe(200);
    expect((await owner.actor.delete(`/api/evidence/delete/${created.id}`)).status).toBe(404);
  });
});

describe("visibility and lists", () => {
  test("clearance toggles visibility, admins only; the public list shows public items with username and avatar", async () => {
    const created = await (await upload(owner.actor, { title: "For the archive" }, { file: await fixture("photo.jpg") })).json();
    expect((await owner.actor.put(`/api/evidence/clearance/${created.id}`)).status).toBe(403);
    expect((await visitor.put(`/api/evidence/clearance/${created.id}`)).status).toBe(401);
    const toggled = await admin.put(`/api/evidence/clearance/${created.id}`);
    expect(toggled.status).toBe(200);
    expect((await toggled.json()).is_public).toBe(true);

    const publicList = await (await visitor.get("/api/evidence/public")).json();
    const shown = publicList.find((e: { id: number }) => e.id === created.id);
    expect(shown).toMatchObject({ username: owner.user.username, is_public: true });
    expect(shown).toHaveProperty("avatar_AWS_URL");
    expect(shown.media).toBeUndefined(); // file facts are for owners and admins
    expect(publicList.every((e: { is_public: boolean }) => e.is_public)).toBe(true);

    await admin.put(`/api/evidence/clearance/${created.id}`);
    const after = await (await visitor.get("/api/evidence/public")).json();
    expect(after.some((e: { id: number }) => e.id === created.id)).toBe(false);
  });

  test("the public list shows changes at once: a renamed poster, a deleted item", async () => {
    const created = await (await upload(other.actor, { title: "Renamed poster" })).json();
    await admin.put(`/api/evidence/clearance/${created.id}`);
    expect((await (await visitor.get("/api/evidence/public")).json())[0].username).toBe(other.user.username);
    const renamed = `${other.user.username}_r`;
    await admin.put(`/api/user/admin/${other.user.id}`, { username: renamed, email: other.fields.email, phone_number: "5551234567", full_name: "Other" });
    expect((await (await visitor.get("/api/evidence/public")).json())[0].username).toBe(renamed);
    await admin.delete(`/api/evidence/delete/${created.id}`);
    expect((await (await visitor.get("/api/evidence/public")).json()).some((e: { id: number }) => e.id === created.id)).toBe(false);
  });

  test("bulk public/private are admin-only and change every item", async () => {
    expect((await owner.actor.put("/api/evidence/makeAllPublic")).status).toBe(403);
    expect((await visitor.put("/api/evidence/makeAllSecret")).status).toBe(401);
    expect((await admin.put("/api/evidence/makeAllPublic")).status).toBe(200);
    const all = await (await admin.get("/api/evidence/admin?limit=200")).json();
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((e: { is_public: boolean }) => e.is_public)).toBe(true);
    expect(all[0]).toHaveProperty("username");
    const secret = await (await admin.put("/api/evidence/makeAllSecret")).json();
    expect(secret.updated).toBe(all.length);
    expect(await (await visitor.get("/api/evidence/public")).json()).toEqual([]);
  });

  test("paging with limit and before walks the admin list newest first without gaps", async () => {
    const all = await (await admin.get("/api/evidence/admin?limit=200")).json();
    const firstPage = await (await admin.get("/api/evidence/admin?limit=3")).json();
    expect(firstPage.map((e: { id: number }) => e.id)).toEqual(all.slice(0, 3).map((e: { id: number }) => e.id));
    const second = await (await admin.get(`/api/evidence/admin?limit=3&before=${firstPage[2].id}`)).json();
    expect(second.map((e: { id: number }) => e.id)).toEqual(all.slice(3, 6).map((e: { id: number }) => e.id));
    expect((await admin.get("/api/evidence/admin?limit=201")).status).toBe(400);
    expect((await admin.get("/api/evidence/admin?before=abc")).status).toBe(400);
    expect((await owner.actor.get("/api/evidence/admin")).status).toBe(403);
    expect((await visitor.get("/api/evidence/admin")).status).toBe(401);
  });

  test("a user's evidence, for admins", async () => {
    const list = await (await admin.get(`/api/user/${owner.user.id}/evidence`)).json();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((e: { user_id: number }) => e.user_id === owner.user.id)).toBe(true);
    expect((await other.actor.get(`/api/user/${owner.user.id}/evidence`)).status).toBe(403);
    expect((await visitor.get(`/api/user/${owner.user.id}/evidence`)).status).toBe(401);
  });

  test("isArchive is false when ARCHIVE_MODE is off", async () => {
    expect(await (await visitor.get("/api/evidence/isArchive")).json()).toBe(false);
  });
});
