/**
 * GET /api/server/status against a seeded store (participants, media, an unfinished upload), the disk warning when
 * little room is left above DISK_RESERVE_MB, a failed scheduled backup shown, and /metrics: absent without
 * METRICS_TOKEN, refused without the bearer, parsed by a Prometheus text-format parser with it.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { statfs, writeFile } from "node:fs/promises";
import path from "node:path";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { Actor, adminActor, fixture, form, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { paddedVideo } from "../../tests/ship/support/media";
import { tusRequest } from "../../tests/support/tus";
import type { ServerStatus } from "./status.service";

setDefaultTimeout(30_000);

const MB = 1024 * 1024;
const TOKEN = "metrics-token-0123456789";

const statusOf = async (admin: Actor) => {
  const response = await admin.get("/api/server/status");
  expect(response.status).toBe(200);
  return (await response.json()) as ServerStatus;
};

describe("a seeded server", () => {
  let server: TestServer;
  let admin: Actor;
  let photoBytes: number;

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
    admin = await adminActor(server.url);
    const photo = await fixture("photo.jpg");
    photoBytes = photo.size;
    for (let i = 0; i < 2; i++) {
      const { actor } = await newParticipant(server.url);
      expect((await actor.post("/api/evidence", form({ title: "Photo" }, { file: photo }))).status).toBe(201);
      if (i === 0) expect((await tusRequest(actor, "POST", "/api/uploads", { "upload-length": "100000" })).status).toBe(201);
    }
  });
  afterAll(() => server.stop());

  test("admins only: a participant and a visitor are refused", async () => {
    const { actor } = await newParticipant(server.url);
    expect((await actor.get("/api/server/status")).status).toBe(403);
    expect((await new Actor(server.url).get("/api/server/status")).status).toBe(401);
  });

  test("the numbers: version, participants, uploads, sizes, disk, this instance, no warnings", async () => {
    const status = await statusOf(admin);
    expect(status.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(status.participants).toEqual({ registered: 3, active_15m: 3 });
    expect(status.uploads).toEqual({ in_progress: 1, finishing: 0 });
    // Two photos, each with the verification photo from registration (the same fixture's size, or their copies).
    expect(status.media_bytes).toBeGreaterThanOrEqual(2 * photoBytes);
    expect(status.disk.stored_last_hour_bytes).toBe(status.media_bytes);
    expect(status.database_bytes).toBeGreaterThan(50_000);
    expect(status.disk.media.path).toBe(server.uploadsDir);
    expect(status.disk.media.free_bytes).toBeGreaterThan(0);
    expect(status.disk.database?.path).toBe(server.dataDir);
    expect(status.instances).toHaveLength(1);
    expect(status.instances[0]).toMatchObject({ id: status.instance_id, this: true });
    expect(status.last_backup).toBeNull();
    expect(status.tls).toBeNull();
    expect(status.archive_mode).toBe(false);
    expect(status.warnings).toEqual([]);
  });

  test("/metrics: 401 without the bearer or with another; parsed with it", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
    const families = parsePrometheusTextFormat(await response.text());
    const byName = new Map(families.map((f) => [f.name, f]));
    const requests = byName.get("casefile_http_requests_total")!;
    expect(requests.type).toBe("COUNTER");
    const created = requests.metrics.find((m) => m.labels?.route === "/api/evidence" && m.labels.method === "POST" && m.labels.status === "201");
    expect(Number(created?.value)).toBe(2);
    // Ids never become labels: the upload's random id is folded into one route.
    expect(requests.metrics.some((m) => m.labels?.route === "/api/uploads")).toBe(true);
    const latency = byName.get("casefile_http_request_duration_seconds")!;
    expect(latency.type).toBe("HISTOGRAM");
    // (This parser keeps a histogram's buckets but drops its other labels.)
    expect(latency.metrics.every((m) => m.buckets?.["+Inf"] !== undefined)).toBe(true);
    expect(Number(byName.get("casefile_upload_bytes_total")!.metrics[0]!.value)).toBeGreaterThan(2 * photoBytes);
    expect(Number(byName.get("casefile_uploads_in_flight")!.metrics[0]!.value)).toBe(0);
    expect(byName.get("casefile_upload_queue")!.metrics.map((m) => [m.labels?.state, m.value])).toEqual([["in_progress", "1"], ["finishing", "0"]]);
    expect(byName.get("casefile_disk_free_bytes")!.metrics.map((m) => m.labels?.volume)).toEqual(["media", "database"]);
    expect(byName.get("casefile_backup_age_seconds")!.metrics).toEqual([]);
  });
});

test("little room above DISK_RESERVE_MB at the last hour's rate: a disk warning naming the hours left", async () => {
  const probe = await startTestServer();
  const { bavail, bsize } = await statfs(probe.uploadsDir);
  await probe.stop();
  // A reserve a few MB under what is free now: ~2 MB stored in the last hour then leaves only hours of room.
  const reserveMb = Math.floor((bavail * bsize) / MB) - 6;
  const server = await startTestServer({ DISK_RESERVE_MB: String(reserveMb) });
  try {
    const { actor } = await newParticipant(server.url);
    expect((await actor.post("/api/evidence", form({ title: "Video" }, { file: await paddedVideo(2 * MB) }))).status).toBe(201);
    const status = await statusOf(await adminActor(server.url));
    expect(status.disk.reserve_bytes).toBe(reserveMb * MB);
    const room = status.disk.media.free_bytes - status.disk.reserve_bytes;
    const warning = status.warnings.find((w) => w.kind === "disk");
    if (room < 0) expect(warning).toMatchObject({ code: "disk_full", message: expect.stringContaining("below DISK_RESERVE_MB") });
    else {
      expect(status.disk.hours_left!).toBeCloseTo(room / status.disk.stored_last_hour_bytes, 0);
      expect(status.disk.hours_left!).toBeLessThan(6);
      // The console words it from its code and values; the message stays the English sentence.
      expect(warning?.code).toBe("disk_filling");
      expect(warning?.message).toBe(`At the last hour's rate the media disk reaches DISK_RESERVE_MB in about ${warning?.params.hours} hours. Make room or move media off the machine.`);
    }
  } finally {
    await server.stop();
  }
});

test("a scheduled backup that fails is shown: the last backup's error, a warning, an error of the last hour; no /metrics without a token", async () => {
  // BACKUP_DIR names a file, not a folder: every attempt fails.
  const probe = await startTestServer();
  const notAFolder = path.join(probe.dataDir, "backups-file");
  await writeFile(notAFolder, "");
  const failing = await startTestServer({ BACKUP_DIR: notAFolder, BACKUP_INTERVAL_HOURS: "0.001" });
  try {
    const admin = await adminActor(failing.url);
    let status = await statusOf(admin);
    for (let i = 0; i < 100 && !status.last_backup?.error; i++) {
      await Bun.sleep(100);
      status = await statusOf(admin);
    }
    expect(status.last_backup).toMatchObject({ verified: false });
    expect(status.last_backup!.error).toContain("backups-file");
    expect(status.warnings.map((w) => w.kind)).toContain("backup-failed");
    expect(status.errors.last_hour).toBeGreaterThanOrEqual(1);
    expect(status.errors.latest[0]!.what).toContain("scheduled backup failed");
    expect(status.backups).toEqual({ dir: notAFolder, interval_hours: 0.001, keep: 8 });
    expect((await fetch(`${failing.url}/metrics`)).status).toBe(404);
  } finally {
    await failing.stop();
    await probe.stop();
  }
});
