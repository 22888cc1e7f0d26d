/**
 * Grids load these small images instead of the full media: ≈320 px, and at most 40 KB (the archive budget of
 * design.md §7, inside the server's 64 KB limit for the part).
 */
const MAX_SIDE = 320;
const MAX_BYTES = 40 * 1024;

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number) {
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
}

/**
 * Whether a video's frame is a picture worth sending: a browser that cannot decode the video (HEVC in Chromium) still
 * "draws" a frame, blank or 1×1, and sending that would hide the server's real thumbnail. A photo that decoded is
 * what it is, even of a plain wall: only a frame is judged.
 */
function isRealFrame(context: CanvasRenderingContext2D, width: number, height: number) {
  const { data } = context.getImageData(0, 0, width, height);
  const step = 4 * Math.max(1, Math.floor((width * height) / 4096));
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let i = 0; i < data.length; i += step) {
    const luma = (data[i] * 3 + data[i + 1] * 6 + data[i + 2]) / 10;
    sum += luma;
    squares += luma * luma;
    count += 1;
  }
  const mean = sum / count;
  return squares / count - mean * mean > 4;
}

async function encode(source: CanvasImageSource, width: number, height: number, frame = false): Promise<Blob | null> {
  // A pixel or two is no thumbnail, whatever the file (what a failed decode leaves).
  if (width < 2 || height < 2) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  if (frame && !isRealFrame(context, canvas.width, canvas.height)) return null;
  for (const quality of [0.8, 0.6, 0.4, 0.25]) {
    let blob = await toBlob(canvas, "image/webp", quality);
    if (!blob || blob.type !== "image/webp") blob = await toBlob(canvas, "image/jpeg", quality);
    if (blob && blob.size <= MAX_BYTES) return blob;
  }
  return null;
}

async function imageThumbnail(file: Blob) {
  const bitmap = await createImageBitmap(file);
  try {
    return await encode(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** A poster frame from a little way into the video (or its middle when it is shorter than a second). */
function videoThumbnail(file: Blob) {
  return new Promise<Blob | null>((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    const finish = (blob: Blob | null) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      video.removeAttribute("src");
      video.load();
      resolve(blob);
    };
    const timer = setTimeout(() => finish(null), 8000);
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.onloadeddata = () => {
      video.currentTime = Number.isFinite(video.duration) ? Math.min(1, video.duration / 2) : 0;
    };
    video.onseeked = () => encode(video, video.videoWidth, video.videoHeight, true).then(finish, () => finish(null));
    video.onerror = () => finish(null);
    video.src = url;
  });
}

/** Resolves to a thumbnail for images and videos, or null (audio, notes, a format the browser cannot decode, a blank frame). */
export async function makeThumbnail(file: File | null): Promise<Blob | null> {
  if (!file) return null;
  try {
    if (file.type.startsWith("image/")) return await imageThumbnail(file);
    if (file.type.startsWith("video/")) return await videoThumbnail(file);
  } catch (error) {
    console.warn("No thumbnail for this file", error);
  }
  return null;
}

export function thumbnailFileName(blob: Blob) {
  return blob.type === "image/webp" ? "thumbnail.webp" : "thumbnail.jpg";
}
