/** What an admin does about the checklist: acknowledge a row ("plain HTTP on purpose"), and try the mail server. */
import { eq } from "drizzle-orm";
import { auditStatement } from "../audit/audit-record";
import type { AppContext } from "../context";
import { showSettings } from "../db/show-settings";
import type { UserRow } from "../db/users";
import { conflict } from "../http/errors";
import { currentShow } from "./show.service";
import { ACKNOWLEDGED_PREFIX, MAIL_TESTED, smtpFingerprint } from "./warnings";

/** Stored as a show_settings row (not a field of the show): every instance of the database agrees at once. */
export async function acknowledgeWarning(ctx: AppContext, admin: UserRow, code: string, acknowledged: boolean): Promise<void> {
  const field = ACKNOWLEDGED_PREFIX + code;
  const now = new Date().toISOString();
  const change = acknowledged
    ? ctx.db.insert(showSettings).values({ field, value: "true", updatedAt: now, updatedBy: admin.id }).onConflictDoNothing()
    : ctx.db.delete(showSettings).where(eq(showSettings.field, field));
  // Audited only when it changed something: acknowledging twice records once.
  const record = auditStatement(ctx.db, { actor: admin, action: "show.warning-acknowledged", targetType: "show", targetId: null, detail: { code, acknowledged }, ifChanged: true });
  await ctx.db.batch([change, record]);
}

type TestResult = { ok: true } | { ok: false; message: string; error: string };

/**
 * A mail to the admin's own address through SMTP_URL; the attempt is audited either way. A mail that went out
 * records the server (hashed) as tested, which clears the checklist's row until SMTP_URL changes.
 */
export async function sendTestMail(ctx: AppContext, admin: UserRow): Promise<TestResult> {
  const smtpUrl = ctx.config.smtpUrl;
  if (!smtpUrl) throw conflict("Mail is not set up (SMTP_URL): there is nothing to test.", "mail.not_configured");
  const audit = (detail: Record<string, unknown>) => auditStatement(ctx.db, { actor: admin, action: "show.test-mail", targetType: "user", targetId: admin.id, detail });
  const project = (await currentShow(ctx)).text.project_name;
  try {
    await ctx.mailer.send({
      to: admin.email,
      subject: `Test mail from ${project}`,
      text: `This test mail shows that ${project} can send mail: participants' reset codes go out the same way.`,
    });
  } catch (error) {
    const reason = (error as Error).message.slice(0, 300);
    await ctx.db.batch([audit({ to: admin.email, sent: false, error: reason })]);
    return { ok: false, message: `The mail server did not take the mail: ${reason}`, error: reason };
  }
  const value = JSON.stringify(smtpFingerprint(smtpUrl));
  const now = new Date().toISOString();
  await ctx.db.batch([
    ctx.db
      .insert(showSettings)
      .values({ field: MAIL_TESTED, value, updatedAt: now, updatedBy: admin.id })
      .onConflictDoUpdate({ target: showSettings.field, set: { value, updatedAt: now, updatedBy: admin.id } }),
    audit({ to: admin.email, sent: true }),
  ]);
  return { ok: true };
}
