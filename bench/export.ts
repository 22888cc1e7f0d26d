/**
 * 1 GiB export: peak RSS of the server while it streams GET /api/export, and of `casefile export <file>`.
 *
 *   node_modules/.bin/bun bench/export.ts        env: EXPORT_BENCH_MIB (1024), EXPORT_BENCH_SMALL_FILES (256)
 *
 * The media are seeded straight into a fresh database and uploads folder (rows as uploads write them, random bytes,
 * real SHA-256s), so the numbers are the export's alone: a few large videos (256 MiB each) plus many 1 MiB photos,
 * EXPORT_BENCH_MIB in all. The server's peak is the kernel's high-water mark (VmHWM), reset right before the export;
 * the command's is its maximum RSS as the kernel reports it at exit. The ZIP is read back as it arrives, counted and
 * checked for its end record. Budget (issue 9): peak RSS ≤ 150 MB for both.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createClient } from "@libsql/client";
import { BUN, fmt, freePort, ROOT, startChild, tempDir } from "./lib/proc";

const MIB = 1024 * 1024;
const MB = 1_000_000;
const TOTAL_BYTES = Number(process.env.EXPORT_BENCH_MIB ?? 1024) * MIB;
const SMALL_FILES = Number(process.env.EXPORT_BENCH_SMALL_FILES ?? 256);
const LARGE_FILE_BYTES = 256 * MIB;
const RSS_BUDGET_MB = 150;
const ADMIN = { username: "admin", email: "admin@example.org", password: "adminpass1" };

const tmp = await tempDir("export");
const env = {
  DATABASE_URL: `file:${tmp.dir}/casefile.db`,
  UPLOADS_DIR: `${tmp.dir}/uploads`,
  WEB_DIR: path.join(ROOT, "dist/web"),
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
};
const server = await startChild({ script: "src/main.ts", port: freePort(), readyPath: "/healthz", env });

try {
  const seeded = await seed();
  console.log(`seeded ${seeded.files} files, ${fmt(seeded.bytes / MIB, 0)} MiB (${seeded.large} × 256 MiB video + 1 MiB photos)`);

  const login = await fetch(`${server.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ usernameOrEmail: ADMIN.username, password: ADMIN.password }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  await Bun.sleep(500); // let login's password hashing memory settle before the high-water mark is reset

  await writeFile(`/proc/${server.pid}/clear_refs`, "5");
  const before = await vmKiB(server.pid, "VmHWM");
  const started = performance.now();
  const response = await fetch(`${server.url}/api/export`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`export answered ${response.status}`);
  const { bytes: zipBytes, tail } = await drain(response.body!);
  const seconds = (performance.now() - started) / 1000;
  const apiPeak = (await vmKiB(server.pid, "VmHWM")) / 1024;
  if (!hasEndRecord(tail)) throw new Error("the ZIP has no end of central directory record");
  if (zipBytes < seeded.bytes) throw new Error(`the ZIP (${zipBytes} bytes) is smaller than its media`);

  const out = path.join(tmp.dir, "cli-export.zip");
  const cliStarted = performance.now();
  const cli = Bun.spawn([BUN, "src/main.ts", "export", out], { cwd: ROOT, env: { ...process.env, ...env }, stdout: "ignore", stderr: "inherit" });
  if ((await cli.exited) !== 0) throw new Error("casefile export failed");
  const cliSeconds = (performance.now() - cliStarted) / 1000;
  const cliPeak = cli.resourceUsage()!.maxRSS / MIB;
  const cliBytes = Bun.file(out).size;

  const row = (name: string, peak: number, secs: number, size: number) =>
    `| ${name} | ${fmt(size / MIB, 0)} MiB | ${fmt(peak)} MiB | ${fmt(size / MB / secs, 0)} MB/s | ${peak * 1.048576 <= RSS_BUDGET_MB ? "within" : "OVER"} ${RSS_BUDGET_MB} MB |`;
  console.log(`\n| export | ZIP | peak RSS | throughput | budget |\n| --- | --- | --- | --- | --- |`);
  console.log(row(`GET /api/export (server; ${fmt(before / 1024)} MiB before)`, apiPeak, seconds, zipBytes));
  console.log(row("casefile export <file> (whole process)", cliPeak, cliSeconds, cliBytes));
  if (apiPeak * 1.048576 > RSS_BUDGET_MB || cliPeak * 1.048576 > RSS_BUDGET_MB) process.exitCode = 1;
} finally {
  await server.stop();
  await tmp.remove();
}

/** Media rows and files as uploads make them, owned by the admin: large videos first, then small photos. */
async function seed(): Promise<{ files: number; bytes: number; large: number }> {
  const large = Math.max(0, Math.floor((TOTAL_BYTES - SMALL_FILES * MIB) / LARGE_FILE_BYTES));
  const smallBytes = Math.max(MIB, Math.floor((TOTAL_BYTES - large * LARGE_FILE_BYTES) / Math.max(1, SMALL_FILES)));
  const sizes = [...Array<number>(large).fill(LARGE_FILE_BYTES), ...Array<number>(SMALL_FILES).fill(smallBytes)];
  const db = createClient({ url: env.DATABASE_URL });
  const admin = Number((await db.execute({ sql: "select id from users where username = ?", args: [ADMIN.username] })).rows[0]!.id);
  const block = new Uint8Array(MIB);
  await mkdir(path.join(env.UPLOADS_DIR, "evidence"), { recursive: true });
  let bytes = 0;
  for (const [index, size] of sizes.entries()) {
    const video = size === LARGE_FILE_BYTES;
    const mediaId = crypto.randomUUID().replaceAll("-", "");
    const key = `evidence/${mediaId}`;
    const hasher = new Bun.CryptoHasher("sha256");
    const writer = Bun.file(path.join(env.UPLOADS_DIR, key)).writer();
    for (let at = 0; at < size; at += MIB) {
      crypto.getRandomValues(block.subarray(0, 65536)); // fresh bytes per MiB so files differ; the rest repeats
      const part = block.subarray(0, Math.min(MIB, size - at));
      hasher.update(part);
      writer.write(part);
      await writer.flush();
    }
    await writer.end();
    const now = new Date().toISOString();
    await db.batch([
      {
        sql: "insert into media_files (id, owner_id, purpose, store_key, mime, size, sha256, created_at) values (?, ?, 'evidence', ?, ?, ?, ?, ?)",
        args: [mediaId, admin, key, video ? "video/mp4" : "image/jpeg", size, hasher.digest("hex"), now],
      },
      {
        sql: "insert into evidence (user_id, title, notes, media_type, media_id, date_posted) values (?, ?, '', ?, ?, ?)",
        args: [admin, `${video ? "Night video" : "Photo"} ${index + 1}`, video ? 3 : 2, mediaId, now],
      },
    ]);
    bytes += size;
  }
  db.close();
  return { files: sizes.length, bytes, large };
}

async function vmKiB(pid: number, field: "VmHWM" | "VmRSS"): Promise<number> {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  return Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status)![1]);
}

/** Reads a body to its end, keeping only the count and the last bytes (where the end record is). */
async function drain(body: ReadableStream<Uint8Array>): Promise<{ bytes: number; tail: Uint8Array }> {
  let bytes = 0;
  let tail = new Uint8Array(0);
  const reader = body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.length;
    const joined = new Uint8Array(tail.length + Math.min(chunk.value.length, 4096));
    joined.set(tail);
    joined.set(chunk.value.subarray(-4096), tail.length);
    tail = joined.slice(-4096);
  }
  return { bytes, tail };
}

/** The end of central directory record ("PK\x05\x06") among the last bytes: the ZIP was finished. */
function hasEndRecord(tail: Uint8Array): boolean {
  for (let at = tail.length - 22; at >= 0; at--) if (tail[at] === 0x50 && tail[at + 1] === 0x4b && tail[at + 2] === 0x05 && tail[at + 3] === 0x06) return true;
  return false;
}
