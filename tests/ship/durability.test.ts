/**
 * What reaches the disk and when, watched with strace on the real server: the file database commits without an
 * fsync (synchronous = NORMAL, so an upload's many lease and offset commits never wait for the disk on the request
 * thread), but an audited change — an item received — has the WAL synced before the server answers, and the audit
 * anchor is only ever written after such a sync (a power cut cannot leave it naming entries the database lost).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { newParticipant } from "../support/client";
import { createUpload, finalise, patch, videoOfSize } from "../support/tus";
import { FROM_SOURCE, type Program, startProgram } from "./support/program";

setDefaultTimeout(60_000);

const STRACE = "/usr/bin/strace";
const hasStrace = Bun.spawnSync(["sh", "-c", `${STRACE} -f -o /dev/null true`]).exitCode === 0;

let program: Program | undefined;
let cwd: string | undefined;

afterEach(async () => {
  // The program is strace; stopping the server under it ends it too.
  if (program) Bun.spawnSync(["pkill", "-TERM", "-P", String(program.child.pid)]);
  await program?.child.exited;
  if (cwd) await rm(cwd, { recursive: true, force: true });
});

/** The calls so far that synced the WAL, or renamed a file onto the audit anchor, in order. */
async function diskEvents(log: string): Promise<("wal synced" | "anchor written")[]> {
  const lines = (await readFile(log, "utf8")).split("\n");
  return lines.flatMap((line) => {
    if (/f(data)?sync\(\d+<[^>]*casefile\.db-wal>\)\s*=\s*0/.test(line)) return ["wal synced" as const];
    if (/rename(at2?)?\(.*audit-head\.json"/.test(line) && /=\s*0$/.test(line)) return ["anchor written" as const];
    return [];
  });
}

test.skipIf(!hasStrace)("an upload's commits wait for no fsync; the item received is on disk before the answer; the anchor follows a sync", async () => {
  cwd = await mkdtemp(path.join(tmpdir(), "casefile-durability-"));
  const log = path.join(cwd, "strace.log");
  const trace = [STRACE, "-f", "-y", "-qq", "-e", "trace=fsync,fdatasync,rename,renameat,renameat2", "-o", log];
  program = await startProgram([...trace, ...FROM_SOURCE], cwd);
  const { actor } = await newParticipant(program.url);
  const video = await videoOfSize(2 * 1024 * 1024);
  const { location } = await createUpload(actor, video.length);

  // Eight pieces: each PATCH takes, renews and releases the upload's lease and saves its offset (not audited).
  const before = (await diskEvents(log)).length;
  const piece = video.length / 8;
  for (let offset = 0; offset < video.length; offset += piece) {
    expect((await patch(actor, location, offset, video.subarray(offset, offset + piece))).status).toBe(204);
  }
  expect((await diskEvents(log)).slice(before)).toEqual([]);

  // The item is created (audited: evidence.create): its commit is synced before the 201 reaches the phone.
  const created = await finalise(actor, location);
  expect(created.status).toBe(201);
  expect((await diskEvents(log)).slice(before)).toEqual(["wal synced", "anchor written"]);

  // Over the whole run, every anchor write has a sync of the WAL since the one before it.
  const events = await diskEvents(log);
  let synced = false;
  for (const event of events) {
    if (event === "wal synced") synced = true;
    else {
      expect(synced).toBe(true);
      synced = false;
    }
  }
});
