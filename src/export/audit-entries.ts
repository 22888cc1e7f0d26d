/**
 * audit.json: the audit log's entries about the exported items, oldest first, read in pages so a long log never sits
 * in memory whole. Shaped as GET /api/audit answers, plus prev_hash so the recipient sees the chain links.
 */
import type { AppContext } from "../context";

const PAGE_ROWS = 500;
/** The audit log's target_type for evidence items. */
const EVIDENCE_TARGET = "evidence";

export async function* auditEntriesJson(ctx: Pick<AppContext, "db">, itemIds: ReadonlySet<number>): AsyncIterable<string> {
  let after = 0;
  let first = true;
  yield "[";
  for (;;) {
    const { rows } = await ctx.db.$client.execute({
      sql:
        "select id, at, actor_id, actor_name, action, target_type, target_id, detail, prev_hash, hash from audit_log" +
        " where target_type = ? and id > ? order by id limit ?",
      args: [EVIDENCE_TARGET, after, PAGE_ROWS],
    });
    for (const row of rows) {
      if (!itemIds.has(row.target_id as number)) continue;
      const entry = {
        id: row.id,
        at: row.at,
        actor_id: row.actor_id,
        actor_name: row.actor_name,
        action: row.action,
        target_type: row.target_type,
        target_id: row.target_id,
        detail: parseDetail(row.detail as string),
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

/** detail is JSON text written by the application; a row altered into non-JSON is passed on as the text it holds. */
function parseDetail(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
