/**
 * A participant's rights against the real server (libSQL file, media folder): their data as one ZIP, checked against
 * the database and the store; withdrawing an item; deleting the account, after which neither the database file nor
 * the media folder holds their e-mail, phone number or verification photo's hash, and `audit verify` still passes.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Actor, adminActor, fixture, form, newParticipant, registrationFields, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { auditVerify, uniquePhoto } from "../../tests/support/rights";
import { readZip, sha256Of, storedEntry } from "../../tests/support/zip-reader";

setDefaultTimeout(60_000);

let server: TestServer;
let admin: Actor;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminActor(server.url);
});
afterAll(() => server?.stop());

const sql = async (text: string, args: (string | number)[] = []) => (await server.ctx.db.$client.execute({ sql: text, args })).rows;

async function post(who: Participant, title: string, notes: string, file?: File): Promise<number> {
  const created = await who.actor.post("/api/evidence", form({ title, notes }, file ? { file } : {}));
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

describe("consent to the privacy notice", () => {
  type Me = { id: number; consent_version: number | null; consent_at: string | null };
  const register = async (extra: Record<string, string>) => {
    const actor = new Actor(server.url);
    const fields = registrationFields();
    const response = await actor.post("/api/user/register", form({ ...fields, ...extra }, { verification_photo: await fixture("photo.jpg") }));
    return { actor, fields, response };
  };
  const noticeVersion = async () => ((await (await new Actor(server.url).get("/api/show")).json()) as { privacy_notice_version: number; privacy_notice: string });

  test("the web app's registration records the notice version and time; the original client's (no field) still registers", async () => {
    const show = await noticeVersion();
    expect(show.privacy_notice).toContain("may be published in the public archive after the show");
    const web = await register({ privacy_consent: String(show.privacy_notice_version) });
    expect(web.response.status).toBe(201);
    const me = (await web.response.json()) as Me;
    expect(me.consent_version).toBe(show.privacy_notice_version);
    expect(Date.now() - Date.parse(me.consent_at!)).toBeLessThan(60_000);
    const [row] = await sql("select consent_version, consent_at from users where id = ?", [me.id]);
    expect([row![0], row![1]]).toEqual([show.privacy_notice_version, me.consent_at]);

    const original = await register({});
    expect(original.response.status).toBe(201);
    expect((await original.response.json()) as Me).toMatchObject({ consent_version: null, consent_at: null });
    expect((await register({ privacy_consent: "yes please" })).response.status).toBe(400);
  });

  test("a changed notice gets a new version: an old consent no longer registers, and participants consent again", async () => {
    const before = await noticeVersion();
    const web = await register({ privacy_consent: String(before.privacy_notice_version) });
    expect(web.response.status).toBe(201);
    expect((await web.actor.login(web.fields.username, web.fields.password)).status).toBe(200);

    expect((await admin.put("/api/show", { privacy_notice: `${before.privacy_notice}\n\nWe now also keep the briefing's attendance.` })).status).toBe(200);
    const after = await noticeVersion();
    expect(after.privacy_notice_version).toBeGreaterThan(before.privacy_notice_version);
    // Another field's change keeps the notice's version.
    expect((await admin.put("/api/show", { ticket_warning: "Tickets at the door" })).status).toBe(200);
    expect((await noticeVersion()).privacy_notice_version).toBe(after.privacy_notice_version);

    const stale = await register({ privacy_consent: String(before.privacy_notice_version) });
    expect(stale.response.status).toBe(409);
    expect(((await stale.response.json()) as { message: string }).message).toContain("privacy notice has changed");

    const me = (await (await web.actor.get("/api/user")).json()) as Me;
    expect(me.consent_version).not.toBe(after.privacy_notice_version); // the web app asks again
    expect((await web.actor.put("/api/user/consent", { privacy_consent: before.privacy_notice_version })).status).toBe(409);
    const again = await web.actor.put("/api/user/consent", { privacy_consent: after.privacy_notice_version });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Me).consent_version).toBe(after.privacy_notice_version);
    expect((await new Actor(server.url).put("/api/user/consent", { privacy_consent: after.privacy_notice_version })).status).toBe(401);
    await auditVerify(server.dataDir);
  });
});

describe("GET /api/user/data", () => {
  let ada: Participant;
  const ids: number[] = [];

  beforeAll(async () => {
    ada = await newParticipant(server.url, { full_name: "Ada Harbour", phone_number: "7700900111" });
    ids.push(await post(ada, "Harbour at dawn", "a van parked twice", await uniquePhoto("ada-item")));
    ids.push(await post(ada, "Only words", "the second note"));
    expect((await admin.put(`/api/evidence/clearance/${ids[0]}`)).status).toBe(200);
    const bo = await newParticipant(server.url);
    await post(bo, "Bo's own", "not Ada's");
  });

  test("who may: the participant themself, an admin on their behalf (audited); nobody else", async () => {
    expect((await new Actor(server.url).get("/api/user/data")).status).toBe(401);
    expect((await ada.actor.get(`/api/user/${ada.user.id}/data`)).status).toBe(403);
    const before = Number((await sql("select count(*) from audit_log where action = 'user.data-export'"))[0]![0]);
    const onBehalf = await admin.get(`/api/user/${ada.user.id}/data`);
    expect(onBehalf.status).toBe(200);
    await onBehalf.arrayBuffer();
    const [entry] = await sql("select actor_name, target_id, hash from audit_log where action = 'user.data-export' order by id desc limit 1");
    expect([entry![0], entry![1]]).toEqual(["admin", ada.user.id]);
    expect(entry![2]).toMatch(/^[0-9a-f]{64}$/);
    expect(Number((await sql("select count(*) from audit_log where action = 'user.data-export'"))[0]![0])).toBe(before + 1);
  });

  test("the ZIP holds the profile, the verification photo, every item's original and notes, and the entries about them", async () => {
    const response = await ada.actor.get("/api/user/data");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const file = await response.blob();
    const entries = await readZip(file);
    const text = async (name: string) => {
      const entry = entries.find((e) => e.name === name);
      if (!entry) throw new Error(`no ${name} in the ZIP`);
      return (await storedEntry(file, entry)).text();
    };

    const [user] = await sql("select email, phone_number, full_name, verification_media_id from users where id = ?", [ada.user.id]);
    const profile = JSON.parse(await text("account/profile.json"));
    expect(profile).toMatchObject({ id: ada.user.id, email: user![0], phone_number: user![1], full_name: user![2] });
    const [photo] = await sql("select sha256 from media_files where id = ?", [user![3] as string]);
    const photoEntry = entries.find((e) => e.name === "account/verification-photo.jpg")!;
    expect(await sha256Of(await storedEntry(file, photoEntry))).toBe(photo![0] as string);

    const manifest = JSON.parse(await text("manifest.json")) as { id: number; notes: string; sha256: string | null; file: string | null; visibility: string }[];
    expect(manifest.map((m) => m.id).sort()).toEqual([...ids].sort());
    const items = await sql("select e.id, e.notes, m.sha256 from evidence e left join media_files m on m.id = e.media_id where e.user_id = ?", [ada.user.id]);
    for (const [id, notes, sha256] of items.map((row) => [row[0], row[1], row[2]])) {
      const record = manifest.find((m) => m.id === id)!;
      expect([record.notes, record.sha256]).toEqual([notes as string, sha256 as string | null]);
      if (record.file) expect(await sha256Of(await storedEntry(file, entries.find((e) => e.name === record.file)!))).toBe(sha256 as string);
    }
    expect(entries.filter((e) => e.name.startsWith("media/")).length).toBe(1);

    const audit = JSON.parse(await text("audit.json")) as { action: string; target_type: string; target_id: number }[];
    const expected = await sql(
      "select id from audit_log where (target_type = 'evidence' and target_id in (?, ?)) or (target_type = 'user' and target_id = ?) or actor_id = ? order by id",
      [ids[0]!, ids[1]!, ada.user.id, ada.user.id],
    );
    expect(audit.map((e) => (e as unknown as { id: number }).id)).toEqual(expected.map((row) => Number(row[0])));
    expect(audit.map((e) => e.action)).toContain("evidence.visibility");
    expect(audit.some((e) => e.target_type === "user" && e.action === "user.data-export")).toBe(true);
    expect(await text("manifest.csv")).not.toContain("Bo's own");
  });
});

describe("PUT /api/evidence/withdraw/:id", () => {
  test("the owner takes a public item out of the archive at once; admins see it was withdrawn; others get nothing", async () => {
    const owner = await newParticipant(server.url);
    const other = await newParticipant(server.url);
    const id = await post(owner, "Seen from the pier", "");
    expect((await admin.put(`/api/evidence/clearance/${id}`)).status).toBe(200);
    expect((await new Actor(server.url).get(`/api/evidence/public/${id}`)).status).toBe(200);

    expect((await new Actor(server.url).put(`/api/evidence/withdraw/${id}`)).status).toBe(401);
    expect((await other.actor.put(`/api/evidence/withdraw/${id}`)).status).toBe(404);
    const withdrawn = await owner.actor.put(`/api/evidence/withdraw/${id}`);
    expect(withdrawn.status).toBe(200);
    const body = (await withdrawn.json()) as { is_public: boolean; withdrawn_at: string | null };
    expect(body.is_public).toBe(false);
    expect(body.withdrawn_at).toMatch(/^\d{4}-/);
    expect((await new Actor(server.url).get(`/api/evidence/public/${id}`)).status).toBe(404);
    const publicList = (await (await new Actor(server.url).get("/api/evidence/public")).json()) as { id: number }[];
    expect(publicList.some((item) => item.id === id)).toBe(false);

    const adminList = (await (await admin.get(`/api/evidence/admin?user=${owner.user.id}`)).json()) as { id: number; withdrawn_at: string | null }[];
    expect(adminList.find((item) => item.id === id)!.withdrawn_at).toBe(body.withdrawn_at);
    const [entry] = await sql("select actor_id, detail from audit_log where action = 'evidence.withdraw' and target_id = ?", [id]);
    expect(entry![0]).toBe(owner.user.id);
    expect(JSON.parse(entry![1] as string)).toMatchObject({ is_public: { before: true, after: false } });

    // On the participant's behalf (a request by e-mail): the entry names the admin and whose item it was.
    const second = await post(owner, "Second", "");
    expect((await admin.put(`/api/evidence/clearance/${second}`)).status).toBe(200);
    expect((await admin.put(`/api/evidence/withdraw/${second}`)).status).toBe(200);
    const [byAdmin] = await sql("select actor_name, detail from audit_log where action = 'evidence.withdraw' and target_id = ?", [second]);
    expect(byAdmin![0]).toBe("admin");
    expect(JSON.parse(byAdmin![1] as string)).toMatchObject({ on_behalf_of: owner.user.id });
    await auditVerify(server.dataDir);
  });
});

/** Every file under dir, read whole: the database file, its WAL, the media folder. */
async function filesUnder(dir: string): Promise<{ name: string; bytes: Buffer }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Promise.all(files.map(async (name) => ({ name, bytes: await readFile(name) })));
}

