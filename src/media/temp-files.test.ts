/**
 * Attack family (issue 42): temp files. A multipart body dropped mid-way, or a server killed under an upload, must
 * leave nothing in UPLOADS_DIR/.tmp — not until a start an hour later, but at once. Red before the fix: a dropped
 * 30 MB body left its part's file; a kill -9 left the body and its part until a start an hour later.
 */
import { afterAll, afterEach, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fixture, form, newParticipant, tempFilesLeft, type Participant } from "../../tests/support/client";
import { jpegStuffedScan } from "../../tests/support/hostile-inputs";
import { write } from "../../tests/support/raw-http";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { FROM_SOURCE, type Program, startProgram } from "../../tests/ship/support/program";

setDefaultTimeout(60_000);
const MIB = 1024 * 1024;

/** Sends the head and the first `sent` bytes of a form with one `size`-byte file, then lets the connection drop. */
async function dropMidBody(baseUrl: string, cookie: string, size: number, sent: number, dropped: () => void = () => {}, settleMs = 300) {
  const boundary = "----casefile-drop";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nDropped\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\nContent-Type: video/mp4\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = head.length + size + tail.length;
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  await new Promise((connected) => socket.once("connect", connected));
  socket.on("error", () => {});
  await write(socket, [`POST /api/evidence HTTP/1.1`, `Host: ${hostname}:${port}`, `Cookie: ${cookie}`, `Origin: ${baseUrl}`,
    `Content-Type: multipart/form-data; boundary=${boundary}`, `Content-Length: ${length}`, "", head].join("\r\n"));
  const piece = new Uint8Array(MIB).fill(0x2b);
  for (let at = 0; at < sent; at += MIB) await write(socket, piece);
  await Bun.sleep(settleMs); // the server writes what arrived (and starts copying the part out) before the drop
  dropped();
  socket.destroy();
}

/** What stays in the temp area: files (in every process's folder) and their bytes. */
async function tempLeft(uploadsDir: string) {
  const names = await tempFilesLeft(uploadsDir);
  const sizes = await Promise.all(names.map((name) => stat(path.join(uploadsDir, ".tmp", name)).then((s) => s.size, () => 0)));
  return { names, bytes: sizes.reduce((a, b) => a + b, 0) };
}

/** The temp folder once it is empty, or what is in it after `ms` (the removal follows the drop, not an hour). */
async function tempAfter(uploadsDir: string, ms = 5000) {
  const until = Date.now() + ms;
  let left = await tempLeft(uploadsDir);
  while (left.names.length > 0 && Date.now() < until) {
    await Bun.sleep(100);
    left = await tempLeft(uploadsDir);
  }
  return left;
}

let server: TestServer;
let participant: Participant;

beforeAll(async () => {
  server = await startTestServer();
  participant = await newParticipant(server.url);
});
afterAll(() => server.stop());

test("a 30 MB multipart body dropped mid-way leaves no temp bytes", async () => {
  // Dropped at many points: before, while and after the part is being copied out on the media thread.
  await Promise.all(Array.from({ length: 20 }, (_, i) => dropMidBody(server.url, participant.actor.cookie, 30 * MIB, (4 + i) * MIB)));
  expect(await tempAfter(server.uploadsDir)).toEqual({ names: [], bytes: 0 });
});

test("a body dropped while the media thread is busy with others' photos leaves no temp bytes either", async () => {
  // Photos whose public copies keep the media thread busy: the dropped bodies' first steps wait behind them.
  const photo = new File([jpegStuffedScan(20 * MIB) as Uint8Array<ArrayBuffer>], "busy.jpg");
  const photos = Array.from({ length: 8 }, () => participant.actor.post("/api/evidence", form({ title: "Busy" }, { file: photo })));
  await Bun.sleep(100);
  await Promise.all(Array.from({ length: 6 }, (_, i) => dropMidBody(server.url, participant.actor.cookie, 30 * MIB, (2 + i) * MIB, undefined, 100)));
  for (const sent of await Promise.all(photos)) expect(sent.status).toBe(201);
  expect(await tempAfter(server.uploadsDir)).toEqual({ names: [], bytes: 0 });
});

let program: Program | undefined;
let cwd: string | undefined;
afterEach(async () => {
  await program?.stop();
  program = undefined;
  if (cwd) await rm(cwd, { recursive: true, force: true });
});

test("a server killed with SIGKILL mid-upload: its temp files are gone right after the next start", async () => {
  cwd = await mkdtemp(path.join(tmpdir(), "casefile-temp-kill-"));
  program = await startProgram(FROM_SOURCE, cwd, { RENDITION_JOBS: "0" });
  const { actor } = await newParticipant(program.url);
  const uploadsDir = path.join(cwd, "uploads");
  let before = { names: [] as string[], bytes: 0 };
  const killed = program;
  await dropMidBody(program.url, actor.cookie, 30 * MIB, 16 * MIB, () => killed.child.kill("SIGKILL"));
  await killed.child.exited;
  before = await tempLeft(uploadsDir);
  expect(before.bytes).toBeGreaterThan(8 * MIB); // the body (and its part) the dead server was writing
  program = await startProgram(FROM_SOURCE, cwd, { RENDITION_JOBS: "0" });
  expect(await tempLeft(uploadsDir)).toEqual({ names: [], bytes: 0 });
  expect((await readdir(path.join(uploadsDir, ".tmp"))).length).toBe(2); // the new process's own folder and its stamp only
});

test("another instance starting on the same media folder leaves a live instance's upload alone", async () => {
  cwd = await mkdtemp(path.join(tmpdir(), "casefile-temp-shared-"));
  program = await startProgram(FROM_SOURCE, cwd, { RENDITION_JOBS: "0" });
  const { actor } = await newParticipant(program.url);
  const video = new Uint8Array(await (await fixture("clip.mp4")).arrayBuffer());
  const padded = new Uint8Array(12 * MIB); // over 8 MiB: its part is copied out on the media thread as it arrives
  padded.set(video);
  new DataView(padded.buffer).setUint32(video.length, padded.length - video.length);
  padded.set(new TextEncoder().encode("free"), video.length + 4);
  // The body arrives slowly: half of it, then the second instance starts, then the rest.
  let release!: () => void;
  const halfSent = new Promise<void>((resolve) => (release = resolve));
  const head = new TextEncoder().encode(`--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nShared\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\n\r\n`);
  const tail = new TextEncoder().encode("\r\n--b--\r\n");
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(head);
      controller.enqueue(padded.subarray(0, 6 * MIB));
      await halfSent;
      controller.enqueue(padded.subarray(6 * MIB));
      controller.enqueue(tail);
      controller.close();
    },
  });
  const length = head.length + padded.length + tail.length;
  const sending = fetch(`${program.url}/api/evidence`, {
    method: "POST",
    headers: { cookie: actor.cookie, origin: program.url, "content-type": "multipart/form-data; boundary=b", "content-length": String(length) },
    body,
    duplex: "half",
  } as RequestInit);
  const first = program;
  const until = Date.now() + 10_000;
  while ((await tempLeft(path.join(cwd, "uploads"))).bytes < 4 * MIB && Date.now() < until) await Bun.sleep(50);
  expect((await tempLeft(path.join(cwd, "uploads"))).bytes).toBeGreaterThanOrEqual(4 * MIB);
  const second = await startProgram(FROM_SOURCE, cwd, { RENDITION_JOBS: "0" });
  try {
    release();
    const answer = await sending;
    expect(answer.status).toBe(201);
    expect((await answer.json()).media.size).toBe(padded.length);
  } finally {
    await second.stop();
  }
  program = first;
});
