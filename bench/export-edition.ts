/**
 * The archive edition (issue 47): time and peak RSS of `casefile archive export <folder>` for N public items, then of
 * a re-run after one item's title changed (only the changed pages rewritten), beside a plain copy of the same media.
 *
 *   node_modules/.bin/bun bench/export-edition.ts     env: EDITION_BENCH_ITEMS (100), EDITION_BENCH_ITEM_MIB (1)
 *   issue 47's figure: EDITION_BENCH_ITEMS=1000 EDITION_BENCH_ITEM_MIB=2 (2 GB)
 *
 * Public photos are seeded straight into a fresh database and uploads folder (a JPEG frame header declaring its size,
 * as every photo starts, then random bytes; real SHA-256s) while a server runs on them, as an operator would export
 * after the show. The command's peak is its maximum RSS as the kernel
 * reports it at exit. Targets (BENCHMARKS.md): within 2 × the copy's time; peak RSS ≤ 150 MB.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { createClient } from "@libsql/client";
import { BUN, fmt, freePort, ROOT, startChild, tempDir } from "./lib/proc";

const MIB = 1024 * 1024;
const ITEMS = Number(process.env.EDITION_BENCH_ITEMS ?? 100);
const ITEM_BYTES = Math.round(Number(process.env.EDITION_BENCH_ITEM_MIB ?? 1) * MIB);
const RSS_BUDGET_MB = 150;
/** SOI and a baseline frame header (SOF0: 8 bits, 4032 high, 3024 wide, 3 components), as a phone's photo begins. */
const JPEG_HEAD = new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x0f, 0xc0, 0x0b, 0xd0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);

const tmp = await tempDir("edition");
const env = {
  DATABASE_URL: `file:${tmp.dir}/casefile.db`,
  UPLOADS_DIR: `${tmp.dir}/uploads`,
  WEB_DIR: path.join(ROOT, "dist/web"),
  ADMIN_USERNAME: "admin",
  ADMIN_EMAIL: "admin@example.org",
  ADMIN_PASSWORD: "adminpass1",
  // The seeded bytes are no real photos: the server's rendition jobs would only fail on them, beside the export.
  RENDITION_JOBS: "0",
};
const server = await startChild({ script: "src/main.ts", port: freePort(), readyPath: "/healthz", env });

try {
  const seeded = await seed();
  console.log(`seeded ${ITEMS} public photos, ${fmt(seeded / MIB, 0)} MiB`);
  const folder = path.join(tmp.dir, "edition");

  const copyStarted = performance.now();
  const copy = Bun.spawn(["cp", "-r", env.UPLOADS_DIR, path.join(tmp.dir, "copy")]);
  if ((await copy.exited) !== 0) throw new Error("cp failed");
  const copySeconds = (performance.now() - copyStarted) / 1000;

  const first = await exportOnce(folder);
  const db = createClient({ url: env.DATABASE_URL });
  await db.execute("update evidence set title = title || ' (renamed)' where id = (select max(id) from evidence)");
  db.close();
  const rerun = await exportOnce(folder);

  const within = (run: { peakMiB: number }) => run.peakMiB * 1.048576 <= RSS_BUDGET_MB;
  console.log(`\n| run | time | peak RSS | files | budget |\n| --- | --- | --- | --- | --- |`);
  console.log(`| cp -r of the media (baseline) | ${fmt(copySeconds, 2)} s | — | — | — |`);
  for (const [name, run] of [["first export", first], ["re-run after one change", rerun]] as const) {
    console.log(`| ${name} | ${fmt(run.seconds, 2)} s (${fmt(run.seconds / copySeconds)} × the copy) | ${fmt(run.peakMiB)} MiB | ${run.summary} | ${within(run) ? "within" : "OVER"} ${RSS_BUDGET_MB} MB |`);
  }
  if (!within(first) || !within(rerun)) process.exitCode = 1;
} finally {
  await server.stop();
  await tmp.remove();
}

async function exportOnce(folder: string) {
  const started = performance.now();
  const cli = Bun.spawn([BUN, "src/main.ts", "archive", "export", folder], { cwd: ROOT, env: { ...process.env, ...env }, stdout: "pipe", stderr: "inherit" });
  const out = await new Response(cli.stdout).text();
  if ((await cli.exited) !== 0) throw new Error("casefile archive export failed");
  const seconds = (performance.now() - started) / 1000;
  const summary = /(\d+ files written, \d+ unchanged, \d+ removed)/.exec(out)?.[1] ?? out.trim();
  return { seconds, peakMiB: cli.resourceUsage()!.maxRSS / MIB, summary };
}

/** Public photos as uploads make them (the stored file carried nothing: public_copy 'original'), owned by the admin. */
async function seed(): Promise<number> {
  const db = createClient({ url: env.DATABASE_URL });
  const now = new Date().toISOString();
  const owner = Number((await db.execute("select id from users where username = 'admin'")).rows[0]!.id);
  const block = new Uint8Array(MIB);
  await mkdir(path.join(env.UPLOADS_DIR, "evidence"), { recursive: true });
  for (let index = 0; index < ITEMS; index++) {
    const mediaId = crypto.randomUUID().replaceAll("-", "");
    const key = `evidence/${mediaId}`;
    const hasher = new Bun.CryptoHasher("sha256");
    const writer = Bun.file(path.join(env.UPLOADS_DIR, key)).writer();
    for (let at = 0; at < ITEM_BYTES; at += MIB) {
      crypto.getRandomValues(block.subarray(0, 65536)); // fresh bytes per MiB so files differ; the rest repeats
      if (at === 0) block.set(JPEG_HEAD);
      const part = block.subarray(0, Math.min(MIB, ITEM_BYTES - at));
      hasher.update(part);
      writer.write(part);
      await writer.flush();
    }
    await writer.end();
    await db.batch([
      {
        sql: "insert into media_files (id, owner_id, purpose, store_key, mime, size, sha256, public_copy, created_at) values (?, ?, 'evidence', ?, 'image/jpeg', ?, ?, 'original', ?)",
        args: [mediaId, owner, key, ITEM_BYTES, hasher.digest("hex"), now],
      },
      {
        sql: "insert into evidence (user_id, title, notes, media_type, media_id, date_posted, is_public) values (?, ?, '', 2, ?, ?, 1)",
        args: [owner, `Photo ${index + 1}`, mediaId, now],
      },
    ]);
  }
  db.close();
  return ITEMS * ITEM_BYTES;
}
