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
import { paddedVideo, sha256 } from "./support/media";
import { FROM_SOURCE, type Program, startProgram } from "./support/program";
import { createUpload, finalise, halfSentBody, offsetOf, patch, sendRest } from "./support/tus";

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
  const video = new Uint8Array(await (await paddedVideo(5 * MIB)).arrayBuffer());
  const uploadPath = await createUpload(actor, video.length);
  expect((await patch(actor, uploadPath, 0, video.subarray(0, MIB))).status).toBe(204);

  // The second PATCH announces the rest, sends 2 MiB of it and hangs; the server dies under it.
  const { body, sent } = halfSentBody(video.subarray(MIB), 2 * MIB);
  const cut = patch(actor, uploadPath, MIB, body, { contentLength: video.length - MIB }).then(
    (response) => response.status,
    () => "cut",
  );
  await sent;
  program.child.kill("SIGKILL");
  expect(await program.child.exited).not.toBe(0);
  expect(await cut).not.toBe(204);

  program = await startProgram(FROM_SOURCE, cwd);
  const again = Object.assign(new Actor(program.url), { cookie: actor.cookie }); // the same phone, same session
  const resumeAt = await offsetOf(again, uploadPath);
  expect(resumeAt).toBeGreaterThanOrEqual(MIB);
  expect(resumeAt).toBeLessThanOrEqual(3 * MIB);
  expect(await sendRest(again, uploadPath, video, 2 * MIB)).toBe(video.length);

  const created = await finalise(again, uploadPath);
  expect(created.status).toBe(201);
  const item = (await created.json()) as { aws_url: string; media: { sha256: string; size: number } };
  expect(item.media.size).toBe(video.length);
  expect(item.media.sha256).toBe(sha256(video));
  expect(sha256(await (await again.get(item.aws_url)).arrayBuffer())).toBe(sha256(video));
});
