import { and, eq, gt, isNull, lt, not, sql, type SQL } from "drizzle-orm";
import { sha256Hex } from "../auth/passwords";
import { endAllSessions } from "../auth/sessions.service";
import type { AppContext } from "../context";
import { currentShow } from "../show/show.service";
import { passwordResets } from "../db/password-resets";
import type { UserRow } from "../db/users";
import { findUserByEmail, setPassword } from "../users/users.service";
import { resetMail } from "./reset-mail";
import { mailLanguage } from "../i18n/mail-language";

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_FAILED_ATTEMPTS = 5;
/** A second request for a code within this time of the last mail (the original client asks twice) mails nothing. */
export const RESEND_AFTER_MS = 60 * 1000;
/** How long the browser that proved a code may set the password without sending the code again. */
export const PROOF_TTL_MS = 10 * 60 * 1000;

const hashCode = (userId: number, code: string) => sha256Hex(`${userId}:${code}`);

/** Six digits, 100000–999999, from the operating system's random source. */
export function newResetCode(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(100000 + (n! % 900000));
}

/** The account's code can still be tried: not used, not expired, tries left. */
const live = (now: number) =>
  and(isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now), lt(passwordResets.failedAttempts, MAX_FAILED_ATTEMPTS));

/**
 * Makes a fresh code for the account (if there is one) and mails it; the previous code and any proof stop working.
 * While a code mailed less than RESEND_AFTER_MS ago is live, nothing is replaced or mailed: one atomic upsert
 * decides, so even two requests at once mail one code.
 */
export async function sendResetCode(ctx: AppContext, email: string, now = Date.now()): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const code = newResetCode();
  const row = { codeHash: hashCode(user.id, code), expiresAt: now + CODE_TTL_MS, failedAttempts: 0, usedAt: null, sentAt: now, proofHash: null, proofExpiresAt: null };
  const fresh = await ctx.db
    .insert(passwordResets)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({
      target: passwordResets.userId,
      set: row,
      setWhere: not(and(gt(passwordResets.sentAt, now - RESEND_AFTER_MS), live(now))!),
    })
    .returning({ userId: passwordResets.userId });
  if (fresh.length === 0) return;
  const { text, customised, translations } = await currentShow(ctx);
  const mail = await mailLanguage(ctx, user);
  // The show's own words in the mail's language, else its main words, else the catalog's (in the mail's language).
  const own = (field: "reset_mail_subject" | "reset_mail_note") =>
    translations[mail.language]?.[field] ?? (customised.includes(field) ? text[field] : undefined);
  const wording = { projectName: text.project_name, subject: own("reset_mail_subject"), note: own("reset_mail_note") };
  await ctx.mailer.send({ ...resetMail(wording, mail, user.username, user.email, code), account: user.id });
}

/**
 * Tries code on the account's live code in one atomic statement: a wrong code uses up one of its tries, and once
 * they are gone nothing matches, however many tries arrive at once.
 */
async function tryCode(ctx: AppContext, user: UserRow, code: string, now: number): Promise<boolean> {
  const codeHash = hashCode(user.id, code.trim());
  const [row] = await ctx.db
    .update(passwordResets)
    .set({ failedAttempts: sql`${passwordResets.failedAttempts} + (${passwordResets.codeHash} <> ${codeHash})` })
    .where(and(eq(passwordResets.userId, user.id), live(now)))
    .returning({ matches: sql<number>`${passwordResets.codeHash} = ${codeHash}` });
  return !!row?.matches;
}

/**
 * Whether code is the live code of the account. A match also hands out a proof (returned, to be set as an
 * HttpOnly cookie): that browser alone may then set the password without the code, once, for PROOF_TTL_MS.
 */
export async function checkResetCode(ctx: AppContext, email: string, code: string, now = Date.now()): Promise<string | undefined> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !(await tryCode(ctx, user, code, now))) return undefined;
  const proof = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  await ctx.db
    .update(passwordResets)
    .set({ proofHash: sha256Hex(proof), proofExpiresAt: now + PROOF_TTL_MS })
    .where(eq(passwordResets.userId, user.id));
  return proof;
}

/** What lets a password change through: the code itself, or the proof of the browser that checked it. */
export type ResetCredential = { code: string } | { proof: string };

/**
 * Changes the password with a live code (or its proof), using it up: the code is marked used in one atomic
 * update, so of two changes at once exactly one goes through. Ends every session of the account.
 */
export async function resetPassword(ctx: AppContext, email: string, credential: ResetCredential, password: string, now = Date.now()): Promise<boolean> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return false;
  let proven: SQL | undefined;
  if ("proof" in credential) {
    proven = and(eq(passwordResets.proofHash, sha256Hex(credential.proof)), gt(passwordResets.proofExpiresAt, now));
  } else {
    if (!(await tryCode(ctx, user, credential.code, now))) return false;
    // Checked again below: another request may have mailed a new code since.
    proven = eq(passwordResets.codeHash, hashCode(user.id, credential.code.trim()));
  }
  const used = await ctx.db
    .update(passwordResets)
    .set({ usedAt: now, proofHash: null, proofExpiresAt: null })
    .where(and(eq(passwordResets.userId, user.id), live(now), proven))
    .returning({ userId: passwordResets.userId });
  if (used.length === 0) return false;
  await setPassword(ctx.db, user.id, password);
  await endAllSessions(ctx.db, user.id);
  return true;
}
