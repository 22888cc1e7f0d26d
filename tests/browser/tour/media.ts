/**
 * Media for the tour's seeded evidence: photos that look like photos (ffmpeg test patterns, several sizes and hues,
 * with a small WebP thumbnail as the web app makes one), a short video with a poster thumbnail, and the audio
 * fixtures. Without ffmpeg, the tiny fixtures of tests/fixtures stand in (the tour still runs, just plainer).
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fixture } from "../../support/client";

export type SeedFile = { file: File; thumbnail?: File };
export type SeedMedia = { photos: SeedFile[]; videos: SeedFile[]; audios: SeedFile[] };

const PICTURES = ["testsrc2", "mandelbrot", "smptehdbars", "rgbtestsrc", "cellauto=rule=110", "life=ratio=0.2:mold=10"];

async function ffmpeg(args: string[]): Promise<boolean> {
  const proc = Bun.spawn(["ffmpeg", "-y", "-loglevel", "error", ...args], { stdout: "ignore", stderr: "ignore" });
  return (await proc.exited) === 0;
}

async function fileOf(dir: string, name: string, type: string): Promise<File> {
  return new File([await readFile(path.join(dir, name))], name, { type });
}

/** One picture source as a JPEG or PNG plus its 320 px WebP thumbnail; undefined when ffmpeg fails. */
async function photo(dir: string, index: number, png: boolean): Promise<SeedFile | undefined> {
  const source = PICTURES[index % PICTURES.length]!;
  const size = index % 3 === 0 ? "900x1200" : "1280x960";
  const input = ["-f", "lavfi", "-i", `${source}${source.includes("=") ? ":" : "="}size=${size}:rate=1`, "-frames:v", "1"];
  const name = `photo-${index}.${png ? "png" : "jpg"}`;
  const thumb = `photo-${index}-thumb.webp`;
  const hue = ["-vf", `hue=h=${index * 47}`];
  if (!(await ffmpeg([...input, ...hue, ...(png ? [] : ["-q:v", "5"]), path.join(dir, name)]))) return undefined;
  if (!(await ffmpeg([...input, "-vf", `hue=h=${index * 47},scale=320:-2`, "-quality", "70", path.join(dir, thumb)]))) return undefined;
  return { file: await fileOf(dir, name, png ? "image/png" : "image/jpeg"), thumbnail: await fileOf(dir, thumb, "image/webp") };
}

/** A 4 s 640×360 H.264 + AAC clip with a poster thumbnail. */
async function video(dir: string, index: number): Promise<SeedFile | undefined> {
  const name = `clip-${index}.mp4`;
  const thumb = `clip-${index}-thumb.webp`;
  const picture = `testsrc2=size=640x360:rate=25,hue=h=${index * 90}`;
  const made = await ffmpeg(["-f", "lavfi", "-i", picture, "-f", "lavfi", "-i", "sine=frequency=330", "-t", "4", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", path.join(dir, name)]);
  if (!made || !(await ffmpeg(["-f", "lavfi", "-i", picture, "-frames:v", "1", "-vf", "scale=320:-2", path.join(dir, thumb)]))) return undefined;
  return { file: await fileOf(dir, name, "video/mp4"), thumbnail: await fileOf(dir, thumb, "image/webp") };
}

/** `plain`: the tiny fixtures only (for tests that look at roles and names, not pictures: no ffmpeg time). */
export async function makeSeedMedia(plain = false): Promise<SeedMedia> {
  const audios = await Promise.all([
    fixture("voice.mp3", "audio/mpeg"),
    fixture("voice.m4a", "audio/mp4"),
    fixture("voice.ogg", "audio/ogg"),
    fixture("voice.webm", "audio/webm"),
  ]);
  const fallback: SeedMedia = {
    photos: [{ file: await fixture("photo.jpg", "image/jpeg") }, { file: await fixture("photo.png", "image/png") }],
    videos: [{ file: await fixture("clip.mp4", "video/mp4") }],
    audios: audios.map((file) => ({ file })),
  };
  if (plain || !Bun.which("ffmpeg")) return fallback;
  const dir = await mkdtemp(path.join(tmpdir(), "casefile-tour-media-"));
  try {
    const photos = (await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => photo(dir, i, i % 4 === 3)))).filter((p) => p !== undefined);
    const videos = (await Promise.all([0, 1, 2].map((i) => video(dir, i)))).filter((v) => v !== undefined);
    return {
      photos: photos.length ? photos : fallback.photos,
      videos: videos.length ? videos : fallback.videos,
      audios: fallback.audios,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
