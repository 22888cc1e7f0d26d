import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    /** The username NFKC-normalised and case-folded: what uniqueness and login compare. */
    usernameKey: text("username_key").notNull(),
    /**
     * The username's confusable skeleton (src/users/identity-key.ts lookAlikeKey): Cyrillic "сhіеf" and Latin "chief"
     * have the same one, so the second cannot register. Null only until the start that fills it for older rows.
     */
    usernameSkeleton: text("username_skeleton"),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    /** The email address normalised and case-folded the same way. */
    emailKey: text("email_key").notNull(),
    phoneNumber: text("phone_number").notNull(),
    pronouns: text("pronouns").notNull().default(""),
    /** 1 ordinary user, 2 admin. Changed only by the CLI. */
    role: integer("role").notNull().default(1),
    passwordHash: text("password_hash").notNull(),
    verificationMediaId: text("verification_media_id"),
    avatarMediaId: text("avatar_media_id"),
    videoWatched: integer("video_watched", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
    /** When the participant last accepted the privacy notice, and which version of it; null: never (original client). */
    consentAt: text("consent_at"),
    consentVersion: integer("consent_version"),
    /** The language the participant chose (a BCP 47 tag such as "fr"); mails go out in it. Null: none chosen yet. */
    language: text("language"),
    /**
     * Set while the password is a temporary one an admin made (src/users/temporary-password.ts): until then (ms since
     * the epoch) it logs in, and only to choose a new password. Null: the password is the participant's own.
     */
    temporaryPasswordUntil: integer("temporary_password_until"),
  },
  (t) => [
    // Usernames and emails are unique after Unicode normalisation and case folding.
    uniqueIndex("users_username_key").on(t.usernameKey),
    uniqueIndex("users_username_skeleton").on(t.usernameSkeleton),
    uniqueIndex("users_email_key").on(t.emailKey),
  ],
);

export type UserRow = typeof users.$inferSelect;
