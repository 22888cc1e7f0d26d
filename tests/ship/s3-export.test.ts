/** GET /api/export and `casefile export` with MEDIA_STORE=s3: originals streamed from the bucket hash as the API says. */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { PART_BYTES } from "../../src/media/s3-store";
import { adminActor, fixture, form, newParticipant, type Actor } from "../support/client";
import { adminSha256, downloadExport, expectFilesMatch } from "../support/exports";
import { startTestServer, type TestServer } from "../support/server";
import { readZip, sha256Of, storedEntry } from "../support/zip-reader";
import { paddedVideo } from "./support/media";
import { FROM_SOURCE, runCommand } from "./support/program";
import { startS3rver, type S3Server } from "./support/s3rver";

setDefaultTimeout(60_000);

let s3: S3Server;
let server: TestServer;
let admin: Actor;
const ids: number[] = [];

beforeAll(async () => {
  s3 = await startS3rver();
  server = await startTestServer(s3.env);
  admin = await adminActor(server.url);
  const { actor } = await newParticipant(server.url);
  // A multipart-sized video (its original is read back from the bucket in parts), a photo with a public copy, audio.
  for (const [title, file] of [
    ["Long clip", await paddedVideo(PART_BYTES + 1024 * 1024)],
    ["Photo", await fixture("photo.jpg")],
    ["Voice", await fixture("voice.ogg")],
  ] as const) {
    const created = await actor.post("/api/evidence", form({ title }, { file }));
    expect(created.status).toBe(201);
    ids.push(((await created.json()) as { id: number }).id);
  }
});

afterAll(async () => {
  await server?.stop();
  await s3?.stop();
});

test("the export's originals come from the bucket and hash to manifest.json and to the API's media.sha256", async () => {
  const exported = await downloadExport(admin);
  expect(exported.manifest.map((m) => m.id)).toEqual(ids);
  expect(exported.manifest.every((m) => m.file && !m.file_missing)).toBe(true);
  await expectFilesMatch(exported, await adminSha256(admin));
  expect((await downloadExport(admin, "kind=image")).manifest.map((m) => m.id)).toEqual([ids[1]]);
});

test("an object gone from the bucket is left out and marked; `casefile export` reads the bucket too", async () => {
  const { rows } = await server.ctx.db.$client.execute({ sql: "select m.store_key from evidence e join media_files m on m.id = e.media_id where e.id = ?", args: [ids[2]!] });
  await server.ctx.store.delete(rows[0]!.store_key as string);
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-s3-export-"));
  try {
    const out = path.join(dir, "out.zip");
    const env = { DATABASE_URL: `file:${path.join(server.dataDir, "casefile.db")}`, ...s3.env };
    const run = await runCommand([...FROM_SOURCE, "export", out], dir, env);
    expect(run.code).toBe(0);
    const file = Bun.file(out);
    const entries = await readZip(file);
    const manifest = JSON.parse(await (await storedEntry(file, entries.find((e) => e.name === "manifest.json")!)).text());
    expect(manifest[2]).toMatchObject({ id: ids[2], file: null, file_missing: true });
    const api = await adminSha256(admin);
    const media = entries.filter((e) => e.name.startsWith("media/"));
    expect(media).toHaveLength(2);
    for (const [index, entry] of media.entries()) expect(await sha256Of(await storedEntry(file, entry))).toBe(api.get(ids[index]!)!);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
