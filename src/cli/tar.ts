/**
 * Just enough of the POSIX ustar format for backups: regular files only, streamed in and out without holding a
 * file in memory. A plain tar keeps backups inspectable with standard tools (`tar tvf backup.tar`).
 */
import { open, type FileHandle } from "node:fs/promises";
import { CliError } from "./errors";

const BLOCK = 512;
const NAME_MAX = 100;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, size: number): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  if (nameBytes.length > NAME_MAX) throw new Error(`backup entry name too long for tar: ${name}`);
  const block = new Uint8Array(BLOCK);
  const put = (text: string | Uint8Array, at: number) =>
    block.set(typeof text === "string" ? new TextEncoder().encode(text) : text, at);
  put(nameBytes, 0);
  put(octal(0o644, 8), 100); // mode
  put(octal(0, 8), 108); // uid
  put(octal(0, 8), 116); // gid
  put(octal(size, 12), 124);
  put(octal(Math.floor(Date.now() / 1000), 12), 136); // mtime
  put("        ", 148); // checksum field counts as spaces while summing
  put("0", 156); // regular file
  put("ustar\0" + "00", 257);
  const sum = block.reduce((total, byte) => total + byte, 0);
  put(octal(sum, 7) + " ", 148);
  return block;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

export class TarWriter {
  private constructor(private readonly file: FileHandle) {}

  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, "wx"));
  }

  /** Adds one file entry; body must yield exactly size bytes. */
  async add(name: string, size: number, body: ReadableStream<Uint8Array>): Promise<void> {
    await this.file.write(header(name, size));
    let written = 0;
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} grew while it was being backed up`);
      await this.file.write(chunk);
    }
    if (written !== size) throw new Error(`${name}: expected ${size} bytes, read ${written}`);
    await this.file.write(new Uint8Array(padding(size)));
  }

  async finish(): Promise<void> {
    await this.file.write(new Uint8Array(2 * BLOCK));
    await this.file.sync();
    await this.file.close();
  }

  async abandon(): Promise<void> {
    await this.file.close();
  }
}

export type TarEntry = { name: string; size: number; /** The entry's bytes; must be consumed before the next entry. */ body: ReadableStream<Uint8Array> };

/** Reads a tar file entry by entry. Each entry's body streams from the file in chunks. */
export async function* readTar(path: string): AsyncGenerator<TarEntry> {
  const file = await open(path, "r");
  try {
    let offset = 0;
    const block = new Uint8Array(BLOCK);
    while (true) {
      const { bytesRead } = await file.read(block, 0, BLOCK, offset);
      if (bytesRead < BLOCK) throw new CliError(`${path} is not a complete tar archive (cut short?)`);
      if (block.every((byte) => byte === 0)) return;
      const text = (from: number, length: number) => new TextDecoder().decode(block.subarray(from, from + length)).replace(/\0.*$/s, "");
      if (!text(257, 6).startsWith("ustar")) throw new CliError(`${path} is not a tar archive`);
      const name = text(0, NAME_MAX);
      const size = parseInt(text(124, 12).trim(), 8);
      if (!Number.isSafeInteger(size)) throw new CliError(`${path}: bad size in the entry ${name}`);
      const start = offset + BLOCK;
      yield { name, size, body: fileSlice(file, start, size) };
      offset = start + size + padding(size);
    }
  } finally {
    await file.close();
  }
}

function fileSlice(file: FileHandle, start: number, size: number): ReadableStream<Uint8Array> {
  const CHUNK = 1024 * 1024;
  let position = start;
  const end = start + size;
  return new ReadableStream({
    async pull(controller) {
      if (position >= end) return controller.close();
      const chunk = new Uint8Array(Math.min(CHUNK, end - position));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) return controller.error(new CliError("the archive ends inside an entry (cut short?)"));
      position += bytesRead;
      controller.enqueue(chunk.subarray(0, bytesRead));
    },
  });
}
