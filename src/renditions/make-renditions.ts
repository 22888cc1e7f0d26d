/**
 * Makes a stored file's renditions (see plan.ts for which), from its public version (the metadata-free copy where
 * there is one), each checked for metadata as a public copy is before it goes into the store beside the original.
 * The original and its hash are never touched. Every tool run shares the job's time limit.
 *
 * Only a file the server parsed and accepted is read: the public copy, or an original the walker found clean; a
 * withheld original (the walker could not account for every byte) gets none. The tools read a private link or copy
 * of it, alone in a folder of the job's own, with the demuxer the sniffer named (recipes.ts): no reference inside a
 * file (a playlist, a concat script, a relative path) can reach another file (docs/security.md).
 */
import { copyFile, link, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { mediaFiles, type MediaFileRow } from "../db/media-files";
import type { MediaRenditionRow } from "../db/media-renditions";
import { assertRoomFor } from "../media/disk-guard";
import { publicVersion } from "../media/media.service";
import type { MediaKind } from "../media/sniff";
import type { MediaStore } from "../media/store";
import { peakCounter } from "./peaks";
import { audioRecipes, photoRecipes, RECIPE_MIME, videoRecipes, type Recipe } from "./plan";
import { probe } from "./probe";
import { demuxerOf, MAX_RENDITION_BYTES, PEAKS_SAMPLE_RATE, recipeCommands } from "./recipes";
import { renditionKey } from "./renditions.service";
import { JobFailure } from "../jobs/job-runner";
import { type RunLimits, runTool, type Tools } from "./tools";
import { sizeText } from "../http/size-text";

export type JobLimits = { timeLimitMs: number; signal: AbortSignal };

/**
 * The stored bytes of key as a file the tools can open, alone in a folder of its own under dir: a hard link for a
 * local folder (a copy where linking is refused), else fetched from the store.
 */
export async function sourceFile(store: MediaStore, key: string, dir: string, name = "source"): Promise<string> {
  const folder = path.join(dir, `${name}-in`);
  await mkdir(folder);
  const file = path.join(folder, name);
  if (store.localPath) {
    const stored = store.localPath(key);
    await link(stored, file).catch(() => copyFile(stored, file));
  } else await Bun.write(file, new Response(await store.read(key)));
  return file;
}

async function recipesFor(tools: Tools, mime: string, source: string, limits: JobLimits): Promise<{ recipes: Recipe[]; seconds?: number }> {
  const kind = mime.split("/")[0] as MediaKind;
  if (kind === "image") return { recipes: photoRecipes(mime, !!tools.heifConvert) };
  const probed = await probe(tools, source, demuxerOf(mime), limits);
  return { recipes: kind === "video" ? videoRecipes(mime, probed) : audioRecipes(mime, probed), seconds: probed.seconds };
}

const BASE_TIME_MS = 60_000;
const MS_PER_SECOND_PLAYED = 4_000;
const MS_PER_MB = 10_000;

/**
 * A job's time limit grows with what there is to copy: a minute, plus 4 s per second of playing time (a minute of
 * 1080p took 25 s on a 2-core laptop; BENCHMARKS.md) but no more than 10 s per MB, since a header may claim any
 * length (a 150 KB clip of repeated 4K frames gets about a minute, not RENDITION_TIME_LIMIT_SECONDS), and never more
 * than that configured limit.
 */
export function jobTimeLimitMs(file: Pick<MediaFileRow, "size" | "durationMs">, configuredMs: number): number {
  const bySize = (file.size / 1_000_000) * MS_PER_MB;
  const byLength = file.durationMs === null ? bySize : Math.min(bySize, (file.durationMs / 1000) * MS_PER_SECOND_PLAYED);
  return Math.round(Math.min(configuredMs, BASE_TIME_MS + byLength));
}

/**
 * The time a job begun now has left, asked before each tool it runs in turn: past the job's limit, a failure naming
 * that limit (`what` took longer than it); else the limits for the next tool, which name the job's whole limit too.
 */
export function jobClock(limits: JobLimits, timeLimitMs: number, what: string): () => RunLimits {
  const deadline = Date.now() + timeLimitMs;
  return () => {
    const left = deadline - Date.now();
    if (left <= 0) throw new JobFailure(`${what} took longer than the time limit (${Math.round(timeLimitMs / 1000)} s).`, true);
    return { signal: limits.signal, timeLimitMs: left, jobLimitMs: timeLimitMs };
  };
}

/** Renditions made for mediaId, already in the store; [] when the file is gone, withheld or needs none. */
export async function makeRenditions(ctx: AppContext, tools: Tools, mediaId: string, limits: JobLimits): Promise<MediaRenditionRow[]> {
  const [file] = await ctx.db.select().from(mediaFiles).where(eq(mediaFiles.id, mediaId)).limit(1);
  if (!file || file.publicCopy === "withheld") return [];
  const timeLimitMs = jobTimeLimitMs(file, limits.timeLimitMs);
  const within = jobClock(limits, timeLimitMs, "Making the copies");
  // Copies are at most about the original's size: none are made while that would eat into the uploads' reserve.
  await assertRoomFor(ctx.store.tempDir, ctx.config.diskReserveBytes, file.size).catch(() => {
    throw new JobFailure("The disk is nearly full (DISK_RESERVE_MB): the copies wait for room.", false);
  });
  const dir = await mkdtemp(path.join(ctx.store.tempDir, "renditions-"));
  try {
    const source = await sourceFile(ctx.store, file.publicCopy === "copy" ? file.publicStoreKey! : file.storeKey, dir);
    const { recipes, seconds } = await recipesFor(tools, file.mime, source, within());
    const made: MediaRenditionRow[] = [];
    let frame = { source, demuxer: demuxerOf(file.mime) };
    for (const recipe of recipes) {
      const out = path.join(dir, recipe.kind);
      if (recipe.make === "peaks") {
        const counter = peakCounter(PEAKS_SAMPLE_RATE);
        for (const argv of recipeCommands(tools, recipe.make, { source, demuxer: demuxerOf(file.mime), out, kind: recipe.kind })) await runTool(tools, argv, { ...within(), onStdout: counter.feed });
        await Bun.write(out, JSON.stringify(counter.finish()));
      } else {
        const input = recipe.make === "photo-frame" ? frame : { source, demuxer: demuxerOf(file.mime) };
        for (const argv of recipeCommands(tools, recipe.make, { ...input, out, seconds, kind: recipe.kind })) {
          await runTool(tools, argv, within());
        }
      }
      const mime = RECIPE_MIME[recipe.make];
      const cleanPath = await withoutMetadata(out, mime, dir);
      const { size } = await stat(cleanPath);
      const storeKey = renditionKey(file.storeKey, recipe.kind);
      await ctx.store.putFile(storeKey, cleanPath, mime);
      made.push({ mediaId, kind: recipe.kind, mime, storeKey, size, createdAt: new Date().toISOString() });
      // A HEIC's thumbnail is made from its JPEG: ffmpeg cannot read HEIC.
      if (recipe.make === "heif-jpeg") frame = { source: await sourceFile(ctx.store, storeKey, dir, "display-source"), demuxer: demuxerOf("image/jpeg") };
    }
    return made;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The tools are told to copy no metadata; this checks it as the public copy of an upload is checked, and takes the
 * cleaned copy if anything was left. A rendition that cannot be checked is not stored (fail closed).
 */
export async function withoutMetadata(out: string, mime: string, dir: string): Promise<string> {
  const { size } = await stat(out).catch(() => {
    throw new JobFailure("The tool wrote no file.", true);
  });
  if (size === 0) throw new JobFailure("The tool wrote an empty file.", true);
  if (size >= MAX_RENDITION_BYTES) throw new JobFailure(`The copy grew past ${sizeText(MAX_RENDITION_BYTES)} and was stopped.`, true);
  if (mime === "application/json") return out;
  const kind = mime.split("/")[0] as MediaKind;
  const version = await publicVersion({ path: out, size }, { kind, mime }, dir);
  if (version.state === "withheld") throw new JobFailure("The copy could not be checked for metadata, so it was not kept.", true);
  return version.state === "copy" ? version.path : out;
}
