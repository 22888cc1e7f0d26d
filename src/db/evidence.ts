import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
    /** The investigator's triage: new until an admin marks it reviewed or flagged. */
    reviewStatus: text("review_status", { enum: ["new", "reviewed", "flagged"] }).notNull().default("new"),
    /** Private notes of the investigator: admins only, never participants or visitors. */
    investigatorNotes: text("investigator_notes").notNull().default(""),
    /** When the item was last changed (text, file, visibility or review); null until then. */
    updatedAt: text("updated_at"),
    /**
     * The sender's own name for this item (the web app's draft id), unique per participant: a create sent again after
     * its answer was lost finds this item instead of making a second one. Null for clients that send none.
     */
    clientRef: text("client_ref"),
    /**
     * A video's or audio clip's length in whole milliseconds as the sender measured it (the web app's recorder or
     * player); null for notes and images, and when none was sent.
     */
    durationMs: integer("duration_ms"),
    /**
     * When the item was withdrawn from the public archive: a standing instruction, so no publishing path makes it
     * public again (only an admin's explicit, audited override, which clears it). The owner and admins see it.
     */
    withdrawnAt: text("withdrawn_at"),
    /**
     * Who recorded the withdrawal: the participant, or an admin acting on their request (no foreign key: the
     * record outlives an admin account, as the audit log's names do).
     */
    withdrawnBy: integer("withdrawn_by"),
  },
  (t) => [
    index("evidence_user").on(t.userId, t.id),
    index("evidence_public").on(t.isPublic, t.id),
    index("evidence_media").on(t.mediaId),
    index("evidence_thumbnail").on(t.thumbnailId),
    index("evidence_review").on(t.reviewStatus, t.id),
    uniqueIndex("evidence_client_ref").on(t.userId, t.clientRef),
  ],
);

export type EvidenceRow = typeof evidence.$inferSelect;
