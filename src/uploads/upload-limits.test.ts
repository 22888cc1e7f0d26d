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
import { cast, form, newParticipant, type Actor, type Participant } from "../../tests/support/client";
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
  // Most tests here leave uploads unfinished; the cap on pending uploads is set where it is tested.
  server = await startTestServer({ UPLOAD_PENDING_MAX: "0" });
  ({ owner, other, admin } = await cast(server.url));
  video = await videoOfSize(1024 * 1024 + 4321);
});
afterAll(() => server.stop());

const idOf = (location: string) => location.split("/").pop()!;
const rowOf = async (location: string) => (await server.ctx.db.select().from(uploads).where(eq(uploads.id, idOf(location))))[0];
const fileOf = (id: string) => path.join(localUploadsDir(server.uploadsDir), `${id}.bin`);
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
    // The answer ends the connection first (the runtime is still writing the body); a client's HEAD waits for what
    // arrived to be stored.
    expect(await offsetOf(owner.actor, location)).toBe(100_000);
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

describe("resumable uploads inside the quota (issue 17, as an attacker would)", () => {
  const MIB = 1024 * 1024;
  const statuses = (responses: { response: Response }[]) => responses.map((r) => r.response.status);
  const terminate = (actor: Actor, location: string) => tusRequest(actor, "DELETE", location);

  test("28 MB parked under an 8 MB quota: a pending upload reserves its declared length from creation", async () => {
    const { actor } = await newParticipant(server.url);
    await withConfig(
      (config) => ((config.quotas.storageBytes = 8 * MIB), (config.uploadPendingMax = 10)),
      async () => {
        // Four 7 MB uploads at once, none of them sending a byte: one is created, the rest do not fit beside it.
        const burst = await Promise.all([0, 1, 2, 3].map(() => createUpload(actor, 7 * MIB)));
        expect(statuses(burst).sort()).toEqual([201, 413, 413, 413]);
        expect(await message(burst.find((b) => b.response.status === 413)!.response)).toStartWith("You have used your storage space");
        // The reservation counts for a multipart upload too.
        const data = new FormData();
        data.append("title", "Beside the parked one");
        data.append("file", new File([video], "clip.mp4", { type: "video/mp4" }));
        expect((await actor.post("/api/evidence", data)).status).toBe(413);
        // Ending the parked upload frees its room at once.
        const parked = burst.find((b) => b.response.status === 201)!.location;
        expect((await terminate(actor, parked)).status).toBe(204);
        const pending = await createUpload(actor, 6 * MIB);
        expect(pending.response.status).toBe(201);
        // A finished upload's reservation becomes its file, counted once: 6 MiB pending + 1 MiB stored fits in 8.
        const { location } = await createUpload(actor, video.length);
        await resume(actor, location, video);
        expect((await finalise(actor, location)).status).toBe(201);
        expect((await createUpload(actor, MIB)).response.status).toBe(413);
      },
    );
  });

  test("100 creations against 60 an hour: at most UPLOAD_PENDING_MAX pending, and every creation counts in the hour", async () => {
    const { actor } = await newParticipant(server.url);
    await withConfig(
      (config) => ((config.uploadPendingMax = 4), (config.quotas.uploadsPerHour = 60)),
      async () => {
        const burst = await Promise.all(Array.from({ length: 100 }, () => createUpload(actor, 1000)));
        const created = burst.filter((b) => b.response.status === 201);
        expect(created.length).toBe(4);
        expect(statuses(burst).filter((status) => status === 429).length).toBe(96);
        expect(await message(burst.find((b) => b.response.status === 429)!.response)).toBe(
          "You already have 4 uploads that have not finished. Let them finish, or cancel one, before starting another.",
        );
        // Ending uploads as fast as they are made does not get round the hour: 56 more, then 429.
        for (const { location } of created) await terminate(actor, location);
        let more = 0;
        for (;;) {
          const next = await createUpload(actor, 1000);
          if (next.response.status !== 201) {
            expect(next.response.status).toBe(429);
            expect(await message(next.response)).toStartWith("You can send at most 60 uploads per hour.");
            break;
          }
          more++;
          await terminate(actor, next.location);
        }
        expect(4 + more).toBe(60);
      },
    );
  });

  test("slow drip: 100 PATCH connections find at most 4 uploads to hold, and a drip below the minimum rate is ended", async () => {
    const { actor } = await newParticipant(server.url);
    await withConfig(
      // A 2 s window instead of 60 s, and 16 KiB/s as the minimum: the drip below (12 KiB/s, 24 KiB a window) passes
      // the old fixed floor (16 KiB a window) and is ended by the rate alone.
      (config) => ((config.uploadPendingMax = 4), (config.uploadStallMs = 2000), (config.uploadMinBytesPerSecond = 16 * 1024)),
      async () => {
        const locations = (await Promise.all(Array.from({ length: 100 }, () => createUpload(actor, video.length))))
          .filter((b) => b.response.status === 201)
          .map((b) => b.location);
        expect(locations.length).toBe(4);
        const drips = await Promise.all(Array.from({ length: 100 }, (_, i) => rawPatch(actor, locations[i % 4]!, 0, video.length, video.subarray(0, 1024))));
        const started = Date.now();
        const sender = setInterval(() => {
          for (const { socket } of drips) if (!socket.destroyed) socket.write(video.subarray(0, 1536));
        }, 125);
        try {
          const answers = await Promise.all(drips.map((d) => d.answered));
          expect(answers.filter((status) => status === 423).length).toBe(96);
          expect(answers.filter((status) => status === 408).length).toBe(4);
          expect(Date.now() - started).toBeLessThan(15_000);
        } finally {
          clearInterval(sender);
          for (const { socket } of drips) socket.destroy();
        }
      },
    );
  });

  test("an upload untouched for an hour expires and frees its room; one that moves keeps going up to the whole expiry", async () => {
    const { actor } = await newParticipant(server.url);
    const { response, location } = await createUpload(actor, video.length);
    expect(Date.parse(response.headers.get("upload-expires")!)).toBeLessThanOrEqual(Date.now() + 3600_000);
    // Moving: an upload created 23.5 h ago is touched, and expires at its 24 h, not an hour on.
    const createdAt = new Date(Date.now() - 23.5 * 3600_000).toISOString();
    await server.ctx.db.update(uploads).set({ createdAt }).where(eq(uploads.id, idOf(location)));
    const moved = await patch(actor, location, 0, video.subarray(0, 5000));
    expect(moved.status).toBe(204);
    expect(Date.parse(moved.headers.get("upload-expires")!)).toBe(Math.floor((Date.parse(createdAt) + 24 * 3600_000) / 1000) * 1000);
    // Untouched: an hour and a minute later the sweep takes it, with its reservation.
    const idle = (await createUpload(actor, 1000)).location;
    await sweepExpiredUploads(server.ctx, Date.now() + 61 * 60_000);
    expect(await rowOf(idle)).toBeUndefined();
    expect((await head(actor, idle)).status).toBe(404);
  });
});
