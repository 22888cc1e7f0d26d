import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** Every stored media file: its place in the store, what it is, and who may read it. */
export const mediaFiles = sqliteTable(
  "media_files",
  {
    /** Random, unguessable; also the public part of /api/media/{id}. */
    id: text("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verification", "avatar", "evidence", "thumbnail", "redaction"] }).notNull(),
    storeKey: text("store_key").notNull(),
    /**
     * What viewers other than owner and admins get: "original" (the stored file carries no place or device),
     * "copy" (the metadata-free copy at publicStoreKey) or "withheld" (no safe copy could be made: nothing).
     */
    publicCopy: text("public_copy", { enum: ["original", "copy", "withheld"] }).notNull().default("original"),
    /** The metadata-free copy, when publicCopy is "copy". */
    publicStoreKey: text("public_store_key"),
    publicSize: integer("public_size"),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    /** Playing time of video and audio, from the container's header where it says so; null otherwise. */
    durationMs: integer("duration_ms"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [index("media_files_owner").on(t.ownerId), index("media_files_created").on(t.createdAt)],
);

export type MediaFileRow = typeof mediaFiles.$inferSelect;
