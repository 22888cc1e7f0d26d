/**
 * Makes the redacted copy of a version (docs/redaction.md): helper recipe's ffmpeg command over a private copy of the
 * item's file (fetched into the job's own temp folder from any store), within the renditions' time and memory limits,
 * checked for metadata like every copy, then stored as a media file of purpose "redaction" whose own renditions the
 * renditions jobs make from it alone. A run that fails leaves the version unmade (fail closed: nothing is served).
 */
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { evidence } from "../db/evidence";
import { mediaFiles, type MediaFileRow } from "../db/media-files";
import { mediaRenditions } from "../db/media-renditions";
import { redactions, type RedactionRow } from "../db/redactions";
import { JobFailure } from "../jobs/job-runner";
import { assertRoomFor } from "../media/disk-guard";
import { digestFile } from "../media/file-digest";
import { jobClock, jobTimeLimitMs, sourceFile, withoutMetadata, type JobLimits } from "../renditions/make-renditions";
import { demuxerOf, readOptions } from "../renditions/recipes";
import { renditionKey } from "../renditions/renditions.service";
import { runTool, type Tools } from "../renditions/tools";
import type { RedactionPlan } from "./redaction-plan";
import { redactionArgs, type RecipeInput } from "./redaction-recipe";

const HEIF = new Set(["image/heic", "image/heif"]);

export type MadeCopy = { version: RedactionRow; media: MediaFileRow };

/** The version's copy, stored; undefined when the version is no longer current or its item or file is gone. */
export async function makeRedactedCopy(ctx: AppContext, tools: Tools, redactionId: number, limits: JobLimits): Promise<MadeCopy | undefined> {
  const [version] = await ctx.db.select().from(redactions).where(eq(redactions.id, redactionId)).limit(1);
  if (!version || version.status !== "pending") return undefined;
  const [item] = await ctx.db.select().from(evidence).where(eq(evidence.id, version.evidenceId)).limit(1);
  const [file] = item?.mediaId ? await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, item.mediaId)).limit(1) : [];
  if (!item || !file) throw new JobFailure("The item or its file is gone.", true);
  if (file.publicCopy === "withheld") throw new JobFailure("The file could not be checked for metadata, so no copy of it is made.", true);
  const timeLimitMs = jobTimeLimitMs(file, limits.timeLimitMs);
  const within = jobClock(limits, timeLimitMs, "Making the redacted copy");
  await assertRoomFor(ctx.store.tempDir, ctx.config.diskReserveBytes, file.size * 2).catch(() => {
    throw new JobFailure("The disk is nearly full (DISK_RESERVE_MB): the redacted copy waits for room.", false);
  });
  const dir = await mkdtemp(path.join(ctx.store.tempDir, "redaction-"));
  try {
    const { key, mime } = await readableSource(ctx, file);
    const source = await sourceFile(ctx.store, key, dir);
    const facts = await probeFacts(tools, source, mime, within());
    const kind = mime.split("/")[0] as "image" | "video" | "audio";
    const plan = JSON.parse(version.plan) as RedactionPlan;
    const target = path.join(dir, "redacted");
    const recipe = recipeFor({ kind, mime, source, target, ...facts, durationMs: file.durationMs ?? item.durationMs, plan });
    await runTool(tools, [tools.ffmpeg!, ...recipe.args], within());
    const clean = await withoutMetadata(target, recipe.mime, dir);
    const { size, sha256 } = await digestFile(clean);
    const id = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
    const storeKey = `redaction/${id}`;
    await ctx.store.putFile(storeKey, clean, recipe.mime);
    const media: MediaFileRow = {
      id,
      ownerId: item.userId,
      purpose: "redaction",
      storeKey,
      publicCopy: "original",
      publicSize: null,
      publicStoreKey: null,
      mime: recipe.mime,
      size,
      sha256,
      durationMs: kind === "image" ? null : (file.durationMs ?? item.durationMs),
      createdAt: new Date().toISOString(),
    };
    return { version, media };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A plan the file cannot carry (sound ranges on a video without sound) fails for good, as running again would. */
function recipeFor(input: RecipeInput) {
  try {
    return redactionArgs(input);
  } catch (error) {
    throw new JobFailure(`The redaction cannot be made: ${error instanceof Error ? error.message : String(error)}.`, true);
  }
}

/** What the recipe reads; ffmpeg cannot read HEIC: its JPEG display copy (a rendition of the original) is redacted instead. */
async function readableSource(ctx: AppContext, file: MediaFileRow): Promise<{ key: string; mime: string }> {
  // A photo's metadata-free copy has lost its EXIF orientation, and regions are drawn on the picture as shown: the
  // original is read (ffmpeg turns it upright; the copy keeps none of its metadata, and is checked for it).
  if (file.mime.startsWith("image/") && !HEIF.has(file.mime)) return { key: file.storeKey, mime: file.mime };
  if (!HEIF.has(file.mime)) return { key: file.publicCopy === "copy" ? file.publicStoreKey! : file.storeKey, mime: file.mime };
  const [display] = await ctx.db.select().from(mediaRenditions).where(and(eq(mediaRenditions.mediaId, file.id), eq(mediaRenditions.kind, "display")));
  if (!display) throw new JobFailure("The photo's JPEG copy is not made yet; the redaction waits for it.", false);
  return { key: renditionKey(file.storeKey, "display"), mime: "image/jpeg" };
}

type Rotated = { side_data_list?: { rotation?: number }[] };
type StreamJson = Rotated & { codec_type?: string; width?: number; height?: number; tags?: { rotate?: string }; disposition?: { attached_pic?: number } };

/**
 * The picture's size as shown (a phone's video or photo turned a quarter swaps its sides) and whether there is sound.
 * A video says its rotation on its stream; a photo's EXIF orientation shows only on its (single) decoded frame.
 */
async function probeFacts(tools: Tools, source: string, mime: string, limits: JobLimits & { timeLimitMs: number }) {
  const photo = mime.startsWith("image/");
  const out = await runTool(tools, [tools.ffprobe!, "-v", "error", "-print_format", "json", "-show_streams", ...(photo ? ["-show_frames"] : []), ...readOptions(demuxerOf(mime)), source], {
    ...limits,
    maxStdoutBytes: 256 * 1024,
  });
  const probed = JSON.parse(new TextDecoder().decode(out)) as { streams?: StreamJson[]; frames?: Rotated[] };
  const streams = probed.streams ?? [];
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const hasAudio = streams.some((s) => s.codec_type === "audio");
  if (!mime.startsWith("audio/") && !video?.width) throw new JobFailure("The file's picture could not be read.", true);
  const rotationOf = (item: Rotated | undefined) => item?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const rotation = Math.abs(Number((photo ? rotationOf(probed.frames?.[0]) : rotationOf(video)) ?? video?.tags?.rotate ?? 0)) % 180;
  const [width, height] = mime.startsWith("audio/") ? [0, 0] : rotation === 90 ? [video!.height!, video!.width!] : [video!.width!, video!.height!];
  return { width, height, hasAudio };
}
