// The page bench/redaction/detect.ts loads in Chromium: the studio's own detector module, driven from the bench.
import { detectFaces, detectorBackend, prepareDetector, type DetectorName } from "../../web/features/redaction/detector";

async function image(url: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = url;
  await img.decode();
  return img;
}

async function seek(video: HTMLVideoElement, seconds: number): Promise<void> {
  await new Promise<void>((resolve) => {
    video.addEventListener("seeked", () => resolve(), { once: true });
    video.currentTime = seconds;
  });
}

Object.assign(window, {
  bench: {
    backend: detectorBackend,
    /** Time to load the library and model (ms). */
    async prepare(name: DetectorName) {
      const start = performance.now();
      await prepareDetector(name);
      return performance.now() - start;
    },
    /** Faces found in each image and the time of each detection (ms). */
    async photos(name: DetectorName, urls: string[]) {
      const rows = [];
      for (const url of urls) {
        const img = await image(url);
        const start = performance.now();
        const faces = await detectFaces(img, name);
        rows.push({ url, faces: faces.length, ms: performance.now() - start, best: faces[0]?.score ?? 0 });
      }
      return rows;
    },
    /** A video sampled every stepMs as the studio does: time of seeking + detecting, and samples with a face. */
    async video(name: DetectorName, url: string, stepMs: number) {
      const video = document.createElement("video");
      video.muted = true;
      video.preload = "auto";
      video.src = url;
      await new Promise((resolve, reject) => {
        video.onloadeddata = resolve;
        video.onerror = reject;
      });
      const start = performance.now();
      let samples = 0;
      let withFace = 0;
      for (let at = 0; at < video.duration * 1000; at += stepMs) {
        await seek(video, at / 1000);
        samples += 1;
        if ((await detectFaces(video, name)).length > 0) withFace += 1;
      }
      return { samples, withFace, ms: performance.now() - start, durationMs: video.duration * 1000 };
    },
  },
});
document.body.dataset.ready = "1";
