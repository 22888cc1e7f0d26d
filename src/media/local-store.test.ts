import { expect, test } from "bun:test";
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLocalStore } from "./local-store";

test("at start, loose temp files left over an hour ago are removed, recent ones stay; this process writes in a folder of its own", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "casefile-store-"));
  try {
    await mkdir(path.join(root, ".tmp"));
    await writeFile(path.join(root, ".tmp", "old.part"), "left by a crash");
    await writeFile(path.join(root, ".tmp", "new.part"), "an upload in progress");
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(path.join(root, ".tmp", "old.part"), twoHoursAgo, twoHoursAgo);
    const store = await createLocalStore(root);
    expect((await readdir(path.join(root, ".tmp"))).filter((name) => name.endsWith(".part"))).toEqual(["new.part"]);
    expect(path.dirname(store.tempDir)).toBe(path.join(root, ".tmp"));
    expect(await readdir(store.tempDir)).toEqual([]);
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
