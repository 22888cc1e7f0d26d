import { open } from "node:fs/promises";
import { dlopen, FFIType } from "bun:ffi";

/**
 * Copies a whole file to a position of another inside the kernel. `Bun.write(Bun.file(fd), Bun.file(path))` copies
 * with copy_file_range from the descriptor's own position, off the JavaScript thread (512 MiB: ~0.1 s of CPU, against
 * ~0.2–1.3 s through a 1 MiB buffer; BENCHMARKS.md, issue 22's eighth round); but an O_APPEND descriptor makes
 * copy_file_range fail (EBADF) and node:fs cannot move a descriptor's position, so libc's lseek is called through
 * bun:ffi. Where libc cannot be opened (not glibc), kernelCopyAvailable() is false and callers copy through memory.
 */
const SEEK_SET = 0;

let lseek: ((fd: number, offset: bigint, whence: number) => bigint) | null | undefined;

function libcSeek() {
  if (lseek !== undefined) return lseek;
  try {
    const libc = dlopen("libc.so.6", { lseek: { args: [FFIType.i32, FFIType.i64, FFIType.i32], returns: FFIType.i64 } });
    lseek = (fd, offset, whence) => libc.symbols.lseek(fd, offset, whence) as bigint;
  } catch (error) {
    console.warn("uploads: libc's lseek is not reachable here, so a resumed upload's pieces are copied through memory:", error);
    lseek = null;
  }
  return lseek;
}

/** Whether copyFileAt can copy in the kernel on this system. */
export const kernelCopyAvailable = () => libcSeek() !== null;

/** Writes all of `source` into `target` from byte `offset` on (target must exist); returns the bytes copied. */
export async function copyFileAt(source: string, target: string, offset: number): Promise<number> {
  const seek = libcSeek();
  if (!seek) throw new Error("no kernel copy here: check kernelCopyAvailable() first");
  const handle = await open(target, "r+");
  try {
    if (seek(handle.fd, BigInt(offset), SEEK_SET) !== BigInt(offset)) throw new Error(`could not move to byte ${offset} of ${target}`);
    return await Bun.write(Bun.file(handle.fd), Bun.file(source));
  } finally {
    await handle.close();
  }
}
