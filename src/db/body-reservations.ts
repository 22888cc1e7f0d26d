import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * A multipart body being received: its declared bytes count against the uploader's storage quota while they sit in
 * the instance's temp area (evidence/quotas.ts). A row counts only while its instance's heartbeat is
 * recent, so a crashed process's reservations stop counting by themselves and are deleted at the next reservation.
 */
export const bodyReservations = sqliteTable(
  "body_reservations",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bytes: integer("bytes").notNull(),
    /** The instance receiving the body (server_instances.id). */
    instanceId: text("instance_id").notNull(),
  },
  (t) => [index("body_reservations_user").on(t.userId)],
);
