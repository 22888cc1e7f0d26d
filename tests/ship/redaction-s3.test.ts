/**
 * Redaction with MEDIA_STORE=s3: the job downloads the original into a folder of its own in the process's temp area,
 * makes the copy there, stores it in the bucket, and leaves nothing behind in the temp area, whether it succeeded or
 * failed.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { Actor, adminActor, form, newParticipant, type Participant } from "../support/client";
import { detectFaces, facesInside, PHOTO_FACES, twoFacesPhoto, withMargin } from "../support/faces";
import { startTestServer, type TestServer } from "../support/server";
import { startS3rver, type S3Server } from "./support/s3rver";

setDefaultTimeout(180_000);

let s3: S3Server;
let server: TestServer;
let owner: Participant;
let admin: Actor;

beforeAll(async () => {
  s3 = await startS3rver();
  server = await startTestServer({ ...s3.env, RENDITION_JOBS: "1" });
  owner = await newParticipant(server.url);
  admin = await adminActor(server.url);
});
afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

const REGIONS = [PHOTO_FACES.large, PHOTO_FACES.small].map((face) => ({ ...withMargin(face), effect: "blur" }));
const send = async (title: string) => {
  const file = new File([await Bun.file(await twoFacesPhoto()).arrayBuffer()], "faces.jpg", { type: "image/jpeg" });
  return (await (await owner.actor.post("/api/evidence", form({ title }, { file }))).json()) as { id: number; original_url: string };
};
async function settled(id: number) {
  const end = Date.now() + 120_000;
  for (;;) {
    const body = (await (await admin.get(`/api/evidence/${id}/redactions`)).json()) as { status: string; copy: { url: string } | null; error: string | null };
    if (body.status !== "pending") return body;
    if (Date.now() > end) throw new Error("the redaction never settled");
    await Bun.sleep(250);
  }
}
const leftInTemp = async () => (await readdir(server.ctx.store.tempDir)).filter((name) => name.startsWith("redaction-"));

test("the copy is made from the bucket's object and stored in the bucket; the temp area is left empty", async () => {
  const item = await send("S3 faces");
  expect((await admin.put(`/api/evidence/${item.id}/redactions`, { regions: REGIONS })).status).toBe(202);
  const done = await settled(item.id);
  expect(done.status).toBe("done");
  const copyId = done.copy!.url.split("/")[3]!;
  const { rows } = await server.ctx.db.$client.execute({ sql: "select store_key from media_files where id = ?", args: [copyId] });
  const key = rows[0]!.store_key as string;
  expect(server.ctx.store.localPath).toBeUndefined(); // really the bucket
  const copy = path.join(server.dataDir, "copy.jpg");
  await Bun.write(copy, new Response(await server.ctx.store.read(key)));
  const [found] = await detectFaces([copy], { sensitive: true });
  for (const region of REGIONS) expect(facesInside(found!, region)).toEqual([]);
  expect(await leftInTemp()).toEqual([]);
});

test("a job that fails on a damaged object leaves the item unpublishable and the temp area empty", async () => {
  const item = await send("S3 damaged");
  const { rows } = await server.ctx.db.$client.execute({ sql: "select store_key, public_store_key from media_files where id = ?", args: [item.original_url.split("/")[3]!] });
  for (const key of [rows[0]!.store_key, rows[0]!.public_store_key]) {
    if (typeof key !== "string") continue;
    const junk = path.join(server.dataDir, `junk-${crypto.randomUUID()}`); // the store takes the file
    await Bun.write(junk, "not a photo at all");
    await server.ctx.store.putFile(key, junk, "image/jpeg");
  }
  expect((await admin.put(`/api/evidence/${item.id}/redactions`, { regions: REGIONS })).status).toBe(202);
  expect((await settled(item.id)).status).toBe("failed");
  expect((await admin.put(`/api/evidence/clearance/${item.id}`)).status).toBe(409);
  expect(await leftInTemp()).toEqual([]);
});
