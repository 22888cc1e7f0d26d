import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * A language's words as an operator set them in the browser (src/i18n): a catalog that overrides the shipped one
 * message by message, or the whole catalog of a language casefile does not ship. Messages it lacks fall back to the
 * shipped catalog, then to English.
 */
export const catalogs = sqliteTable("catalogs", {
  /** A BCP 47 tag, canonical (Intl.getCanonicalLocales): "fr", "pt-BR". */
  language: text("language").primaryKey(),
  /** JSON object: message id → ICU MessageFormat text. */
  messages: text("messages").notNull(),
  updatedAt: text("updated_at").notNull(),
  /** Who uploaded it (no foreign key: the audit log names them too, and the words outlive them). */
  updatedBy: integer("updated_by"),
});

export type CatalogRow = typeof catalogs.$inferSelect;
