import { closeSync, openSync, readSync, writeSync } from "node:fs";

/**
 * A file part copied out of a multipart body while the body is still arriving, on the media thread: each step reads
 * what has arrived once, searches it for the delimiter that ends the part, hashes it and writes it to the part's own
 * file. Reading, hashing and copying a 1 GiB part after the body had arrived cost ~1.7 s on the request thread and the
 * media thread together (BENCHMARKS.md, issue 22's thirteenth round). Reads are synchronous: this thread does one task at
 * a time, and a read it awaits costs more than it blocks (1 GiB hashed in 0.82 s against 1.04 s).
 */
export type ExtractionStart = { body: string; target: string; start: number; delimiter: string };
/**
 * A step: bytes of the body before `to` have arrived; `ended` when the body ends there. `start` opens the
 * extraction (its first step); `drop` closes it unfinished.
 */
export type ExtractionStep = { key: number; to: number; ended: boolean; start?: ExtractionStart } | { key: number; drop: true };
/**
 * How far the part is known and copied (`through`, a body offset); with `end` the delimiter was found there (the part
 * is complete, its `sha256` made and its file closed); `lost` when the thread no longer knows the extraction (it was
 * restarted since).
 */
export type ExtractionProgress = { through: number; end?: number; sha256?: string } | { lost: true };

type Extraction = { body: number; target: number; delimiter: Buffer; through: number; written: number; hasher: Bun.CryptoHasher };

/** The most bytes a step reads (the caller asks no further): other tasks of the thread wait no longer than this takes. */
export const EXTRACTION_STEP_BYTES = 32 * 1024 * 1024;

const extractions = new Map<number, Extraction>();
/**
 * The thread's one read buffer (one task at a time). Small enough to stay in the core's cache between its read, its
 * hash and its write: reading, hashing and writing 1 GiB took 1.05–1.13 s of CPU in steps of 128–512 KiB, 2.0–3.0 s
 * in steps of 1 MiB (most of it the kernel's, copying in and out).
 */
export const EXTRACTION_READ_BYTES = 256 * 1024;
let buffer: Buffer | undefined;

export function extractionStep(step: ExtractionStep): ExtractionProgress {
  if ("drop" in step) {
    close(step.key);
    return { lost: true };
  }
  if (step.start) open(step.key, step.start);
  const extraction = extractions.get(step.key);
  if (!extraction) return { lost: true };
  try {
    return advance(extraction, step);
  } catch (error) {
    close(step.key);
    throw error;
  }
}

function open(key: number, { body, target, start, delimiter }: ExtractionStart): void {
  const bodyFd = openSync(body, "r");
  try {
    const targetFd = openSync(target, "w");
    extractions.set(key, { body: bodyFd, target: targetFd, delimiter: Buffer.from(delimiter, "latin1"), through: start, written: 0, hasher: new Bun.CryptoHasher("sha256") });
  } catch (error) {
    closeSync(bodyFd);
    throw error;
  }
}

function close(key: number): void {
  const extraction = extractions.get(key);
  if (!extraction) return;
  extractions.delete(key);
  closeSync(extraction.body);
  closeSync(extraction.target);
}

/**
 * Reads the body from `through` up to `to`; a read's last delimiter-length-less-one bytes are read again by the next,
 * so a delimiter across two reads is found (unless the body ends there: then they are the part's).
 */
function advance(extraction: Extraction, { key, to, ended }: { key: number; to: number; ended: boolean }): ExtractionProgress {
  buffer ??= Buffer.allocUnsafe(EXTRACTION_READ_BYTES);
  const kept = extraction.delimiter.length - 1;
  while (extraction.through < to) {
    const read = readSync(extraction.body, buffer, 0, Math.min(EXTRACTION_READ_BYTES, to - extraction.through), extraction.through);
    if (read === 0) break;
    const bytes = buffer.subarray(0, read);
    const found = bytes.indexOf(extraction.delimiter);
    if (found >= 0) {
      keep(extraction, bytes.subarray(0, found));
      const end = extraction.through;
      const sha256 = extraction.hasher.digest("hex");
      close(key);
      return { through: end, end, sha256 };
    }
    const last = ended && extraction.through + read >= to;
    const settled = last ? read : read - kept;
    if (settled <= 0) break; // too few bytes to tell yet
    keep(extraction, bytes.subarray(0, settled));
  }
  return { through: extraction.through };
}

/** Bytes known to be the part's: hashed, written to its file, counted. */
function keep(extraction: Extraction, bytes: Buffer): void {
  extraction.hasher.update(bytes);
  for (let at = 0; at < bytes.length; ) at += writeSync(extraction.target, bytes, at, bytes.length - at, extraction.written + at);
  extraction.written += bytes.length;
  extraction.through += bytes.length;
}
