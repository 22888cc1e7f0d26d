/** `create-admin` and `set-role`: the only ways (besides ADMIN_* at start) to make someone an admin. */
import { sealAuditLog } from "../audit/audit-chain";
import type { Config } from "../config";
import { openContext } from "../server";
import { ensureAdmin, setRole } from "../users/users.service";
import { normalizeUsername } from "../config/identity-rules";
import { checkEmail, checkUsername, PASSWORD_MIN } from "../users/validation";
import { asCliError, CliError } from "./errors";

export type AdminFlags = { username?: string; email?: string; password?: string; promote?: boolean };

/** Opens the database without the ADMIN_* bootstrap, so the command does exactly what it was asked. */
async function withContext<T>(config: Config, run: (ctx: Awaited<ReturnType<typeof openContext>>) => Promise<T>): Promise<T> {
  const ctx = await openContext({ ...config, admin: undefined });
  try {
    const result = await run(ctx);
    // The command's audit entry, sealed now rather than at the server's next write.
    await sealAuditLog(ctx.db);
    return result;
  } catch (error) {
    throw asCliError(error);
  } finally {
    ctx.close();
  }
}

/**
 * Creates an admin from flags, falling back to ADMIN_USERNAME/ADMIN_EMAIL/ADMIN_PASSWORD/ADMIN_PROMOTE; an existing
 * participant of that name is promoted only with --promote.
 */
export async function createAdmin(config: Config, flags: AdminFlags): Promise<string> {
  const username = normalizeUsername(flags.username ?? config.admin?.username ?? "");
  const email = flags.email ?? config.admin?.email;
  const password = flags.password ?? config.admin?.password;
  if (!username || !email || !password) {
    throw new CliError("create-admin needs --username, --email and --password (or ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD).");
  }
  if (password.length < PASSWORD_MIN) throw new CliError(`The password must be at least ${PASSWORD_MIN} characters long.`);
  return withContext(config, async (ctx) => {
    checkUsername(username);
    checkEmail(email);
    const promote = flags.promote ?? config.admin?.promote ?? false;
    const { user, was } = await ensureAdmin(ctx.db, { username, email, password, promote });
    if (was === "absent") return `Created the admin ${user.username} (id ${user.id}).`;
    if (was === "admin") return `${user.username} (id ${user.id}) is already an admin; nothing changed.`;
    return `${user.username} (id ${user.id}) was a participant; it is now an admin, with its email and password unchanged.`;
  });
}

export async function setUserRole(config: Config, username: string, role: string): Promise<string> {
  if (role !== "1" && role !== "2") throw new CliError(`The role must be 1 (participant) or 2 (admin), got "${role}".`);
  return withContext(config, async (ctx) => {
    const user = await setRole(ctx.db, username, Number(role) as 1 | 2);
    return `${user.username} now has role ${user.role} (${user.role === 2 ? "admin" : "participant"}).`;
  });
}
