/**
 * What an unexpected error tells the person and the operator. A write the database's disk had no room for is the
 * storage message (507), as the media disk's is; a libSQL server that does not answer is said as such (503);
 * anything else is "Something went wrong" (500). The log gets one line
 * per failed request, and the stack once per distinct error: a fault that repeats at every request (an outage) would
 * otherwise fill the log with the same trace.
 */
import { DATABASE_DOWN_MESSAGE, errorJson, HttpError, insufficientStorage, httpErrorResponse } from "./errors";

/** The error and its causes (drizzle wraps libSQL's, which may wrap the system's). */
function* chain(error: unknown): Generator<{ code?: string; message?: string }> {
  for (let at = error as { code?: string; message?: string; cause?: unknown } | undefined, depth = 0; at && depth < 8; at = at.cause as typeof at, depth++) yield at;
}

/** SQLite's SQLITE_FULL, or the system's ENOSPC, anywhere in the chain. */
export const isStorageFull = (error: unknown) =>
  [...chain(error)].some((e) => e.code === "SQLITE_FULL" || e.code === "ENOSPC" || /database or disk is full|no space left on device/i.test(String(e.message ?? "")));

/** A libSQL server that does not answer (stopped, restarting, the network between). */
export const isDatabaseUnreachable = (error: unknown) =>
  [...chain(error)].some((e) => /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ConnectionRefused|ConnectionClosed)$/.test(e.code ?? "") || /Unable to connect|fetch failed/i.test(String(e.message ?? "")));

/**
 * One line: the error's kind and message, and its causes'. A failed query's parameters (drizzle puts them in its
 * message) are left out: they are what people sent; a long message (a query's text) is cut.
 */
export const oneLine = (error: unknown) =>
  [...chain(error)]
    .map((e) => `${(e as Error).name ?? "Error"}${e.code ? ` ${e.code}` : ""}: ${String(e.message ?? e).replace(/\sparams:[\s\S]*$/, "").slice(0, 160)}`)
    .join(" <- ")
    .replace(/\s+/g, " ")
    .slice(0, 1000);

const SEEN_MAX = 500;
const seen = new Set<string>();
/** Why a request failed, for its one log line (failureLine). */
const reasons = new WeakMap<Request, string>();

/** An unexpected error's stack, in one line, the first time this error is seen (by message and place). */
function logStackOnce(error: unknown, line: string): void {
  const stack = (error as Error)?.stack;
  const key = `${line.slice(0, 200)}\n${String(stack ?? "").split("\n")[1] ?? ""}`;
  if (!stack || seen.has(key) || seen.size >= SEEN_MAX) return;
  seen.add(key);
  // The stack as text: the runtime's own printing of an Error adds the source around it (minified, in the executable).
  console.error(`first time for this error; its stack: ${stack.replace(/\n\s*/g, " | ")}`);
}

/** The answer to an unexpected error of request. */
export function serverErrorResponse(error: unknown, request: Request): Response {
  const line = oneLine(error);
  if (isStorageFull(error)) {
    reasons.set(request, `the database's disk is full (${line})`);
    return httpErrorResponse(insufficientStorage());
  }
  reasons.set(request, line);
  if (isDatabaseUnreachable(error)) return httpErrorResponse(new HttpError(503, DATABASE_DOWN_MESSAGE));
  logStackOnce(error, line);
  return errorJson(500, "Something went wrong on the server.");
}

/** An error answer's message; none once its body was sent (a stream that failed after the head). */
async function messageOf(response: Response): Promise<string | undefined> {
  if (response.bodyUsed) return undefined;
  try {
    return ((await response.clone().json()) as { message?: string }).message;
  } catch {
    return undefined;
  }
}

/** The one log line of an answer with a 5xx status: status, route, and why (the error, or the answer's message). */
export async function failureLine(request: Request, response: Response, route: string): Promise<string> {
  const reason = reasons.get(request) ?? (await messageOf(response));
  return `${response.status} on ${request.method} ${route}${reason ? `: ${reason}` : ""}`;
}
