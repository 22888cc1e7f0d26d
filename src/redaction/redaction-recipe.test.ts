/**
 * The redaction recipe run by the real ffmpeg on real faces, checked by an independent detector (OpenCV's cascades):
 * the face found in the original is found nowhere in the copy, the pixels of each region changed, what was not
 * redacted is still there, and the copy says nothing of where or with what it was taken.
 */
import { afterAll, describe, expect, test } from "bun:test";
import path from "node:path";
import { type Box, KEYFRAMES_MAX, type RedactionPlan, type Region, REGIONS_MAX } from "./redaction-plan";
import { DISGUISE_PITCH, GRAPH_CHARS_MAX, type RecipeInput, redactionArgs } from "./redaction-recipe";
import {
  blackPhoto, detectFaces, exiftool, facesInside, framesOf, movingFace, movingFaceVideo, PHOTO_FACES, PHOTO_SIZE, PORTRAIT_FACE_BOX, portraitPhoto,
  regionDifference, removeFixtures, sidewaysTwoFacesPhoto, soundOf, twoFacesPhoto, VIDEO, VOICE, voiceRecording, withMargin,
} from "../../tests/support/faces";

afterAll(removeFixtures);
/** Making the video fixture and asking three cascades about many 720p frames takes minutes on a busy 2-core machine. */
const SLOW = 300_000;

/** Runs the recipe with the real ffmpeg; returns where the copy was written. */
async function redact(input: Omit<RecipeInput, "target" | "durationMs" | "hasAudio"> & Partial<RecipeInput>) {
  const target = path.join(path.dirname(input.source), `redacted-${crypto.randomUUID()}`);
  const { args, extension } = redactionArgs({ durationMs: null, hasAudio: false, ...input, target });
  const ffmpeg = Bun.spawn(["ffmpeg", ...args], { stdin: "ignore", stdout: "ignore", stderr: "pipe" });
  if ((await ffmpeg.exited) !== 0) throw new Error(`ffmpeg refused the recipe: ${await new Response(ffmpeg.stderr).text()}`);
  return { copy: target, extension };
}

const regions = (effect: Region["effect"], ...faces: Box[]): RedactionPlan => ({ regions: faces.map((face) => ({ ...withMargin(face), effect })), audio: [] });
const photoInput = (source: string, plan: RedactionPlan, size = PHOTO_SIZE) => ({ kind: "image" as const, mime: "image/jpeg", source, ...size, plan });

/** What exiftool says of a file's place and device (tags only; names of groups and values). */
async function placeAndDevice(file: string) {
  const tags = await exiftool("-a", "-s", "-G1", file);
  return tags.split("\n").filter((line) => /GPS|Make|Model|location|ISO6709/i.test(line));
}

