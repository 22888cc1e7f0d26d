/**
 * The admins' live stream: Server-Sent Events read from the audit log after an id cursor. Reading the table (not an
 * in-process emitter) is what makes a change on another instance of the same database arrive too; the audit id is
 * the event id, so `Last-Event-ID` resumes exactly where a dropped connection stopped. No entry is skipped: SQLite
 * (and sqld) commit one writer at a time, so an entry becomes visible only after every entry with a lower id.
 */
import { desc } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditLog } from "../db/audit-log";
import { adminItems } from "./admin-items";

const POLL_MS = 500;
const HEARTBEAT_MS = 15_000;
/** Entries read per step: with the pull-based stream, at most this many events wait in memory per connection. */
const BATCH = 50;

type Entry = { id: number; action: string; targetType: string; targetId: number | null };

/** The event an entry becomes, or none (e.g. a log-out everywhere changes nothing an admin screen shows). */
function eventName({ action, targetType }: Entry): string | undefined {
  if (targetType === "evidence") {
    if (action === "evidence.create") return "evidence.created";
    if (action === "evidence.delete") return "evidence.deleted";
    return "evidence.updated";
  }
  if (targetType === "show") return "show";
  if (action === "user.delete") return "user.deleted";
  if (action === "user.update") return "user.updated";
  return undefined;
}

export async function newestAuditId(db: Database): Promise<number> {
  const [row] = await db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.id ?? 0;
}

/** The SSE text of the entries after cursor (at most BATCH of them) and the new cursor. */
async function eventsAfter(db: Database, cursor: number): Promise<{ text: string; cursor: number }> {
  const { rows } = await db.$client.execute({
    sql: `select id, action, target_type, target_id from audit_log where id > ? order by id limit ${BATCH}`,
    args: [cursor],
  });
  const entries: Entry[] = rows.map((r) => ({ id: Number(r[0]), action: r[1] as string, targetType: r[2] as string, targetId: r[3] as number | null }));
  const shown = entries.filter((e) => e.targetType === "evidence" && e.targetId !== null && e.action !== "evidence.delete");
  const items = await adminItems(db, [...new Set(shown.map((e) => e.targetId!))]);
  let text = "";
  for (const entry of entries) {
    const name = eventName(entry);
    if (!name || entry.targetId === null) continue;
    // An item deleted since this entry was written has its own evidence.deleted entry later on.
    const data =
      name === "evidence.created" || name === "evidence.updated" ? items.get(entry.targetId) : name === "show" ? { version: entry.targetId } : { id: entry.targetId };
    if (data) text += `id: ${entry.id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  }
  return { text, cursor: entries.at(-1)?.id ?? cursor };
}

/** Pull-based: the next read waits until the client took the previous one, so a slow client costs no memory. */
export function eventStream(db: Database, startAfter: number, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = startAfter;
  let lastSent = Date.now();
  let cancelled = false;
  const open = () => !signal.aborted && !cancelled;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // retry: a dropped connection comes back within the 2 s the console promises.
      controller.enqueue(encoder.encode("retry: 1000\n: connected\n\n"));
    },
    async pull(controller) {
      while (open()) {
        const next = await eventsAfter(db, cursor);
        cursor = next.cursor;
        if (next.text || Date.now() - lastSent >= HEARTBEAT_MS) {
          controller.enqueue(encoder.encode(next.text || ": heartbeat\n\n"));
          lastSent = Date.now();
          return;
        }
        await Bun.sleep(POLL_MS);
      }
      if (!cancelled) controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
}
