/**
 * Renditions made by the real tools (ffmpeg, ffprobe, heif-convert) from real phone formats, through the real server:
 * uploaded as a participant would, read back as the owner, an admin and a visitor would.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Actor, cast, type Participant, fixture, form } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { createUpload, finalise, patch } from "../../tests/support/tus";
import { PHONE_CODECS, phoneVideo } from "../../tests/support/phone-video";

let server: TestServer;
let owner: Participant;
let other: Participant;
let admin: Actor;
let visitor: Actor;
let made: string;

const probeCodecs = async (bytes: Uint8Array) => {
  const file = path.join(made, `probe-${crypto.randomUUID()}`);
  await Bun.write(file, bytes);
  const out = await new Response(Bun.spawn(["ffprobe", "-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "json", file]).stdout).json();
  return out.streams as { codec_name: string; width?: number; height?: number }[];
};

/** Every tag exiftool finds that could tell a place or a device (GPS, make, model, location, ISO6709). */
const revealing = async (bytes: Uint8Array) => {
  const file = path.join(made, `check-${crypto.randomUUID()}`);
  await Bun.write(file, bytes);
  const text = await new Response(Bun.spawn(["exiftool", "-a", "-G1", "-s", "-ee", file]).stdout).text();
  return text.split("\n").filter((line) => /gps|make|model|location|6709|iphone|apple/i.test(line));
};

/** Waits until the server has made an item's renditions (its owner's list says so). */
async function renditionsOf(actor: Actor, id: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const item = (await (await actor.get("/api/evidence")).json()).find((i: { id: number }) => i.id === id);
    if (item.renditions.length > 0 && !item.renditions_preparing) return item.renditions as { kind: string; mime: string; url: string }[];
    if (Date.now() > until) throw new Error(`no renditions for item ${id} after ${timeoutMs} ms: ${JSON.stringify(item)}`);
    await Bun.sleep(250);
  }
}

const send = async (who: Participant, title: string, file: File) => {
  const response = await who.actor.post("/api/evidence", form({ title }, { file }));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; aws_url: string; renditions: unknown[] };
};

const bytesAt = async (actor: Actor, url: string) => {
  const response = await actor.get(url);
  expect(response.status).toBe(200);
  return { type: response.headers.get("content-type"), bytes: new Uint8Array(await response.arrayBuffer()) };
};

beforeAll(async () => {
  made = await mkdtemp(path.join(tmpdir(), "casefile-renditions-"));
  server = await startTestServer({ RENDITION_JOBS: "1" });
  ({ owner, other, admin, visitor } = await cast(server.url));
});
afterAll(async () => {
  await server.stop();
  await rm(made, { recursive: true, force: true });
});

describe("photos", () => {
  test("an iPhone's HEIC with a place gets a JPEG every browser shows and a thumbnail, with no place in either", async () => {
    expect(await revealing(new Uint8Array(await (await fixture("gps/photo.heic")).arrayBuffer()))).not.toEqual([]); // the check can fail
    const item = await send(owner, "HEIC", await fixture("gps/photo.heic"));
    const renditions = await renditionsOf(owner.actor, item.id);
    expect(renditions.map((r) => r.kind).sort()).toEqual(["display", "thumbnail"]);
    const display = await bytesAt(owner.actor, renditions.find((r) => r.kind === "display")!.url);
    expect(display.type).toBe("image/jpeg");
    expect([...display.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await revealing(display.bytes)).toEqual([]);
    expect(await revealing((await bytesAt(owner.actor, renditions.find((r) => r.kind === "thumbnail")!.url)).bytes)).toEqual([]);
    // The original is untouched: the owner still downloads the HEIC as sent, place and all.
    const original = await bytesAt(owner.actor, item.aws_url);
    expect(original.type).toBe("image/heic");
    expect(Buffer.from(original.bytes).equals(Buffer.from(await (await fixture("gps/photo.heic")).arrayBuffer()))).toBe(true);
  });

  test("a rendition is read by whoever may read its file: owner and admin while private, then visitors once public", async () => {
    const item = await send(owner, "Private HEIC", await fixture("gps.heic"));
    const display = (await renditionsOf(owner.actor, item.id)).find((r) => r.kind === "display")!;
    expect((await admin.get(display.url)).status).toBe(200);
    expect((await other.actor.get(display.url)).status).toBe(404);
    expect((await visitor.get(display.url)).status).toBe(404);
    await admin.put(`/api/evidence/clearance/${item.id}`);
    const seen = await visitor.get(display.url);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("cache-control")).toContain("public");
    const listed = (await (await visitor.get("/api/evidence/public")).json()).find((i: { id: number }) => i.id === item.id);
    expect(listed.renditions.map((r: { kind: string }) => r.kind).sort()).toEqual(["display", "thumbnail"]);
  });

  test("a JPEG needs no display copy, only a thumbnail; its deletion takes the renditions' files too", async () => {
    const item = await send(owner, "JPEG", await fixture("gps.jpg"));
    const renditions = await renditionsOf(owner.actor, item.id);
    expect(renditions.map((r) => r.kind)).toEqual(["thumbnail"]);
    const before = await Array.fromAsync(server.ctx.store.list());
    expect(before.some((key) => key.endsWith(".thumbnail"))).toBe(true);
    expect((await owner.actor.delete(`/api/evidence/delete/${item.id}`)).status).toBe(200);
    const after = await Array.fromAsync(server.ctx.store.list());
    expect(after.filter((key) => key.endsWith(".thumbnail")).length).toBe(before.filter((key) => key.endsWith(".thumbnail")).length - 1);
    expect((await owner.actor.get(renditions[0]!.url)).status).toBe(404);
  });
});