describe("photos", () => {
  test("a blurred face is found by OpenCV in the original and nowhere in the copy, and its pixels changed", async () => {
    const photo = await twoFacesPhoto();
    const [original] = await detectFaces([photo]);
    expect(facesInside(original!, PHOTO_FACES.large).length).toBeGreaterThan(0);
    expect(facesInside(original!, PHOTO_FACES.small).length).toBeGreaterThan(0);

    const { copy, extension } = await redact(photoInput(photo, regions("blur", PHOTO_FACES.large, PHOTO_FACES.small)));
    expect(extension).toBe("jpg");
    // Haar cascades also box a shoulder or a helmet here and there: what matters is that no face is where one was.
    for (const sensitive of [false, true]) {
      const [found] = await detectFaces([copy], { sensitive });
      expect(facesInside(found!, PHOTO_FACES.large)).toEqual([]);
      expect(facesInside(found!, PHOTO_FACES.small)).toEqual([]);
    }
    for (const face of [PHOTO_FACES.large, PHOTO_FACES.small]) expect(await regionDifference(photo, copy, face, PHOTO_SIZE)).toBeGreaterThan(30);
  });

  test("a region over one face leaves the other face as it was (the blur stays inside its region)", async () => {
    const photo = await twoFacesPhoto();
    const { copy } = await redact(photoInput(photo, regions("blur", PHOTO_FACES.large)));
    const [found] = await detectFaces([copy]);
    expect(facesInside(found!, PHOTO_FACES.large)).toEqual([]);
    expect(facesInside(found!, PHOTO_FACES.small).length).toBeGreaterThan(0);
    expect(await regionDifference(photo, copy, withMargin(PHOTO_FACES.small), PHOTO_SIZE)).toBeLessThan(3);
  });

  test("a box is an opaque black fill over its whole region", async () => {
    const photo = await twoFacesPhoto();
    const { copy } = await redact(photoInput(photo, regions("box", PHOTO_FACES.large, PHOTO_FACES.small)));
    const black = await blackPhoto(PHOTO_SIZE.width, PHOTO_SIZE.height);
    for (const face of [PHOTO_FACES.large, PHOTO_FACES.small]) expect(await regionDifference(black, copy, withMargin(face), PHOTO_SIZE)).toBeLessThan(3);
    const [sensitive] = await detectFaces([copy], { sensitive: true });
    expect(facesInside(sensitive!, PHOTO_FACES.large)).toEqual([]);
  });

  // The blur's strength scales with its region: a face of ~30 px and one of ~220 px are both gone.
  for (const size of [160, 1200]) {
    test(`a blurred face of ~${Math.round(size * PORTRAIT_FACE_BOX.width)} px is found nowhere in the copy`, async () => {
      const photo = await portraitPhoto(size);
      const square = { width: size, height: size };
      const [original] = await detectFaces([photo]);
      expect(facesInside(original!, PORTRAIT_FACE_BOX).length).toBeGreaterThan(0);
      const { copy } = await redact(photoInput(photo, regions("blur", PORTRAIT_FACE_BOX), square));
      const [sensitive] = await detectFaces([copy], { sensitive: true });
      expect(facesInside(sensitive!, PORTRAIT_FACE_BOX)).toEqual([]);
      expect(await regionDifference(photo, copy, PORTRAIT_FACE_BOX, square)).toBeGreaterThan(20);
    });
  }

  test("a photo stored sideways is redacted as it is shown (regions are fractions of the upright picture)", async () => {
    const photo = await sidewaysTwoFacesPhoto();
    const { copy } = await redact(photoInput(photo, regions("blur", PHOTO_FACES.large)));
    const [found] = await detectFaces([copy]);
    expect([found!.width, found!.height]).toEqual([PHOTO_SIZE.width, PHOTO_SIZE.height]);
    expect(facesInside(found!, PHOTO_FACES.large)).toEqual([]);
    expect(facesInside(found!, PHOTO_FACES.small).length).toBeGreaterThan(0);
  });

  test("the copy carries no place and no device (the original has both)", async () => {
    const photo = await twoFacesPhoto();
    expect((await placeAndDevice(photo)).length).toBeGreaterThan(0);
    const { copy } = await redact(photoInput(photo, regions("blur", PHOTO_FACES.small)));
    expect(await placeAndDevice(copy)).toEqual([]);
  });
});

describe("videos", () => {
  /** The face's region as keyframes every second, as the studio proposes them after detecting on sampled frames. */
  const following = (effect: Region["effect"], extra: Partial<Region> = {}): RedactionPlan => {
    const keyframes = [0, 1000, 2000, 3000, 4000, 5000, 6000].map((at_ms) => ({ at_ms, ...withMargin(movingFace(at_ms)) }));
    return { regions: [{ ...keyframes[0]!, keyframes, effect, ...extra }], audio: [] };
  };
  const videoInput = (source: string, plan: RedactionPlan) =>
    ({ kind: "video" as const, mime: "video/mp4", source, ...VIDEO, durationMs: VIDEO.seconds * 1000, hasAudio: true, plan });
  // Between keyframes too (the face's path is not linear: the camera pans and zooms at once).
  const times = [0.1, 0.7, 1.5, 2.3, 3.1, 3.8, 4.5, 5.2, 5.9];

  test("the moving face is found in every sampled frame of the original and in none of the copy's; its pixels changed", async () => {
    const video = await movingFaceVideo();
    const originals = await framesOf(video, times);
    const found = await detectFaces(originals);
    found.forEach((frame, i) => expect(facesInside(frame, movingFace(times[i]! * 1000)).length).toBeGreaterThan(0));

    const { copy, extension } = await redact(videoInput(video, following("blur")));
    expect(extension).toBe("mp4");
    const copies = await framesOf(copy, times);
    const left = await detectFaces(copies, { sensitive: true });
    left.forEach((frame, i) => expect({ at: times[i], faces: facesInside(frame, movingFace(times[i]! * 1000)) }).toEqual({ at: times[i], faces: [] }));
    const differences = await Promise.all(times.map((at, i) => regionDifference(originals[i]!, copies[i]!, movingFace(at * 1000), VIDEO)));
    for (const difference of differences) expect(difference).toBeGreaterThan(20);
  }, SLOW);

  test("a region that ends a second before the video leaves the face findable in that last second only", async () => {
    const video = await movingFaceVideo();
    const { copy } = await redact(videoInput(video, following("box", { to_ms: 5000 })));
    const at = [1, 3, 4.8, 5.4, 5.9];
    const found = await detectFaces(await framesOf(copy, at));
    expect(found.map((frame, i) => facesInside(frame, movingFace(at[i]! * 1000)).length > 0)).toEqual([false, false, false, true, true]);
  }, SLOW);

  test("the copy carries no place and no device, and the sound ranges apply to its sound", async () => {
    const video = await movingFaceVideo();
    expect((await placeAndDevice(video)).length).toBeGreaterThan(0);
    const plan = { ...following("blur"), audio: [{ effect: "silence" as const, from_ms: 2000, to_ms: 3000 }] };
    const { copy } = await redact(videoInput(video, plan));
    expect(await placeAndDevice(copy)).toEqual([]);
    expect((await soundOf(copy, 2.1, 2.9)).peak).toBeLessThan(0.001);
    const kept = await soundOf(copy, 0.5, 1.5);
    expect(kept.rms).toBeGreaterThan(0.05);
    expect(Math.abs(kept.f0 - VOICE.f0)).toBeLessThan(5);
  });
});

