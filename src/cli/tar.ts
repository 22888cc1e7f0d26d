/**
 * Just enough of the POSIX ustar format for backups: regular files only, streamed in and out without holding a
 * file in memory. A plain tar keeps backups inspectable with standard tools (`tar tvf backup.tar`).
 *
 * Both sides keep a SHA-256 of every byte so far (headers and padding included), so the archive's last entry can
 * seal all that came before it (backup-format.ts), and of each entry's content.
 */
import { open, type FileHandle } from "node:fs/promises";
import { CliError } from "./errors";

const BLOCK = 512;
const NAME_MAX = 100;
const CHUNK = 1024 * 1024;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

/** The header checksum: the sum of its bytes, its own field counted as spaces. */
const checksumOf = (block: Uint8Array) => block.reduce((total, byte, i) => total + (i >= 148 && i < 156 ? 32 : byte), 0);

function header(name: string, size: number): Uint8Array {
  const nameBytes = new TextEncoder().encode(name);
  if (nameBytes.length > NAME_MAX) throw new Error(`backup entry name too long for tar: ${name}`);
  const block = new Uint8Array(BLOCK);
  const put = (text: string | Uint8Array, at: number) =>
    block.set(typeof text === "string" ? new TextEncoder().encode(text) : text, at);
  put(nameBytes, 0);
  put(octal(0o600, 8), 100); // mode
  put(octal(0, 8), 108); // uid
  put(octal(0, 8), 116); // gid
  put(octal(size, 12), 124);
  put(octal(Math.floor(Date.now() / 1000), 12), 136); // mtime
  put("0", 156); // regular file
  put("ustar\0" + "00", 257);
  put(octal(checksumOf(block), 7) + " ", 148);
  return block;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

export type WrittenEntry = { name: string; size: number; sha256: string };

export class TarWriter {
  private readonly whole = new Bun.CryptoHasher("sha256");
  /** Every entry so far, with its content's SHA-256. */
  readonly entries: WrittenEntry[] = [];

  private constructor(private readonly file: FileHandle) {}

  /** A new file, readable by its owner only: a backup holds every participant's data and the audit key. */
  static async create(path: string): Promise<TarWriter> {
    return new TarWriter(await open(path, "wx", 0o600));
  }

  private async write(bytes: Uint8Array): Promise<void> {
    this.whole.update(bytes);
    await this.file.write(bytes);
  }

  /** SHA-256 of every byte written so far. */
  digestSoFar(): string {
    return this.whole.copy().digest("hex");
  }

  /** Adds one file entry; body must yield exactly size bytes. */
  async add(name: string, size: number, body: ReadableStream<Uint8Array>): Promise<void> {
    await this.write(header(name, size));
    const hasher = new Bun.CryptoHasher("sha256");
    let written = 0;
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} grew while it was being backed up`);
      hasher.update(chunk);
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`${name}: expected ${size} bytes, read ${written}`);
    await this.write(new Uint8Array(padding(size)));
    this.entries.push({ name, size, sha256: hasher.digest("hex") });
  }

  async finish(): Promise<void> {
    await this.write(new Uint8Array(2 * BLOCK));
    await this.file.sync();
    await this.file.close();
  }

  async abandon(): Promise<void> {
    await this.file.close();
  }
}

export type TarEntry = {
  name: string;
  size: number;
  /** SHA-256 of every byte of the archive before this entry's header. */
  before: string;
  /** The entry's bytes; consumed or not, the reader moves past them at the next entry. */
  body: ReadableStream<Uint8Array>;
};

/**
 * Reads a tar file entry by entry, each entry's body streamed from the file in chunks. Anything that is not exactly
 * what TarWriter writes (a header whose checksum is off, a cut, bytes after the end) is an error.
 */
export async function* readTar(path: string): AsyncGenerator<TarEntry> {
  const file = await open(path, "r");
  const whole = new Bun.CryptoHasher("sha256");
  let hashed = 0; // bytes of the file fed to `whole`, in order
  /** Reads [hashed, end) into the hash, skipping what the consumer did not read. */
  const hashTo = async (end: number) => {
    while (hashed < end) {
      const chunk = new Uint8Array(Math.min(CHUNK, end - hashed));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, hashed);
      if (bytesRead === 0) throw new CliError("the archive ends inside an entry (cut short?)");
      whole.update(chunk.subarray(0, bytesRead));
      hashed += bytesRead;
    }
  };
  try {
    let offset = 0;
    const block = new Uint8Array(BLOCK);
    while (true) {
      const before = whole.copy().digest("hex");
      const { bytesRead } = await file.read(block, 0, BLOCK, offset);
      if (bytesRead < BLOCK) throw new CliError(`${path} is not a complete tar archive (cut short?)`);
      if (block.every((byte) => byte === 0)) {
        const { size } = await file.stat();
        const rest = new Uint8Array(BLOCK);
        const last = await file.read(rest, 0, BLOCK, offset + BLOCK);
        if (last.bytesRead < BLOCK || rest.some((byte) => byte !== 0)) throw new CliError(`${path}: its end-of-archive marker is damaged`);
        if (size !== offset + 2 * BLOCK) throw new CliError(`${path}: ${size - offset - 2 * BLOCK} bytes after the end of the archive`);
        return;
      }
      const text = (from: number, length: number) => new TextDecoder().decode(block.subarray(from, from + length)).replace(/\0.*$/s, "");
      if (!text(257, 6).startsWith("ustar")) throw new CliError(`${path} is not a tar archive (or a header in it is damaged)`);
      const name = text(0, NAME_MAX);
      if (parseInt(text(148, 8).trim(), 8) !== checksumOf(block)) throw new CliError(`${path}: the header of the entry ${name} is damaged`);
      const size = parseInt(text(124, 12).trim(), 8);
      if (!Number.isSafeInteger(size)) throw new CliError(`${path}: bad size in the entry ${name}`);
      whole.update(block);
      hashed = offset + BLOCK;
      const start = offset + BLOCK;
      yield { name, size, before, body: fileSlice(file, start, size, (chunk) => whole.update(chunk), (end) => (hashed = end)) };
      offset = start + size + padding(size);
      await hashTo(offset);
    }
  } finally {
    await file.close();
  }
}

function fileSlice(file: FileHandle, start: number, size: number, onChunk: (chunk: Uint8Array) => void, onRead: (end: number) => void): ReadableStream<Uint8Array> {
  let position = start;
  const end = start + size;
  return new ReadableStream({
    async pull(controller) {
      if (position >= end) return controller.close();
      const chunk = new Uint8Array(Math.min(CHUNK, end - position));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) return controller.error(new CliError("the archive ends inside an entry (cut short?)"));
      position += bytesRead;
      const read = chunk.subarray(0, bytesRead);
      onChunk(read);
      onRead(position);
      controller.enqueue(read);
    },
  }, { highWaterMark: 0 }); // read only when asked: the reader hashes what was not read, and must not race a read ahead
}
