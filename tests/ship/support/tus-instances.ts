/** What the scale-out tests of resumable uploads ask of two instances behind a load balancer. */
import { expect } from "bun:test";
import type { Actor } from "../../support/client";
import { finalise, offsetOf, sha256 } from "../../support/tus";

/** Asks both instances until they give the same offset, at least `least` (a cut request is wound up asynchronously). */
export async function agreedOffset(a: Actor, b: Actor, location: string, least: number): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const [fromA, fromB] = [await offsetOf(a, location), await offsetOf(b, location)];
    if (fromA === fromB && fromA >= least) return fromA;
    await Bun.sleep(100);
  }
  throw new Error(`the instances never agreed on an offset of at least ${least}`);
}

/** Finalises the upload on `actor`'s instance: 201, the item is exactly `sent`, and so is its media read from `other`. */
export async function expectFinalisedIntact(actor: Actor, other: Actor, location: string, sent: Uint8Array): Promise<void> {
  const created = await finalise(actor, location);
  expect(created.status).toBe(201);
  const item = (await created.json()) as { aws_url: string; media: { sha256: string; size: number } };
  expect(item.media.size).toBe(sent.length);
  expect(item.media.sha256).toBe(sha256(sent));
  expect(sha256(new Uint8Array(await (await other.get(item.aws_url)).arrayBuffer()))).toBe(sha256(sent));
}
