/**
 * Real faces for redaction tests, made once per test process from Debian's public-domain portrait (skimage's
 * astronaut.png): a photo with two faces of different sizes, a 720p video whose face pans and zooms, and a recording
 * of a voice-like sound. Each comes with where its faces are (fractions of the picture), computed from how it was
 * made, so a test can aim regions at them. The originals carry a place and a device, as a phone's do.
 */
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Box } from "../../src/redaction/redaction-plan";

export const PORTRAIT = "/usr/lib/python3/dist-packages/skimage/data/astronaut.png";
/** The face in the 512 px portrait, as OpenCV's frontal cascade boxes it (eyes to mouth). */
const PORTRAIT_FACE = { x: 177 / 512, y: 66 / 512, side: 95 / 512 };
const BACKGROUND = "0x6b7b8c";

const folder = path.join(tmpdir(), `casefile-faces-${process.pid}`);
const made = new Map<string, Promise<string>>();
/** Removes this process's fixtures (a test file's afterAll). */
export function removeFixtures() {
  made.clear();
  rmSync(folder, { recursive: true, force: true });
}

async function run(argv: string[]) {
  const child = Bun.spawn(argv, { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  if (code !== 0) throw new Error(`${path.basename(argv[0]!)} failed (${code}): ${err.slice(-800)}`);
  return out;
}

/** Makes a fixture once per process (concurrent callers share the making). */
function once(name: string, make: (out: string) => Promise<unknown>): Promise<string> {
  let file = made.get(name);
  if (!file) {
    mkdirSync(folder, { recursive: true });
    const out = path.join(folder, name);
    file = make(out).then(() => out);
    made.set(name, file);
  }
  return file;
}

export const ffmpeg = (...args: string[]) => run(["ffmpeg", "-nostdin", "-v", "error", "-y", ...args]);
export const exiftool = (...args: string[]) => run(["exiftool", ...args]);

/** A face box grown by `margin` of its side on every side (the cascade's box leaves out forehead, chin and ears). */
export const withMargin = (box: Box, margin = 0.3): Box => {
  const x = Math.max(0, box.x - box.width * margin);
  const y = Math.max(0, box.y - box.height * margin);
  return { x, y, width: Math.min(1 - x, box.width * (1 + 2 * margin)), height: Math.min(1 - y, box.height * (1 + 2 * margin)) };
};

// The photo: 1280×720, the portrait at 600 px (face ~110 px) and at 300 px (face ~55 px).
const PHOTO = { width: 1280, height: 720 };
const portraitFace = (left: number, top: number, size: number): Box => ({
  x: (left + PORTRAIT_FACE.x * size) / PHOTO.width,
  y: (top + PORTRAIT_FACE.y * size) / PHOTO.height,
  width: (PORTRAIT_FACE.side * size) / PHOTO.width,
  height: (PORTRAIT_FACE.side * size) / PHOTO.height,
});
/** Where the photo's two faces are. */
export const PHOTO_FACES = { large: portraitFace(40, 60, 600), small: portraitFace(900, 200, 300) };
export const PHOTO_SIZE = PHOTO;
/** What the originals say about place and device (none of it may reach a redacted copy). */
export const DEVICE = { make: "Apple", model: "iPhone 15 Pro" };

/** A JPEG with the two faces, tagged with GPS coordinates and the camera's make and model. */
export const twoFacesPhoto = () =>
  once("two-faces.jpg", async (out) => {
    await ffmpeg(
      "-f", "lavfi", "-i", `color=c=${BACKGROUND}:s=${PHOTO.width}x${PHOTO.height}:d=1`, "-i", PORTRAIT, "-i", PORTRAIT,
      "-filter_complex", "[1]scale=600:600[a];[2]scale=300:300[b];[0][a]overlay=40:60[c];[c][b]overlay=900:200,format=yuvj420p",
      "-frames:v", "1", "-q:v", "2", out,
    );
    await exiftool(
      "-overwrite_original", "-GPSLatitude=48.8584", "-GPSLatitudeRef=N", "-GPSLongitude=2.2945", "-GPSLongitudeRef=E",
      `-Make=${DEVICE.make}`, `-Model=${DEVICE.model}`, out,
    );
  });

/** Where the face is in the portrait alone, at any size. */
export const PORTRAIT_FACE_BOX: Box = { x: PORTRAIT_FACE.x, y: PORTRAIT_FACE.y, width: PORTRAIT_FACE.side, height: PORTRAIT_FACE.side };

/** The portrait alone as a JPEG of `size`×`size` pixels (its face a little under a fifth of that). */
export const portraitPhoto = (size: number) => once(`portrait-${size}.jpg`, (out) => ffmpeg("-i", PORTRAIT, "-vf", `scale=${size}:${size}`, "-q:v", "2", out));

/** A black JPEG of the given size (what a boxed region must look like). */
export const blackPhoto = (width: number, height: number) =>
  once(`black-${width}x${height}.jpg`, (out) => ffmpeg("-f", "lavfi", "-i", `color=c=black:s=${width}x${height}:d=1`, "-frames:v", "1", "-q:v", "2", out));

// The video: the portrait at 1000 px on a 2560×1440 canvas, filmed by a camera that pans and zooms in (zoompan).
export const VIDEO = { width: 1280, height: 720, seconds: 6, fps: 25 };
const CANVAS = { width: 2560, height: 1440, left: 780, top: 220, size: 1000 };
const zoomAt = (t: number) => 1.25 + 0.1 * t;
const panAt = (t: number) => ({ x: 300 + 120 * t, y: 100 + 25 * t });
/** Where the video's face is at `ms` (it moves right to left and grows from ~115 px to ~170 px). */
export function movingFace(ms: number): Box {
  const t = ms / 1000;
  const scale = (zoomAt(t) * VIDEO.width) / CANVAS.width;
  const pan = panAt(t);
  const side = PORTRAIT_FACE.side * CANVAS.size * scale;
  return {
    x: ((CANVAS.left + PORTRAIT_FACE.x * CANVAS.size - pan.x) * scale) / VIDEO.width,
    y: ((CANVAS.top + PORTRAIT_FACE.y * CANVAS.size - pan.y) * scale) / VIDEO.height,
    width: side / VIDEO.width,
    height: side / VIDEO.height,
  };
}

/** A voice-like sound: a 150 Hz fundamental and its harmonics, falling off like a voice's, spoken in ~3 syllables a second. */
export const VOICE = { f0: 150, seconds: 8 };
const voice = (seconds: number) =>
  `aevalsrc=(sin(2*PI*${VOICE.f0}*t)+0.8*sin(4*PI*${VOICE.f0}*t)+0.6*sin(6*PI*${VOICE.f0}*t)+0.5*sin(8*PI*${VOICE.f0}*t)` +
  `+0.3*sin(10*PI*${VOICE.f0}*t)+0.2*sin(12*PI*${VOICE.f0}*t))*(0.55+0.45*sin(2*PI*3*t))*0.2:s=44100:d=${seconds}`;
/** Tags as an iPhone writes them into its videos and voice memos: a place, a make and a model. */
const PHONE_TAGS = [
  "-movflags", "use_metadata_tags", "-metadata", "location=+48.8584+002.2945/", "-metadata", "com.apple.quicktime.location.ISO6709=+48.8584+002.2945/",
  "-metadata", `com.apple.quicktime.make=${DEVICE.make}`, "-metadata", `com.apple.quicktime.model=${DEVICE.model}`,
];

/** An H.264/AAC MP4, 1280×720 at 25 fps for VIDEO.seconds, the face moving as movingFace says, with the voice as its sound. */
export const movingFaceVideo = () =>
  once("moving-face.mp4", async (out) => {
    const canvas = `${out}.canvas.png`;
    await ffmpeg(
      "-f", "lavfi", "-i", `color=c=${BACKGROUND}:s=${CANVAS.width}x${CANVAS.height}:d=1`, "-i", PORTRAIT,
      "-filter_complex", `[1]scale=${CANVAS.size}:${CANVAS.size}[a];[0][a]overlay=${CANVAS.left}:${CANVAS.top}`, "-frames:v", "1", canvas,
    );
    const t = `(on/${VIDEO.fps})`;
    await ffmpeg(
      "-loop", "1", "-framerate", String(VIDEO.fps), "-i", canvas, "-f", "lavfi", "-i", voice(VIDEO.seconds),
      "-filter_complex", `[0]zoompan=z='1.25+0.1*${t}':x='300+120*${t}':y='100+25*${t}':d=1:s=${VIDEO.width}x${VIDEO.height}:fps=${VIDEO.fps},format=yuv420p[v]`,
      "-map", "[v]", "-map", "1:a", "-t", String(VIDEO.seconds), "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", ...PHONE_TAGS, out,
    );
  });

/** A voice memo: the voice-like sound for VOICE.seconds in AAC/M4A, tagged with a place and a device. */
export const voiceRecording = () =>
  once("voice.m4a", (out) => ffmpeg("-f", "lavfi", "-i", voice(VOICE.seconds), "-c:a", "aac", "-b:a", "128k", ...PHONE_TAGS, out));

/** The frames of a video at the given seconds, as PNG files (ffmpeg applies the rotation, as a player does). */
export async function framesOf(video: string, seconds: number[]): Promise<string[]> {
  const stem = path.join(folder, `frames-${crypto.randomUUID()}`);
  return Promise.all(
    seconds.map(async (at, i) => {
      const out = `${stem}-${i}.png`;
      await ffmpeg("-ss", String(at), "-i", video, "-frames:v", "1", out);
      return out;
    }),
  );
}

export { detectFaces, facesInside, regionDifference, soundOf } from "./opencv-faces";
