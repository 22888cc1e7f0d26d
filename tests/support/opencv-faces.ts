/**
 * The independent checks of a redaction, through tests/support/opencv-faces.py (Debian's python3-opencv with the
 * opencv-data cascades; the system python, not one on PATH that may lack them): faces OpenCV finds in images, how
 * much the pixels of a region changed, and what a stretch of sound sounds like (its fundamental, its brightness).
 */
import path from "node:path";
import type { Box } from "../../src/redaction/redaction-plan";

const SCRIPT = path.join(import.meta.dir, "opencv-faces.py");
const PYTHON = "/usr/bin/python3";

/** A box in pixels (x, y, w, h) as OpenCV gives it. */
export type Found = [number, number, number, number];
export type Detection = { width: number; height: number; faces: Found[] };

async function python<T>(...args: string[]): Promise<T> {
  const child = Bun.spawn([PYTHON, SCRIPT, ...args], { stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  if (code !== 0) throw new Error(`opencv-faces.py ${args[0]} failed (${code}): ${err.slice(-800)}`);
  return JSON.parse(out) as T;
}

/**
 * The faces OpenCV's three frontal cascades find in each image. `sensitive` looks harder (finer steps, fewer
 * confirmations, equalised contrast): where a test claims no face is left, it asks the sensitive detector.
 */
export const detectFaces = (images: string[], { sensitive = false } = {}) =>
  python<Detection[]>("faces", ...(sensitive ? ["--sensitive"] : []), ...images);

/**
 * The detections that are a face in `box` (fractions): centred inside it (grown by half its side, as a redaction
 * region is drawn around a face with a margin) and not much larger than it. A sensitive detector also boxes whole
 * heads, shoulders or textures around a face; those are not the face the region hides.
 */
export function facesInside(detection: Detection, box: Box): Found[] {
  const [left, top] = [(box.x - box.width / 2) * detection.width, (box.y - box.height / 2) * detection.height];
  const [right, bottom] = [(box.x + box.width * 1.5) * detection.width, (box.y + box.height * 1.5) * detection.height];
  const side = Math.max(box.width * detection.width, box.height * detection.height);
  return detection.faces.filter(([x, y, w, h]) => {
    const [cx, cy] = [x + w / 2, y + h / 2];
    return cx >= left && cx <= right && cy >= top && cy <= bottom && Math.max(w, h) <= side * 2;
  });
}

/** Mean absolute difference (0–255, over the three colours) between two images of one size inside `box` (fractions). */
export async function regionDifference(original: string, copy: string, box: Box, size: { width: number; height: number }): Promise<number> {
  const pixels = [box.x * size.width, box.y * size.height, box.width * size.width, box.height * size.height].map((n) => String(Math.round(n)));
  return (await python<{ mean: number }>("diff", original, copy, ...pixels)).mean;
}

export type Sound = { f0: number; centroid: number; rms: number; peak: number };

/** What the sound of `file` is like between `from` and `to` seconds (mono, 16 kHz): fundamental, spectral centroid, level. */
export async function soundOf(file: string, from: number, to: number): Promise<Sound> {
  const wav = path.join(path.dirname(file), `sound-${crypto.randomUUID()}.wav`);
  const child = Bun.spawn(
    ["ffmpeg", "-nostdin", "-v", "error", "-y", "-ss", String(from), "-to", String(to), "-i", file, "-vn", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", wav],
    { stdin: "ignore", stdout: "ignore", stderr: "pipe" },
  );
  if ((await child.exited) !== 0) throw new Error(`ffmpeg could not read the sound of ${file}: ${await new Response(child.stderr).text()}`);
  return python<Sound>("sound", wav);
}