describe("videos", () => {
  for (const [name, args] of [
    ["hevc.mp4", PHONE_CODECS.hevc],
    ["prores.mov", PHONE_CODECS.prores],
    ["mjpeg.mov", PHONE_CODECS.mjpeg],
  ] as const) {
    test(`${name} gets an H.264/AAC MP4, a poster and a thumbnail, none carrying the place or the phone`, async () => {
      const file = await phoneVideo(name, args);
      expect((await revealing(new Uint8Array(await file.arrayBuffer()))).length).toBeGreaterThan(0); // the check can fail
      const item = await send(owner, name, file);
      const renditions = await renditionsOf(owner.actor, item.id);
      expect(renditions.map((r) => r.kind).sort()).toEqual(["display", "poster", "thumbnail"]);
      const display = await bytesAt(owner.actor, renditions.find((r) => r.kind === "display")!.url);
      expect(display.type).toBe("video/mp4");
      expect((await probeCodecs(display.bytes)).map((s) => s.codec_name).sort()).toEqual(["aac", "h264"]);
      expect(await revealing(display.bytes)).toEqual([]);
      const poster = await bytesAt(owner.actor, renditions.find((r) => r.kind === "poster")!.url);
      expect(poster.type).toBe("image/jpeg");
      expect(await revealing(poster.bytes)).toEqual([]);
    });
  }

  test("H.264 in QuickTime is copied into MP4 without re-encoding, and Range requests work on it", async () => {
    const source = await phoneVideo("h264.mov", PHONE_CODECS.h264);
    const item = await send(owner, "MOV", source);
    const display = (await renditionsOf(owner.actor, item.id)).find((r) => r.kind === "display")!;
    const whole = await bytesAt(owner.actor, display.url);
    expect((await probeCodecs(whole.bytes)).find((s) => s.codec_name === "h264")).toBeDefined();
    const ranged = await owner.actor.request("GET", display.url, undefined, { range: "bytes=0-99" });
    expect(ranged.status).toBe(206);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(whole.bytes.subarray(0, 100));
  });

  test("a video sent by the resumable path (no browser thumbnail) gets its poster and thumbnail from the server", async () => {
    const video = new Uint8Array(await (await phoneVideo("resumable.mp4", PHONE_CODECS.hevc)).arrayBuffer());
    const { location } = await createUpload(owner.actor, video.length, "IMG_0002.MP4");
    expect((await patch(owner.actor, location, 0, video)).status).toBe(204);
    const created = await finalise(owner.actor, location, "Resumable");
    expect(created.status).toBe(201);
    const item = await created.json();
    expect(item.thumbnail_url).toBeNull();
    const renditions = await renditionsOf(owner.actor, item.id);
    expect(renditions.map((r) => r.kind).sort()).toEqual(["display", "poster", "thumbnail"]);
    const poster = await bytesAt(owner.actor, renditions.find((r) => r.kind === "poster")!.url);
    expect((await probeCodecs(poster.bytes))[0]).toMatchObject({ codec_name: "mjpeg", width: 320, height: 240 });
  });

  test("an H.264 MP4 plays everywhere already: poster and thumbnail only", async () => {
    const item = await send(owner, "MP4", await fixture("clip.mp4"));
    expect((await renditionsOf(owner.actor, item.id)).map((r) => r.kind).sort()).toEqual(["poster", "thumbnail"]);
  });
});

describe("recordings", () => {
  test("an Android WebM/Opus recording gets AAC in MP4 for iPhones and the waveform's peaks", async () => {
    const item = await send(owner, "Voice", await fixture("voice.webm"));
    const renditions = await renditionsOf(owner.actor, item.id);
    expect(renditions.map((r) => r.kind).sort()).toEqual(["display", "peaks"]);
    const display = await bytesAt(owner.actor, renditions.find((r) => r.kind === "display")!.url);
    expect(display.type).toBe("audio/mp4");
    expect((await probeCodecs(display.bytes)).map((s) => s.codec_name)).toEqual(["aac"]);
    const peaks = JSON.parse(new TextDecoder().decode((await bytesAt(owner.actor, renditions.find((r) => r.kind === "peaks")!.url)).bytes));
    expect(peaks.peaks).toHaveLength(120);
    expect(Math.max(...peaks.peaks)).toBe(1);
    expect(peaks.seconds).toBeGreaterThan(0.5);
  });

  test("an MP3 plays everywhere: peaks only", async () => {
    const item = await send(owner, "MP3", await fixture("voice.mp3"));
    expect((await renditionsOf(owner.actor, item.id)).map((r) => r.kind)).toEqual(["peaks"]);
  });
});

describe("the admins' view", () => {
  test("the Server screen's status names the tools found and counts the jobs", async () => {
    const status = await (await admin.get("/api/server/status")).json();
    expect(status.renditions.making).toBe(true);
    expect(status.renditions.missing).toEqual([]);
    expect(status.renditions.jobs.done).toBeGreaterThan(0);
  });
});
