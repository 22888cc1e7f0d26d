/**
 * Restore, blind: a backup of a show whose renditions were made restores into a real folder with every rendition
 * serving; a damaged archive (cut short, one byte changed in the database, an original, a public copy, a rendition,
 * a tar header) is refused by `backup verify` and by `restore`, the target left exactly as it was; archives of older
 * releases (tests/fixtures/backups) restore and get their renditions made; a database a newer release migrated is
 * refused at start, unchanged. All as real processes on real folders.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { Actor, fixture, form, FIXTURES, newParticipant } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";
import { sha256 } from "./support/media";
import { FROM_SOURCE, runCommand, startProgram } from "./support/program";

setDefaultTimeout(180_000);

const PATH_ONLY = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
type Listed = { id: number; title: string; aws_url: string; renditions: { kind: string; url: string }[]; renditions_preparing: boolean };

async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(tmpdir(), prefix));
}

/** Every file under dir with its SHA-256, and every folder: what "unchanged" is held to. */
async function listing(dir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    found[path.relative(dir, full)] = entry.isFile() ? sha256(await readFile(full)) : "folder";
  }
  return found;
}

/** The offset of each entry's content in a tar archive, by name. */
function entryOffsets(bytes: Uint8Array): Map<string, { header: number; start: number; size: number }> {
  const found = new Map<string, { header: number; start: number; size: number }>();
  for (let at = 0; at + 512 <= bytes.length; ) {
    const block = bytes.subarray(at, at + 512);
    if (block.every((b) => b === 0)) break;
    const text = (from: number, length: number) => new TextDecoder().decode(block.subarray(from, from + length)).replace(/\0.*$/s, "");
    const size = parseInt(text(124, 12).trim(), 8);
    found.set(text(0, 100), { header: at, start: at + 512, size });
    at += 512 + size + ((512 - (size % 512)) % 512);
  }
  return found;
}

