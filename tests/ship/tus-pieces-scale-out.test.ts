/**
 * Resumable uploads with the local store on two instances behind a load balancer: two casefile processes (each its own
 * program, as two processes on one machine would run) on one libSQL server (sqld) and one shared UPLOADS_DIR. A PATCH
 * with a Content-Length is written by the runtime into its own piece file (src/uploads/piece-body.ts), which joins the
 * upload's file under the lease once the write has ended (local-upload-bytes.ts `pieces.join`). Here an upload frozen
 * on one instance keeps what arrived and goes on at the other; and a frozen PATCH taken over by the other instance
 * (after LEASE_MS without bytes) can write nothing when its link comes back: its bytes are refused (423), the upload is
 * exactly what the other instance received, and no piece file is left in the shared folder.
 */
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Client, createClient } from "@libsql/client";
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { LEASE_MS } from "../../src/uploads/upload-lease";
import { Actor, newParticipant } from "../support/client";
import { createUpload, offsetOf, patch, rawPatch, resume, sha256, videoOfSize } from "../support/tus";
import { FROM_SOURCE, type Program, startProgram } from "./support/program";
import { startSqld, type Sqld } from "./support/sqld";
import { agreedOffset, expectFinalisedIntact } from "./support/tus-instances";

setDefaultTimeout(60_000);

const MIB = 1024 * 1024;
let sqld: Sqld;
let db: Client;
/** The folder both instances are given as UPLOADS_DIR. */
let shared: string;
/** Each instance's own working directory (its ./data: audit head, outbox). */
const homes: string[] = [];
let first: Program;
let second: Program;

beforeAll(async () => {
  sqld = await startSqld();
  db = createClient({ url: sqld.url });
  shared = await mkdtemp(path.join(tmpdir(), "casefile-tus-pieces-"));
  const env = {
    DATABASE_URL: sqld.url,
    UPLOADS_DIR: shared,
    HOST: "127.0.0.1",
    AUDIT_KEY: "tus-pieces-scale-out-".padEnd(64, "k"),
    // ffmpeg jobs stay off (they would compete with the uploads for the CPU).
    RENDITION_JOBS: "0",
  };
  // One after the other: the first migrates the database, the second finds it ready.
  for (const instance of ["first", "second"]) {
    const home = await mkdtemp(path.join(tmpdir(), `casefile-tus-pieces-${instance}-`));
    homes.push(home);
    const program = await startProgram(FROM_SOURCE, home, env);
    if (instance === "first") first = program;
    else second = program;
  }
}, 60_000);

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  db?.close();
  await sqld?.stop();
  for (const folder of [shared, ...homes]) if (folder) await rm(folder, { recursive: true, force: true });
});

/** The same browser (cookie) talking to another instance, as behind a load balancer. */
const onOther = (actor: Actor, program: Program) => Object.assign(new Actor(program.url), { cookie: actor.cookie });

const idOf = (location: string) => location.split("/").pop()!;
/** Where resumable uploads' bytes live in a local store (localUploadsDir: beside UPLOADS_DIR/.tmp). */
const tusDir = () => path.join(shared, ".tus");
const piecesIn = async () => (await readdir(tusDir()).catch(() => [] as string[])).filter((name) => name.endsWith(".piece")).sort();

async function rowOf(location: string) {
  const { rows } = await db.execute({ sql: "select offset, lock_token, locked_until from uploads where id = ?", args: [idOf(location)] });
  const row = rows[0]!;
  return { offset: Number(row.offset), lockToken: row.lock_token as string | null, lockedUntil: row.locked_until as string | null };
}

/** Polls until `check` gives a value other than undefined, or throws after timeoutMs. */
async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const value = await check();
    if (value !== undefined) return value;
    await Bun.sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The upload's single piece file in the shared folder once it holds `bytes` bytes (a PATCH's body being written). */
const pieceOf = (location: string, bytes: number) =>
  until(`a piece of ${bytes} bytes`, async () => {
    const pieces = (await piecesIn()).filter((name) => name.startsWith(`${idOf(location)}.`));
    if (pieces.length !== 1) return undefined;
    const size = await stat(path.join(tusDir(), pieces[0]!)).then((info) => info.size, () => -1);
    return size === bytes ? pieces[0]! : undefined;
  });


