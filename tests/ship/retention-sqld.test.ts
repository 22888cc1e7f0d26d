/**
 * The retention purge on two instances of one libSQL server (sqld): both find it due at the same moment, one runs
 * it (the job_runs lease), the other stands aside; the chain still verifies under the shared audit key.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { Actor, adminActor, form, registrationFields } from "../support/client";
import { uniquePhoto } from "../support/rights";
import { verifyAuditLog } from "../../src/audit/audit-verify";
import { runRetention } from "../../src/rights/retention";
import { startTwoInstances, type TwoInstances } from "./support/instances";

setDefaultTimeout(60_000);

const AUDIT_KEY = "retention-test-key-".padEnd(64, "k");
let instances: TwoInstances;

beforeAll(async () => {
  instances = await startTwoInstances({ AUDIT_KEY, RETENTION_KEEP_UNPUBLISHED: "off" });
}, 60_000);
afterAll(() => instances?.stop());

test("a show ended 31 days ago is purged once, whichever instance gets there first", async () => {
  const { first, second } = instances;
  for (const tag of ["one", "two"]) {
    const actor = new Actor(tag === "one" ? first.url : second.url);
    expect((await actor.post("/api/user/register", form(registrationFields(), { verification_photo: await uniquePhoto(tag) }))).status).toBe(201);
  }
  const db = first.ctx.db.$client;
  const ended = new Date(Date.now() - 31 * 24 * 60 * 60_000).toISOString();
  await db.execute({ sql: "insert into show_settings (field, value, updated_at) values ('archive_since', json_quote(?), ?)", args: [ended, ended] });

  const runs = await Promise.all([runRetention(first.ctx), runRetention(second.ctx), runRetention(first.ctx), runRetention(second.ctx)]);
  expect(runs.filter((run) => run.ran)).toEqual([{ ran: true, report: { photos: 2, phones: 2, emails: 2, items: 0 } }]);
  expect((await db.execute("select count(*) from audit_log where action = 'retention.purge'")).rows[0]![0]).toBe(1);
  expect((await db.execute("select count(*) from users where role = 1 and (email <> '' or phone_number <> '')")).rows[0]![0]).toBe(0);
  const plan = (await (await (await adminActor(second.url)).get("/api/retention")).json()) as { lastRun: { report: { photos: number } } };
  expect(plan.lastRun.report.photos).toBe(2);
  expect((await verifyAuditLog(db, Buffer.from(AUDIT_KEY, "utf8"), undefined)).intact).toBe(true);
});
