/**
 * Each instance writes a heartbeat row every HEARTBEAT_MS; the Server screen lists those seen within a few beats
 * (an instance that stopped drops off by itself, and its row is removed when it stops cleanly).
 */
import { hostname } from "node:os";
import { desc, eq, gt, lt } from "drizzle-orm";
import { VERSION } from "../cli/version";
import type { Database } from "../db/client";
import { serverInstances } from "../db/server-instances";
import type { DatabaseReach } from "./database-reach";

const HEARTBEAT_MS = 30_000;
export const GONE_AFTER_MS = 3 * HEARTBEAT_MS;
/** Rows of instances that vanished without stopping cleanly are removed after a day. */
const FORGOTTEN_AFTER_MS = 24 * 60 * 60_000;

export const INSTANCE_ID = crypto.randomUUID();

let serversStarted = 0;
/**
 * A server's heartbeat id: its process's INSTANCE_ID, with "+n" for a second server in one process (tests start
 * several; each must hold its own backup lease and row). The process part is what temp folders and body
 * reservations carry: `processOf`.
 */
export const nextServerId = () => (++serversStarted === 1 ? INSTANCE_ID : `${INSTANCE_ID}+${serversStarted}`);
export const processOf = (serverId: string) => serverId.slice(0, INSTANCE_ID.length);
export const STARTED_AT = new Date();

export function startHeartbeat(db: Database, id: string, startedAt: Date, reach: DatabaseReach): { stop(): Promise<void>; ready: Promise<void> } {
  const beat = async () => {
    const now = new Date().toISOString();
    await db
      .insert(serverInstances)
      .values({ id, host: hostname(), version: VERSION, startedAt: startedAt.toISOString(), seenAt: now })
      .onConflictDoUpdate({ target: serverInstances.id, set: { seenAt: now } });
    await db.delete(serverInstances).where(lt(serverInstances.seenAt, new Date(Date.now() - FORGOTTEN_AFTER_MS).toISOString()));
  };
  const warn = (error: unknown) => console.warn("instance heartbeat failed:", error);
  const beatNoted = () =>
    beat().then(
      () => reach.reached(),
      (error) => {
        reach.failed(error);
        warn(error);
      },
    );
  const ready = beatNoted();
  const timer = setInterval(beatNoted, HEARTBEAT_MS);
  timer.unref();
  return {
    ready,
    async stop() {
      clearInterval(timer);
      await db.delete(serverInstances).where(eq(serverInstances.id, id)).catch(warn);
    },
  };
}

export function liveInstances(db: Database) {
  return db
    .select()
    .from(serverInstances)
    .where(gt(serverInstances.seenAt, new Date(Date.now() - GONE_AFTER_MS).toISOString()))
    .orderBy(desc(serverInstances.startedAt));
}
