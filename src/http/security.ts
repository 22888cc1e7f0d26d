import type { Config } from "../config";
import { json } from "./errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
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
    return json({ message: "Cross-origin request refused." }, 403);
  }
  const allowed = new Set([requestHost(request, config)]);
  if (config.publicUrl) allowed.add(new URL(config.publicUrl).host.toLowerCase());
  return allowed.has(originHost) ? undefined : json({ message: "Cross-origin request refused." }, 403);
}

/** Headers every response carries; HTML pages also get the Content-Security-Policy. */
export function withSecurityHeaders(response: Response): Response {
  const headers = response.headers;
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "same-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  return response;
}
