/**
 * A resumable upload moves between instances: two instances on one sqld and one S3 bucket (s3rver), the upload begun
 * on the first, cut by a client abort half way through a PATCH, continued on the second and finalised on the first.
 * Both instances give the same offset at every step, and the item's SHA-256 is the original's.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { PART_BYTES } from "../../src/media/s3-store";
import { Actor, newParticipant } from "../support/client";
import type { TestServer } from "../support/server";
import { startTwoInstances, type TwoInstances } from "./support/instances";
import { paddedVideo, sha256 } from "./support/media";
import { startS3rver, type S3Server } from "./support/s3rver";
import { createUpload, finalise, halfSentBody, offsetOf, patch, sendRest } from "./support/tus";

setDefaultTimeout(60_000);

const MIB = 1024 * 1024;
let s3: S3Server;
let instances: TwoInstances;

beforeAll(async () => {
  s3 = await startS3rver();
  instances = await startTwoInstances(s3.env);
}, 60_000);

afterAll(async () => {
  await instances?.stop();
  await s3?.stop();
});

/** The same browser (cookie) talking to another instance, as behind a load balancer. */
const onOther = (actor: Actor, server: TestServer) => Object.assign(new Actor(server.url), { cookie: actor.cookie });

/** The offset once both instances agree on it and it has stopped moving (the cut request has been wound up). */
async function settledOffset(a: Actor, b: Actor, uploadPath: string): Promise<number> {
  let last = -1;
  for (let i = 0; i < 100; i++) {
    const [fromA, fromB] = [await offsetOf(a, uploadPath), await offsetOf(b, uploadPath)];
    if (fromA === fromB && fromA === last) return fromA;
    last = fromA === fromB ? fromA : -1;
    await Bun.sleep(100);
  }
  throw new Error("the instances never agreed on a settled offset");
}

test("an upload begun on one instance, cut by a client abort, goes on at the other and arrives intact", async () => {
  const { first, second } = instances;
  const { actor } = await newParticipant(first.url);
  const elsewhere = onOther(actor, second);
  const video = new Uint8Array(await (await paddedVideo(PART_BYTES + 4 * MIB)).arrayBuffer());
  const uploadPath = await createUpload(actor, video.length);

  const firstPatch = await patch(actor, uploadPath, 0, video.subarray(0, 2 * MIB));
  expect(firstPatch.status).toBe(204);
  expect(await offsetOf(elsewhere, uploadPath)).toBe(2 * MIB);

  // The second PATCH fills the first S3 part and more, then the phone's link goes: the client aborts it.
  const abort = new AbortController();
  const { body, sent } = halfSentBody(video.subarray(2 * MIB), PART_BYTES);
  const cut = patch(actor, uploadPath, 2 * MIB, body, { contentLength: video.length - 2 * MIB, signal: abort.signal }).catch(() => "aborted");
  await sent;
  // While it is still open, the other instance already sees the part it stored.
  for (let i = 0; i < 100 && (await offsetOf(elsewhere, uploadPath)) < PART_BYTES; i++) await Bun.sleep(100);
  expect(await offsetOf(elsewhere, uploadPath)).toBeGreaterThanOrEqual(PART_BYTES);
  abort.abort();
  expect(await cut).toBe("aborted");

  // Nothing that arrived is lost: what came after the part was kept as the tail.
  const resumeAt = await settledOffset(actor, elsewhere, uploadPath);
  expect(resumeAt).toBeGreaterThan(PART_BYTES);
  expect(resumeAt).toBeLessThanOrEqual(PART_BYTES + 2 * MIB);

  // The second instance takes the rest in several PATCHes; the first sees the same offset.
  expect(await sendRest(elsewhere, uploadPath, video, 1536 * 1024)).toBe(video.length);
  expect(await offsetOf(actor, uploadPath)).toBe(video.length);

  const created = await finalise(actor, uploadPath);
  expect(created.status).toBe(201);
  const item = (await created.json()) as { aws_url: string; media: { sha256: string; size: number } };
  expect(item.media.size).toBe(video.length);
  expect(item.media.sha256).toBe(sha256(video));
  expect(sha256(await (await elsewhere.get(item.aws_url)).arrayBuffer())).toBe(sha256(video));
  // The upload's parts and tails are gone from the bucket; only the item's media is there.
  expect((await s3.keys()).filter((key) => key.startsWith("uploads/"))).toEqual([]);
});
