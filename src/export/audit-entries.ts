/**
 * audit.json: the audit log's entries about the exported items (and, for a participant's own data, about their
 * account and by them), oldest first, read in pages so a long log never sits in memory whole. Shaped as
 * GET /api/audit answers, plus prev_hash so the recipient sees the chain links.
 */
import type { AppContext } from "../context";

const PAGE_ROWS = 500;
/** The audit log's target_type for evidence items. */
const EVIDENCE_TARGET = "evidence";

/**
 * Which entries: those about these items; with userId (a participant's own data) also those about that account and
 * those it made, and then none of the investigator's own: their notes and review state, as entries or as fields.
 */
export type AuditSelection = { itemIds: ReadonlySet<number>; userId?: number };

export async function* auditEntriesJson(ctx: Pick<AppContext, "db">, { itemIds, userId }: AuditSelection): AsyncIterable<string> {
  let after = 0;
  let first = true;
  const person = userId === undefined ? "" : " or (target_type = 'user' and target_id = ?) or actor_id = ?";
  yield "[";
  for (;;) {
    const { rows } = await ctx.db.$client.execute({
      sql:
        "select id, at, actor_id, actor_name, action, target_type, target_id, detail, prev_hash, hash from audit_log" +
        ` where (target_type = ?${person}) and id > ? order by id limit ?`,
      args: [EVIDENCE_TARGET, ...(userId === undefined ? [] : [userId, userId]), after, PAGE_ROWS],
    });
    for (const row of rows) {
      const aboutItem = row.target_type === EVIDENCE_TARGET && itemIds.has(row.target_id as number);
      const aboutPerson = userId !== undefined && (row.target_type !== EVIDENCE_TARGET || row.actor_id === userId);
      if (!aboutItem && !aboutPerson) continue;
      if (userId !== undefined && INVESTIGATOR_ACTIONS.has(row.action as string)) continue;
      const entry = {
        id: row.id,
        at: row.at,
        actor_id: row.actor_id,
        actor_name: row.actor_name,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        detail: userId === undefined ? parseDetail(row.detail as string) : withoutInvestigatorFields(parseDetail(row.detail as string)),
        prev_hash: row.prev_hash,
        hash: row.hash,
      };
      yield `${first ? "" : ","}\n  ${JSON.stringify(entry)}`;
      first = false;
    }
    if (rows.length < PAGE_ROWS) break;
    after = rows.at(-1)!.id as number;
  }
  yield first ? "]\n" : "\n]\n";
}

/** Entries that record only the investigator's work on an item. */
const INVESTIGATOR_ACTIONS = new Set(["evidence.notes", "evidence.review"]);
/** Fields of the investigator's that any other entry might carry (none does today; a future one must not leak them). */
const INVESTIGATOR_FIELDS = new Set(["investigator_notes", "review_status"]);

function withoutInvestigatorFields(detail: unknown): unknown {
  if (!detail || typeof detail !== "object" || Array.isArray(detail)) return detail;
  return Object.fromEntries(Object.entries(detail).filter(([key]) => !INVESTIGATOR_FIELDS.has(key)).map(([key, value]) => [key, withoutInvestigatorFields(value)]));
}

/** detail is JSON text written by the application; a row altered into non-JSON is passed on as the text it holds. */
function parseDetail(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
