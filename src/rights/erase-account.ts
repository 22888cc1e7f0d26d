/**
 * Erasing an account: the person's rows (account, items, media, sessions, login devices, reset codes, resumable
 * uploads, quota, login counters), their files in the store (originals, public copies, thumbnails, verification
 * photo, avatar, partial uploads), the mails to them kept in the outbox, the personal values of the audit entries about them (audit-erase.ts), and the
 * traces deleted rows leave in the database file (scrub.ts). The one entry recorded names what went, by count only.
 */
import { eq, like, or } from "drizzle-orm";
import { redactAuditEntries } from "../audit/audit-erase";
import { auditStatement, changedFields, type AuditActor } from "../audit/audit-record";
import { endLiveAnswers } from "../auth/live-sessions";
import { sha256Hex } from "../auth/passwords";
import type { AppContext } from "../context";
import { evidence } from "../db/evidence";
import { loginDevices } from "../db/login-devices";
import { mediaFiles } from "../db/media-files";
import { passwordResets } from "../db/password-resets";
import { rateLimits } from "../db/rate-limits";
import { scrubDeletedData } from "../db/scrub";
import { sessions } from "../db/sessions";
import { uploadQuotas } from "../db/upload-quotas";
import { uploads } from "../db/uploads";
import { users } from "../db/users";
import { forgetPublicPages } from "../evidence/public-page-cache";
import { notFound } from "../http/errors";
import { discardStored } from "../media/media.service";
import { uploadBytesOf } from "../uploads/open-upload-bytes";
import { identityKey } from "../users/identity-key";

/** Why the account went: the participant asked, an admin did (on request, or their own decision), or retention. */
export type ErasureReason = "self" | "admin" | "retention";

export type ErasureReport = { items: number; files: number; uploads: number; auditEntries: number };

export async function eraseAccount(ctx: AppContext, id: number, actor: AuditActor, reason: ErasureReason): Promise<ErasureReport> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw notFound("No such user.");
  const media = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, id));
  const itemIds = (await ctx.db.select({ id: evidence.id }).from(evidence).where(eq(evidence.userId, id))).map((row) => row.id);
  const partial = await ctx.db.select().from(uploads).where(eq(uploads.ownerId, id));
  const detail = changedFields({ role: user.role, items: itemIds.length, files: media.length, reason }, {});
  // The actor is the person themselves when they ask: that entry is theirs too, and redacted below with the rest.
  const emailHash = sha256Hex(identityKey(user.email));
  await ctx.db.batch([
    auditStatement(ctx.db, { actor, action: "user.delete", targetType: "user", targetId: id, detail }),
    ctx.db.delete(evidence).where(eq(evidence.userId, id)),
    ctx.db.delete(sessions).where(eq(sessions.userId, id)),
    ctx.db.delete(loginDevices).where(eq(loginDevices.userId, id)),
    ctx.db.delete(passwordResets).where(eq(passwordResets.userId, id)),
    ctx.db.delete(uploads).where(eq(uploads.ownerId, id)),
    ctx.db.delete(uploadQuotas).where(eq(uploadQuotas.userId, id)),
    ctx.db.delete(rateLimits).where(or(eq(rateLimits.key, `login:user:${id}`), like(rateLimits.key, `reset:%:${emailHash}`))),
    ctx.db.delete(mediaFiles).where(eq(mediaFiles.ownerId, id)),
    ctx.db.delete(users).where(eq(users.id, id)),
  ]);
  endLiveAnswers({ userId: id });
  forgetPublicPages(ctx.db);
  await discardStored(ctx.store, media);
  // The outbox (no SMTP_URL) keeps each mail as a file: the person's reset codes, to this address or an earlier one.
  await ctx.mailer.forget({ address: user.email, account: id });
  for (const row of partial) if (row.sha256 === null) await uploadBytesOf(ctx).remove(row.id, row.storeState);
  const auditEntries = await redactAuditEntries(ctx.db, { userIds: [id], itemIds, actors: true });
  await scrubDeletedData(ctx.db);
  return { items: itemIds.length, files: media.length, uploads: partial.length, auditEntries };
}
