/**
 * The first admin, made in the browser: with no admin and no ADMIN_* variables, the start makes a one-time token
 * (printed as /setup?token=…) and keeps only its SHA-256 in the database, so any instance accepts it. Using it creates
 * the admin, spends the token and is possible only while no admin exists, all in one transaction.
 */
import { eq, sql } from "drizzle-orm";
import { auditStatement } from "../audit/audit-record";
import { hashPassword, sha256Hex } from "../auth/passwords";
import { ROLE_ADMIN } from "../auth/guard";
import type { Database } from "../db/client";
import { setupTokens } from "../db/setup-tokens";
import { users, type UserRow } from "../db/users";
import { conflict, forbidden } from "../http/errors";
import { identityKey, lookAlikeKey } from "../users/identity-key";
import { adminExists, takenFields, takenMessage, uniquely } from "../users/users.service";
import type { ProfileFields } from "../users/validation";

export const TOKEN_REFUSED = "This setup address is not valid. Use the address the server printed at its last start.";
export const ADMIN_EXISTS = "An admin already exists. Log in instead.";

/** A new token (replacing any earlier one); only its hash is stored. */
export async function issueSetupToken(db: Database): Promise<string> {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  const row = { tokenHash: sha256Hex(token), createdAt: new Date().toISOString() };
  await db.insert(setupTokens).values({ id: 1, ...row }).onConflictDoUpdate({ target: setupTokens.id, set: row });
  return token;
}

export async function tokenIsValid(db: Database, token: string): Promise<boolean> {
  const [row] = await db.select({ id: setupTokens.id }).from(setupTokens).where(eq(setupTokens.tokenHash, sha256Hex(token)));
  return row !== undefined;
}

/** Nothing to set up any more: the token goes once an admin exists (made by ADMIN_*, the CLI or this page). */
export async function dropSetupToken(db: Database): Promise<undefined> {
  await db.delete(setupTokens);
  return undefined;
}

export async function createFirstAdmin(db: Database, token: string, fields: ProfileFields & { password: string }): Promise<UserRow> {
  if (await adminExists(db)) throw conflict(ADMIN_EXISTS);
  if (!(await tokenIsValid(db, token))) throw forbidden(TOKEN_REFUSED);
  const taken = takenMessage(await takenFields(db, fields.username, fields.email));
  if (taken) throw conflict(taken);
  const passwordHash = await hashPassword(fields.password);
  const now = new Date().toISOString();
  // One transaction: the token is spent only while no admin exists, and the admin is made only if it was spent. A
  // participant registering the same name meanwhile (after the check above) gets it, and this is told it is taken.
  const [, inserted] = await uniquely(() =>
    db.batch([
      db.run(sql`delete from setup_tokens where token_hash = ${sha256Hex(token)} and not exists (select 1 from users where role = ${ROLE_ADMIN})`),
      db.run(sql`insert into users (username, username_key, username_skeleton, full_name, email, email_key, phone_number, pronouns, role, password_hash, video_watched, created_at)
        select ${fields.username}, ${identityKey(fields.username)}, ${lookAlikeKey(fields.username)}, ${fields.full_name}, ${fields.email}, ${identityKey(fields.email)},
          ${fields.phone_number}, ${fields.pronouns}, ${ROLE_ADMIN}, ${passwordHash}, 1, ${now} where changes() > 0`),
      auditStatement(db, {
        actor: { id: "inserted", username: fields.username },
        action: "setup.admin",
        targetType: "user",
        targetId: "inserted",
        detail: { username: { before: null, after: fields.username }, email: { before: null, after: fields.email }, role: { before: null, after: ROLE_ADMIN } },
        ifChanged: true,
      }),
    ]),
  );
  if (inserted.rowsAffected === 0) {
    // Another request won the race (or the token was replaced by a new start meanwhile).
    if (await adminExists(db)) throw conflict(ADMIN_EXISTS);
    throw forbidden(TOKEN_REFUSED);
  }
  const [user] = await db.select().from(users).where(eq(users.usernameKey, identityKey(fields.username)));
  return user!;
}
