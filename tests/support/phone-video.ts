/** Videos as phones make them, made by ffmpeg for tests (the renditions' sources). */
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** The codecs phones and cameras use that not every browser plays. */
export const PHONE_CODECS = {
  hevc: ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-c:a", "aac"],
  prores: ["-c:v", "prores_ks", "-profile:v", "0", "-c:a", "pcm_s16le"],
  mjpeg: ["-c:v", "mjpeg", "-q:v", "5", "-c:a", "pcm_s16le"],
  h264: ["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"],
} as const;

/**
 * A video of the given size and length with sound, in the codec and container `name` says (e.g. "clip.mov"), tagged
 * with a place and a phone's make and model as an iPhone tags its videos.
 */
export async function phoneVideo(name: string, codec: readonly string[], size = "320x240", seconds = 2): Promise<File> {
  const out = path.join(tmpdir(), `casefile-${crypto.randomUUID()}-${name}`);
  const ffmpeg = Bun.spawn(
    [
      "ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=${size}:rate=30:duration=${seconds}`, "-f", "lavfi", "-i", `sine=duration=${seconds}`,
      ...codec, "-movflags", "use_metadata_tags",
      "-metadata", "location=+48.8584+002.2945/", "-metadata", "com.apple.quicktime.location.ISO6709=+48.8584+002.2945/",
      "-metadata", "com.apple.quicktime.make=Apple", "-metadata", "com.apple.quicktime.model=iPhone 15 Pro", out,
    ],
    { stderr: "pipe" },
  );
  if ((await ffmpeg.exited) !== 0) throw new Error(`ffmpeg could not make ${name}: ${await new Response(ffmpeg.stderr).text()}`);
  try {
    return new File([await readFile(out)], name);
  } finally {
    await rm(out, { force: true });
  }
}

/** An HEVC MP4 (an iPhone's default) of the given size and length. */
export const hevcVideo = (size: string, seconds: number) => phoneVideo("IMG_0001.mp4", PHONE_CODECS.hevc, size, seconds);
