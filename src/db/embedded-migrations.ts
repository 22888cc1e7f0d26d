/**
 * A Bun macro: runs when the code is bundled or transpiled, so the SQL of migrations/ is inlined into the
 * program and the single executable needs no migrations folder beside it.
 */
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";

export function readMigrations() {
  return readMigrationFiles({ migrationsFolder: path.join(import.meta.dir, "../../migrations") });
}
