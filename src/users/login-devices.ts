/**
 * "This browser has logged in to this account before": a random token in a long-lived HttpOnly cookie sent only to the
 * login route, stored as its SHA-256 (src/db/login-devices.ts). login.service.ts counts a login from such a browser
 * on the device's own key instead of the account's, so ten wrong passwords from anywhere else lock out the guesser,
 * not the owner (OWASP's "device cookies"). A stolen cookie gives no more than the owner's own ten tries.
 */
import { and, eq, gt, lt } from "drizzle-orm";
import { sha256Hex } from "../auth/passwords";
import type { Database } from "../db/client";
import { loginDevices } from "../db/login-devices";

export const DEVICE_DAYS = 180;
const DEVICE_MS = DEVICE_DAYS * 24 * 60 * 60 * 1000;

/** The device's key when token names a live device of this user, else undefined. */
export async function knownDevice(db: Database, token: string | undefined, userId: number, now = Date.now()): Promise<string | undefined> {
  if (!token) return undefined;
  const idHash = sha256Hex(token);
  const [row] = await db
    .select({ idHash: loginDevices.idHash })
    .from(loginDevices)
    .where(and(eq(loginDevices.idHash, idHash), eq(loginDevices.userId, userId), gt(loginDevices.expiresAt, now)));
  return row?.idHash;
}

/** After a login: keeps a known device (its token) for another DEVICE_DAYS, or remembers a new one; returns its cookie value. */
export async function rememberDevice(db: Database, userId: number, knownToken: string | undefined, now = Date.now()) {
  const token = knownToken ?? Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  await db.batch([
    db.delete(loginDevices).where(and(eq(loginDevices.userId, userId), lt(loginDevices.expiresAt, now))),
    db
      .insert(loginDevices)
      .values({ idHash: sha256Hex(token), userId, expiresAt: now + DEVICE_MS })
      .onConflictDoUpdate({ target: loginDevices.idHash, set: { expiresAt: now + DEVICE_MS } }),
  ]);
  return token;
}

/** Log out everywhere: a lost phone is no longer one of the account's devices either. */
export async function forgetDevices(db: Database, userId: number): Promise<void> {
  await db.delete(loginDevices).where(eq(loginDevices.userId, userId));
}
