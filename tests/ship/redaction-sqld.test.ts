/**
 * Redaction versions on two instances of one libSQL server (sqld): admins on both put plans on one item at once, and
 * every PUT gets its own version number (1…n, none twice, none lost), each audited once.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { adminActor, fixture, form, newParticipant } from "../support/client";
import { startTwoInstances, type TwoInstances } from "./support/instances";

setDefaultTimeout(120_000);

let instances: TwoInstances;

beforeAll(async () => {
  instances = await startTwoInstances();
}, 60_000);
afterAll(() => instances?.stop());

test("plans put through both instances at once each make one version, numbered without gaps or repeats", async () => {
  const { first, second } = instances;
  const { actor } = await newParticipant(first.url);
  const { id } = (await (await actor.post("/api/evidence", form({ title: "Crowd" }, { file: await fixture("photo.jpg") }))).json()) as { id: number };
  const admins = [await adminActor(first.url), await adminActor(second.url)];
  const region = { x: 0.1, y: 0.1, width: 0.2, height: 0.2, effect: "blur" };
  const puts = Array.from({ length: 16 }, (_, i) =>
    admins[i % 2]!.put(`/api/evidence/${id}/redactions`, i % 4 === 3 ? { regions: [] } : { regions: [{ ...region, x: 0.01 * i }] }),
  );
  const answers = await Promise.all(puts);
  expect(answers.map((a) => a.status)).toEqual(Array(16).fill(202));
  const db = first.ctx.db.$client;
  const versions = (await db.execute({ sql: "select version from redactions where evidence_id = ? order by version", args: [id] })).rows.map((r) => Number(r.version));
  expect(versions).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
  const audited = await db.execute({ sql: "select detail from audit_log where action = 'evidence.redaction' and target_id = ?", args: [id] });
  const audit = audited.rows.map((r) => (JSON.parse(r.detail as string) as { version: number }).version).sort((a, b) => a - b);
  expect(audit).toEqual(versions);
  const jobs = await db.execute("select count(*) as n from jobs where kind = 'redaction'");
  expect(Number(jobs.rows[0]!.n)).toBe(12); // the 4 empty plans need none
});
