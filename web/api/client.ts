import { hasMessage, i18n, say } from "../features/i18n/i18n";

/**
 * Thrown for any non-2xx answer; `message` is what to tell people (errorText), `code` the server's stable code,
 * `body` its whole JSON.
 */
export class ApiError extends Error {
  readonly code: string | undefined;
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    const code = body && typeof body === "object" && "code" in body ? body.code : undefined;
    this.code = typeof code === "string" ? code : undefined;
  }
}

type Body = FormData | object | undefined;

/** Fired when the server says the session is gone (expired, ended by a password reset), so the app can forget the user. */
export const SESSION_ENDED_EVENT = "casefile:session-ended";

function noteStatus(status: number, path: string) {
  if (status === 401 && path !== "/api/user/login") window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/**
 * What an error answer says to people, in the active language: the catalog's `error.<code>` for a named message
 * (user.usernameTaken, …); for a generic code (invalid_request, not_found, …) the server's own sentence in English,
 * which is more precise, and the catalog's generic sentence in any other language.
 */
function errorText(data: unknown, serverMessage: string): string {
  const { code, params } = (data && typeof data === "object" ? data : {}) as { code?: unknown; params?: Record<string, unknown> };
  if (typeof code !== "string" || !hasMessage(`error.${code}`)) return serverMessage;
  const named = code.includes(".");
  if (!named && i18n.locale === "en") return serverMessage;
  return say(`error.${code}`, params);
}

async function errorFrom(response: Response): Promise<ApiError> {
  let message = response.statusText || `HTTP ${response.status}`;
  let data: unknown;
  try {
    data = await response.json();
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") message = data.message;
  } catch {
    // not JSON: keep the status text
  }
  return new ApiError(response.status, errorText(data, message), data);
}

export async function request<T>(method: string, path: string, body?: Body): Promise<T> {
  return (await requestWithHeaders<T>(method, path, body)).data;
}

/** request, and the answer's headers (the public list's counts). */
export async function requestWithHeaders<T>(method: string, path: string, body?: Body): Promise<{ data: T; headers: Headers }> {
  const init: RequestInit = { method, credentials: "include", headers: { Accept: "application/json" } };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, "Content-Type": "application/json" };
  }
  const response = await fetch(path, init);
  if (!response.ok) {
    noteStatus(response.status, path);
    throw await errorFrom(response);
  }
  const text = await response.text();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}
