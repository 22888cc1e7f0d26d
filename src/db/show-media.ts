import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The show's uploaded media (briefing and tutorial videos, their captions, logo, landing image), one row per upload.
 * The current file of a slot is its newest row with replaced_at null. A replaced file stays (and is served at its
 * own address) for a while, so a participant in the middle of the old briefing finishes it.
 */
export const showMedia = sqliteTable(
  "show_media",
  {
    /** Grows with every upload: the versioned address /show-media/<slot>/<id>. */
    id: integer("id").primaryKey({ autoIncrement: true }),
    slot: text("slot").notNull(),
    storeKey: text("store_key").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: text("created_at").notNull(),
    /** When a newer file (or the default) took its place; ISO. */
    replacedAt: text("replaced_at"),
    /**
     * A captions file's language (a canonical BCP 47 tag) as the admin said at upload, for the player's track; null
     * for other files, and for captions uploaded before it was asked (read as the server's default language).
     */
    language: text("language"),
  },
  (t) => [index("show_media_slot").on(t.slot, t.replacedAt)],
);

export type ShowMediaRow = typeof showMedia.$inferSelect;
