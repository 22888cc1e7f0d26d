/**
 * A file's size in pixels and its length, as ffprobe reads them (IIIF canvases carry both). Files never change under
 * their key, so each is probed once per process. Without ffprobe, or for a store that keeps no local files, nothing
 * is known and the manifest says only what the database does (a recording's length).
 */
import { probe } from "../renditions/probe";
import { demuxerOf } from "../renditions/recipes";
import type { Tools } from "../renditions/tools";
import type { FileFacts } from "./iiif";

const PROBE_LIMIT_MS = 30_000;
const known = new Map<string, FileFacts>();

/** ffprobe reads it with the demuxer of its stored type (never by its content: renditions/recipes.ts). */
export async function probeFacts(tools: Tools, file: { storeKey: string; mime: string }, localPath: string | undefined): Promise<FileFacts> {
  const key = file.storeKey;
  const cached = known.get(key);
  if (cached) return cached;
  if (!tools.ffprobe || !localPath) return {};
  const found = await probe(tools, localPath, demuxerOf(file.mime), { timeLimitMs: PROBE_LIMIT_MS, signal: AbortSignal.timeout(PROBE_LIMIT_MS) }).catch(() => undefined);
  const facts: FileFacts = {
    ...(found?.video?.width && found.video.height ? { width: found.video.width, height: found.video.height } : {}),
    ...(found?.seconds ? { durationMs: Math.round(found.seconds * 1000) } : {}),
  };
  known.set(key, facts);
  return facts;
}
