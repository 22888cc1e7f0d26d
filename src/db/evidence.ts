import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { mediaFiles } from "./media-files";
import { users } from "./users";

export const evidence = sqliteTable(
  "evidence",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    notes: text("notes").notNull().default(""),
    location: text("location"),
    isPublic: integer("is_public", { mode: "boolean" }).notNull().default(false),
    /** 1 note, 2 image, 3 video, 4 audio: decided by the server from the file's bytes. */
    mediaType: integer("media_type").notNull(),
    mediaId: text("media_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    thumbnailId: text("thumbnail_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    datePosted: text("date_posted").notNull(),
  },
  (t) => [
    index("evidence_user").on(t.userId, t.id),
    index("evidence_public").on(t.isPublic, t.id),
    index("evidence_media").on(t.mediaId),
    index("evidence_thumbnail").on(t.thumbnailId),
  ],
);

export type EvidenceRow = typeof evidence.$inferSelect;
