import { and, eq, gt, lt } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { sessions } from "../db/sessions";
import { users, type UserRow } from "../db/users";
import { endLiveAnswers } from "./live-sessions";
import { sha256Hex } from "./passwords";

export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY_MS;

/** Starts a session; returns the cookie value (256 random bits). Only its hash is stored. */
export async function createSession(db: Database, userId: number, now = Date.now()): Promise<string> {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  await db.insert(sessions).values({ idHash: sha256Hex(token), userId, expiresAt: now + SESSION_MS, createdAt: now });
  return token;
}

/** The user behind a live session; slides the expiry forward at most once a day to spare writes. */
export async function userForSession(db: Database, token: string, now = Date.now()): Promise<UserRow | undefined> {
  const idHash = sha256Hex(token);
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return undefined;
  if (row.expiresAt - now < SESSION_MS - DAY_MS) {
    await db.update(sessions).set({ expiresAt: now + SESSION_MS }).where(eq(sessions.idHash, idHash));
  }
  return row.user;
}

/** Ends one session, and at once this instance's live answers (event streams) opened with it. */
export async function endSession(db: Database, token: string): Promise<void> {
  const sessionHash = sha256Hex(token);
  await db.delete(sessions).where(eq(sessions.idHash, sessionHash));
  endLiveAnswers({ sessionHash });
}

/** With `along` (e.g. an audit statement), all in one transaction; this instance's live answers of the user end at once. */
export async function endAllSessions(db: Database, userId: number, ...along: BatchItem<"sqlite">[]): Promise<void> {
  await db.batch([db.delete(sessions).where(eq(sessions.userId, userId)), ...along]);
  endLiveAnswers({ userId });
}

export async function pruneExpiredSessions(db: Database, now = Date.now()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
