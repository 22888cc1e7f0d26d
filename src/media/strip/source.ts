/**
 * Reading untrusted media headers without loading the file: a window of bytes over a Blob (the temp file), and the
 * one error a walker throws when it cannot fully account for a file (the caller then publishes nothing).
 */
export class Unparseable extends Error {}

export const fail = (why: string): never => {
  throw new Unparseable(why);
};

const WINDOW_BYTES = 256 * 1024;

export class ByteSource {
  private window = new Uint8Array(0);
  private windowAt = 0;

  constructor(private readonly file: Blob) {}

  get size(): number {
    return this.file.size;
  }

  /** The bytes [at, at+length) if the current window holds them: the fast path for walkers of many small units. */
  peek(at: number, length: number): Uint8Array | undefined {
    const from = at - this.windowAt;
    if (from < 0 || from + length > this.window.length) return undefined;
    return this.window.subarray(from, from + length);
  }

  /** Exactly length bytes at at; a read past the end of the file means the file is not what it claims. */
  async read(at: number, length: number): Promise<Uint8Array> {
    const cached = this.peek(at, length);
    if (cached) return cached;
    if (at < 0 || length < 0 || at + length > this.size) fail(`read of ${length} bytes at ${at} is outside the file`);
    const end = Math.min(this.size, at + Math.max(length, WINDOW_BYTES));
    this.window = new Uint8Array(await this.file.slice(at, end).arrayBuffer());
    this.windowAt = at;
    if (this.window.length < length) fail("the file shrank while it was read");
    return this.window.subarray(0, length);
  }
}

export const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

export const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

export const u32le = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
