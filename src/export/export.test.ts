import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { adminActor, Actor, fixture, form, newParticipant, type Participant } from "../../tests/support/client";
import { adminSha256, downloadExport, expectFilesMatch } from "../../tests/support/exports";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { FROM_SOURCE, runCommand } from "../../tests/ship/support/program";
import { readZip, sha256Of, storedEntry } from "../../tests/support/zip-reader";

setDefaultTimeout(60_000);

let server: TestServer;
let admin: Actor;
let ada: Participant;
let bo: Participant;
const ids: Record<string, number> = {};

const FORMULA_TITLE = '=HYPERLINK("http://x.test","click")';
const HOSTILE_TITLES = {
  traversal: "../../etc/passwd",
  absolute: "/root/.ssh/authorized_keys",
  windows: "C:\\Windows\\System32\\evil\u0000.exe\r\n",
  bidi: "\u202egnp.exe\u0007\u001b[31m",
};

async function post(who: Participant, title: string, file?: File): Promise<number> {
  const created = await who.actor.post("/api/evidence", form({ title, notes: `notes of ${title}` }, file ? { file } : {}));
  if (created.status !== 201) throw new Error(`upload failed: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: number }).id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminActor(server.url);
  ada = await newParticipant(server.url, { full_name: "Ada Harbour" });
  bo = await newParticipant(server.url, { full_name: "Bo Lighthouse" });
  ids.photo = await post(ada, "Harbour at dawn", await fixture("photo.jpg"));
  ids.video = await post(ada, HOSTILE_TITLES.traversal, await fixture("clip.mp4"));
  ids.note = await post(ada, FORMULA_TITLE);
  ids.audio = await post(bo, HOSTILE_TITLES.windows, await fixture("voice.mp3"));
  ids.webm = await post(bo, HOSTILE_TITLES.absolute, await fixture("clip.webm"));
  ids.wav = await post(bo, HOSTILE_TITLES.bidi, await fixture("voice.wav"));
  // Review state and visibility through the desk's routes (each leaves an audit entry); dates set directly.
  const review = async (id: number, status: string) => expect((await admin.put(`/api/evidence/review/${id}`, { status })).status).toBe(200);
  await review(ids.video!, "flagged");
  await review(ids.audio!, "flagged");
  await review(ids.photo!, "reviewed");
  expect((await admin.put(`/api/evidence/clearance/${ids.photo}`)).status).toBe(200);
  const sql = (text: string, args: (string | number)[]) => server.ctx.db.$client.execute({ sql: text, args });
  const posted: [number, string][] = [
    [ids.photo!, "2026-01-10T09:00:00.000Z"], [ids.video!, "2026-01-11T23:30:00.000Z"], [ids.note!, "2026-01-12T00:00:00.000Z"],
    [ids.audio!, "2026-02-01T12:00:00.000Z"], [ids.webm!, "2026-02-02T12:00:00.000Z"], [ids.wav!, "2026-03-01T12:00:00.000Z"],
  ];
  for (const [id, at] of posted) await sql("update evidence set date_posted = ? where id = ?", [at, id]);
});

afterAll(async () => {
  await server?.stop();
});

test("visitors get 401 and participants 403, before their filters are read; bad filters are a 400", async () => {
  expect((await new Actor(server.url).get("/api/export?kind=bogus")).status).toBe(401);
  expect((await ada.actor.get("/api/export?kind=bogus")).status).toBe(403);
  expect((await ada.actor.get("/api/export")).status).toBe(403);
  for (const query of ["kind=bogus", "q=%ZZ%E0%A4%A&kind=%00", "status=done", "visibility=hidden", "user=abc", "from=yesterday", "to=2026-13-45", "from=2026-02-01&to=2026-01-01"]) {
    const refused = await admin.get(`/api/export?${query}`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBeString();
  }
});

test("the whole export: every original hashes to manifest.json and to the API's media.sha256; notes travel in the manifests", async () => {
  const exported = await downloadExport(admin);
  await expectFilesMatch(exported, await adminSha256(admin));
  expect(exported.manifest.map((m) => m.id)).toEqual(Object.values(ids).sort((a, b) => a - b));
  const note = exported.manifest.find((m) => m.id === ids.note)!;
  expect(note).toMatchObject({ kind: "note", file: null, sha256: null, bytes: null, visibility: "private", review_status: "new" });
  expect(exported.manifest.find((m) => m.id === ids.photo)).toMatchObject({
    kind: "image", mime: "image/jpeg", visibility: "public", review_status: "reviewed",
    participant: { id: ada.user.id, username: ada.fields.username, full_name: "Ada Harbour" },
  });
  const csvEntry = exported.entries.find((e) => e.name === "manifest.csv")!;
  const csv = await (await storedEntry(exported.file, csvEntry)).text();
  expect(csv.split("\r\n")[0]).toBe("id,title,notes,location,participant_id,username,full_name,posted,kind,mime,bytes,sha256,public_sha256,visibility,review_status,file");
  expect(csv.trimEnd().split("\r\n")).toHaveLength(1 + Object.keys(ids).length);
  // A spreadsheet must not run a participant's title as a formula; manifest.json keeps the text as it is.
  expect(csv).toContain(`,"'=HYPERLINK(""http://x.test"",""click"")",`);
  expect(note.title).toBe(FORMULA_TITLE);
});

test("audit.json holds the audit entries of the exported items, and only theirs", async () => {
  const all = await downloadExport(admin);
  expect(all.audit.map((a) => a.target_id).sort()).toEqual(
    [...all.manifest.map((m) => m.id), ids.video, ids.audio, ids.photo, ids.photo].sort(), // one create each, the reviews, the toggle
  );
  const images = await downloadExport(admin, "kind=image");
  expect(images.audit.map((a) => [a.target_id, a.action])).toEqual([
    [ids.photo, "evidence.create"], [ids.photo, "evidence.review"], [ids.photo, "evidence.visibility"],
  ]);
  const notes = await downloadExport(admin, "kind=note");
  expect(notes.audit.map((a) => [a.target_id, a.action])).toEqual([[ids.note, "evidence.create"]]);
});

test("each filter narrows the export", async () => {
  const exportedIds = async (query: string) => (await downloadExport(admin, query)).manifest.map((m) => m.id);
  expect(await exportedIds("kind=video")).toEqual([ids.video, ids.webm]);
  expect(await exportedIds("kind=image,audio")).toEqual([ids.photo, ids.audio, ids.wav]);
  expect(await exportedIds("kind=note")).toEqual([ids.note]);
  expect(await exportedIds("kind=video,note")).toEqual([ids.video, ids.note, ids.webm]);
  expect(await exportedIds("status=flagged")).toEqual([ids.video, ids.audio]);
  expect(await exportedIds("status=new,reviewed")).toEqual([ids.photo, ids.note, ids.webm, ids.wav]);
  expect(await exportedIds("visibility=public")).toEqual([ids.photo]);
  expect(await exportedIds("visibility=private&kind=image")).toEqual([]);
  expect(await exportedIds(`user=${bo.user.id}`)).toEqual([ids.audio, ids.webm, ids.wav]);
  expect(await exportedIds("from=2026-01-11&to=2026-01-11")).toEqual([ids.video]); // a date is its whole day
  expect(await exportedIds("from=2026-02-01T12:00:00Z&to=2026-02-02T12:00:00Z")).toEqual([ids.audio, ids.webm]); // inclusive
  expect(await exportedIds("q=harbour")).toEqual([ids.photo, ids.video, ids.note]); // title, or the participant's name
  expect(await exportedIds("q=100%25")).toEqual([]); // LIKE wildcards are text
  expect(await exportedIds(`kind=video&user=${ada.user.id}&status=flagged`)).toEqual([ids.video]);
});

test("hostile titles make safe entry names: no traversal, no absolute paths, no control characters", async () => {
  const { entries } = await downloadExport(admin);
  const media = entries.filter((e) => e.name.startsWith("media/")).map((e) => e.name);
  for (const name of media) {
    expect(name).toMatch(/^media\/\d+-[^/\\:*?"<>|]+\.[a-z0-9]+$/);
    expect(name).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    expect(name.split("/").some((segment) => segment === ".." || segment === "." || segment === "")).toBe(false);
  }
  expect(media).toContain(`media/${ids.video}-etc-passwd.mp4`);
  expect(media).toContain(`media/${ids.webm}-root-.ssh-authorized_keys.webm`);
  expect(media.find((name) => name.startsWith(`media/${ids.audio}-C-Windows-System32-evil`))).toEndWith(".mp3");
  expect(media).toContain(`media/${ids.wav}-gnp.exe-31m.wav`);
});

test("a file gone from the store since upload is left out and marked in the manifests; the ZIP still opens", async () => {
  const id = await post(bo, "Soon gone", await fixture("photo.png"));
  const { rows } = await server.ctx.db.$client.execute({ sql: "select m.store_key from evidence e join media_files m on m.id = e.media_id where e.id = ?", args: [id] });
  await server.ctx.store.delete(rows[0]!.store_key as string);
  const exported = await downloadExport(admin, `user=${bo.user.id}`);
  expect(exported.manifest.find((m) => m.id === id)).toMatchObject({ file: null, file_missing: true });
  await expectFilesMatch(exported, await adminSha256(admin));
  await server.ctx.db.$client.execute({ sql: "delete from evidence where id = ?", args: [id] });
});

test("`casefile export <file> --kind video` writes the same ZIP from the command line", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-cli-export-"));
  const env = { DATABASE_URL: `file:${path.join(server.dataDir, "casefile.db")}`, UPLOADS_DIR: server.uploadsDir };
  try {
    const out = path.join(dir, "out.zip");
    const run = await runCommand([...FROM_SOURCE, "export", out, "--kind", "video"], dir, env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("2 items, 2 files");
    const file = Bun.file(out);
    const entries = await readZip(file);
    expect(entries.map((e) => e.name)).toEqual([
      "README.txt",
      `media/${ids.video}-etc-passwd.mp4`, `media/${ids.webm}-root-.ssh-authorized_keys.webm`, "manifest.json", "manifest.csv", "audit.json",
    ]);
    const api = await adminSha256(admin);
    expect(await sha256Of(await storedEntry(file, entries[1]!))).toBe(api.get(ids.video!)!);
    const refused = await runCommand([...FROM_SOURCE, "export", path.join(dir, "bad.zip"), "--kind", "bogus"], dir, env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("kind must be");
    expect(await Bun.file(path.join(dir, "bad.zip")).exists()).toBe(false);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
