/** Where media bytes live: a local directory or an S3-compatible bucket. Keys are made by the server only. */
export type ByteRange = { start: number; end: number }; // inclusive, as in HTTP

/** The database names a key the store does not have (a file deleted by hand, an object lost, a partial restore). */
export class MissingMediaError extends Error {
  constructor(readonly key: string) {
    super(`media missing from the store: ${key}`);
  }
}

export interface MediaStore {
  /** Moves a finished temp file into the store under key (the temp file is gone afterwards). */
  putFile(key: string, tempPath: string, mime: string): Promise<void>;
  putBytes(key: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** The bytes of key (or of a range of them) as a body for a Response; MissingMediaError when key is not there. */
  read(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | Blob>;
  /** Removes key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key in the store (for backups). */
  list(): AsyncIterable<string>;
  /** Throws when the store cannot be reached (health check). */
  check(): Promise<void>;
  /** Where key's bytes can be read as a file, for stores that keep files (local folders); tools read them there. */
  localPath?(key: string): string;
  /** A directory on the same filesystem as the store for in-progress uploads. */
  readonly tempDir: string;
}
