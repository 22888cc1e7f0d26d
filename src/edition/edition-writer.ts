/**
 * Writing the edition's folder: each file beside its place under a temporary name and renamed when whole, media
 * streamed chunk by chunk (a show's media never sits in memory), and a re-run rewriting only what changed. The folder
 * keeps a list of what the last export wrote (.casefile-edition.json, with sizes and SHA-256): a media file of the
 * same size is kept (its name carries its media id, and a file's bytes never change under its id); a text file is
 * rewritten only when its bytes differ; a file the new edition no longer holds (an item made private since) is removed.
 * The list also keeps what was measured of each media file (its size, its length), so a re-run measures only new files.
 */
import { copyFile, mkdir, open, readdir, rename, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import type { FileDigest } from "../media/file-digest";
import { digestOffThread } from "../media/media-thread";
import type { FileFacts } from "./iiif";

const LIST_FILE = ".casefile-edition.json";

export type Written = { path: string; size: number; sha256: string };
/** `facts`: what was measured of a media file, kept so a re-run need not probe again (its bytes never change). */
type Listed = Record<string, { size: number; sha256: string; facts?: FileFacts }>;

export class EditionFolderError extends Error {}

export type EditionWriter = {
  /** A text or small file (pages, manifests, catalogue); written only when its bytes changed. */
  bytes(relative: string, content: string | Uint8Array): Promise<Written>;
  /**
   * A media file streamed from the store; kept when the last export wrote it at this size. `from`: its place on local
   * disk, when the store has one (copied by the kernel then, and hashed on the media thread).
   */
  stream(relative: string, size: number, read: () => Promise<ReadableStream<Uint8Array> | Blob>, from?: string): Promise<Written>;
  /** The file's place on disk (for probing). */
  local(relative: string): string;
  /** What the last export measured of this media file, when it wrote the same file; and what this one measured. */
  recalled(relative: string): FileFacts | undefined;
  remember(relative: string, facts: FileFacts): void;
  /** Removes what the last export wrote and this one did not, and records this one's list. */
  finish(): Promise<{ written: number; kept: number; removed: number }>;
};

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

export async function openEdition(root: string): Promise<EditionWriter> {
  await mkdir(root, { recursive: true });
  const entries = await readdir(root);
  const listFile = Bun.file(path.join(root, LIST_FILE));
  if (entries.length > 0 && !(await listFile.exists())) {
    throw new EditionFolderError(`${root} holds other files and no earlier edition; choose an empty or new folder.`);
  }
  const before: Listed = (await listFile.exists()) ? ((await listFile.json()) as Listed) : {};
  const now: Listed = {};
  let written = 0;
  let kept = 0;
  const local = (relative: string) => {
    const full = path.resolve(root, relative);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`${relative} is outside the edition`);
    return full;
  };
  const partial = (full: string) => `${full}.${process.pid}.partial`;
  const note = (relative: string, size: number, hash: string, changed: boolean): Written => {
    now[relative] = { size, sha256: hash };
    if (changed) written++;
    else kept++;
    return { path: relative, size, sha256: hash };
  };

  return {
    local,
    recalled: (relative) => (before[relative] && before[relative].sha256 === now[relative]?.sha256 ? before[relative].facts : undefined),
    remember(relative, facts) {
      if (now[relative]) now[relative].facts = facts;
    },
    async bytes(relative, content) {
      const full = local(relative);
      const data = typeof content === "string" ? new TextEncoder().encode(content) : content;
      const hash = sha256(data);
      const existing = Bun.file(full);
      if (before[relative]?.sha256 === hash && (await existing.exists()) && existing.size === data.length) return note(relative, data.length, hash, false);
      await mkdir(path.dirname(full), { recursive: true });
      await Bun.write(partial(full), data);
      await rename(partial(full), full);
      return note(relative, data.length, hash, true);
    },
    async stream(relative, size, read, from) {
      const full = local(relative);
      const listed = before[relative];
      if (listed?.size === size && (await stat(full).catch(() => undefined))?.size === size) return note(relative, size, listed.sha256, false);
      await mkdir(path.dirname(full), { recursive: true });
      const target = partial(full);
      try {
        const digest = from ? await copyLocal(from, target, size) : await copyStream(await read(), target);
        await rename(target, full);
        return note(relative, digest.size, digest.sha256, true);
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
    },
    async finish() {
      let removed = 0;
      for (const relative of Object.keys(before)) {
        if (now[relative]) continue;
        await rm(local(relative), { force: true });
        removed++;
        await removeEmptyParents(root, path.dirname(local(relative)));
      }
      await Bun.write(partial(listFile.name!), JSON.stringify(now));
      await rename(partial(listFile.name!), listFile.name!);
      return { written, kept, removed };
    },
  };
}

/**
 * A media file on local disk: copied by the kernel (no bytes pass through this process) while the media thread hashes
 * the same file, so hashing costs no time of its own on a machine with a second core (BENCHMARKS.md, the edition).
 */
async function copyLocal(from: string, target: string, size: number): Promise<FileDigest> {
  const [digest] = await Promise.all([digestOffThread(from, size), copyFile(from, target)]);
  if (digest.size !== size) throw new Error(`${from} holds ${digest.size} bytes, not ${size}`);
  return digest;
}

/** A media file from another store (S3), hashed as it is written. */
async function copyStream(body: ReadableStream<Uint8Array> | Blob, target: string): Promise<FileDigest> {
  const chunks = (body instanceof Blob ? body.stream() : body) as unknown as AsyncIterable<Uint8Array>;
  const hasher = new Bun.CryptoHasher("sha256");
  const handle = await open(target, "w");
  let size = 0;
  try {
    for await (const chunk of chunks) {
      hasher.update(chunk);
      size += chunk.length;
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  return { size, sha256: hasher.digest("hex") };
}

async function removeEmptyParents(root: string, dir: string): Promise<void> {
  const top = path.resolve(root);
  while (dir.startsWith(top + path.sep)) {
    if ((await readdir(dir).catch(() => ["?"])).length > 0) return;
    await rmdir(dir).catch(() => undefined);
    dir = path.dirname(dir);
  }
}
