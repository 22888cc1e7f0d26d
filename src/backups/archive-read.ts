/**
 * One pass over a backup archive: every entry hashed as it is read, the database snapshot written out, and a
 * format-2 archive's seal (backup-format.ts) held against what was read. What the database says of the media is
 * checked after (backup-verify.ts).
 */
import path from "node:path";
import { BACKUP_DB, BACKUP_MANIFEST, BACKUP_SEAL, keyOfEntry, readSeal, type BackupManifest, type BackupSeal, type SealedEntry } from "../cli/backup-format";
import { readTar } from "../cli/tar";

export type ArchiveRead = {
  problems: string[];
  manifest: BackupManifest | undefined;
  seal: BackupSeal | undefined;
  /** The media entries as read, by store key. */
  media: Map<string, SealedEntry>;
  /** Entries the seal already names as changed (named once). */
  changed: Set<string>;
  /** Where the snapshot was written, when it was read whole and (format 2) is the one sealed. */
  dbPath: string | undefined;
};

async function hashBody(body: ReadableStream<Uint8Array>, into?: string): Promise<{ size: number; sha256: string }> {
  const hasher = new Bun.CryptoHasher("sha256");
  const sink = into ? Bun.file(into).writer() : undefined;
  let size = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    hasher.update(chunk);
    size += chunk.length;
    sink?.write(chunk);
  }
  await sink?.end();
  return { size, sha256: hasher.digest("hex") };
}

/** What to call an entry in a problem. */
const described = (name: string) => (name === BACKUP_DB ? "the database snapshot" : name === BACKUP_MANIFEST ? `its ${BACKUP_MANIFEST}` : `media ${keyOfEntry(name) ?? name}`);

/** Reads file whole; the snapshot goes to workDir/casefile.db. Never throws for a damaged archive: it says so. */
export async function readArchive(file: string, workDir: string): Promise<ArchiveRead> {
  const read: ArchiveRead = { problems: [], manifest: undefined, seal: undefined, media: new Map(), changed: new Set(), dbPath: undefined };
  const entries: SealedEntry[] = [];
  const dbPath = path.join(workDir, BACKUP_DB);
  let dbRead = false;
  try {
    for await (const entry of readTar(file)) {
      if (read.seal) {
        read.problems.push(`an entry after ${BACKUP_SEAL}: ${entry.name}`);
        continue;
      }
      if (entries.length === 0 && entry.name !== BACKUP_MANIFEST) return { ...read, problems: [`not a casefile backup (no ${BACKUP_MANIFEST} first)`] };
      if (entries.length === 1 && entry.name !== BACKUP_DB) return { ...read, problems: [`no ${BACKUP_DB} after the manifest`] };
      if (entry.name === BACKUP_SEAL) {
        const seal = readSeal(await new Response(entry.body).text());
        if (typeof seal === "string") return { ...read, problems: [seal] };
        read.seal = seal;
        checkSeal(read, seal, entries, entry.before);
        continue;
      }
      if (entry.name === BACKUP_MANIFEST) {
        const text = await new Response(entry.body).text();
        const bytes = new TextEncoder().encode(text);
        entries.push({ name: entry.name, size: bytes.length, sha256: new Bun.CryptoHasher("sha256").update(bytes).digest("hex") });
        try {
          read.manifest = JSON.parse(text) as BackupManifest;
        } catch {
          return { ...read, problems: [`its ${BACKUP_MANIFEST} is damaged`] };
        }
        const { format, version } = read.manifest;
        if (format !== "casefile-backup" || (version !== 1 && version !== 2)) return { ...read, problems: [`unsupported backup format ${format} v${version}`] };
        continue;
      }
      const hashed = await hashBody(entry.body, entry.name === BACKUP_DB ? dbPath : undefined);
      entries.push({ name: entry.name, ...hashed });
      if (entry.name === BACKUP_DB) dbRead = true;
      const key = keyOfEntry(entry.name);
      if (key !== undefined) read.media.set(key, { name: entry.name, ...hashed });
      else if (entry.name !== BACKUP_DB) read.problems.push(`unexpected entry ${entry.name}`);
    }
  } catch (error) {
    read.problems.push((error as Error).message);
  }
  if (read.manifest?.version === 2 && !read.seal) read.problems.push(`no ${BACKUP_SEAL} at its end (cut short?)`);
  const dbSealed = !read.seal || read.seal.entries.some((sealed) => sealed.name === BACKUP_DB && sameEntry(sealed, entries[1]));
  read.dbPath = dbRead && dbSealed && (read.manifest?.version === 1 || read.seal) ? dbPath : undefined;
  return read;
}

const sameEntry = (a: SealedEntry, b: SealedEntry | undefined) => !!b && a.name === b.name && a.size === b.size && a.sha256 === b.sha256;

/** Names every entry that differs from the seal; a change elsewhere (a header, padding) is named as such. */
function checkSeal(read: ArchiveRead, seal: BackupSeal, entries: SealedEntry[], before: string) {
  const found = new Map(entries.map((entry) => [entry.name, entry]));
  let named = false;
  for (const sealed of seal.entries) {
    const entry = found.get(sealed.name);
    found.delete(sealed.name);
    if (sameEntry(sealed, entry)) continue;
    named = true;
    read.changed.add(sealed.name);
    read.problems.push(entry ? `${described(sealed.name)}: changed since the backup was written (its SHA-256 is not the sealed one)` : `${described(sealed.name)}: sealed but not in the archive`);
  }
  for (const name of found.keys()) {
    named = true;
    read.problems.push(`${described(name)}: in the archive but not sealed`);
  }
  if (!named && before !== seal.archiveSha256) read.problems.push("changed since the backup was written outside any file's content (a tar header or padding)");
}
