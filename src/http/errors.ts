/**
 * Every error answer is `{ message, code }` (and `params` when the message has numbers in it): `message` in English
 * for the original client, `code` stable for the web app to translate (locales/*.json `error.<code>`).
 */
const CODE_OF_MESSAGE = new Map<string, string>();

/** 10000 → "10,000", as en-US writes it in a message, without `toLocaleString`: its first call loads ICU (~2 ms of a start). */
export const groupedDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

/**
 * Names a feature's fixed messages: each one's code is `<feature>.<key>` wherever it is thrown, so call sites keep
 * throwing the message and still answer with its code.
 */
export function errorMessages<T extends Record<string, string>>(feature: string, messages: T): T {
  for (const [key, message] of Object.entries(messages)) CODE_OF_MESSAGE.set(message, `${feature}.${key}`);
  return messages;
}

/** The code of a message no feature named: what kind of refusal it is. */
const CODE_OF_STATUS: Record<number, string> = {
  400: "invalid_request",
  401: "login_required",
  403: "not_allowed",
  404: "not_found",
  408: "too_slow",
  409: "conflict",
  412: "precondition_failed",
  413: "too_large",
  415: "unsupported_type",
  423: "locked",
  429: "too_many_attempts",
  500: "server_error",
  503: "unavailable",
  507: "storage_low",
};

export const codeFor = (status: number, message: string) => CODE_OF_MESSAGE.get(message) ?? CODE_OF_STATUS[status] ?? `status_${status}`;

/** An error the client should see: its status, a sentence for people, its code (and the values in the sentence). */
export class HttpError extends Error {
  readonly code: string;
  constructor(
    readonly status: number,
    message: string,
    code?: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
    this.code = code ?? codeFor(status, message);
  }
}

export const badRequest = (message: string, code?: string, params?: Record<string, string | number>) => new HttpError(400, message, code, params);
export const unauthorized = (message = "You must be logged in.") => new HttpError(401, message);
export const forbidden = (message = "You are not allowed to do that.") => new HttpError(403, message);
export const notFound = (message = "Not found.") => new HttpError(404, message);
export const conflict = (message: string, code?: string, params?: Record<string, string | number>) => new HttpError(409, message, code, params);
export const tooLarge = (message: string, code?: string, params?: Record<string, string | number>) => new HttpError(413, message, code, params);
export const unsupportedMedia = (message: string, code?: string) => new HttpError(415, message, code);
export const tooManyRequests = (message = "Too many attempts. Please wait a few minutes and try again.") =>
  new HttpError(429, message);

export const { DISK_LOW_MESSAGE, ARCHIVE_CLOSED_MESSAGE, MEDIA_MISSING_MESSAGE, DATABASE_DOWN_MESSAGE } = errorMessages("server", {
  DISK_LOW_MESSAGE: "The server is running out of storage space. Please tell the organisers.",
  MEDIA_MISSING_MESSAGE: "This file is missing on the server. Please tell the organisers.",
  DATABASE_DOWN_MESSAGE: "The server cannot reach its database right now. Please try again in a minute.",
  ARCHIVE_CLOSED_MESSAGE: "The investigation has closed. The archive remains open to view.",
});
export const insufficientStorage = (message = DISK_LOW_MESSAGE) => new HttpError(507, message);
export const archiveClosed = () => new HttpError(503, ARCHIVE_CLOSED_MESSAGE);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** A body refused (too large, too slow, over a quota, disk full) is left unread: these close the connection rather than keep it. */
const BODY_LEFT_UNREAD = new Set([408, 413, 429, 507]);

/** The `{ message, code }` body of an error answer. */
export const errorBody = (status: number, message: string, code = codeFor(status, message), params?: Record<string, string | number>) =>
  params ? { message, code, params } : { message, code };

/** An error answer made here rather than thrown: `{ message, code }`. */
export const errorJson = (status: number, message: string, headers: Record<string, string> = {}) => json(errorBody(status, message), status, headers);

/** The `{ message, code }` answer of an HttpError (with any extra headers). */
export function httpErrorResponse(error: HttpError, headers: Record<string, string> = {}): Response {
  const body = errorBody(error.status, error.message, error.code, error.params);
  return json(body, error.status, { ...headers, ...(BODY_LEFT_UNREAD.has(error.status) ? { connection: "close" } : {}) });
}
