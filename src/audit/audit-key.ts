/**
 * The secret and the anchor that keep the audit chain honest against someone who can write the database but not
 * the application's data folder (a leaked sqld token, a copy of the file, the sqlite3 command line on a shared host).
 *
 * - The key: every entry's hash is an HMAC-SHA-256 under it, so no one without it can seal an edited or inserted
 *   entry. AUDIT_KEY, or else `audit.key` in the data folder, made once (32 random bytes, hex, mode 0600).
 *   Instances on one sqld must share it (the same AUDIT_KEY, or a copy of the file); backups carry it (restore
 *   writes it to the new data folder), as they carry everything else an operator needs to read the log.
 * - The anchor: `audit-head.json` beside it, the last entry this data folder's application sealed (its id and
 *   hash). Deleting the newest entries and rewinding sqlite_sequence leaves a chain that is valid but shorter than
 *   the anchor; wiping seals leaves entries unsealed below it. Both are then named as broken.
 */
import { chmod, link, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config";

/** v 2: written since entries carry detail_hash (an anchor without it names a hash from before their re-seal). */
export type AuditAnchor = { id: number; hash: string; v?: 2 };

const KEY_BYTES = 32;

/**
 * The key: AUDIT_KEY, else the key file. With `create`, a missing file is made (exclusively: two instances starting
 * at once end up with the same one); without, undefined when there is none.
 */
export async function loadAuditKey(settings: Config["audit"], create: boolean): Promise<Buffer | undefined> {
  if (settings.key) return Buffer.from(settings.key, "utf8");
  const existing = await readKeyFile(settings.keyFile);
  if (existing || !create) return existing;
  // Written whole to a temporary name, then linked into place (which fails if a key appeared meanwhile): an instance
  // starting at the same moment reads a whole key or none, never half of one.
  await mkdir(path.dirname(settings.keyFile), { recursive: true });
  const temp = path.join(path.dirname(settings.keyFile), `.audit-key-${crypto.randomUUID()}`);
  await writeFile(temp, Buffer.from(crypto.getRandomValues(new Uint8Array(KEY_BYTES))).toString("hex") + "\n", { mode: 0o600 });
  try {
    await link(temp, settings.keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await rm(temp, { force: true });
  }
  return readKeyFile(settings.keyFile);
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  try {
    const text = (await readFile(file, "utf8")).trim();
    if (text.length < 32) throw new Error(`${file} holds no audit key of at least 32 characters`);
    if ((await stat(file)).mode & 0o077) {
      console.warn(`audit log: ${file} can be read by other users of this machine; setting it to mode 0600`);
      await chmod(file, 0o600).catch((error) => console.warn(`audit log: could not change ${file}'s mode:`, error));
    }
    return Buffer.from(text, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The key's text (for backups, which carry it whether it came from AUDIT_KEY or the file); undefined when none yet. */
export async function auditKeyText(settings: Config["audit"]): Promise<string | undefined> {
  return settings.key ?? (await readKeyFile(settings.keyFile))?.toString("utf8");
}

/**
 * Writes a restored key file, unless AUDIT_KEY is set (the operator then supplies the key). A different key already
 * in the folder is not replaced: the restored log would then not verify, which the caller is told.
 */
export async function restoreAuditKey(settings: Config["audit"], text: string): Promise<void> {
  if (settings.key) return;
  await mkdir(path.dirname(settings.keyFile), { recursive: true });
  try {
    await writeFile(settings.keyFile, `${text}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const existing = await readKeyFile(settings.keyFile);
    if (existing?.toString("utf8") !== text) {
      throw new Error(`${settings.keyFile} holds another audit key than the backup's; move it away and restore again`);
    }
  }
}

export async function readAnchor(settings: Config["audit"]): Promise<AuditAnchor | undefined> {
  try {
    const anchor = JSON.parse(await readFile(settings.headFile, "utf8")) as AuditAnchor;
    return Number.isInteger(anchor.id) && typeof anchor.hash === "string" ? anchor : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Replaces the anchor atomically (a crash leaves the old one or the new one, never half of one). */
export async function writeAnchor(settings: Config["audit"], anchor: AuditAnchor): Promise<void> {
  await mkdir(path.dirname(settings.headFile), { recursive: true });
  const temp = path.join(path.dirname(settings.headFile), `.audit-head-${crypto.randomUUID()}.json`);
  await writeFile(temp, JSON.stringify(anchor) + "\n", { mode: 0o600 });
  await rename(temp, settings.headFile);
}
