/**
 * Consent to the show's privacy notice (show field privacy_notice; its version changes with its text). The web app
 * sends the version the participant read and accepted, at registration and again after the notice changed; the
 * original client sends nothing and registers without a recorded consent.
 */
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { users, type UserRow } from "../db/users";
import { badRequest, conflict, errorMessages } from "../http/errors";
import { currentShow } from "../show/show.service";

export const { NOTICE_CHANGED } = errorMessages("privacy", {
  NOTICE_CHANGED: "The privacy notice has changed since you opened it. Please read it again.",
});

/** The consent a request states (undefined when it states none); a version that is not the current one is a 409. */
export async function readConsent(ctx: AppContext, raw: unknown): Promise<{ at: string; version: number } | undefined> {
  if (raw === undefined || raw === null) return undefined;
  const version = typeof raw === "number" ? raw : /^\d{1,9}$/.test(String(raw)) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(version)) throw badRequest("privacy_consent must be the version of the privacy notice you accepted.");
  if (version !== (await currentShow(ctx)).noticeVersion) throw conflict(NOTICE_CHANGED);
  return { at: new Date().toISOString(), version };
}

export async function recordConsent(db: Database, user: UserRow, consent: { at: string; version: number }): Promise<UserRow> {
  const [updated] = await db.update(users).set({ consentAt: consent.at, consentVersion: consent.version }).where(eq(users.id, user.id)).returning();
  return updated!;
}
