import type { MediaKind } from "./sniff";
import { planAvStrip } from "./strip/av";
import { stripImage } from "./strip/image";
import type { Patch } from "./strip/patch";
import { writePatchedCopySync } from "./strip/patched-copy";

/** What became of a file's public copy: none needed ("original"), none possible ("withheld"), or written. */
export type WrittenCopy = { state: "original" | "withheld" } | { state: "copy"; size: number };

export type CopyJob = { path: string; size: number; kind: MediaKind; mime: string; copyPath: string };

/** Writes a video's or recording's patched copy (patched-copy.ts): blocking on the media thread, or sent there. */
export type PatchedCopier = (source: string, target: string, patches: Patch[], size: number) => boolean | Promise<boolean>;

const WITHHELD: WrittenCopy = { state: "withheld" };

/**
 * Writes the metadata-free copy of a file to copyPath when one is needed: the CPU-bound part of storing a file (a
 * photo walked in memory, a container's headers planned). Photos run it on the media thread (media-thread.ts).
 * A video or recording with a header larger than largestRead throws LargeRead before that header is read; its copy is
 * written by patchedCopy (the request thread sends it to the media thread).
 */
export function writePublicCopy(job: CopyJob, largestRead = Infinity, patchedCopy: PatchedCopier = writePatchedCopySync): Promise<WrittenCopy> {
  return job.kind === "image" ? writePhotoCopy(job) : writeAvCopy(job, largestRead, patchedCopy);
}

/** Video and audio: patches that keep every offset, planned from the headers, applied as the copy is written. */
async function writeAvCopy({ path, size, mime, copyPath }: CopyJob, largestRead: number, patchedCopy: PatchedCopier): Promise<WrittenCopy> {
  const patches = await planAvStrip(Bun.file(path), mime, largestRead);
  if (!patches) return WITHHELD;
  return (await patchedCopy(path, copyPath, patches, size)) ? { state: "copy", size } : { state: "original" };
}

/**
 * Photos are walked in memory (they are bounded by MAX_IMAGE_BYTES); the copy comes as parts, mostly views of the
 * photo, written to copyPath without ever being assembled.
 */
async function writePhotoCopy({ path, mime, copyPath }: CopyJob): Promise<WrittenCopy> {
  const original = new Uint8Array(await Bun.file(path).arrayBuffer());
  const parts = stripImage(original, mime);
  if (!parts) return WITHHELD;
  if (sameBytes(parts, original)) return { state: "original" };
  const sink = Bun.file(copyPath).writer();
  let size = 0;
  for (const part of parts) {
    sink.write(part);
    size += part.length;
  }
  await sink.end();
  return { state: "copy", size };
}

/** Whether parts, written in order, are exactly original (compared in place, nothing copied). */
function sameBytes(parts: Uint8Array[], original: Uint8Array): boolean {
  let at = 0;
  for (const part of parts) {
    if (at + part.length > original.length || Buffer.compare(part, original.subarray(at, at + part.length)) !== 0) return false;
    at += part.length;
  }
  return at === original.length;
}
