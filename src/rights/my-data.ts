/**
 * GET /api/user/data: everything the server holds about one participant, as one ZIP streamed by the export's own
 * writer (src/export): account/profile.json, their verification photo and avatar, every item's original with the
 * manifests (title, notes, place, visibility, review status, file hash) and the audit entries about them.
 */
import type { AppContext } from "../context";
import type { UserRow } from "../db/users";
import { extensionFor } from "../export/entry-names";
import { planExport } from "../export/plan";
import { streamExport } from "../export/stream";
import { mediaRows } from "../media/media.service";
import { userJson } from "../users/user-json";

export async function myDataZip(ctx: AppContext, user: UserRow): Promise<{ stream: ReadableStream<Uint8Array>; items: number }> {
  const plan = await planExport(ctx, { participant: user.id }, { userId: user.id });
  const photos = await mediaRows(ctx.db, [user.verificationMediaId, user.avatarMediaId]);
  const files = photos.map((row) => ({ name: `account/${row.purpose === "verification" ? "verification-photo" : "avatar"}.${extensionFor(row.mime)}`, storeKey: row.storeKey }));
  const profile = {
    ...userJson(user),
    created_at: user.createdAt,
    consent: user.consentAt ? { at: user.consentAt, notice_version: user.consentVersion } : null,
    files: photos.map((row) => ({ purpose: row.purpose, mime: row.mime, bytes: row.size, sha256: row.sha256, stored_at: row.createdAt })),
  };
  const stream = streamExport(ctx, plan, { documents: [{ name: "account/profile.json", value: profile }], files, auditUserId: user.id });
  return { stream, items: plan.items.length };
}
