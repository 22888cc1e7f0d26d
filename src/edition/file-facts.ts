/**
 * A file's size in pixels and its length (IIIF canvases carry both), read as cheaply as it can be: a photo's width
 * and height from its headers (media/pixels.ts), a recording's length from its container's header (media/duration.ts),
 * and only what is still unknown (a video's size, a length no header states, a header that cannot be read) from
 * ffprobe, a few files at a time. Files never change under their key, so each is measured once per process. Without
 * ffprobe, or for a store that keeps no local files, the manifest says what the headers and the database do.
 */
import { mediaDurationMs } from "../media/duration";
import { declaredSize } from "../media/pixels";
import { probe } from "../renditions/probe";
import { demuxerOf } from "../renditions/recipes";
import type { Tools } from "../renditions/tools";
import { atOnce } from "./at-once";
import type { EditionFile } from "./edition-items";
import type { FileFacts } from "./iiif";

const PROBE_LIMIT_MS = 30_000;
/** Files measured at once: a header read is a few small reads; an ffprobe run is mostly its start-up and its reads. */
const AT_ONCE = 4;
const known = new Map<string, FileFacts>();

/** What each file is measured as (`recalled`: what an earlier export measured of the same bytes). */
export async function measureFiles(
  tools: Tools,
  files: EditionFile[],
  localPath: (file: EditionFile) => string | undefined,
  recalled: (file: EditionFile) => FileFacts | undefined = () => undefined,
): Promise<(file: EditionFile) => FileFacts> {
  const found = new Map<EditionFile, FileFacts>();
  await atOnce(files, AT_ONCE, async (file) => void found.set(file, recalled(file) ?? (await fileFacts(tools, file, localPath(file)))));
  return (file) => found.get(file) ?? {};
}

async function fileFacts(tools: Tools, file: { storeKey: string; mime: string }, path: string | undefined): Promise<FileFacts> {
  const cached = known.get(file.storeKey);
  if (cached) return cached;
  if (!path) return {};
  const fromHeaders = await headerFacts(Bun.file(path), file.mime).catch((): FileFacts => ({}));
  const facts = stillUnknown(file.mime, fromHeaders) ? { ...fromHeaders, ...(await probeFacts(tools, file.mime, path)) } : fromHeaders;
  known.set(file.storeKey, facts);
  return facts;
}

async function headerFacts(file: Blob, mime: string): Promise<FileFacts> {
  if (mime.startsWith("image/")) {
    const size = await declaredSize(file, mime);
    return size && size.width > 0 && size.height > 0 ? size : {};
  }
  const durationMs = await mediaDurationMs(file, mime);
  return durationMs ? { durationMs } : {};
}

/** A photo needs its size, a recording its length, a video both (no header is read for a video's size). */
function stillUnknown(mime: string, facts: FileFacts): boolean {
  if (mime.startsWith("image/")) return !facts.width;
  return mime.startsWith("video/") ? !facts.width || !facts.durationMs : !facts.durationMs;
}

/** ffprobe reads it with the demuxer of its stored type (never by its content: renditions/recipes.ts). */
async function probeFacts(tools: Tools, mime: string, path: string): Promise<FileFacts> {
  if (!tools.ffprobe) return {};
  const found = await probe(tools, path, demuxerOf(mime), { timeLimitMs: PROBE_LIMIT_MS, signal: AbortSignal.timeout(PROBE_LIMIT_MS) }).catch(() => undefined);
  return {
    ...(found?.video?.width && found.video.height ? { width: found.video.width, height: found.video.height } : {}),
    ...(found?.seconds ? { durationMs: Math.round(found.seconds * 1000) } : {}),
  };
}
