/**
 * What bounds a resumable upload, against the real server: expiry and the sweep, the storage quota, archive mode,
 * the disk reserve, the stall limit, and the lease (one PATCH at a time; a stalled holder is taken over and can no
 * longer write).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { uploads } from "../db/uploads";
import { cast, type Actor, type Participant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { createUpload, finalise, head, offsetOf, patch, rawPatch, resume, sha256, tusRequest, videoOfSize } from "../../tests/support/tus";
import { localUploadsDir } from "./local-upload-bytes";
import { sweepExpiredUploads } from "./upload-sweeper";

let server: TestServer;
let owner: Participant;
/** Has stored nothing: the quota tests start from zero. */
let other: Participant;
let admin: Actor;
let video: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, other, admin } = await cast(server.url));
  video = await videoOfSize(1024 * 1024 + 4321);
});
afterAll(() => server.stop());

const idOf = (location: string) => location.split("/").pop()!;
const rowOf = async (location: string) => (await server.ctx.db.select().from(uploads).where(eq(uploads.id, idOf(location))))[0];
const fileOf = (id: string) => path.join(localUploadsDir(server.ctx.store.tempDir), `${id}.bin`);
const exists = (file: string) => stat(file).then(() => true, () => false);
const message = async (response: Response) => ((await response.json()) as { message: string }).message;

/** Changes the running server's configuration for the length of `run`. */
async function withConfig(change: (config: TestServer["ctx"]["config"]) => void, run: () => Promise<void>) {
  const saved = structuredClone(server.ctx.config);
  change(server.ctx.config);
  try {
    await run();
  } finally {
    Object.assign(server.ctx.config, saved);
  }
}

describe("expiry", () => {
  test("the sweep removes expired uploads with their bytes, finalised ones too, and old files without a row", async () => {
    const unfinished = (await createUpload(owner.actor, video.length)).location;
    await patch(owner.actor, unfinished, 0, video.subarray(0, 5000));
    const finished = (await createUpload(owner.actor, video.length)).location;
    await resume(owner.actor, finished, video);
    const item = (await (await finalise(owner.actor, finished)).json()) as { id: number };
    const current = (await createUpload(owner.actor, video.length)).location;
    await patch(owner.actor, current, 0, video.subarray(0, 5000));

    const past = new Date(Date.now() - 1000).toISOString();
    for (const location of [unfinished, finished]) {
      await server.ctx.db.update(uploads).set({ expiresAt: past }).where(eq(uploads.id, idOf(location)));
    }
    // Expired but not yet swept: already gone for the client.
    expect((await head(owner.actor, unfinished)).status).toBe(404);

    // Files whose row is gone (their owner was deleted): removed once older than the expiry, not before.
    const oldOrphan = fileOf("OOOOOOOOOOOOOOOOOOOOOO");
    const youngOrphan = fileOf("YYYYYYYYYYYYYYYYYYYYYY");
    await writeFile(oldOrphan, "left behind");
    await writeFile(youngOrphan, "being created");
    const longAgo = new Date(Date.now() - server.ctx.config.uploadExpiryMs - 60_000);
    await utimes(oldOrphan, longAgo, longAgo);

    expect(await sweepExpiredUploads(server.ctx)).toEqual({ rows: 2, orphans: 1 });
    expect(await rowOf(unfinished)).toBeUndefined();
    expect(await rowOf(finished)).toBeUndefined();
    expect(await exists(fileOf(idOf(unfinished)))).toBe(false);
    expect(await exists(oldOrphan)).toBe(false);
    expect(await exists(youngOrphan)).toBe(true);
    // The live upload, and the item the finalised one became, stay.
    expect(await offsetOf(owner.actor, current)).toBe(5000);
    expect(await exists(fileOf(idOf(current)))).toBe(true);
    expect((await owner.actor.get("/api/evidence").then((r) => r.json()) as { id: number }[]).some((e) => e.id === item.id)).toBe(true);
    expect((await finalise(owner.actor, finished)).status).toBe(404);
  });
});

