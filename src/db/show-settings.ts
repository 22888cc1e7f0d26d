import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The show's words as admins set them in the browser: one row per field (src/show/show-schema.ts), its value as
 * JSON. A field without a row has its built-in default; deleting the row restores it.
 */
export const showSettings = sqliteTable("show_settings", {
  field: text("field").primaryKey(),
  /** JSON of the field's value (a string, a list of strings, a list of {question, answer}). */
  value: text("value").notNull(),
  updatedAt: text("updated_at").notNull(),
  /** Who set it last (no foreign key: the audit log names them too, and the value outlives them). */
  updatedBy: integer("updated_by"),
});

export type ShowSettingRow = typeof showSettings.$inferSelect;
