import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { evidence } from "./evidence";
import { mediaFiles } from "./media-files";

/**
 * One version of an item's redaction (src/redaction, docs/redaction.md): what its public copy hides, and the copy
 * made of it. Versions of an item count 1, 2, … (unique together, so two instances never make the same one); the
 * highest is current. Rows are never deleted while the item lives: undoing is a new version with an empty plan.
 */
export const redactions = sqliteTable(
  "redactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    evidenceId: integer("evidence_id")
      .notNull()
      .references(() => evidence.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    /** JSON of the RedactionPlan (src/redaction/redaction-plan.ts). */
    plan: text("plan").notNull(),
    /** The plan hides part of the picture / of the sound (an empty plan neither: the ordinary public copy again). */
    picture: integer("picture", { mode: "boolean" }).notNull(),
    sound: integer("sound", { mode: "boolean" }).notNull(),
    /** "pending" until its job made the copy; an empty plan is "done" at once. A job that failed for good: "failed". */
    status: text("status", { enum: ["pending", "done", "failed"] }).notNull(),
    /** Who asked for it (no foreign key: the record outlives the account, as the audit log's names do). */
    createdBy: integer("created_by"),
    createdAt: text("created_at").notNull(),
    madeAt: text("made_at"),
    error: text("error"),
    /** The redacted copy (a media_files row of purpose "redaction"); null for an empty plan and until it is made. */
    mediaId: text("media_id").references(() => mediaFiles.id, { onDelete: "set null" }),
    /** What the detector found in the copy, as the studio reported it. */
    verifiedAt: text("verified_at"),
    verifiedBy: integer("verified_by"),
    facesFound: integer("faces_found"),
    accepted: integer("accepted", { mode: "boolean" }),
  },
  (t) => [uniqueIndex("redactions_version").on(t.evidenceId, t.version), index("redactions_media").on(t.mediaId)],
);

export type RedactionRow = typeof redactions.$inferSelect;
