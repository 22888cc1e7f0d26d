import { t } from "../i18n/i18n";
/**
 * One attempt at sending a file's bytes with tus (resuming from the URL kept in the draft). Resolves with the
 * upload's URL once every byte is on the server; rejects with a SendError saying whether retrying can help.
 * tus-js-client is loaded on first use, so it costs the first page nothing.
 */
/**
 * PATCH sizes. The server confirms each PATCH with its offset, and that offset is the progress shown, so a chunk should
 * take a few seconds on the link at hand: the first is small, the next ones hold CHUNK_SECONDS of the rate the last
 * confirmations measured (4 MiB at most, as before, for fast links).
 */
export const FIRST_CHUNK_BYTES = 256 * 1024;
export const MAX_CHUNK_BYTES = 4 * 1024 * 1024;
const MIN_CHUNK_BYTES = 64 * 1024;
const CHUNK_SECONDS = 3;

/** The next PATCH's size for a link confirmed to move `bytesPerSecond`. */
export function chunkBytesFor(bytesPerSecond: number): number {
  const bytes = Math.round((bytesPerSecond * CHUNK_SECONDS) / MIN_CHUNK_BYTES) * MIN_CHUNK_BYTES;
  return Math.min(MAX_CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, bytes));
}
/** tus-js-client's own quick retries within one attempt; the queue waits longer between attempts. */
const RETRY_DELAYS = [0, 1000, 3000, 5000];

export class SendError extends Error {
  constructor(
    message: string,
    /** false for refusals retrying cannot fix (4xx other than 409/423), e.g. quota 429, 413, 415 */
    readonly retryable: boolean,
    readonly status = 0,
  ) {
    super(message);
  }
}

/** The server's `{ message }`, or null when the body is not that. */
export function serverMessage(body: string | null | undefined): string | null {
  try {
    const parsed = body ? JSON.parse(body) : null;
    return typeof parsed?.message === "string" ? parsed.message : null;
  } catch {
    return null;
  }
}

export function isRetryableStatus(status: number) {
  return status === 0 || status === 408 || status === 409 || status === 423 || status >= 500;
}

export interface TusAttempt {
  done: Promise<string>;
  abort(): void;
}

export async function startTusAttempt(
  file: File,
  uploadUrl: string | null,
  hooks: {
    onUrl(url: string): void;
    /** The browser handed bytes to its connection: they are moving, not yet confirmed. */
    onMoving(): void;
    /** The server confirmed it holds `offset` bytes of `total`. */
    onConfirmed(offset: number, total: number): void;
  },
): Promise<TusAttempt> {
  const { Upload } = await import("tus-js-client");
  let upload!: InstanceType<typeof Upload>;
  let stop!: (error: SendError) => void;
  let lastConfirmed: { at: number; offset: number } | null = null;
  const done = new Promise<string>((resolve, reject) => {
    stop = reject;
    upload = new Upload(file, {
      endpoint: "/api/uploads",
      uploadUrl,
      chunkSize: FIRST_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      onUploadUrlAvailable: () => upload.url && hooks.onUrl(upload.url),
      onProgress: () => hooks.onMoving(),
      onChunkComplete: (_chunk, offset, total) => {
        const now = performance.now();
        // tus-js-client reads chunkSize anew for every PATCH: the next one follows the link's confirmed rate.
        if (lastConfirmed && now > lastConfirmed.at) upload.options.chunkSize = chunkBytesFor(((offset - lastConfirmed.offset) * 1000) / (now - lastConfirmed.at));
        lastConfirmed = { at: now, offset };
        hooks.onConfirmed(offset, total);
      },
      onSuccess: () => resolve(upload.url ?? ""),
      onError: (error) => {
        const response = "originalResponse" in error ? error.originalResponse : null;
        const status = response?.getStatus() ?? 0;
        const message = serverMessage(response?.getBody()) ?? t("upload.connection_was_lost");
        reject(new SendError(message, isRetryableStatus(status), status));
      },
    });
  });
  upload.start();
  // An attempt given up before anyone waits on it must not surface as an unhandled rejection.
  done.catch(() => {});
  return {
    done,
    abort() {
      void upload.abort();
      stop(new SendError(t("upload.stopped"), true));
    },
  };
}
