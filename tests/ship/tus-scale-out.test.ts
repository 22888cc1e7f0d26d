/**
 * A resumable upload moves between instances: two instances on one sqld and one S3 bucket (s3rver), the upload begun
 * on the first, cut by a dropped connection half way through a PATCH, continued on the second and finalised on the first.
 * Both instances give the same offset at every step, and the item's SHA-256 is the original's.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from "bun:test";
import { PART_BYTES } from "../../src/media/s3-store";
import { Actor, newParticipant } from "../support/client";
import type { TestServer } from "../support/server";
import { createUpload, offsetOf, patch, rawPatch, resume, videoOfSize } from "../support/tus";
import { startTwoInstances, type TwoInstances } from "./support/instances";
import { startS3rver, type S3Server } from "./support/s3rver";
import { agreedOffset, expectFinalisedIntact } from "./support/tus-instances";

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


test("an upload begun on one instance, cut by a dropped connection, goes on at the other and arrives intact", async () => {
  const { first, second } = instances;
  const { actor } = await newParticipant(first.url);
  const elsewhere = onOther(actor, second);
  const video = await videoOfSize(PART_BYTES + 4 * MIB);
  const { response, location } = await createUpload(actor, video.length);
  expect(response.status).toBe(201);

  expect((await patch(actor, location, 0, video.subarray(0, 2 * MIB))).status).toBe(204);
  expect(await offsetOf(elsewhere, location)).toBe(2 * MIB);

  // The second PATCH fills the first S3 part and more, then the phone's link goes: the client drops the connection.
  const { socket, answered } = await rawPatch(actor, location, 2 * MIB, video.length - 2 * MIB, video.subarray(2 * MIB, 2 * MIB + PART_BYTES));
  // While it is still open and sends nothing more, a HEAD on either instance waits for its hold to run out (the first
  // for its own request, the second by reading the row again), then both see the part it stored.
  expect(await agreedOffset(actor, elsewhere, location, PART_BYTES)).toBe(PART_BYTES);
  socket.destroy();
  expect(await answered).toBe(0);

  // Nothing that arrived is lost: what came after the part is kept (as the tail object) and both instances say so.
  const resumeAt = await agreedOffset(actor, elsewhere, location, PART_BYTES + 1);
  expect(resumeAt).toBeLessThanOrEqual(PART_BYTES + 2 * MIB);

  // The second instance takes the rest in several PATCHes; the first sees the same offset.
  await resume(elsewhere, location, video, 1536 * 1024);
  expect(await offsetOf(actor, location)).toBe(video.length);

  await expectFinalisedIntact(actor, elsewhere, location, video);
  // The upload's parts and tails are gone from the bucket; only the item's media is there.
  expect((await s3.keys()).filter((key) => key.startsWith("uploads/"))).toEqual([]);
});