/** Registers a participant whose e-mail, phone, name and verification photo are theirs alone, and logs them in. */
async function uniqueParticipant(tag: string) {
  const fields = registrationFields({ email: `erase.me.${tag}@example.org`, phone_number: `77009${String(Date.now()).slice(-5)}`, full_name: `Erin Vanish ${tag}` });
  const photo = await uniquePhoto(tag);
  const actor = new Actor(server.url);
  expect((await actor.post("/api/user/register", form(fields, { verification_photo: photo }))).status).toBe(201);
  const login = await actor.login(fields.username, fields.password);
  expect(login.status).toBe(200);
  const { id } = (await login.json()) as { id: number };
  const item = await post({ actor } as Participant, `Lamp post ${tag}`, `call me on ${fields.phone_number} or ${fields.email}`, await uniquePhoto(`${tag}-item`));
  expect((await admin.put(`/api/evidence/clearance/${item}`)).status).toBe(200);
  const profile = form({ full_name: fields.full_name, email: fields.email, phone_number: fields.phone_number, pronouns: "she/her" }, { file: await uniquePhoto(`${tag}-avatar`) });
  expect((await actor.put("/api/evidence/user", profile)).status).toBe(200);
  // An admin's edit writes the person's values into an audit entry's detail (before → after).
  const edit = { username: fields.username, email: fields.email, phone_number: fields.phone_number, full_name: `Erin V ${tag}` };
  expect((await admin.put(`/api/user/admin/${id}`, edit)).status).toBe(200);
  return { actor, id, fields, photoHash: await sha256Of(photo), secrets: [fields.email, fields.phone_number, fields.username, fields.full_name, `Erin V ${tag}`] };
}

