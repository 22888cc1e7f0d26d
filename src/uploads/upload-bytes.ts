/**
 * Where the bytes of resumable uploads wait until they are finalised: files in the media store's temp area (local
 * store) or S3 multipart parts plus a small tail object (S3). Every method works from the row's state alone, so any
 * instance can continue an upload another one started, and memory stays bounded whatever the upload's size.
 */
export interface UploadBytes {
  /** Prepares storage for a new upload; returns the store state to keep in the row (null when none is needed). */
  create(id: string): Promise<string | null>;
  /**
   * Appends body at offset (the row's offset: anything stored past it by a request cut short is dropped first).
   * Calls persisted(offset, state) each time more bytes are safely stored, so the row can follow; returns the final
   * offset and state. A body that fails midway keeps what was stored before the failure, then rethrows.
   */
  append(
    id: string,
    state: string | null,
    offset: number,
    body: ReadableStream<Uint8Array>,
    persisted: (offset: number, state: string | null) => Promise<void>,
  ): Promise<{ offset: number; state: string | null }>;
  /** The finished upload as one local file in the store's temp area (a path the caller then owns and removes). */
  toTempFile(id: string, state: string | null, length: number): Promise<string>;
  /** Removes everything stored for the upload; a missing upload is not an error. */
  remove(id: string, state: string | null): Promise<void>;
  /** Present when the runtime can write a request's body into storage by itself (the local store). */
  pieces?: PieceStorage;
}

/**
 * Files a request's body is written into by the runtime (piece-body.ts), one per request, so two requests never write
 * one file: a piece joins its upload only under its request's live lease.
 */
export interface PieceStorage {
  /** The piece file of the request holding `token`. */
  pathOf(id: string, token: string): string;
  /** Puts the piece's first `bytes` at `offset` of the upload (anything stored past offset is dropped), and removes it. */
  join(id: string, offset: number, piece: string, bytes: number): Promise<void>;
}
