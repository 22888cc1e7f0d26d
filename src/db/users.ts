import { sql } from "drizzle-orm";
import { integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    pronouns: text("pronouns").notNull().default(""),
    /** 1 ordinary user, 2 admin. Changed only by the CLI. */
    role: integer("role").notNull().default(1),
    passwordHash: text("password_hash").notNull(),
    verificationMediaId: text("verification_media_id"),
    avatarMediaId: text("avatar_media_id"),
    videoWatched: integer("video_watched", { mode: "boolean" }).notNull().default(false),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    // Usernames and emails are unique without regard to case.
    uniqueIndex("users_username_nocase").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_nocase").on(sql`lower(${t.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
