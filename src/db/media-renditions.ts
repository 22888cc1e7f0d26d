import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { mediaFiles } from "./media-files";

/**
 * A copy of a stored media file made by the server for viewers (src/renditions): a display copy browsers can play,
 * a poster, a thumbnail, waveform peaks. Made from the file's public version and carrying no metadata, never
 * replacing the original (whose bytes and hash stay as they arrived). Readable by whoever may read the original.
 */
export const mediaRenditions = sqliteTable(
  "media_renditions",
  {
    mediaId: text("media_id")
      .notNull()
      .references(() => mediaFiles.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["display", "poster", "thumbnail", "peaks"] }).notNull(),
    mime: text("mime").notNull(),
    storeKey: text("store_key").notNull(),
    size: integer("size").notNull(),
    createdAt: text("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.kind] })],
);

export type MediaRenditionRow = typeof mediaRenditions.$inferSelect;
export type RenditionKind = MediaRenditionRow["kind"];
