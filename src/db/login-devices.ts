import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * Browsers an account has logged in from (a long-lived HttpOnly cookie, stored only as its SHA-256). A login from one
 * of them is counted on its own key, so someone guessing the password from elsewhere locks out only themselves: the
 * owner, an admin included, still logs in from their own phone.
 */
export const loginDevices = sqliteTable(
  "login_devices",
  {
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Epoch ms; a device not seen at a login for this long is forgotten. */
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("login_devices_user").on(t.userId)],
);
