/**
 * Retention on a file database whose show ended 31 days ago: the daily purge removes participants' verification
 * photos, phone numbers and e-mail addresses (and, as configured here, unpublished items), once a day; admins see
 * what is due and run it early only with the counts they confirmed. Nothing of what went stays in the file.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Actor, adminActor, form, registrationFields } from "../../tests/support/client";
import { auditVerify, uniquePhoto } from "../../tests/support/rights";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { runRetention } from "./retention";

setDefaultTimeout(60_000);

let server: TestServer;
let admin: Actor;
const DAY = 24 * 60 * 60_000;

beforeAll(async () => {
  server = await startTestServer({ RETENTION_KEEP_UNPUBLISHED: "off" });
  admin = await adminActor(server.url);
});
afterAll(() => server?.stop());

const sql = async (text: string, args: (string | number)[] = []) => (await server.ctx.db.$client.execute({ sql: text, args })).rows;
const endedDaysAgo = (days: number) =>
  sql("insert into show_settings (field, value, updated_at) values ('archive_since', json_quote(?), ?) on conflict(field) do update set value = excluded.value", [
    new Date(Date.now() - days * DAY).toISOString(),
    new Date().toISOString(),
  ]);

/** A participant with their own photo, one published and one unpublished item. */
async function participant(tag: string) {
  const fields = registrationFields({ email: `keep.${tag}@example.org`, phone_number: `66${String(Date.now()).slice(-8)}` });
  const photo = await uniquePhoto(tag);
  const actor = new Actor(server.url);
  expect((await actor.post("/api/user/register", form(fields, { verification_photo: photo }))).status).toBe(201);
  expect((await actor.login(fields.username, fields.password)).status).toBe(200);
  const post = async (title: string) => ((await (await actor.post("/api/evidence", form({ title }, { file: await uniquePhoto(`${tag}-${title}`) }))).json()) as { id: number }).id;
  const published = await post("published");
  const unpublished = await post("unpublished");
  expect((await admin.put(`/api/evidence/clearance/${published}`)).status).toBe(200);
  return { fields, photoHash: new Bun.CryptoHasher("sha256").update(new Uint8Array(await photo.arrayBuffer())).digest("hex"), published, unpublished };
}

async function databaseBytes(): Promise<Buffer[]> {
  const names = (await readdir(server.dataDir)).filter((name) => name.startsWith("casefile.db"));
  return Promise.all(names.map((name) => readFile(path.join(server.dataDir, name))));
}

test("31 days after the show: photos, phones, e-mails and unpublished items go, once a day; the archive stays", async () => {
  const people = [await participant("ret-a"), await participant("ret-b")];
  // Not before the show ends, nor before its days have passed.
  expect(await runRetention(server.ctx)).toMatchObject({ ran: false });
  await endedDaysAgo(10);
  expect(await runRetention(server.ctx)).toMatchObject({ ran: false, reason: expect.stringContaining("Nothing is due before") });
  await endedDaysAgo(31);

  const plan = (await (await admin.get("/api/retention")).json()) as { dueAt: string; counts: Record<string, number>; days: number };
  expect(plan.days).toBe(30);
  expect(Date.parse(plan.dueAt)).toBeLessThan(Date.now());
  expect(plan.counts).toEqual({ photos: 2, phones: 2, emails: 2, items: 2 });
  expect((await new Actor(server.url).get("/api/retention")).status).toBe(401);

  const run = await runRetention(server.ctx);
  expect(run).toEqual({ ran: true, report: { photos: 2, phones: 2, emails: 2, items: 2 } });
  expect(await runRetention(server.ctx)).toMatchObject({ ran: false, reason: expect.stringContaining("within the last day") });

  for (const person of people) {
    const [row] = await sql("select email, phone_number, verification_media_id from users where username = ?", [person.fields.username]);
    expect([row![0], row![1], row![2]]).toEqual(["", "", null]);
    expect((await sql("select count(*) from evidence where id = ?", [person.unpublished]))[0]![0]).toBe(0);
    expect((await new Actor(server.url).get(`/api/evidence/public/${person.published}`)).status).toBe(200);
  }
  expect((await sql("select count(*) from media_files where purpose = 'verification'"))[0]![0]).toBe(0);
  const [adminRow] = await sql("select email from users where username = 'admin'");
  expect(adminRow![0]).toBe("admin@example.org");
  const [entry] = await sql("select actor_name, detail from audit_log where action = 'retention.purge'");
  expect(entry![0]).toBe("retention (daily)");
  expect(JSON.parse(entry![1] as string)).toMatchObject({ photos: 2, phones: 2, emails: 2, items: 2, days: 30 });

  const files = await databaseBytes();
  for (const person of people) {
    for (const secret of [person.fields.email, person.fields.phone_number, person.photoHash]) {
      expect([secret, files.some((bytes) => bytes.includes(Buffer.from(secret)))]).toEqual([secret, false]);
    }
  }
  const media = (await readdir(server.uploadsDir, { recursive: true })).length;
  expect(media).toBeGreaterThan(0);
  await auditVerify(server.dataDir);
});

test("an admin runs it early only with the counts the confirmation stated", async () => {
  const late = await participant("ret-late");
  const wrong = await admin.post("/api/retention/run", { counts: { photos: 0, phones: 0, emails: 0, items: 0 } });
  expect(wrong.status).toBe(409);
  expect(((await wrong.json()) as { message: string }).message).toContain("now 1 verification photos, 1 phone numbers, 1 e-mail addresses and 1 unpublished items");
  expect((await sql("select count(*) from users where email = ?", [late.fields.email]))[0]![0]).toBe(1);
  const participantActor = new Actor(server.url);
  expect((await participantActor.post("/api/retention/run", { counts: {} })).status).toBe(401);

  const ran = await admin.post("/api/retention/run", { counts: { photos: 1, phones: 1, emails: 1, items: 1 } });
  expect(ran.status).toBe(200);
  expect(await ran.json()).toMatchObject({ ran: true, report: { photos: 1, items: 1 }, plan: { counts: { photos: 0, phones: 0, emails: 0, items: 0 } } });
  const [entry] = await sql("select actor_name from audit_log where action = 'retention.purge' order by id desc limit 1");
  expect(entry![0]).toBe("admin");
  await auditVerify(server.dataDir);
});
