/** The detector over a whole photo or video (the original when the studio opens, the redacted copy to verify it). */
import { detectFaces, type FoundFace } from "./detector";

/** A video is sampled this often: a face seen in no sample is rare at 2 samples a second, and 20 s of video cost 40 detections. */
export const SAMPLE_STEP_MS = 500;

export async function scanPhoto(url: string): Promise<FoundFace[]> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return detectFaces(image);
}

function seek(video: HTMLVideoElement, seconds: number): Promise<void> {
  return new Promise((resolve) => {
    video.addEventListener("seeked", () => resolve(), { once: true });
    video.currentTime = seconds;
  });
}

export type FaceSample = { at_ms: number; faces: FoundFace[] };

/** Faces on frames every SAMPLE_STEP_MS, with progress (0–1); stops early when `signal` aborts. */
export async function scanVideo(url: string, onProgress: (share: number) => void, signal: AbortSignal): Promise<{ samples: FaceSample[]; durationMs: number }> {
  const video = document.createElement("video");
  video.muted = true;
  video.preload = "auto";
  video.src = url;
  await new Promise((resolve, reject) => {
    video.onloadeddata = resolve;
    video.onerror = () => reject(new Error("video"));
  });
  const durationMs = video.duration * 1000;
  const samples: FaceSample[] = [];
  for (let at = 0; at < durationMs && !signal.aborted; at += SAMPLE_STEP_MS) {
    await seek(video, at / 1000);
    samples.push({ at_ms: at, faces: await detectFaces(video) });
    onProgress(Math.min(1, (at + SAMPLE_STEP_MS) / durationMs));
  }
  video.removeAttribute("src");
  video.load();
  return { samples, durationMs };
}