/** Polls until the participant's items all have renditions (or `until` passes). */
async function waitForRenditions(actor: Actor, count: number, what: string): Promise<Listed[]> {
  const until = Date.now() + 120_000;
  for (;;) {
    const items = (await (await actor.get("/api/evidence")).json()) as Listed[];
    if (items.length === count && items.every((item) => item.renditions.length > 0 && !item.renditions_preparing)) return items;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(items.map((i) => [i.title, i.renditions.length, i.renditions_preparing]))}`);
    await Bun.sleep(300);
  }
}

/** Each rendition and original of each item serves 200 with bytes. */
async function expectAllServe(actor: Actor, items: Listed[]) {
  for (const item of items) {
    for (const url of [item.aws_url, ...item.renditions.map((r) => r.url)]) {
      const response = await actor.get(url);
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  }
}

describe("a show with renditions", () => {
  let server: TestServer;
  let folder: string;
  let archive: string;
  let login: { username: string; password: string };
  let live: Listed[];

  beforeAll(async () => {
    server = await startTestServer({ RENDITION_JOBS: "1" });
    const { actor, fields } = await newParticipant(server.url);
    login = fields;
    for (const [title, name] of [["Photo", "photo.jpg"], ["Clip", "clip.mp4"], ["Voice", "voice.mp3"]] as const) {
      expect((await actor.post("/api/evidence", form({ title }, { file: await fixture(name) }))).status).toBe(201);
    }
    live = await waitForRenditions(actor, 3, "the live renditions");
    const kinds = new Set(live.flatMap((item) => item.renditions.map((r) => r.kind)));
    expect([...kinds].sort()).toEqual(expect.arrayContaining(["peaks", "poster", "thumbnail"]));
    folder = await tempDir("casefile-archives-");
    archive = path.join(folder, "show.tar");
    const env = { DATABASE_URL: `file:${path.join(server.dataDir, "casefile.db")}`, UPLOADS_DIR: server.uploadsDir };
    const made = await runCommand([...FROM_SOURCE, "backup", archive], server.dataDir, env);
    expect(made.stderr).toBe("");
    expect(made.stdout).toContain("and verified");
    expect(made.code).toBe(0);
  });

  afterAll(async () => {
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  test("the archive is its owner's only, carries every rendition, and restores with each one serving", async () => {
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    const names = [...entryOffsets(new Uint8Array(await readFile(archive))).keys()];
    for (const item of live) for (const r of item.renditions) expect(names.some((name) => name.endsWith(`.${r.kind}`))).toBe(true);
    expect(names.at(-1)).toBe("casefile-seal.json");
    // The release that made it, with its commit (as --version, the start log and the Server screen say).
    const verified = await runCommand([...FROM_SOURCE, "backup", "verify", archive], folder);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(/by casefile \d+\.\d+\.\d+\+[0-9a-f]{7,}(-dirty)?, .*every entry's SHA-256 as sealed/);

    const target = await tempDir("casefile-restored-");
    try {
      const restored = await runCommand([...FROM_SOURCE, "restore", archive], target, PATH_ONLY);
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      // No rendition jobs here: what serves came from the archive, not made again.
      const program = await startProgram(FROM_SOURCE, target, { ...PATH_ONLY, RENDITION_JOBS: "0" });
      try {
        const actor = new Actor(program.url);
        expect((await actor.login(login.username, login.password)).status).toBe(200);
        const items = (await (await actor.get("/api/evidence")).json()) as Listed[];
        expect(items.map((i) => [i.title, i.renditions.map((r) => r.kind).sort()]).sort()).toEqual(live.map((i) => [i.title, i.renditions.map((r) => r.kind).sort()]).sort());
        await expectAllServe(actor, items);
      } finally {
        await program.stop();
      }
    } finally {
      await rm(target, { recursive: true, force: true });
    }
  });

  /** A copy of the archive with one byte changed at `at` (an offset into the entry named by `entry`). */
  async function damaged(name: string, pick: (entries: ReturnType<typeof entryOffsets>) => number): Promise<string> {
    const bytes = new Uint8Array(await readFile(archive));
    bytes[pick(entryOffsets(bytes))]! ^= 0x01;
    const file = path.join(folder, name);
    await writeFile(file, bytes);
    return file;
  }
  const inside = (match: (name: string) => boolean) => (entries: ReturnType<typeof entryOffsets>) => {
    const [, entry] = [...entries].find(([name]) => match(name))!;
    return entry.start + Math.floor(entry.size / 2);
  };
  const isOriginal = (name: string) => /^media\/evidence\/[0-9a-f]+$/.test(name);

  const cases: [string, string | RegExp, () => Promise<string>][] = [
    ["cut short", /cut short|ends inside|not a complete/, async () => {
      const bytes = await readFile(archive);
      const file = path.join(folder, "cut.tar");
      await writeFile(file, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      return file;
    }],
    ["a byte in the database", "the database snapshot: changed since the backup was written", () => damaged("db.tar", inside((n) => n === "casefile.db"))],
    ["a byte in an original", /media evidence\/[0-9a-f]+: changed since the backup was written/, () => damaged("original.tar", inside(isOriginal))],
    ["a byte in a public copy", /media evidence\/[0-9a-f]+\.public: changed since the backup was written/, () => damaged("public.tar", inside((n) => n.endsWith(".public")))],
    ["a byte in a rendition", /media evidence\/[0-9a-f]+\.(thumbnail|poster|peaks|display): changed since the backup was written/, () => damaged("rendition.tar", inside((n) => /^media\/evidence\/.*\.(thumbnail|poster|peaks|display)$/.test(n)))],
    ["a byte in a tar header", "header of the entry", () => damaged("header.tar", (entries) => [...entries.values()][3]!.header + 20)],
    ["a byte in the seal", "casefile-seal.json is damaged", () => damaged("seal.tar", inside((n) => n === "casefile-seal.json"))],
  ];

  for (const [what, named, make] of cases) {
    test(`${what}: refused by backup verify and by restore, the target unchanged`, async () => {
      const file = await make();
      const verified = await runCommand([...FROM_SOURCE, "backup", "verify", file], folder);
      expect(verified.code).toBe(1);
      if (typeof named === "string") expect(verified.stderr).toContain(named);
      else expect(verified.stderr).toMatch(named);

      // A target as an operator prepares one: settings and an empty uploads folder.
      const target = await tempDir("casefile-target-");
      try {
        await writeFile(path.join(target, ".env"), "PROJECT_NAME=Restored\n");
        await mkdir(path.join(target, "uploads"));
        const before = await listing(target);
        const restored = await runCommand([...FROM_SOURCE, "restore", file], target, PATH_ONLY);
        expect(restored.code).toBe(2);
        expect(restored.stdout).toBe("");
        expect(restored.stderr.trim().split("\n")).toHaveLength(1);
        expect(restored.stderr).toContain("was not restored, and nothing was changed: it is damaged:");
        if (typeof named === "string") expect(restored.stderr).toContain(named);
        else expect(restored.stderr).toMatch(named);
        expect(await listing(target)).toEqual(before);
      } finally {
        await rm(target, { recursive: true, force: true });
      }
    });
  }
});

describe("archives of older releases", () => {
  for (const [file, login, made] of [
    ["turn3-1433306.tar", { username: "turn3user", password: "turn3pass1" }, "no renditions at all"],
    ["main-543b908.tar", { username: "mainuser", password: "mainpass1" }, "rendition rows without their files"],
  ] as const) {
    test(`${file} (${made}) restores, and its renditions are made and serve`, async () => {
      const target = await tempDir("casefile-restored-old-");
      try {
        const archive = path.join(target, "archive.tar");
        await copyFile(path.join(FIXTURES, "backups", file), archive);
        const restored = await runCommand([...FROM_SOURCE, "restore", archive], target, PATH_ONLY);
        expect(restored.stderr).toBe("");
        expect(restored.code).toBe(0);
        // Never a row without its file: what the archive lacks is gone from the database until it is made again.
        const db = createClient({ url: `file:${path.join(target, "data/casefile.db")}` });
        const rows = await db.execute("select count(*) as n from sqlite_master where name = 'media_renditions'");
        if (Number(rows.rows[0]!.n) > 0) expect(Number((await db.execute("select count(*) as n from media_renditions")).rows[0]!.n)).toBe(0);
        db.close();

        const program = await startProgram(FROM_SOURCE, target, { ...PATH_ONLY, RENDITION_JOBS: "1" });
        try {
          const actor = new Actor(program.url);
          expect((await actor.login(login.username, login.password)).status).toBe(200);
          await expectAllServe(actor, await waitForRenditions(actor, 3, "renditions made after the restore"));
        } finally {
          await program.stop();
        }
      } finally {
        await rm(target, { recursive: true, force: true });
      }
    });
  }
});

test("a database a newer release migrated: serve refuses in one line naming both releases (the one recorded as the last to migrate it), the database unchanged", async () => {
  const target = await tempDir("casefile-newer-");
  try {
    const archive = path.join(target, "archive.tar");
    await copyFile(path.join(FIXTURES, "backups", "main-543b908.tar"), archive);
    expect((await runCommand([...FROM_SOURCE, "restore", archive], target, PATH_ONLY)).code).toBe(0);
    const first = await startProgram(FROM_SOURCE, target, { ...PATH_ONLY, RENDITION_JOBS: "0" });
    await first.stop();
    // What a newer release leaves: one more migration, recorded as its own, and a heartbeat of some other release.
    const file = path.join(target, "data/casefile.db");
    const db = createClient({ url: `file:${file}` });
    await db.execute("insert into __drizzle_migrations (hash, created_at) values ('from-a-newer-release', 99999999999999)");
    // The start that migrated it recorded its own release.
    expect(String((await db.execute("select release from database_release")).rows[0]?.release)).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]+(-dirty)?$/);
    await db.execute("update database_release set release = '9.9.9+abcdef0'");
    await db.execute("insert into server_instances (id, host, version, started_at, seen_at) values ('other', 'host', '0.0.1+0000000', '2999-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z')");
    const known = Number((await db.execute("select count(*) as n from __drizzle_migrations")).rows[0]!.n) - 1;
    await db.execute("PRAGMA wal_checkpoint(TRUNCATE)"); // all of it in the file, which is then compared
    db.close();
    // The database's file, and no write waiting in a WAL (SQLite's shared-memory index is no data).
    const data = async () => {
      const found = await listing(path.join(target, "data"));
      delete found["casefile.db-shm"];
      if (found["casefile.db-wal"] === sha256(new Uint8Array())) delete found["casefile.db-wal"];
      return found;
    };
    const before = await data();

    const started = await runCommand([...FROM_SOURCE, "serve"], target, { ...PATH_ONLY, PORT: "0", RENDITION_JOBS: "0" }, 30_000);
    expect(started.code).not.toBe(0);
    const lines = started.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^This database was last migrated by casefile 9\\.9\\.9\\+abcdef0 \\(${known + 1} migrations; this casefile \\d+\\.\\d+\\.\\d+\\+[0-9a-f]+(-dirty)? knows ${known}\\): start that release or a newer one, or restore a backup made by this release`),
    );
    expect(await data()).toEqual(before);

    // A backup of it, restored by this release: refused the same way, nothing written.
    const newer = path.join(target, "newer.tar");
    expect((await runCommand([...FROM_SOURCE, "backup", newer], target, PATH_ONLY)).code).toBe(0);
    const elsewhere = await tempDir("casefile-newer-restore-");
    try {
      const refused = await runCommand([...FROM_SOURCE, "restore", newer], elsewhere, PATH_ONLY);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`its database was last migrated by casefile 9.9.9+abcdef0 (${known + 1} migrations; this casefile `);
      expect(refused.stderr.trim().split("\n")).toHaveLength(1);
      expect(await readdir(elsewhere)).toEqual([]);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  } finally {
    await rm(target, { recursive: true, force: true });
  }
});
