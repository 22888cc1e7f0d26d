import { expect, test } from "bun:test";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLocalStore } from "./local-store";

test("at start, temp files left by a crash over an hour ago are removed; recent ones stay", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "casefile-store-"));
  try {
    await mkdir(path.join(root, ".tmp"));
    await writeFile(path.join(root, ".tmp", "old.part"), "left by a crash");
    await writeFile(path.join(root, ".tmp", "new.part"), "an upload in progress");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(root, ".tmp", "old.part"), twoHoursAgo, twoHoursAgo);
    await createLocalStore(root);
    expect(await readdir(path.join(root, ".tmp"))).toEqual(["new.part"]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test("keys cannot escape the store's folder", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "casefile-store-"));
  try {
    const store = await createLocalStore(root);
    await expect(store.putBytes("../escape", new Uint8Array([1]), "image/png")).rejects.toThrow("escapes");
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
