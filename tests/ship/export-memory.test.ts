/**
 * A large export streams: the server (a real process) exports a 300 MB original while its peak RSS, reset right
 * before the export, stays within the export budget (design: ≤ 150 MB for any size; bench/export.ts measures 1 GiB).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { ADMIN } from "../support/server";
import { adminActor, form, newParticipant } from "../support/client";
import { readZip, sha256Of, storedEntry } from "../support/zip-reader";
import { paddedVideo, sha256 } from "./support/media";
import { FROM_SOURCE, startProgram, type Program } from "./support/program";

setDefaultTimeout(180_000);

const VIDEO_BYTES = 300 * 1024 * 1024;
const PEAK_RSS_BUDGET_MB = 150;
/** What the export itself may add: a fraction of the file, so the file was streamed, never held. */
const EXPORT_GROWTH_BUDGET_MB = 64;

let dir: string;
let program: Program;
const start = () =>
  startProgram(FROM_SOURCE, dir, {
    DATABASE_URL: `file:${path.join(dir, "casefile.db")}`,
    UPLOADS_DIR: path.join(dir, "uploads"),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "casefile-export-memory-"));
  program = await start();
});

afterAll(async () => {
  await program?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** The kernel's high-water mark of the process's resident memory, in MB. */
async function peakRssMb(pid: number): Promise<number> {
  const status = await Bun.file(`/proc/${pid}/status`).text();
  return Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)![1]) / 1024;
}

test("a 300 MB original streams out with the server's memory bounded, byte for byte", async () => {
  const { actor } = await newParticipant(program.url);
  const video = await paddedVideo(VIDEO_BYTES);
  const expected = sha256(new Uint8Array(await video.arrayBuffer()));
  const created = await actor.post("/api/evidence", form({ title: "Long night" }, { file: video }));
  expect(created.status).toBe(201);
  // A fresh server process for the export, so what the upload left resident does not count against it.
  await program.stop();
  program = await start();
  const admin = await adminActor(program.url);

  // Forget the upload's peak: from here on VmHWM is the export's (Linux: "5" resets the high-water mark).
  await writeFile(`/proc/${program.child.pid}/clear_refs`, "5");
  const before = await peakRssMb(program.child.pid);
  const response = await admin.get("/api/export?kind=video");
  expect(response.status).toBe(200);
  const target = path.join(dir, "export.zip");
  await Bun.write(target, response);
  const peak = await peakRssMb(program.child.pid);

  const file = Bun.file(target);
  const entries = await readZip(file);
  expect(entries.map((e) => e.name)).toEqual(["README.txt", "media/1-Long night.mp4", "manifest.json", "manifest.csv", "audit.json"]);
  expect(entries[1]!.size).toBe(video.size);
  expect(await sha256Of(await storedEntry(file, entries[1]!))).toBe(expected);
  console.log(`server RSS ${before.toFixed(1)} MB before a ${Math.round(video.size / 1048576)} MiB export, peak ${peak.toFixed(1)} MB during it`);
  expect(peak - before).toBeLessThan(EXPORT_GROWTH_BUDGET_MB);
  expect(peak).toBeLessThan(PEAK_RSS_BUDGET_MB);
});
