/** An error the client should see: its status and a sentence for people. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = "You must be logged in.") => new HttpError(401, message);
export const forbidden = (message = "You are not allowed to do that.") => new HttpError(403, message);
export const notFound = (message = "Not found.") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooLarge = (message: string) => new HttpError(413, message);
export const unsupportedMedia = (message: string) => new HttpError(415, message);
export const tooManyRequests = (message = "Too many attempts. Please wait a few minutes and try again.") =>
  new HttpError(429, message);

export const DISK_LOW_MESSAGE = "The server is running out of storage space. Please tell the organisers.";
export const insufficientStorage = (message = DISK_LOW_MESSAGE) => new HttpError(507, message);

export const ARCHIVE_CLOSED_MESSAGE = "The investigation has closed. The archive remains open to view.";
export const archiveClosed = () => new HttpError(503, ARCHIVE_CLOSED_MESSAGE);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** A body refused (too large, too slow, over a quota, disk full) is left unread: these close the connection rather than keep it. */
const BODY_LEFT_UNREAD = new Set([408, 413, 429, 507]);

/** The `{ message }` answer of an HttpError (with any extra headers). */
export function httpErrorResponse(error: HttpError, headers: Record<string, string> = {}): Response {
  return json({ message: error.message }, error.status, { ...headers, ...(BODY_LEFT_UNREAD.has(error.status) ? { connection: "close" } : {}) });
}
