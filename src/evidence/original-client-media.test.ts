/**
 * The spec's client shows only `aws_url` (issue 45): an iPhone's HEIC photo or HEVC video must reach it as the copy
 * every browser shows once the server has made it, while the original stays downloadable by its owner and admins.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Actor, cast, fixture, form, type Participant } from "../../tests/support/client";
import { hevcVideo } from "../../tests/support/phone-video";
import { startTestServer, type TestServer } from "../../tests/support/server";

let server: TestServer;
let owner: Participant;
let admin: Actor;
let visitor: Actor;

beforeAll(async () => {
  server = await startTestServer({ RENDITION_JOBS: "1" });
  ({ owner, admin, visitor } = await cast(server.url));
});
afterAll(() => server?.stop());

type Item = { id: number; aws_url: string; original_url: string; renditions: { kind: string; url: string }[]; renditions_preparing: boolean };

async function whenMade(actor: Actor, path: string, id: number): Promise<Item> {
  const until = Date.now() + 90_000;
  for (;;) {
    const item = ((await (await actor.get(path)).json()) as Item[]).find((listed) => listed.id === id);
    if (item && item.renditions.some((r) => r.kind === "display") && !item.renditions_preparing) return item;
    if (Date.now() > until) throw new Error(`no display copy for item ${id}: ${JSON.stringify(item)}`);
    await Bun.sleep(250);
  }
}

const typeAt = async (actor: Actor, url: string) => {
  const response = await actor.get(url);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return response.headers.get("content-type");
};

test.each([
  ["an HEIC photo", async () => fixture("gps/photo.heic"), "image/jpeg", /^image\/hei[cf]/],
  ["an HEVC video", async () => hevcVideo("320x240", 1), "video/mp4", /^video\//],
])("%s: aws_url is the display copy once made, original_url the original", async (_, file, displayType, originalType) => {
  const sent = await owner.actor.post("/api/evidence", form({ title: "From the phone" }, { file: await file() }));
  expect(sent.status).toBe(201);
  const { id, aws_url: before } = (await sent.json()) as Item;
  const own = await whenMade(owner.actor, "/api/evidence", id);
  const display = own.renditions.find((r) => r.kind === "display")!.url;
  expect(own.aws_url).toBe(display);
  expect(own.original_url).toBe(before);
  expect(await typeAt(owner.actor, own.aws_url)).toStartWith(displayType);
  expect(await typeAt(owner.actor, own.original_url)).toMatch(originalType);
  const asAdmin = await whenMade(admin, "/api/evidence/admin", id);
  expect([asAdmin.aws_url, asAdmin.original_url]).toEqual([display, before]);

  expect((await admin.put("/api/evidence/bulk", { ids: [id], action: "publish" })).status).toBe(200);
  const shown = ((await (await visitor.get("/api/evidence/public")).json()) as Item[]).find((item) => item.id === id)!;
  expect(shown.aws_url).toBe(display);
  expect(await typeAt(visitor, shown.aws_url)).toStartWith(displayType);
});