describe("quota, archive mode and the disk reserve", () => {
  test("a declared length past the storage left is refused 413 at creation; admins are exempt", async () => {
    await withConfig(
      (config) => (config.quotas.storageBytes = 512 * 1024),
      async () => {
        const refused = await createUpload(other.actor, video.length);
        expect(refused.response.status).toBe(413);
        expect(refused.response.headers.get("tus-resumable")).toBe("1.0.0");
        expect(await message(refused.response)).toStartWith("You have used your storage space for this show");
        expect((await createUpload(other.actor, 100 * 1024)).response.status).toBe(201);
        expect((await createUpload(admin, video.length)).response.status).toBe(201);
      },
    );
  });

  test("the quota still counts at finalise: an upload that no longer fits is refused 413, and finalises once there is room", async () => {
    const { location } = await createUpload(other.actor, video.length);
    await resume(other.actor, location, video);
    await withConfig(
      (config) => (config.quotas.storageBytes = 512 * 1024),
      async () => {
        expect((await finalise(other.actor, location)).status).toBe(413);
        expect((await rowOf(location))!).toMatchObject({ lockToken: null, sha256: null });
      },
    );
    expect((await finalise(other.actor, location)).status).toBe(201);
  });

  test("archive mode refuses creation, PATCH and finalise with 503; HEAD and DELETE still answer", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    await withConfig(
      (config) => (config.archiveMode = true),
      async () => {
        const created = await createUpload(owner.actor, 1000);
        expect(created.response.status).toBe(503);
        expect(created.response.headers.get("tus-resumable")).toBe("1.0.0");
        expect((await patch(owner.actor, location, 0, video.subarray(0, 100))).status).toBe(503);
        expect((await finalise(owner.actor, location)).status).toBe(503);
        expect((await head(owner.actor, location)).status).toBe(200);
        expect((await tusRequest(owner.actor, "DELETE", location)).status).toBe(204);
      },
    );
  });

  test("a disk that would drop below the reserve refuses creation and PATCH with 507", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    await withConfig(
      (config) => (config.diskReserveBytes = Number.MAX_SAFE_INTEGER),
      async () => {
        expect((await createUpload(owner.actor, 1000)).response.status).toBe(507);
        const refused = await patch(owner.actor, location, 0, video.subarray(0, 1000));
        expect(refused.status).toBe(507);
        expect(refused.headers.get("tus-resumable")).toBe("1.0.0");
      },
    );
    expect(await offsetOf(owner.actor, location)).toBe(0);
  });
});

describe("stalls and the lease", () => {
  test("a PATCH that stalls ends with 408 and keeps what arrived", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    await withConfig(
      (config) => (config.uploadStallMs = 1000),
      async () => {
        const { socket, answered } = await rawPatch(owner.actor, location, 0, video.length, video.subarray(0, 100_000));
        expect(await answered).toBe(408);
        socket.destroy();
      },
    );
    expect((await rowOf(location))!).toMatchObject({ offset: 100_000, lockToken: null });
    await resume(owner.actor, location, video);
    const created = await finalise(owner.actor, location);
    expect(((await created.json()) as { media: { sha256: string } }).media.sha256).toBe(sha256(video));
  });

  test("a PATCH while another holds the upload is 423; once the holder stops sending, the next takes over, and the old one writes nothing more", async () => {
    const { location } = await createUpload(owner.actor, video.length);
    const stalled = await rawPatch(owner.actor, location, 0, video.length, video.subarray(0, 50_000));
    await Bun.sleep(200);
    const locked = await patch(owner.actor, location, 0, video.subarray(0, 1000));
    expect(locked.status).toBe(423);
    expect(locked.headers.get("tus-resumable")).toBe("1.0.0");

    // tus clients retry a 423; after the lease runs out, the resumed upload completes.
    await resume(owner.actor, location, video);
    expect(await offsetOf(owner.actor, location)).toBe(video.length);

    // The frozen link comes back and sends the rest, different bytes: refused, nothing written.
    stalled.socket.write(new Uint8Array(video.length - 50_000).fill(0xff));
    expect(await stalled.answered).toBe(423);
    stalled.socket.destroy();
    const row = (await rowOf(location))!;
    expect(row).toMatchObject({ offset: video.length, lockToken: null });
    expect((await stat(fileOf(row.id))).size).toBe(video.length);
    const created = await finalise(owner.actor, location);
    expect(((await created.json()) as { media: { sha256: string } }).media.sha256).toBe(sha256(video));
  });
});