test(
  "an upload frozen mid-PATCH on one instance keeps what arrived in its piece and goes on at the other, intact",
  async () => {
    const { actor } = await newParticipant(first.url);
    const elsewhere = onOther(actor, second);
    const video = await videoOfSize(6 * MIB + 4321);
    const { response, location } = await createUpload(actor, video.length);
    expect(response.status).toBe(201);

    // The first part on the first instance (a piece joined at offset 0: it becomes the upload's file); the other agrees.
    expect((await patch(actor, location, 0, video.subarray(0, 2 * MIB))).status).toBe(204);
    expect(await offsetOf(elsewhere, location)).toBe(2 * MIB);
    expect((await stat(path.join(tusDir(), `${idOf(location)}.bin`))).size).toBe(2 * MIB);

    // The second PATCH announces the rest, sends an odd-sized part of it and then nothing: a frozen link, kept open.
    const sent = MIB + 12_345;
    const { socket, answered } = await rawPatch(actor, location, 2 * MIB, video.length - 2 * MIB, video.subarray(2 * MIB, 2 * MIB + sent));
    // What arrived is in the request's own piece in the shared folder, named after the holder's token.
    const piece = await pieceOf(location, sent);
    expect(piece).toBe(`${idOf(location)}.${(await rowOf(location)).lockToken}.piece`);

    // A piece joins only once its write has ended: while the link is frozen both instances say 2 MiB (each HEAD waits
    // for the hold, at most until it runs out).
    expect(await agreedOffset(actor, elsewhere, location, 2 * MIB)).toBe(2 * MIB);
    // No bytes, no renewal: the hold runs out with the request still open and its piece still there.
    await until("the frozen request's hold to run out", async () => {
      const row = await rowOf(location);
      return row.lockedUntil !== null && Date.parse(row.lockedUntil) < Date.now() ? row : undefined;
    });
    expect(await rowOf(location)).toMatchObject({ offset: 2 * MIB, lockToken: piece.split(".")[1] });
    expect(await piecesIn()).toEqual([piece]);
    expect([await offsetOf(actor, location), await offsetOf(elsewhere, location)]).toEqual([2 * MIB, 2 * MIB]);

    // The client gives up on the connection: nobody took the upload over, so what arrived joins it ("a client that
    // went away keeps what arrived"), exactly, and both instances say so; the piece is gone.
    socket.destroy();
    expect(await answered).toBe(0);
    expect(await agreedOffset(actor, elsewhere, location, 2 * MIB + 1)).toBe(2 * MIB + sent);
    expect(await rowOf(location)).toMatchObject({ offset: 2 * MIB + sent, lockToken: null });
    expect(await piecesIn()).toEqual([]);

    // The second instance takes the rest in several PATCHes (pieces joined at an offset); the first sees the same.
    await resume(elsewhere, location, video, 1536 * 1024);
    expect(await offsetOf(actor, location)).toBe(video.length);

    await expectFinalisedIntact(actor, elsewhere, location, video);
    // The upload's file went with its finalise, and no piece is left behind.
    expect(await readdir(tusDir())).toEqual([]);
  },
  90_000,
);

test(
  "a frozen PATCH taken over by the other instance writes nothing when its link comes back; the upload is the other's bytes",
  async () => {
    const { actor } = await newParticipant(first.url);
    const elsewhere = onOther(actor, second);
    const video = await videoOfSize(3 * MIB + 4321);
    const { response, location } = await createUpload(actor, video.length);
    expect(response.status).toBe(201);

    // On the first instance a PATCH for the whole upload sends 50 000 bytes, then its link freezes.
    const sent = 50_000;
    const frozenAt = Date.now();
    const stalled = await rawPatch(actor, location, 0, video.length, video.subarray(0, sent));
    await pieceOf(location, sent);

    // The other instance refuses a PATCH while the frozen one holds the upload; tus clients retry a 423, and once the
    // hold has run out (no bytes, no renewal) the other instance takes over.
    const statuses: number[] = [];
    while (statuses.at(-1) === undefined || (statuses.at(-1) === 423 && Date.now() - frozenAt < 4 * LEASE_MS)) {
      if (statuses.length) await Bun.sleep(250);
      const response = await patch(elsewhere, location, 0, video.subarray(0, 1000));
      statuses.push(response.status);
      expect(response.headers.get("tus-resumable")).toBe("1.0.0");
    }
    const tookOverAfter = Date.now() - frozenAt;
    expect(statuses.at(-1)).toBe(204);
    expect(statuses.slice(0, -1).every((status) => status === 423)).toBe(true);
    expect(statuses.length).toBeGreaterThan(1);
    expect(tookOverAfter).toBeGreaterThanOrEqual(LEASE_MS);

    // The other instance sends the rest in several PATCHes; both instances agree it is complete.
    await resume(elsewhere, location, video, MIB);
    expect(await agreedOffset(actor, elsewhere, location, video.length)).toBe(video.length);

    // The frozen link comes back and sends the rest of what it announced, different bytes: refused, nothing written.
    stalled.socket.write(new Uint8Array(video.length - sent).fill(0xff));
    expect(await stalled.answered).toBe(423);
    stalled.socket.destroy();

    // Its piece is removed once its write has ended; the upload's file is exactly the other instance's bytes.
    await until("no piece left in the shared folder", async () => ((await piecesIn()).length === 0 ? true : undefined), 10_000);
    expect(await rowOf(location)).toMatchObject({ offset: video.length, lockToken: null });
    const file = path.join(tusDir(), `${idOf(location)}.bin`);
    expect((await stat(file)).size).toBe(video.length);
    expect(sha256(new Uint8Array(await Bun.file(file).arrayBuffer()))).toBe(sha256(video));
    expect([await offsetOf(actor, location), await offsetOf(elsewhere, location)]).toEqual([video.length, video.length]);

    await expectFinalisedIntact(actor, elsewhere, location, video);
    expect(await piecesIn()).toEqual([]);
    expect(await readdir(tusDir())).toEqual([]);
  },
  90_000,
);
