/**
 * One attempt at sending a file's bytes with tus (resuming from the URL kept in the draft). Resolves with the
 * upload's URL once every byte is on the server; rejects with a SendError saying whether retrying can help.
 * tus-js-client is loaded on first use, so it costs the first page nothing.
 */
export const CHUNK_BYTES = 4 * 1024 * 1024;
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
  hooks: { onUrl(url: string): void; onProgress(sent: number, total: number): void },
): Promise<TusAttempt> {
  const { Upload } = await import("tus-js-client");
  let upload!: InstanceType<typeof Upload>;
  let stop!: (error: SendError) => void;
  const done = new Promise<string>((resolve, reject) => {
    stop = reject;
    upload = new Upload(file, {
      endpoint: "/api/uploads",
      uploadUrl,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type },
      onUploadUrlAvailable: () => upload.url && hooks.onUrl(upload.url),
      onProgress: hooks.onProgress,
      onSuccess: () => resolve(upload.url ?? ""),
      onError: (error) => {
        const response = "originalResponse" in error ? error.originalResponse : null;
        const status = response?.getStatus() ?? 0;
        const message = serverMessage(response?.getBody()) ?? "The connection was lost.";
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
      stop(new SendError("Stopped.", true));
    },
  };
}
