/** Videos as phones make them, made by ffmpeg for tests (the renditions' sources). */
import { readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** An HEVC MP4 (an iPhone's default) of the given size and length, with sound. */
export async function hevcVideo(size: string, seconds: number): Promise<File> {
  const out = path.join(tmpdir(), `casefile-hevc-${crypto.randomUUID()}.mp4`);
  const ffmpeg = Bun.spawn(
    ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=size=${size}:rate=30:duration=${seconds}`, "-f", "lavfi", "-i", `sine=duration=${seconds}`,
      "-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error", "-tag:v", "hvc1", "-c:a", "aac", out],
    { stderr: "pipe" },
  );
  if ((await ffmpeg.exited) !== 0) throw new Error(`ffmpeg: ${await new Response(ffmpeg.stderr).text()}`);
  try {
    return new File([await readFile(out)], "IMG_0001.mp4");
  } finally {
    await rm(out, { force: true });
  }
}
