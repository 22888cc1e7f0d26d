import type { Config } from "../config";
import { errorJson } from "./errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // WebAssembly only (no JS eval): the browser hashes uploads with hash-wasm, as WebCrypto is missing over plain HTTP.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The host this request was addressed to, as the browser saw it. */
function requestHost(request: Request, config: Pick<Config, "trustProxy">): string {
  const forwarded = config.trustProxy ? request.headers.get("x-forwarded-host") : null;
  return (forwarded ?? request.headers.get("host") ?? new URL(request.url).host).toLowerCase();
}

/**
 * Refuses state-changing requests sent by pages of another origin (CSRF). Requests without Origin
 * (curl, same-origin GET navigations of old browsers) pass: the SameSite=Lax cookie covers those.
 */
export function crossOriginRefusal(request: Request, config: Pick<Config, "trustProxy" | "publicUrl">): Response | undefined {
  if (!STATE_CHANGING.has(request.method)) return undefined;
  const origin = request.headers.get("origin");
  if (!origin) return undefined;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return errorJson(403, "Cross-origin request refused.");
  }
  const allowed = new Set([requestHost(request, config)]);
  if (config.publicUrl) allowed.add(new URL(config.publicUrl).host.toLowerCase());
  return allowed.has(originHost) ? undefined : errorJson(403, "Cross-origin request refused.");
}

/** Headers every response carries, with the app's Content-Security-Policy unless a route set a stricter one. */
export function withSecurityHeaders(response: Response): Response {
  const headers = response.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  return response;
}

/**
 * Every API answer that sets no caching rule of its own is `no-store`: most depend on the session (a shared phone's
 * back-forward cache or a proxy must not keep someone's items, users or audit log), and the rest are small and must
 * be fresh anyway. Media set their own rules (public, max-age for public items; private, no-store otherwise).
 */
export function withApiCacheRule(pathname: string, response: Response): Response {
  if ((pathname === "/api" || pathname.startsWith("/api/")) && !response.headers.has("cache-control")) {
    response.headers.set("cache-control", "no-store");
  }
  return response;
}

/**
 * A refusal (any 4xx or 5xx) to a request that carries a body ends the connection after the answer: the body may be
 * unread (an unknown part, a wrong type, a limit passed, no session), and keeping the connection would mean reading it
 * to the end first (an anonymous registration with an unknown 60 MB part was read to the end to answer 400). A body
 * the route did read costs only a new connection for the next request. What nothing read is drained within bounds
 * before the connection closes (unread-body.ts), so a client still sending gets the answer.
 */
export function closeAfterRefusedBody(request: Request, response: Response): Response {
  const carriesBody = Number(request.headers.get("content-length") ?? "0") > 0 || request.headers.has("transfer-encoding");
  if (response.status >= 400 && carriesBody) response.headers.set("connection", "close");
  return response;
}

/** Routes that stream large bodies (multipart, tus) to disk; every other route gets at most SMALL_BODY_BYTES. */
const UPLOAD_ROUTES: [string, RegExp][] = [
  ["POST", /^\/api\/evidence$/],
  ["POST", /^\/api\/uploads$/],
  ["PATCH", /^\/api\/uploads\/[^/]+$/],
  ["PUT", /^\/api\/evidence\/update\/[^/]+$/],
  ["PUT", /^\/api\/evidence\/user$/],
  ["POST", /^\/api\/user\/register$/],
  ["PUT", /^\/api\/show\/media\/[^/]+$/],
];
export const SMALL_BODY_BYTES = 1024 * 1024;
export const BODY_TOO_LARGE_MESSAGE = "The request body is too large.";

/**
 * Elysia reads JSON and form bodies whole into memory, so outside the streaming upload routes a large or
 * length-less body is refused before anything reads it.
 */
export function oversizedBodyRefusal(request: Request): Response | undefined {
  if (!STATE_CHANGING.has(request.method) || !request.body) return undefined;
  const { pathname } = new URL(request.url);
  if (UPLOAD_ROUTES.some(([method, path]) => method === request.method && path.test(pathname))) return undefined;
  const length = request.headers.get("content-length");
  // "Connection: close": the unread rest of the body must not keep the connection (and a graceful stop) waiting.
  if (length === null) return errorJson(411, "A Content-Length is required.", { connection: "close" });
  if (Number(length) > SMALL_BODY_BYTES) return errorJson(413, BODY_TOO_LARGE_MESSAGE, { connection: "close" });
  return undefined;
}
