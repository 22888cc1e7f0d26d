/**
 * The redaction recipe run by the real ffmpeg on real faces, checked by an independent detector (OpenCV's cascades):
 * the face found in the original is found nowhere in the copy, the pixels of each region changed, what was not
 * redacted is still there, and the copy says nothing of where or with what it was taken.
 */
import { afterAll, describe, expect, test } from "bun:test";
import path from "node:path";
import type { Box, RedactionPlan, Region } from "./redaction-plan";
import { type RecipeInput, redactionArgs } from "./redaction-recipe";
import {
  blackPhoto, detectFaces, removeFixtures, exiftool, facesInside, PHOTO_FACES, PHOTO_SIZE, PORTRAIT_FACE_BOX, portraitPhoto, regionDifference, twoFacesPhoto, withMargin,
} from "../../tests/support/faces";

afterAll(removeFixtures);

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

  test("the copy carries no place and no device (the original has both)", async () => {
    const photo = await twoFacesPhoto();
    expect((await placeAndDevice(photo)).length).toBeGreaterThan(0);
    const { copy } = await redact(photoInput(photo, regions("blur", PHOTO_FACES.small)));
    expect(await placeAndDevice(copy)).toEqual([]);
  });
});
