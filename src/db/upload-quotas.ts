import { sql } from "drizzle-orm";
import { check, integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * Per-participant upload quota (stored bytes count resumable uploads' declared lengths while they are pending, and
 * multipart bodies being received: body-reservations.ts), enforced inside the transaction that writes an upload's
 * rows: the CHECKs fail (and roll the whole write back) when a participant would pass their limits, however many uploads race, on
 * however many instances. The limits are copied in from the configuration at each write.
 */
export const uploadQuotas = sqliteTable(
  "upload_quotas",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Bytes of evidence media (files and thumbnails) the participant has stored, recomputed at each write. */
    storedBytes: integer("stored_bytes").notNull(),
    maxBytes: integer("max_bytes").notNull(),
    /** Epoch ms when the current hour of counting uploads began. */
    windowStart: integer("window_start").notNull(),
    windowUploads: integer("window_uploads").notNull(),
    maxUploads: integer("max_uploads").notNull(),
    /** Resumable uploads neither finished into an item nor expired, recounted at each write (UPLOAD_PENDING_MAX). */
    pendingUploads: integer("pending_uploads").notNull().default(0),
    maxPending: integer("max_pending").notNull().default(Number.MAX_SAFE_INTEGER),
  },
  (t) => [
    check("upload_quotas_bytes", sql`${t.storedBytes} <= ${t.maxBytes}`),
    check("upload_quotas_uploads", sql`${t.windowUploads} <= ${t.maxUploads}`),
    check("upload_quotas_pending", sql`${t.pendingUploads} <= ${t.maxPending}`),
  ],
);
