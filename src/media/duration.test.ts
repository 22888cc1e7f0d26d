/** Playing time from container headers: the fixtures' real durations (as ffprobe reports them), at upload and alone. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import { adminActor, fixture, FIXTURES, form, newParticipant } from "../../tests/support/client";
import { startTestServer, type TestServer } from "../../tests/support/server";
import { concatBytes } from "./strip/source";
import { mediaDurationMs } from "./duration";
import { sniffFile } from "./sniff";

const durationOf = async (file: Blob) => mediaDurationMs(file, (await sniffFile(file))!.mime);

describe("mediaDurationMs", () => {
  test.each([
    ["clip.mp4", 1000], ["moov-at-end.mp4", 1000], ["clip.mov", 1000], ["voice.m4a", 1000], ["clip.webm", 1000],
    ["voice.webm", 1008], ["gps/gps.mkv", 1046], ["voice.wav", 500], ["gps/gps.wav", 1000],
  ] as const)("%s: %d ms", async (name, ms) => {
    expect(await durationOf(Bun.file(path.join(FIXTURES, name)))).toBe(ms);
  });

  test.each(["recorded-audio.webm", "recorded-video.webm", "voice.mp3", "voice.ogg"])("%s states no duration: null", async (name) => {
    expect(await durationOf(Bun.file(path.join(FIXTURES, name)))).toBeNull();
  });

  test("a header that lies is null, never a throw: zero timescale, unknown duration, a data chunk past the end", async () => {
    const mvhd = (version: number, timescale: number, duration: number[]) =>
      box("mvhd", new Uint8Array([version, 0, 0, 0, ...new Array(version ? 16 : 8).fill(0), ...u32(timescale), ...duration, ...new Array(80).fill(0)]));
    const mp4 = (header: Uint8Array) => new Blob([box("ftyp", new TextEncoder().encode("isom\0\0\0\0isom")), box("moov", header)]);
    expect(await mediaDurationMs(mp4(mvhd(0, 1000, u32(2500))), "video/mp4")).toBe(2500);
    expect(await mediaDurationMs(mp4(mvhd(1, 600, [0, 0, 0, 0, ...u32(1200)])), "video/mp4")).toBe(2000);
    expect(await mediaDurationMs(mp4(mvhd(0, 0, u32(2500))), "video/mp4")).toBeNull();
    expect(await mediaDurationMs(mp4(mvhd(0, 1000, u32(0xffffffff))), "video/mp4")).toBeNull();
    expect(await mediaDurationMs(new Blob([box("ftyp", new Uint8Array(8)), new Uint8Array(u32(0x7fffffff)), new TextEncoder().encode("moov")]), "video/mp4")).toBeNull();
    // A streamed WAV's data size is all ones: the bytes that are there count.
    const wav = new Blob([new TextEncoder().encode("RIFF\0\0\0\0WAVEfmt "), le32(16), new Uint8Array([1, 0, 1, 0]), le32(8000), le32(8000), new Uint8Array([1, 0, 8, 0]), new TextEncoder().encode("data"), le32(0xffffffff), new Uint8Array(4000)]);
    expect(await mediaDurationMs(wav, "audio/wav")).toBe(500);
    expect(await mediaDurationMs(new Blob([new TextEncoder().encode("RIFF\0\0\0\0WAVEdata"), le32(10)]), "audio/wav")).toBeNull();
  });
});

const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => new Uint8Array(u32(n).reverse());
const box = (type: string, body: Uint8Array) => concatBytes(new Uint8Array(u32(8 + body.length)), new TextEncoder().encode(type), body);

describe("at upload", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  test("an MP4, a WebM and a WAV carry their duration in the admin list; a photo and a note none", async () => {
    const participant = await newParticipant(server.url);
    const admin = await adminActor(server.url);
    const expected: Record<string, number | null> = {};
    for (const [name, ms] of [["clip.mp4", 1000], ["clip.webm", 1000], ["voice.wav", 500], ["photo.jpg", null], [undefined, null]] as const) {
      const response = await participant.actor.post("/api/evidence", form({ title: name ?? "note" }, name ? { file: await fixture(name) } : {}));
      expect(response.status).toBe(201);
      expected[(await response.json()).id] = ms;
    }
    const items = (await (await admin.get("/api/evidence/admin")).json()) as { id: number; duration_ms: number | null }[];
    expect(Object.fromEntries(items.map((i) => [i.id, i.duration_ms]))).toEqual(expected);
  });
});
