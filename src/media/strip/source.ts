/**
 * Reading untrusted media headers without loading the file: a window of bytes over a Blob (the temp file), and the
 * one error a walker throws when it cannot fully account for a file (the caller then publishes nothing).
 */
export class Unparseable extends Error {}

export const fail = (why: string): never => {
  throw new Unparseable(why);
};

/**
 * A header larger than the caller lets this thread walk in one piece (ByteSource's largestRead): thrown before it is
 * read, so the caller can hand the file to the media thread instead.
 */
export class LargeRead extends Error {}

const WINDOW_BYTES = 256 * 1024;

export class ByteSource {
  private window = new Uint8Array(0);
  private windowAt = 0;

  /** largestRead: the most bytes one load may ask for before LargeRead is thrown (none for the media thread). */
  constructor(
    private readonly file: Blob,
    private readonly largestRead = Infinity,
  ) {}

  get size(): number {
    return this.file.size;
  }

  /**
   * For a walker that holds many small reads at once (an Ogg header packet over many pages): throws LargeRead when
   * they come to more than largestRead bytes, so such a file is walked on the media thread too.
   */
  mayHold(bytes: number): void {
    if (bytes > this.largestRead) throw new LargeRead(`headers of ${bytes} bytes`);
  }

  /**
   * Whether the window holds [at, at+length). With load(), the fast path for walkers of many small units: they
   * read `bytes` at `at - offset` and allocate nothing per unit.
   */
  has(at: number, length: number): boolean {
    return at >= this.windowAt && at + length <= this.windowAt + this.window.length;
  }

  get bytes(): Uint8Array {
    return this.window;
  }

  get offset(): number {
    return this.windowAt;
  }

  /** Moves the window so that it holds [at, at+length); a read past the end of the file means a lying header. */
  async load(at: number, length: number): Promise<void> {
    if (at < 0 || length < 0 || at + length > this.size) fail(`read of ${length} bytes at ${at} is outside the file`);
    if (length > this.largestRead) throw new LargeRead(`a header of ${length} bytes`);
    const end = Math.min(this.size, at + Math.max(length, WINDOW_BYTES));
    this.window = new Uint8Array(await this.file.slice(at, end).arrayBuffer());
    this.windowAt = at;
    if (this.window.length < length) fail("the file shrank while it was read");
  }

  /** Exactly length bytes at at. */
  async read(at: number, length: number): Promise<Uint8Array> {
    if (!this.has(at, length)) await this.load(at, length);
    const from = at - this.windowAt;
    return this.window.subarray(from, from + length);
  }
}

export const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

/** The four-character code at b[at] (box and chunk types), without allocating an array. */
export const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

export const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

export const u32le = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** The parts, one after another, in a new array. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
