import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One row (id 1): the release that last applied migrations to this database, written in the same batch as them, so
 * an older release refused at start (db/migrate.ts) can name the release to run. Older releases read it with a plain
 * query that tolerates its absence: never rename it or its columns.
 */
export const databaseRelease = sqliteTable("database_release", {
  id: integer("id").primaryKey(),
  release: text("release").notNull(),
  migratedAt: text("migrated_at").notNull(),
});
