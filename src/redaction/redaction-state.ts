/**
 * An item's current redaction (its highest version) as SQL the lists, the publishing rules and the media route share,
 * so every path decides from one definition. A version whose job failed for good (even one worn out by crashes) is
 * "failed" though its row still says pending.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

export type RedactionStatus = "none" | "pending" | "done" | "failed";
/** The console's states: none, pending, failed, unverified (done, not passed), passed. */
export const REDACTION_STATES = ["none", "pending", "failed", "unverified", "passed"] as const;
export type RedactionState = (typeof REDACTION_STATES)[number];

/** Joins `r` (the current version) and `rj` (its job) to the items aliased `item`. */
export const currentRedactionJoin = (item: string) =>
  ` left join redactions r on r.evidence_id = ${item}.id and r.version = (select max(rv.version) from redactions rv where rv.evidence_id = ${item}.id)` +
  ` left join jobs rj on rj.kind = 'redaction' and rj.subject = cast(r.id as text)`;

export const STATUS_SQL = "(case when r.id is null then 'none' when r.status = 'pending' and rj.state = 'failed' then 'failed' else r.status end)";

/**
 * Passed: done, and nothing left to check (an empty plan, a recording: no detector hears voices) or checked (the
 * detector found no face in the copy, or the investigator accepted what it found).
 */
export const passedSql = (item: string) =>
  `(r.status = 'done' and (r.picture = 0 and r.sound = 0 or ${item}.media_type = 4 or r.faces_found = 0 or r.accepted = 1))`;

export const stateSql = (item: string) =>
  `(case when r.id is null then 'none' when ${passedSql(item)} then 'passed' when ${STATUS_SQL} = 'done' then 'unverified' else ${STATUS_SQL} end)`;

/** The show's rule "photos and videos must go through the redaction step" (show setting redaction_required). */
const REQUIRED_SQL = "coalesce((select value from show_settings where field = 'redaction_required'), 'false') = 'true'";

/**
 * Publishing is refused while the current version is not passed (any setting), and, when the show requires the step,
 * for a photo or video that never passed it. Read in the statement that publishes, so a rule or a version that
 * changes meanwhile is seen.
 */
export const blocksPublishingSql = (item: string) =>
  `((r.id is not null or (${REQUIRED_SQL} and ${item}.media_type in (2, 3))) and not coalesce(${passedSql(item)}, 0))`;

/** The ids of every item that may not be made public now (for `id not in (…)`). */
export const UNPUBLISHABLE_IDS = `select e.id from evidence e${currentRedactionJoin("e")} where ${blocksPublishingSql("e")}`;

/** The public copy hides something: visitors get only the redacted copy (media_id once made), never the original's. */
export const REDACTS_SQL = "coalesce(r.picture = 1 or r.sound = 1, 0)";
/** The redacted copy visitors may read: only once done. */
export const PUBLIC_COPY_SQL = `(case when ${STATUS_SQL} = 'done' then r.media_id end)`;

export type CurrentRedaction = { version: number; status: RedactionStatus; passed: boolean; state: RedactionState; redacts: boolean; picture: boolean; sound: boolean; publicMediaId: string | null };

/** The current redaction of each item that has one. */
export async function currentRedactions(db: Database, ids: number[]): Promise<Map<number, CurrentRedaction>> {
  const found = new Map<number, CurrentRedaction>();
  if (ids.length === 0) return found;
  const rows = (await db.all(
    sql.raw(`select e.id, r.version, ${STATUS_SQL} as status, ${stateSql("e")} as state, r.picture, r.sound, ${PUBLIC_COPY_SQL} as copy
      from evidence e${currentRedactionJoin("e")} where r.id is not null and e.id in (${ids.map(Number).join(", ")})`),
  )) as { id: number; version: number; status: RedactionStatus; state: RedactionState; picture: number; sound: number; copy: string | null }[];
  for (const row of rows) {
    const picture = !!row.picture;
    const sound = !!row.sound;
    found.set(row.id, { version: row.version, status: row.status, state: row.state, passed: row.state === "passed", picture, sound, redacts: picture || sound, publicMediaId: row.copy });
  }
  return found;
}

export const redactionSummary = (current: CurrentRedaction | undefined) =>
  current ? { version: current.version, status: current.status, passed: current.passed } : null;

/** For the media route: the item whose file (or browser thumbnail) this is, public or not, and whether it is redacted. */
export async function itemOfFile(db: Database, mediaId: string): Promise<{ isPublic: boolean; redacts: boolean } | undefined> {
  const [row] = (await db.all(
    sql`select e.is_public as public, ${sql.raw(REDACTS_SQL)} as redacts from evidence e${sql.raw(currentRedactionJoin("e"))}
      where e.id = (select id from evidence where media_id = ${mediaId} or thumbnail_id = ${mediaId} limit 1)`,
  )) as { public: number; redacts: number }[];
  return row && { isPublic: !!row.public, redacts: !!row.redacts };
}

/** For the media route: the item a redacted copy was made for, and whether it is that item's current, done copy. */
export async function itemOfCopy(db: Database, mediaId: string): Promise<{ isPublic: boolean; current: boolean } | undefined> {
  const [row] = (await db.all(
    sql`select e.is_public as public, coalesce(${sql.raw(PUBLIC_COPY_SQL)} = ${mediaId}, 0) as current from redactions x join evidence e on e.id = x.evidence_id${sql.raw(currentRedactionJoin("e"))}
      where x.media_id = ${mediaId} limit 1`,
  )) as { public: number; current: number }[];
  return row && { isPublic: !!row.public, current: !!row.current };
}

/** The file and browser thumbnail a visitor gets of item `e`: a redacted item's copy (once done) and no thumbnail. */
export const PUBLIC_FILE_COLUMNS =
  `(case when ${REDACTS_SQL} then ${PUBLIC_COPY_SQL} else e.media_id end), (case when ${REDACTS_SQL} then null else e.thumbnail_id end)`;
