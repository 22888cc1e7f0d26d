import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { evidence } from "./evidence";
import { users } from "./users";

/**
 * A resumable (tus) upload in progress. Its state lives here, not in any one process, so an upload started on one
 * instance resumes on another and after a restart; its bytes live in the media store's temp area (local) or as S3
 * multipart parts plus a small tail object (S3). The row outlives the bytes once the upload became evidence, so a
 * second finalise finds the item instead of making another; the sweeper removes it at expiry.
 */
export const uploads = sqliteTable(
  "uploads",
  {
    /** Random, unguessable (128 bits, base64url): the last path segment of /api/uploads/{id}. */
    id: text("id").primaryKey(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Upload-Length: the whole file's size, fixed at creation. */
    length: integer("length").notNull(),
    /** Upload-Offset: bytes safely stored so far (a PATCH cut short keeps what reached storage). */
    offset: integer("offset").notNull().default(0),
    /** Upload-Metadata as the client sent it (echoed by HEAD), and the two values we read from it. */
    metadata: text("metadata").notNull().default(""),
    filename: text("filename"),
    mimeHint: text("mime_hint"),
    /** Store-specific state as JSON (S3: the multipart upload id, its parts and the tail object's size). */
    storeState: text("store_state"),
    /** One PATCH at a time across instances: a random token and the time its hold runs out (ISO). */
    lockToken: text("lock_token"),
    lockedUntil: text("locked_until"),
    /** Set once the upload became evidence (its bytes are then gone); a second finalise returns this item. */
    evidenceId: integer("evidence_id").references(() => evidence.id, { onDelete: "set null" }),
    /** SHA-256 of the whole file, computed when it was finalised. */
    sha256: text("sha256"),
    createdAt: text("created_at").notNull(),
    /** Upload-Expires (ISO); the sweeper removes the row and its bytes after it. */
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [index("uploads_owner").on(t.ownerId), index("uploads_expires").on(t.expiresAt)],
);

export type UploadRow = typeof uploads.$inferSelect;
