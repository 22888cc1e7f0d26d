import { and, asc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { auditStatement, changedFields, type AuditActor } from "../audit/audit-record";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { ROLE_ADMIN, ROLE_USER } from "../auth/guard";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { mediaFiles } from "../db/media-files";
import { isUniqueViolation } from "../db/unique-violation";
import { users, type UserRow } from "../db/users";
import { conflict, notFound } from "../http/errors";
import { discardStored, identify, mediaRows, storeMedia } from "../media/media.service";
import type { TempFile } from "../media/multipart";
import { forgetPublicPages } from "../evidence/public-page-cache";
import { identityKey, lookAlikeKey } from "./identity-key";
import { normalizeUsername } from "../config/identity-rules";
import { MESSAGES, type ProfileFields } from "./validation";


/** Whether any admin exists (none: the start offers the one-time /setup address). */
export async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, ROLE_ADMIN)).limit(1);
  return row !== undefined;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.emailKey, identityKey(email))).limit(1);
  return user;
}

/** Login accepts the username or the email, in any case. */
export async function findUserByLogin(db: Database, identifier: string): Promise<UserRow | undefined> {
  const key = identityKey(identifier);
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.usernameKey, key), eq(users.emailKey, key)))
    .limit(1);
  return user;
}

async function findUserByUsername(db: Database, username: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.usernameKey, identityKey(username))).limit(1);
  return user;
}

// A real hash to verify against when the account does not exist, so timing does not reveal which accounts exist.
let decoyHash: Promise<string> | undefined;

/** Whether password is the user's; with no user, false after about as long a check. */
export async function passwordMatches(user: UserRow | undefined, password: string): Promise<boolean> {
  if (!user) {
    decoyHash ??= hashPassword(crypto.randomUUID());
    await verifyPassword(password, await decoyHash);
    return false;
  }
  return verifyPassword(password, user.passwordHash);
}

/** The columns that make a username unique: its identity key, and its look-alike skeleton. */
const usernameColumns = (username: string) => ({ usernameKey: identityKey(username), usernameSkeleton: lookAlikeKey(username) });

export async function takenFields(db: Database, username: string, email: string, exceptId = 0) {
  const { usernameKey, usernameSkeleton } = usernameColumns(username);
  const rows = await db
    .select({ usernameKey: users.usernameKey, usernameSkeleton: users.usernameSkeleton, emailKey: users.emailKey })
    .from(users)
    .where(
      and(
        ne(users.id, exceptId),
        or(eq(users.usernameKey, usernameKey), eq(users.usernameSkeleton, usernameSkeleton), eq(users.emailKey, identityKey(email))),
      ),
    );
  const usernameTaken = rows.some((r) => r.usernameKey === usernameKey);
  return {
    usernameTaken,
    usernameLooksTaken: !usernameTaken && rows.some((r) => r.usernameSkeleton === usernameSkeleton),
    emailTaken: rows.some((r) => r.emailKey === identityKey(email)),
  };
}

/** The message for a username or email another account has (or looks like it has), or "" when both are free. */
export function takenMessage(taken: Awaited<ReturnType<typeof takenFields>>): string {
  if (taken.usernameTaken) return MESSAGES.usernameTaken;
  if (taken.usernameLooksTaken) return MESSAGES.usernameLookAlike;
  return taken.emailTaken ? MESSAGES.emailTaken : "";
}

async function assertUnique(db: Database, username: string, email: string, exceptId = 0): Promise<void> {
  const message = takenMessage(await takenFields(db, username, email, exceptId));
  if (message) throw conflict(message);
}

/**
 * Gives rows written before usernames had a skeleton theirs (once, at start). Two older accounts whose names look
 * alike keep them: the later one keeps no skeleton (and is logged), so nobody is locked out by an upgrade.
 */
export async function fillUsernameSkeletons(db: Database): Promise<void> {
  const rows = await db.select({ id: users.id, username: users.username }).from(users).where(isNull(users.usernameSkeleton));
  for (const row of rows) {
    await db
      .update(users)
      .set({ usernameSkeleton: lookAlikeKey(row.username) })
      .where(eq(users.id, row.id))
      .catch((error) => {
        if (!isUniqueViolation(error)) throw error;
        console.warn(`user ${row.id} (${row.username}) looks like another account's name; kept as it is`);
      });
  }
}

