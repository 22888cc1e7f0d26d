import { mkdir, readdir, rename, rm, stat, writeFile, access, constants } from "node:fs/promises";
import path from "node:path";
import { openTempArea } from "./temp-area";
import { type ByteRange, type MediaStore, MissingMediaError } from "./store";

const TEMP_FOLDER = ".tmp";
export async function createLocalStore(root: string): Promise<MediaStore> {
  const tempDir = await openTempArea(path.join(root, TEMP_FOLDER));
  const pathOf = (key: string) => {
    const full = path.join(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`media key escapes the store: ${key}`);
    return full;
  };

  return {
    tempDir,
    async putFile(key, tempPath) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempPath, target);
    },
    async putBytes(key, bytes) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    },
    localPath: pathOf,
    async read(key, range?: ByteRange) {
      const file = Bun.file(pathOf(key));
      // Bun opens the file only when it sends it, after the head: a missing one must be an error before that.
      if (!(await file.exists())) throw new MissingMediaError(key);
      return range ? file.slice(range.start, range.end + 1) : file;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async *list() {
      for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        if (!key.startsWith(`${TEMP_FOLDER}/`) && !key.startsWith(".")) yield key;
      }
    },
    async check() {
      await stat(root);
      await access(root, constants.W_OK);
    },
  };
}
