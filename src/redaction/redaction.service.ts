/**
 * Redaction versions of an item (docs/redaction.md): reading them for the studio, making a new one (its job queued in
 * the same batch, with its audit entry), and recording what the detector found in the copy.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { auditEachStatement, auditStatement, type AuditActor } from "../audit/audit-record";
import type { Database } from "../db/client";
import { evidence, type EvidenceRow } from "../db/evidence";
import { jobs } from "../db/jobs";
import { mediaRenditions } from "../db/media-renditions";
import { redactions, type RedactionRow } from "../db/redactions";
import { isUniqueViolation } from "../db/unique-violation";
import { users } from "../db/users";
import { forgetPublicPages } from "../evidence/public-page-cache";
import { badRequest, conflict, notFound } from "../http/errors";
import { asRecord } from "../http/input";
import { mediaUrl } from "../media/media.service";
import { renditionUrl } from "../renditions/renditions.service";
import { isEmptyPlan, type RedactionPlan } from "./redaction-plan";
import { currentRedactions } from "./redaction-state";

const MEDIA_TYPE = { note: 1, image: 2, video: 3, audio: 4 } as const;

/** An item that can be redacted (a photo, video or recording), for an admin; notes and missing items are 404. */
export async function redactableItem(db: Database, id: number): Promise<EvidenceRow> {
  const [item] = await db.select().from(evidence).where(eq(evidence.id, id)).limit(1);
  if (!item || item.mediaType === MEDIA_TYPE.note || !item.mediaId) throw notFound("No such evidence.");
  return item;
}

/** What a plan may ask of this kind of item: a photo has no sound and no time; a recording no picture. */
export function checkPlanFits(item: EvidenceRow, plan: RedactionPlan): void {
  if (item.mediaType === MEDIA_TYPE.audio && plan.regions.length > 0) throw badRequest("A recording has no picture to hide: send no regions.");
  if (item.mediaType !== MEDIA_TYPE.image) return;
  if (plan.audio.length > 0) throw badRequest("A photo has no sound: send no audio ranges.");
  const timed = plan.regions.some((r) => r.from_ms !== undefined || r.to_ms !== undefined || r.keyframes !== undefined);
  if (timed) throw badRequest("A photo has no time: its regions take no from_ms, to_ms or keyframes.");
}

const planOf = (row: RedactionRow) => JSON.parse(row.plan) as RedactionPlan;

/** The GET body (docs/redaction.md). */
export async function redactionsJson(db: Database, item: EvidenceRow) {
  const rows = await db.select().from(redactions).where(eq(redactions.evidenceId, item.id)).orderBy(desc(redactions.version));
  const names = await usernames(db, rows.flatMap((r) => [r.createdBy, r.verifiedBy]));
  const who = (id: number | null) => (id === null ? null : { id, username: names.get(id) ?? null });
  const current = rows[0];
  const state = (await currentRedactions(db, [item.id])).get(item.id);
  const history = rows.map((r) => {
    const plan = planOf(r);
    return { version: r.version, status: r.version === current?.version ? state!.status : r.status, created_at: r.createdAt, created_by: who(r.createdBy), regions: plan.regions.length, audio: plan.audio.length };
  });
  if (!current || !state) return { version: 0, status: "none", regions: [], audio: [], error: null, copy: null, verification: null, passed: false, history };
  const plan = planOf(current);
  return {
    version: current.version,
    status: state.status,
    ...plan,
    error: state.status === "failed" ? (current.error ?? (await jobError(db, current.id))) : null,
    copy: current.mediaId && state.status === "done" ? await copyJson(db, current.mediaId) : null,
    verification: current.verifiedAt
      ? { faces_found: current.facesFound ?? 0, accepted: !!current.accepted, at: current.verifiedAt, by: who(current.verifiedBy) }
      : null,
    passed: state.passed,
    history,
  };
}

async function usernames(db: Database, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, u.username]));
}

async function jobError(db: Database, redactionId: number): Promise<string | null> {
  const [job] = await db.select({ error: jobs.error }).from(jobs).where(and(eq(jobs.kind, "redaction"), eq(jobs.subject, String(redactionId))));
  return job?.error ?? "The redacted copy could not be made.";
}

async function copyJson(db: Database, mediaId: string) {
  const kinds = new Set((await db.select({ kind: mediaRenditions.kind }).from(mediaRenditions).where(eq(mediaRenditions.mediaId, mediaId))).map((r) => r.kind));
  return {
    url: kinds.has("display") ? renditionUrl(mediaId, "display") : mediaUrl(mediaId)!,
    ...(kinds.has("poster") ? { poster_url: renditionUrl(mediaId, "poster") } : {}),
    ...(kinds.has("thumbnail") ? { thumbnail_url: renditionUrl(mediaId, "thumbnail") } : {}),
  };
}

