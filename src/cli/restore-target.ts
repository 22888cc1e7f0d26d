/**
 * Where a restore goes and how it gets there whole or not at all. A local folder is filled beside the target and
 * renamed into place; a database file likewise. A libSQL server takes the rows in one transaction, an S3 bucket
 * takes the files one by one and has them deleted again if anything fails before the end.
 */
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config";
import { openDatabase } from "../db/client";
import { createLocalStore } from "../media/local-store";
import type { MediaStore } from "../media/store";
import { openMediaStore } from "../media/open-store";
import { userTables } from "./database-copy";
import { CliError } from "./errors";

export const databaseFileOf = (url: string) => (url.startsWith("file:") ? path.resolve(url.slice("file:".length).split("?")[0]!) : undefined);

/** Refuses a target that holds data, without creating anything there. */
export async function requireEmptyTarget(config: Config): Promise<void> {
  const file = databaseFileOf(config.databaseUrl);
  if (!file || (await Bun.file(file).exists())) {
    const { client } = await openDatabase(config);
    try {
      const tables = await userTables(client);
      if (tables.length > 0) {
        throw new CliError(`DATABASE_URL (${config.databaseUrl}) already holds data (tables ${tables.join(", ")}); restore needs an empty target.`);
      }
    } finally {
      client.close();
    }
  }
  if (config.mediaStore === "s3") {
    for await (const key of (await openMediaStore(config)).list()) {
      throw new CliError(`The media store already holds files (e.g. ${key}); restore needs an empty target.`);
    }
    return;
  }
  const names = await readdir(config.uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const file0 = names.find((entry) => entry.isFile() && !path.relative(config.uploadsDir, path.join(entry.parentPath, entry.name)).startsWith("."));
  if (file0) throw new CliError(`The media store already holds files (e.g. ${path.relative(config.uploadsDir, path.join(file0.parentPath, file0.name))}); restore needs an empty target.`);
}

/** Folders made for the restore, removed again (when still empty) if it fails. */
export class MadeFolders {
  private readonly made: string[] = [];
  async ensure(dir: string): Promise<void> {
    const first = await mkdir(dir, { recursive: true });
    if (first) this.made.push(first);
  }
  async undo(): Promise<void> {
    for (const dir of this.made.reverse()) await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** The media side: a store to put files in, then commit (into place) or undo. */
export type MediaStaging = { store: MediaStore; commit(): Promise<void>; undo(): Promise<void> };

export async function stageMedia(config: Config, id: string): Promise<MediaStaging> {
  if (config.mediaStore === "s3") {
    const store = await openMediaStore(config);
    const put: string[] = [];
    return {
      store: { ...store, tempDir: store.tempDir, putFile: (key, temp, mime) => (put.push(key), store.putFile(key, temp, mime)) },
      async commit() {},
      async undo() {
        for (const key of put) await store.delete(key).catch(() => {});
      },
    };
  }
  const target = config.uploadsDir;
  const staged = `${target}.restore-${id}`;
  const store = await createLocalStore(staged);
  let committed = false;
  return {
    store,
    async commit() {
      await rm(store.tempDir, { recursive: true, force: true });
      // The target is empty (checked), but may exist with a temp folder: it steps aside, then goes.
      const aside = `${target}.replaced-${id}`;
      const existed = await rename(target, aside).then(() => true, (error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return false;
        throw error;
      });
      try {
        await rename(staged, target);
        committed = true;
      } catch (error) {
        if (existed) await rename(aside, target);
        throw error;
      }
      if (existed) await rm(aside, { recursive: true, force: true });
    },
    async undo() {
      // After the move the target held nothing of its own before (it was empty): it goes back to empty.
      if (committed) await rm(target, { recursive: true, force: true });
      else await rm(staged, { recursive: true, force: true });
    },
  };
}
