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
/**
 * How often the stream asks whether its session still holds (not logged out, not ended everywhere, still an admin, not
 * deleted). A logout on this instance ends the stream at once (live-sessions.ts); this bounds the rest: a logout on
 * another instance, a demotion from the command line, a session that expired.
 */
export const SESSION_RECHECK_MS = 2_000;
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

/**
 * The header of an admin list's answer naming the newest audit entry before the list was read: the list's live view
 * opens its stream with `?after=` it, and events it already shows come again (each applies idempotently).
 */
export const EVENTS_AFTER_HEADER = "x-events-after";

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

export type StreamSession = {
  /** Whether the session still allows the stream (still there, still an admin); the stream ends when it does not. */
  stillAllowed(): Promise<boolean>;
  /** Registers end() to be called when the session ends on this instance; returns the function that unregisters it. */
  hold(end: () => void): () => void;
};

/**
 * Pull-based: the next read waits until the client took the previous one, so a slow client costs no memory. Nothing
 * is read for a session that no longer allows it: the session is checked before a read once SESSION_RECHECK_MS have
 * passed, and the stream closes when it fails or the session ends here.
 */
export function eventStream(db: Database, startAfter: number, signal: AbortSignal, session: StreamSession): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = startAfter;
  let lastSent = Date.now();
  let checkedAt = Date.now();
  let ended = false;
  let close = () => {};
  const open = () => !signal.aborted && !ended;
  const release = session.hold(() => close());
  const stillAllowed = async () => {
    if (Date.now() - checkedAt < SESSION_RECHECK_MS) return true;
    checkedAt = Date.now();
    return session.stillAllowed();
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      close = () => {
        if (ended) return;
        ended = true;
        release();
        controller.close();
      };
      // retry: a dropped connection comes back within the 2 s the console promises. The `start` event says where the
      // stream starts (the browser's views replay from there when they need older changes), and its id makes a drop
      // before the first change resume from there too.
      controller.enqueue(encoder.encode(`retry: 1000\n: connected\nid: ${startAfter}\nevent: start\ndata: {"after":${startAfter}}\n\n`));
    },
    async pull(controller) {
      while (open()) {
        if (!(await stillAllowed())) break;
        const next = await eventsAfter(db, cursor);
        if (!open()) break; // ended while reading: what was read is not sent
        cursor = next.cursor;
        if (next.text || Date.now() - lastSent >= HEARTBEAT_MS) {
          controller.enqueue(encoder.encode(next.text || ": heartbeat\n\n"));
          lastSent = Date.now();
          return;
        }
        await Bun.sleep(POLL_MS);
      }
      close();
    },
    cancel() {
      ended = true;
      release();
    },
  });
}
