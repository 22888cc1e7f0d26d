/**
 * A PATCH body the runtime writes into the request's own piece (piece-body.ts), against the real server and its
 * uploads folder: what a client sees and what the folder holds whatever becomes of the body.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { newParticipant, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { createUpload, finalise, offsetOf, patch, rawPatch, resume, sha256, videoOfSize } from "../../tests/support/tus";
import { localUploadsDir } from "./local-upload-bytes";

let server: TestServer;
let owner: Participant;

beforeAll(async () => {
  server = await startTestServer({ UPLOAD_PENDING_MAX: "0" });
  owner = await newParticipant(server.url);
});
afterAll(() => server.stop());

const MIB = 1024 * 1024;
const folder = () => localUploadsDir(server.uploadsDir);
const idOf = (location: string) => location.split("/").pop()!;
/** The upload's files in the folder: its own file, and any piece a request left behind. */
const filesOf = async (location: string) => (await readdir(folder())).filter((name) => name.startsWith(idOf(location))).sort();

test("pieces joined at offset 0 and further on make the exact file, and no piece is left behind", async () => {
  const video = await videoOfSize(3 * MIB + 123);
  const { location } = await createUpload(owner.actor, video.length);
  for (const [from, to] of [[0, MIB], [MIB, 2 * MIB + 7], [2 * MIB + 7, video.length]]) {
    const answer = await patch(owner.actor, location, from, video.subarray(from, to));
    expect(answer.status).toBe(204);
    expect(answer.headers.get("upload-offset")).toBe(String(to));
  }
  expect(await filesOf(location)).toEqual([`${idOf(location)}.bin`]);
  expect(sha256(await readFile(path.join(folder(), `${idOf(location)}.bin`)))).toBe(sha256(video));
  const created = await finalise(owner.actor, location, "Joined pieces");
  expect(((await created.json()) as { media: { sha256: string } }).media.sha256).toBe(sha256(video));
});

test("a disk filling while a body arrives ends it with 507; what arrived is kept and the upload completes later", async () => {
  const video = await videoOfSize(20 * MIB);
  const { location } = await createUpload(owner.actor, video.length);
  const first = 17 * MIB; // past the first recheck of the disk (every 16 MiB of body)
  const { socket, answered } = await rawPatch(owner.actor, location, 0, video.length, video.subarray(0, first));
  const saved = server.ctx.config.diskReserveBytes;
  server.ctx.config.diskReserveBytes = Number.MAX_SAFE_INTEGER;
  try {
    expect(await answered).toBe(507);
  } finally {
    server.ctx.config.diskReserveBytes = saved;
    socket.destroy();
  }
  expect(await offsetOf(owner.actor, location)).toBe(first);
  expect(await filesOf(location)).toEqual([`${idOf(location)}.bin`]);
  await resume(owner.actor, location, video);
  const created = await finalise(owner.actor, location, "After the disk");
  expect(((await created.json()) as { media: { sha256: string } }).media.sha256).toBe(sha256(video));
});

test("a client that goes away mid-body keeps what arrived, and leaves no piece behind", async () => {
  const video = await videoOfSize(2 * MIB);
  const { location } = await createUpload(owner.actor, video.length);
  const { socket } = await rawPatch(owner.actor, location, 0, video.length, video.subarray(0, 700_000));
  await Bun.sleep(300);
  socket.destroy();
  expect(await offsetOf(owner.actor, location)).toBe(700_000);
  expect(await filesOf(location)).toEqual([`${idOf(location)}.bin`]);
});
