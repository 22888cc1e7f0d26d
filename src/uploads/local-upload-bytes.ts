import { copyFile, link, mkdir, open, readdir, rename, rm, stat, truncate } from "node:fs/promises";
import path from "node:path";
import { notFound } from "../http/errors";
import { copyAt } from "./kernel-copy";
import type { UploadBytes } from "./upload-bytes";
import { isUploadId } from "./upload-id";

/**
 * The folder of resumable uploads' bytes, beside the store's temp area (`.tmp`) and on the same filesystem, but apart
 * from it: the start-up sweep of stale temp files must not eat an upload that a phone resumes hours later. Instances
 * sharing an UPLOADS_DIR share it. The local store's list() skips dot folders, so backups leave it out.
 */
export const localUploadsDir = (uploadsDir: string) => path.join(uploadsDir, ".tus");

/** Local bytes: one file per upload, written at explicit positions, so the row's offset alone says what is valid. */
export function createLocalUploadBytes(dir: string, storeTempDir: string): UploadBytes {
  const fileOf = (id: string) => {
    if (!isUploadId(id)) throw new Error(`not an upload id: ${id}`);
    return path.join(dir, `${id}.bin`);
  };
  const ready = mkdir(dir, { recursive: true });

  return {
    async create(id) {
      await ready;
      await (await open(fileOf(id), "wx")).close();
      return null;
    },

    async append(id, state, offset, body, persisted) {
      // Missing: the upload was terminated or swept since its row was read.
      const handle = await open(fileOf(id), "r+").catch((error) => {
        throw error?.code === "ENOENT" ? notFound("No such upload.") : error;
      });
      let position = offset;
      try {
        // A request killed mid-write may have left bytes past the row's offset: they were never acknowledged.
        await handle.truncate(offset);
        const reader = body.getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) {
          const chunk = read.value;
          for (let done = 0; done < chunk.byteLength; ) {
            const { bytesWritten } = await handle.write(chunk, done, chunk.byteLength - done, position);
            done += bytesWritten;
            position += bytesWritten;
          }
          await persisted(position, state);
        }
      } finally {
        await handle.close();
      }
      return { offset: position, state };
    },

    async toTempFile(id, _state, length) {
      const source = fileOf(id);
      const { size } = await stat(source);
      if (size < length) throw new Error(`upload ${id} has ${size} of ${length} bytes on disk`);
      const target = path.join(storeTempDir, `${crypto.randomUUID()}.part`);
      // A second name for the same bytes (no copy of a large file); a filesystem without hard links gets a copy.
      await link(source, target).catch(() => copyFile(source, target));
      return target;
    },

    async remove(id) {
      await rm(fileOf(id), { force: true });
    },

    pieces: {
      // Not a .bin name: the orphan sweep removes a piece its request left behind (a crash) once it is old.
      pathOf: (id, token) => `${fileOf(id).slice(0, -4)}.${token}.piece`,

      async join(id, offset, piece, bytes) {
        await ready;
        if (offset === 0) {
          // The piece is the upload from its first byte: it becomes the upload's file (no copy).
          await truncate(piece, bytes);
          await rename(piece, fileOf(id));
          return;
        }
        const target = fileOf(id);
        try {
          // Anything stored past offset by a request cut short was never acknowledged.
          await truncate(target, offset).catch((error) => {
            throw error?.code === "ENOENT" ? notFound("No such upload.") : error;
          });
          await truncate(piece, bytes);
          await copyAt(piece, target, offset, bytes);
        } finally {
          await rm(piece, { force: true });
        }
      },
    },
  };
}

/** Upload files in dir whose row is gone (e.g. their owner was deleted) and that were last written before `before`. */
export async function removeOrphanUploadFiles(dir: string, hasRow: (id: string) => Promise<boolean>, before: number): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const id = name.endsWith(".bin") ? name.slice(0, -4) : "";
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || info.mtimeMs >= before) continue;
    if (isUploadId(id) && (await hasRow(id))) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
