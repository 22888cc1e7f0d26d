/** Thrown for any non-2xx answer; `message` is the server's `{ message }` when it sent one, `body` its whole JSON. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type Body = FormData | object | undefined;

/** Fired when the server says the session is gone (expired, ended by a password reset), so the app can forget the user. */
export const SESSION_ENDED_EVENT = "casefile:session-ended";

function noteStatus(status: number, path: string) {
  if (status === 401 && path !== "/api/user/login") window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
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
  return new ApiError(response.status, message, data);
}

export async function request<T>(method: string, path: string, body?: Body): Promise<T> {
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
  return (text ? JSON.parse(text) : undefined) as T;
}