/** Runs a write; a unique-index race loses with the same 409 the pre-check gives. */
export async function uniquely<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${MESSAGES.usernameTaken}, or the email address is already registered`);
    throw error;
  }
}

export async function registerUser(
  ctx: AppContext,
  fields: ProfileFields & { password: string; consent?: { at: string; version: number } },
  photo: TempFile,
): Promise<UserRow> {
  const sniffed = await identify(photo, ["image"], "verification photo");
  await assertUnique(ctx.db, fields.username, fields.email);
  const passwordHash = await hashPassword(fields.password);
  // The owner id is not known until the user row is in: the batch is one transaction, so last_insert_rowid() is it.
  const media = await storeMedia(ctx.store, photo, sniffed, 0, "verification");
  try {
    return await uniquely(async () => {
      const [user] = await ctx.db.batch([
        ctx.db
          .insert(users)
          .values({
            username: fields.username,
            ...usernameColumns(fields.username),
            fullName: fields.full_name,
            email: fields.email,
            emailKey: identityKey(fields.email),
            phoneNumber: fields.phone_number,
            pronouns: fields.pronouns,
            role: ROLE_USER,
            passwordHash,
            verificationMediaId: media.id,
            createdAt: new Date().toISOString(),
            consentAt: fields.consent?.at ?? null,
            consentVersion: fields.consent?.version ?? null,
          })
          .returning(),
        ctx.db.insert(mediaFiles).values({ ...media, ownerId: sql`last_insert_rowid()` }),
      ]);
      return user[0]!;
    });
  } catch (error) {
    await discardStored(ctx.store, [media]);
    throw error;
  }
}

export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  fields: Omit<ProfileFields, "username">,
  avatar: TempFile | undefined,
): Promise<UserRow> {
  const sniffed = avatar ? await identify(avatar, ["image"], "avatar") : undefined;
  await assertUnique(ctx.db, user.username, fields.email, user.id);
  const media = avatar && sniffed ? await storeMedia(ctx.store, avatar, sniffed, user.id, "avatar") : undefined;
  const [oldAvatar] = media ? await mediaRows(ctx.db, [user.avatarMediaId]) : [];
  const changes = {
    fullName: fields.full_name,
    email: fields.email,
    emailKey: identityKey(fields.email),
    phoneNumber: fields.phone_number,
    pronouns: fields.pronouns,
    ...(media ? { avatarMediaId: media.id } : {}),
  };
  let updated: UserRow;
  try {
    updated = await uniquely(async () => {
      const update = ctx.db.update(users).set(changes).where(eq(users.id, user.id)).returning();
      if (!media) return (await update)[0]!;
      const [rows] = await ctx.db.batch([
        update,
        ctx.db.insert(mediaFiles).values(media),
        ...(oldAvatar ? [ctx.db.delete(mediaFiles).where(eq(mediaFiles.id, oldAvatar.id))] : []),
      ]);
      return rows[0]!;
    });
  } catch (error) {
    if (media) await discardStored(ctx.store, [media]);
    throw error;
  }
  if (oldAvatar) await discardStored(ctx.store, [oldAvatar]);
  forgetPublicPages(ctx.db);
  return updated;
}

export async function setVideoWatched(db: Database, id: number): Promise<UserRow> {
  const [user] = await db.update(users).set({ videoWatched: true }).where(eq(users.id, id)).returning();
  if (!user) throw notFound("No such user.");
  return user;
}

/** The language the account's mails go out in (the participant's choice on any device). */
export async function setUserLanguage(db: Database, id: number, language: string): Promise<UserRow> {
  const [user] = await db.update(users).set({ language }).where(eq(users.id, id)).returning();
  if (!user) throw notFound("No such user.");
  return user;
}

export function listUsers(db: Database): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.id));
}

/** What the audit log keeps of a profile (never the password hash or keys). */
const auditedProfile = (user: Pick<UserRow, "username" | "email" | "phoneNumber" | "fullName">) => ({
  username: user.username,
  email: user.email,
  phone_number: user.phoneNumber,
  full_name: user.fullName,
});

export async function adminEditUser(
  db: Database,
  id: number,
  fields: Omit<ProfileFields, "pronouns">,
  actor: AuditActor,
): Promise<UserRow> {
  const before = await findUserById(db, id);
  if (!before) throw notFound("No such user.");
  await assertUnique(db, fields.username, fields.email, id);
  const changes = { username: fields.username, email: fields.email, phoneNumber: fields.phone_number, fullName: fields.full_name };
  const [[user]] = await uniquely(() =>
    db.batch([
      db
        .update(users)
        .set({ ...changes, ...usernameColumns(fields.username), emailKey: identityKey(fields.email) })
        .where(eq(users.id, id))
        .returning(),
      auditStatement(db, { actor, action: "user.update", targetType: "user", targetId: id, detail: changedFields(auditedProfile(before), auditedProfile(changes)) }),
    ]),
  );
  forgetPublicPages(db);
  return user!;
}

export async function setPassword(db: Database, id: number, password: string): Promise<void> {
  // The participant's own password: a temporary one an admin made stops being asked for.
  await db.update(users).set({ passwordHash: await hashPassword(password), temporaryPasswordUntil: null }).where(eq(users.id, id));
}

type AdminAccount = { username: string; email: string; password: string; promote?: boolean };

/** The phone number of an admin made without one (ADMIN_*, create-admin, /setup): the column is required, admins need none. */
export const ADMIN_NO_PHONE = "0000000000";

/**
 * Makes sure the configured admin exists with role 2 (ADMIN_* at start, or create-admin). A participant who
 * already has that name is made admin only when asked explicitly (promote), keeping their email and password;
 * otherwise this refuses, saying why. A new account gets the given email and password.
 */
export async function ensureAdmin(
  db: Database,
  admin: AdminAccount,
  fullName = "Administrator",
): Promise<{ user: UserRow; was: "admin" | "participant" | "absent" }> {
  const username = normalizeUsername(admin.username);
  const existing = await findUserByUsername(db, username);
  if (existing?.role === ROLE_ADMIN) return { user: existing, was: "admin" };
  if (existing) {
    if (!admin.promote) {
      throw conflict(
        `A participant named ${existing.username} (id ${existing.id}) already exists; they are made admin only when asked explicitly: set ADMIN_PROMOTE=on, or run create-admin --promote.`,
      );
    }
    return { user: await changeRole(db, existing, ROLE_ADMIN), was: "participant" };
  }
  const [[created]] = await uniquely(async () => {
    const insert = db
      .insert(users)
      .values({
        username,
        ...usernameColumns(username),
        fullName,
        email: admin.email,
        emailKey: identityKey(admin.email),
        phoneNumber: ADMIN_NO_PHONE,
        pronouns: "",
        role: ROLE_ADMIN,
        passwordHash: await hashPassword(admin.password),
        videoWatched: true,
        createdAt: new Date().toISOString(),
      })
      .returning();
    const detail = changedFields({}, { username, email: admin.email, role: ROLE_ADMIN });
    return db.batch([insert, auditStatement(db, { actor: null, action: "user.create", targetType: "user", targetId: "inserted", detail })]);
  });
  return { user: created!, was: "absent" };
}

/** A role change by the operator (command line or ADMIN_* at start): the audit entry's actor is null. */
async function changeRole(db: Database, user: UserRow, role: number): Promise<UserRow> {
  const [[updated]] = await db.batch([
    db.update(users).set({ role }).where(eq(users.id, user.id)).returning(),
    auditStatement(db, { actor: null, action: "user.role", targetType: "user", targetId: user.id, detail: changedFields({ role: user.role }, { role }) }),
  ]);
  return updated!;
}

export async function setRole(db: Database, username: string, role: 1 | 2): Promise<UserRow> {
  const user = await findUserByLogin(db, username);
  if (!user) throw notFound(`No user named ${username}.`);
  return changeRole(db, user, role);
}
