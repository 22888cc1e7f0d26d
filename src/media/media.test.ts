import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Actor, cast, type Participant, fixture, form, photoWithGps } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
let owner: Participant;
let other: Participant;
let admin: Actor;
let visitor: Actor;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, other, admin, visitor } = await cast(server.url));
});
afterAll(() => server.stop());

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());
const contains = (haystack: Uint8Array, needle: string) => Buffer.from(haystack).includes(needle);

describe("who may read media", () => {
  test("private evidence media: owner and admin yes; other users and visitors get 404", async () => {
    const item = await (await owner.actor.post("/api/evidence", form({ title: "Private" }, { file: await fixture("clip.mp4") }))).json();
    expect((await owner.actor.get(item.aws_url)).status).toBe(200);
    expect((await admin.get(item.aws_url)).status).toBe(200);
    expect((await other.actor.get(item.aws_url)).status).toBe(404);
    expect((await visitor.get(item.aws_url)).status).toBe(404);
  });

  test("public evidence media is readable by visitors, and private again once hidden", async () => {
    const item = await (await owner.actor.post("/api/evidence", form({ title: "Public" }, { file: await fixture("photo.png"), thumbnail: await fixture("photo.webp") }))).json();
    await admin.put(`/api/evidence/clearance/${item.id}`);
    const media = await visitor.get(item.aws_url);
    expect(media.status).toBe(200);
    expect(media.headers.get("cache-control")).toContain("public");
    expect((await visitor.get(item.thumbnail_url)).status).toBe(200);
    await admin.put(`/api/evidence/clearance/${item.id}`);
    expect((await visitor.get(item.aws_url)).status).toBe(404);
    expect((await visitor.get(item.thumbnail_url)).status).toBe(404);
  });

  test("verification photos reach only their owner and admins", async () => {
    const url = owner.user.verification_photo_AWS_URL;
    const own = await owner.actor.get(url);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect((await admin.get(url)).status).toBe(200);
    expect((await other.actor.get(url)).status).toBe(404);
    expect((await visitor.get(url)).status).toBe(404);
    // Not through the public lists either.
    await owner.actor.post("/api/evidence", form({ title: "note" }));
    await admin.put("/api/evidence/makeAllPublic");
    const publicText = await (await visitor.get("/api/evidence/public")).text();
    expect(publicText).not.toContain(url);
    expect(publicText).not.toContain(owner.fields.phone_number);
    await admin.put("/api/evidence/makeAllSecret");
  });

  test("media responses are typed from the sniffed bytes and carry nosniff", async () => {
    const item = await (await owner.actor.post("/api/evidence", form({ title: "typed" }, { file: await fixture("voice.webm", "text/html") }))).json();
    const response = await owner.actor.get(item.aws_url);
    expect(response.headers.get("content-type")).toBe("audio/webm");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  test("malformed media ids are 404", async () => {
    for (const id of ["..%2F..%2Fcasefile.db", "abc", "0".repeat(33), "verification%2Fx"]) {
      expect((await admin.get(`/api/media/${id}`)).status).toBe(404);
    }
  });
});

describe("Range requests", () => {
  test("audio and video answer 206 with exactly the requested bytes", async () => {
    for (const name of ["clip.mp4", "voice.webm"]) {
      const original = new Uint8Array(await (await fixture(name)).arrayBuffer());
      const item = await (await owner.actor.post("/api/evidence", form({ title: name }, { file: await fixture(name) }))).json();
      const response = await owner.actor.request("GET", item.aws_url, undefined, { range: "bytes=100-1099" });
      expect(response.status).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes 100-1099/${original.length}`);
      expect(response.headers.get("accept-ranges")).toBe("bytes");
      expect(await bytesOf(response)).toEqual(original.subarray(100, 1100));

      const tail = await owner.actor.request("GET", item.aws_url, undefined, { range: "bytes=-10" });
      expect(await bytesOf(tail)).toEqual(original.subarray(original.length - 10));
      const open = await owner.actor.request("GET", item.aws_url, undefined, { range: `bytes=${original.length - 5}-` });
      expect(await bytesOf(open)).toEqual(original.subarray(original.length - 5));
      const beyond = await owner.actor.request("GET", item.aws_url, undefined, { range: `bytes=${original.length}-` });
      expect(beyond.status).toBe(416);
    }
  });
});

describe("photo metadata", () => {
  test("visitors get a public photo without EXIF/GPS; owner and admins get the untouched original", async () => {
    const { file, secret } = await photoWithGps();
    const original = new Uint8Array(await file.arrayBuffer());
    const item = await (await owner.actor.post("/api/evidence", form({ title: "Street" }, { file }))).json();
    await admin.put(`/api/evidence/clearance/${item.id}`);

    const forAdmin = await bytesOf(await admin.get(item.aws_url));
    expect(forAdmin).toEqual(original);
    expect(await bytesOf(await owner.actor.get(item.aws_url))).toEqual(original);

    const forVisitor = await bytesOf(await visitor.get(item.aws_url));
    expect(contains(forVisitor, secret)).toBe(false);
    expect(contains(forVisitor, "Exif")).toBe(false);
    expect(forVisitor[0]).toBe(0xff);
    expect(forVisitor[1]).toBe(0xd8);
    expect(contains(forAdmin, secret)).toBe(true);
    expect((await admin.get(`/api/evidence/admin?limit=1`)).status).toBe(200);
  });
});
