import { eq } from "drizzle-orm";
import { sha256Hex } from "../auth/passwords";
import { endAllSessions } from "../auth/sessions.service";
import type { AppContext } from "../context";
import { passwordResets } from "../db/password-resets";
import type { UserRow } from "../db/users";
import { findUserByEmail, setPassword } from "../users/users.service";

export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_FAILED_ATTEMPTS = 5;

const hashCode = (userId: number, code: string) => sha256Hex(`${userId}:${code}`);

/** Six digits, 100000–999999, from the operating system's random source. */
export function newResetCode(): string {
  const [n] = crypto.getRandomValues(new Uint32Array(1));
  return String(100000 + (n! % 900000));
}

/** Makes a fresh code for the account (if there is one) and mails it. The previous code stops working. */
export async function sendResetCode(ctx: AppContext, email: string, now = Date.now()): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const code = newResetCode();
  const row = { codeHash: hashCode(user.id, code), expiresAt: now + CODE_TTL_MS, failedAttempts: 0, usedAt: null };
  await ctx.db
    .insert(passwordResets)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: passwordResets.userId, set: row });
  await ctx.mailer.send({
    to: user.email,
    subject: `Your ${ctx.config.projectName} password reset code`,
    text: [
      `Hello ${user.username},`,
      "",
      `Your password reset code is ${code}.`,
      "It works once, for 15 minutes. If you did not ask to reset your password, ignore this message.",
    ].join("\n"),
  });
}

/** Whether code is the live code of the account; a wrong code uses up one of its tries. */
export async function checkResetCode(ctx: AppContext, email: string, code: string, now = Date.now()): Promise<UserRow | undefined> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return undefined;
  const [reset] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id)).limit(1);
  if (!reset || reset.usedAt !== null || reset.expiresAt <= now || reset.failedAttempts >= MAX_FAILED_ATTEMPTS) return undefined;
  if (reset.codeHash !== hashCode(user.id, code.trim())) {
    await ctx.db
      .update(passwordResets)
      .set({ failedAttempts: reset.failedAttempts + 1 })
      .where(eq(passwordResets.userId, user.id));
    return undefined;
  }
  return user;
}

/** Changes the password with a live code, uses the code up and ends every session of the account. */
export async function resetPassword(ctx: AppContext, email: string, code: string, password: string, now = Date.now()): Promise<boolean> {
  const user = await checkResetCode(ctx, email, code, now);
  if (!user) return false;
  await ctx.db.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.userId, user.id));
  await setPassword(ctx.db, user.id, password);
  await endAllSessions(ctx.db, user.id);
  return true;
}