/**
 * A new version of the item's redaction: the highest + 1, chosen inside the insert itself (one write transaction with
 * its job and audit entry, so an instance never reads a number another is about to take). The unique index
 * (evidence_id, version) still refuses a repeat should one ever be chosen twice, and then the PUT tries again. A
 * non-empty plan queues its job in the same batch; an empty one (undo) is done at once.
 */
export async function putRedaction(db: Database, item: EvidenceRow, plan: RedactionPlan, actor: NonNullable<AuditActor> & { id: number }): Promise<void> {
  const empty = isEmptyPlan(plan);
  const latest = sql`(select max(version) from redactions where evidence_id = ${item.id})`;
  for (let attempt = 0; ; attempt++) {
    const now = new Date().toISOString();
    const insert = db.run(sql`insert into redactions (evidence_id, version, plan, picture, sound, status, created_by, created_at, made_at)
      select ${item.id}, coalesce(${latest}, 0) + 1, ${JSON.stringify(plan)}, ${Number(plan.regions.length > 0)}, ${Number(plan.audio.length > 0)},
        ${empty ? "done" : "pending"}, ${actor.id}, ${now}, ${empty ? now : null}`);
    const job = db.run(sql`insert into jobs (kind, subject, state, run_after, created_at) values ('redaction', cast(last_insert_rowid() as text), 'pending', ${now}, ${now})`);
    // The entry names the version the insert chose (read back in the same transaction).
    const audit = auditEachStatement(
      db,
      { actor, action: "evidence.redaction", targetType: "evidence" },
      sql`select ${item.id} as target_id, json_object('version', ${latest}, 'regions', json(${JSON.stringify(plan.regions)}), 'audio', json(${JSON.stringify(plan.audio)})) as detail`,
    );
    try {
      await db.batch(empty ? [insert, audit] : [insert, job, audit]);
      forgetPublicPages(db);
      return;
    } catch (error) {
      if (attempt < 8 && isUniqueViolation(error)) {
        await Bun.sleep(Math.random() * 20 * (attempt + 1));
        continue;
      }
      throw error;
    }
  }
}

export type Verification = { faces: { x: number; y: number; width: number; height: number; score: number }[]; accept: boolean };

const FACES_MAX = 500;

export function readVerification(body: unknown): Verification {
  const { faces, accept = false } = asRecord(body);
  if (!Array.isArray(faces) || faces.length > FACES_MAX) throw badRequest(`faces must be a list of at most ${FACES_MAX} boxes`);
  if (typeof accept !== "boolean") throw badRequest("accept must be true or false");
  const read = faces.map((raw, i) => {
    const face = asRecord(raw);
    for (const key of ["x", "y", "width", "height", "score"]) {
      const value = face[key];
      if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 1) throw badRequest(`faces[${i}].${key} must be a number from 0 to 1`);
    }
    return { x: face.x, y: face.y, width: face.width, height: face.height, score: face.score } as Verification["faces"][number];
  });
  return { faces: read, accept };
}

/** Records the studio's check of the current version's copy; only once it is done, else 409. */
export async function verifyRedaction(db: Database, item: EvidenceRow, version: number, found: Verification, actor: NonNullable<AuditActor> & { id: number }): Promise<void> {
  const state = (await currentRedactions(db, [item.id])).get(item.id);
  if (!state || state.version !== version || state.status !== "done") {
    throw conflict("Only the current redaction, once its copy is made, can be verified.", "evidence.redaction-not-ready");
  }
  const [updated] = await db.batch([
    db
      .update(redactions)
      .set({ verifiedAt: new Date().toISOString(), verifiedBy: actor.id, facesFound: found.faces.length, accepted: found.accept })
      .where(and(eq(redactions.evidenceId, item.id), eq(redactions.version, version), eq(redactions.status, "done")))
      .returning({ id: redactions.id }),
    auditStatement(db, {
      actor,
      action: "evidence.redaction-verified",
      targetType: "evidence",
      targetId: item.id,
      detail: { version, faces_found: found.faces.length, faces: found.faces, accepted: found.accept },
      ifChanged: true,
    }),
  ]);
  if (updated.length === 0) throw conflict("Only the current redaction, once its copy is made, can be verified.", "evidence.redaction-not-ready");
  forgetPublicPages(db);
}