test("the largest plan (48 regions of 240 keyframes) makes a graph ffmpeg accepts, and the followed face stays hidden", async () => {
  const video = await movingFaceVideo();
  const at = (k: number) => Math.round((k * VIDEO.seconds * 1000) / (KEYFRAMES_MAX - 1));
  const face = Array.from({ length: KEYFRAMES_MAX }, (_, k) => ({ at_ms: at(k), ...withMargin(movingFace(at(k))) }));
  // Small regions wandering in the bottom right corner, so that the graph is full but the frame's work is not.
  const others = Array.from({ length: REGIONS_MAX - 1 }, (_, r) => {
    const keyframes = Array.from({ length: KEYFRAMES_MAX }, (_, k) => ({ at_ms: at(k), x: 0.6 + 0.3 * Math.abs(Math.sin(r + k / 7)), y: 0.75 + 0.2 * Math.abs(Math.cos(r + k / 5)), width: 0.04, height: 0.04 }));
    return { ...keyframes[0]!, keyframes, effect: "blur" as const };
  });
  const plan: RedactionPlan = { regions: [{ ...face[0]!, keyframes: face, effect: "blur" }, ...others], audio: [] };
  const input = { kind: "video" as const, mime: "video/mp4", source: video, ...VIDEO, durationMs: VIDEO.seconds * 1000, hasAudio: true, plan };
  const { args } = redactionArgs({ ...input, target: "unused.mp4" });
  expect(args[args.indexOf("-filter_complex") + 1]!.length).toBeLessThanOrEqual(GRAPH_CHARS_MAX);
  const { copy } = await redact(input);
  const times = [0.5, 2.5, 4.5, 5.8];
  const left = await detectFaces(await framesOf(copy, times), { sensitive: true });
  expect(left.map((frame, i) => facesInside(frame, movingFace(times[i]! * 1000)))).toEqual(times.map(() => []));
}, SLOW);

describe("recordings", () => {
  const audioInput = (source: string, audio: RedactionPlan["audio"]) =>
    ({ kind: "audio" as const, mime: "audio/mp4", source, width: 0, height: 0, durationMs: VOICE.seconds * 1000, hasAudio: true, plan: { regions: [], audio } });

  test("a voice disguised over the whole recording is lower in pitch and in its formants (darker)", async () => {
    const voice = await voiceRecording();
    const before = await soundOf(voice, 1, 3);
    expect(Math.abs(before.f0 - VOICE.f0)).toBeLessThan(5);
    const { copy, extension } = await redact(audioInput(voice, [{ effect: "disguise" }]));
    expect(extension).toBe("m4a");
    const after = await soundOf(copy, 1, 3);
    expect(Math.abs(after.f0 - VOICE.f0 * DISGUISE_PITCH)).toBeLessThan(8);
    expect(after.centroid).toBeLessThan(before.centroid * 0.9);
    expect(after.rms).toBeGreaterThan(before.rms * 0.5);
  });

  test("ranges: disguised and silenced where asked, the same voice elsewhere; no place or device", async () => {
    const voice = await voiceRecording();
    expect((await placeAndDevice(voice)).length).toBeGreaterThan(0);
    const { copy } = await redact(audioInput(voice, [{ effect: "disguise", from_ms: 2000, to_ms: 4000 }, { effect: "silence", from_ms: 5000, to_ms: 6000 }]));
    const [plain, disguised, silent, after] = await Promise.all([soundOf(copy, 0.3, 1.7), soundOf(copy, 2.3, 3.7), soundOf(copy, 5.1, 5.9), soundOf(copy, 6.3, 7.7)]);
    expect(Math.abs(plain.f0 - VOICE.f0)).toBeLessThan(5);
    expect(Math.abs(after.f0 - VOICE.f0)).toBeLessThan(5);
    expect(Math.abs(disguised.f0 - VOICE.f0 * DISGUISE_PITCH)).toBeLessThan(8);
    expect(silent.peak).toBeLessThan(0.001);
    const original = await soundOf(voice, 0.3, 1.7);
    expect(Math.abs(plain.rms - original.rms)).toBeLessThan(original.rms * 0.1);
    expect(await placeAndDevice(copy)).toEqual([]);
  });
});