/** The database file with its WAL, and the media folder: where no byte of an erased person may stay. */
async function storedBytes(): Promise<{ name: string; bytes: Buffer }[]> {
  const database = (await readdir(server.dataDir)).filter((name) => name.startsWith("casefile.db")).map((name) => path.join(server.dataDir, name));
  const media = (await readdir(server.uploadsDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Promise.all([...database, ...media].map(async (name) => ({ name, bytes: await readFile(name) })));
}

describe("DELETE /api/user", () => {
  test("with the password, the account goes with everything sent: no row, no file, no audit value of the person", async () => {
    const erin = await uniqueParticipant(crypto.randomUUID().slice(0, 8));
    const kept = await uniqueParticipant(crypto.randomUUID().slice(0, 8));
    const auditText = async () => JSON.stringify(await sql("select actor_name, detail from audit_log"));
    expect(await auditText()).toContain(erin.fields.email);
    const before = await storedBytes();
    for (const secret of [...erin.secrets, erin.photoHash]) expect([secret, before.some(({ bytes }) => bytes.includes(Buffer.from(secret)))]).toEqual([secret, true]);

    expect((await erin.actor.request("DELETE", "/api/user", { password: "wrong-password" })).status).toBe(403);
    expect((await sql("select count(*) from users where id = ?", [erin.id]))[0]![0]).toBe(1);
    expect((await new Actor(server.url).request("DELETE", "/api/user", { password: "x" })).status).toBe(401);
    expect((await admin.request("DELETE", "/api/user", { password: "adminpass1" })).status).toBe(409);

    const deleted = await erin.actor.request("DELETE", "/api/user", { password: erin.fields.password });
    expect(deleted.status).toBe(200);
    // One item with its file and public copy's row, the verification photo and the avatar: files counts rows.
    expect(await deleted.json()).toMatchObject({ ok: true, deleted: { items: 1, files: 3 } });
    expect((await erin.actor.get("/api/user")).status).toBe(401);

    for (const table of ["users where id", "evidence where user_id", "media_files where owner_id", "sessions where user_id", "login_devices where user_id", "uploads where owner_id", "upload_quotas where user_id"]) {
      expect([table, (await sql(`select count(*) from ${table} = ?`, [erin.id]))[0]![0]]).toEqual([table, 0]);
    }
    const entries = await sql("select actor_name, detail from audit_log where (target_type = 'user' and target_id = ?) or actor_id = ?", [erin.id, erin.id]);
    expect(entries.length).toBeGreaterThan(2);
    for (const [name, detail] of entries.map((row) => [row[0], row[1]])) {
      expect(["admin", "erased participant"]).toContain(name as string);
      if (name !== "admin") continue;
      expect(JSON.parse(detail as string)).toEqual({ redacted: true, detail_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    }

    // Not a byte of them left in the database file (its WAL too) or the media folder; the other participant stays.
    const files = await storedBytes();
    for (const { name, bytes } of files) {
      for (const secret of [...erin.secrets, erin.photoHash]) expect([name, secret, bytes.includes(Buffer.from(secret))]).toEqual([name, secret, false]);
    }
    expect(files.some(({ bytes }) => bytes.includes(Buffer.from(kept.fields.email)))).toBe(true);
    await auditVerify(server.dataDir);

    // At an admin's hand (a request by e-mail): the same erasure.
    expect((await admin.delete(`/api/user/${kept.id}`)).status).toBe(200);
    for (const { name, bytes } of await storedBytes()) {
      for (const secret of [...kept.secrets, kept.photoHash]) expect([name, secret, bytes.includes(Buffer.from(secret))]).toEqual([name, secret, false]);
    }
    await auditVerify(server.dataDir);
  });
});
