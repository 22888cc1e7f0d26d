/**
 * A resumable upload survives `kill -9`: the server runs as its own process, is killed with SIGKILL while a PATCH is
 * half sent, and is started again on the same database and media folder; the upload goes on from the offset HEAD
 * gives and arrives intact.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, setDefaultTimeout, test } from "bun:test";
import { Actor, newParticipant } from "../support/client";
import { createUpload, finalise, offsetOf, patch, rawPatch, resume, sha256, videoOfSize } from "../support/tus";
import { FROM_SOURCE, type Program, startProgram } from "./support/program";

setDefaultTimeout(60_000);

const MIB = 1024 * 1024;
let program: Program | undefined;
let cwd: string | undefined;

afterEach(async () => {
  await program?.stop();
  if (cwd) await rm(cwd, { recursive: true, force: true });
});

test("an upload half sent when the server is killed with SIGKILL resumes after a restart and arrives intact", async () => {
  cwd = await mkdtemp(path.join(tmpdir(), "casefile-tus-restart-"));
  // Nothing but defaults: ./data/casefile.db and ./uploads in cwd, the same for both runs.
  program = await startProgram(FROM_SOURCE, cwd);
  const { actor } = await newParticipant(program.url);
  const video = await videoOfSize(6 * MIB);
  const { response, location } = await createUpload(actor, video.length);
  expect(response.status).toBe(201);
  expect((await patch(actor, location, 0, video.subarray(0, MIB))).status).toBe(204);

  // The second PATCH announces the rest, sends 2 MiB of it and hangs; the server dies under it.
  const { socket, answered } = await rawPatch(actor, location, MIB, video.length - MIB, video.subarray(MIB, 3 * MIB));
  program.child.kill("SIGKILL");
  expect(await program.child.exited).not.toBe(0);
  expect(await answered).toBe(0); // the connection closed without an answer
  socket.destroy();

  program = await startProgram(FROM_SOURCE, cwd);
  const again = Object.assign(new Actor(program.url), { cookie: actor.cookie }); // the same phone, same session
  const resumeAt = await offsetOf(again, location);
  expect(resumeAt).toBeGreaterThanOrEqual(MIB);
  expect(resumeAt).toBeLessThanOrEqual(3 * MIB);
  await resume(again, location, video, 2 * MIB);

  const created = await finalise(again, location);
  expect(created.status).toBe(201);
  const item = (await created.json()) as { aws_url: string; media: { sha256: string; size: number } };
  expect(item.media.size).toBe(video.length);
  expect(item.media.sha256).toBe(sha256(video));
  expect(sha256(new Uint8Array(await (await again.get(item.aws_url)).arrayBuffer()))).toBe(sha256(video));
});
