import { readSync, writeSync } from "node:fs";
import { open, truncate } from "node:fs/promises";
import { dlopen, FFIType, ptr } from "bun:ffi";

/**
 * Copies a whole file to a position of another inside the kernel. `Bun.write(Bun.file(fd), Bun.file(path))` copies
 * with copy_file_range from the descriptor's own position, off the JavaScript thread (512 MiB: ~0.1 s of CPU, against
 * ~0.2–1.3 s through a 1 MiB buffer; BENCHMARKS.md, issue 22's eighth round); but an O_APPEND descriptor makes
 * copy_file_range fail (EBADF) and node:fs cannot move a descriptor's position, so libc's lseek is called through
 * bun:ffi. Where libc cannot be opened (not glibc), copyAt copies through one buffer instead.
 */
const SEEK_SET = 0;

type Libc = {
  lseek(fd: number, offset: bigint, whence: number): bigint;
  /** copy_file_range(2) with both offsets given (so neither descriptor moves); blocking. */
  copyFileRange(fromFd: number, from: BigInt64Array, toFd: number, to: BigInt64Array, length: number): number;
};

let libc: Libc | null | undefined;

function libcCalls(): Libc | null {
  if (libc !== undefined) return libc;
  try {
    const { symbols } = dlopen("libc.so.6", {
      lseek: { args: [FFIType.i32, FFIType.i64, FFIType.i32], returns: FFIType.i64 },
      copy_file_range: { args: [FFIType.i32, FFIType.ptr, FFIType.i32, FFIType.ptr, FFIType.u64, FFIType.u32], returns: FFIType.i64 },
    });
    libc = {
      lseek: (fd, offset, whence) => symbols.lseek(fd, offset, whence) as bigint,
      copyFileRange: (fromFd, from, toFd, to, length) => Number(symbols.copy_file_range(fromFd, ptr(from), toFd, ptr(to), length, 0)),
    };
  } catch (error) {
    console.warn("uploads: libc is not reachable here, so files are copied through memory:", error);
    libc = null;
  }
  return libc;
}

const libcSeek = () => libcCalls()?.lseek;

/** Where the kernel cannot copy, a file is copied through one buffer of this size. */
const READ_BYTES = 1024 * 1024;

/**
 * Writes all of `source`, which holds `bytes` bytes, into `target` from byte `offset` on (target must exist): in the
 * kernel where it can, else through memory. Fails if fewer bytes arrive.
 */
export async function copyAt(source: string, target: string, offset: number, bytes: number): Promise<void> {
  const seek = libcSeek();
  if (!seek) return copyThroughMemory(source, target, offset, bytes);
  const copied = await copyInKernel(seek, source, target, offset);
  if (copied !== bytes) throw new Error(`${source}: copied ${copied} of ${bytes} bytes`);
}

async function copyInKernel(seek: Libc["lseek"], source: string, target: string, offset: number): Promise<number> {
  const handle = await open(target, "r+");
  try {
    if (seek(handle.fd, BigInt(offset), SEEK_SET) !== BigInt(offset)) throw new Error(`could not move to byte ${offset} of ${target}`);
    return await Bun.write(Bun.file(handle.fd), Bun.file(source));
  } finally {
    await handle.close();
  }
}

/** The fallback of copyAt and copyRange (reading source from `from`); exported for the test that compares it with the kernel's copy. */
export async function copyThroughMemory(source: string, target: string, offset: number, bytes: number, from = 0): Promise<void> {
  const [input, into] = await Promise.all([open(source, "r"), open(target, "r+")]);
  try {
    const buffer = new Uint8Array(READ_BYTES);
    for (let done = 0; done < bytes; ) {
      const { bytesRead } = await input.read(buffer, 0, Math.min(READ_BYTES, bytes - done), from + done);
      if (bytesRead === 0) throw new Error(`${source} ended at ${done} of ${bytes} bytes`);
      for (let at = 0; at < bytesRead; ) at += (await into.write(buffer, at, bytesRead - at, offset + done + at)).bytesWritten;
      done += bytesRead;
    }
  } finally {
    await Promise.all([input.close(), into.close()]);
  }
}

/**
 * Writes `length` bytes of `source` from byte `start` into a new file `target` (a file part of a multipart body on
 * disk): in the kernel where it can — from the source descriptor's position to its end, then cut to the part's length
 * (what follows a part is at most the rest of a body the route already bounds) — else through memory.
 */
export async function copyRange(source: string, start: number, length: number, target: string): Promise<void> {
  await Bun.write(target, "");
  if (length === 0) return;
  const seek = libcSeek();
  if (!seek) return copyThroughMemory(source, target, 0, length, start);
  const from = await open(source, "r");
  let copied: number;
  try {
    if (seek(from.fd, BigInt(start), SEEK_SET) !== BigInt(start)) throw new Error(`could not move to byte ${start} of ${source}`);
    copied = await Bun.write(Bun.file(target), Bun.file(from.fd));
  } finally {
    await from.close();
  }
  if (copied < length) throw new Error(`${source}: copied ${copied} of ${length} bytes from ${start}`);
  await truncate(target, length);
}

/**
 * Copies bytes `at`..`at + length` of one open file to the same place in another, blocking (for the media thread):
 * in the kernel where it can, in calls of at most KERNEL_CALL_BYTES, else (no libc, or a file system that refuses)
 * through memory.
 */
export function copySpanSync(fromFd: number, toFd: number, at: number, length: number): void {
  const calls = libcCalls();
  let done = 0;
  if (calls) {
    const from = new BigInt64Array(1);
    const to = new BigInt64Array(1);
    while (done < length) {
      from[0] = to[0] = BigInt(at + done);
      const copied = calls.copyFileRange(fromFd, from, toFd, to, Math.min(KERNEL_CALL_BYTES, length - done));
      if (copied <= 0) break; // refused (e.g. across file systems on an old kernel) or the source ended: memory decides
      done += copied;
    }
  }
  const buffer = done < length ? new Uint8Array(Math.min(READ_BYTES, length - done)) : undefined;
  while (buffer && done < length) {
    const read = readSync(fromFd, buffer, 0, Math.min(buffer.length, length - done), at + done);
    if (read === 0) throw new Error(`the file ended at ${at + done} of ${at + length} bytes`);
    for (let written = 0; written < read; ) written += writeSync(toFd, buffer, written, read - written, at + done + written);
    done += read;
  }
}

/** The most one copy_file_range call is asked for. */
const KERNEL_CALL_BYTES = 64 * 1024 * 1024;
