import type { Config } from "../config";

/** Facts about a request that only the outer Bun server knows, kept beside the Request object. */
const clientAddresses = new WeakMap<Request, string>();

export function rememberClientAddress(request: Request, address: string | undefined): void {
  if (address) clientAddresses.set(request, address);
}

const headOnly = new WeakSet<Request>();

/**
 * HEAD is answered by the GET route, through a marked GET copy of the request: Elysia's own HEAD for a route with
 * params runs the GET handler and reads the whole body to count it (a full video for one HEAD). Bun sends no body.
 */
export function getForHead(request: Request): Request {
  const get = new Request(request.url, { method: "GET", headers: request.headers });
  headOnly.add(get);
  return get;
}

/** Whether only the headers of the answer will be sent, so the body need not be read. */
export const isHeadRequest = (request: Request) => request.method === "HEAD" || headOnly.has(request);

/**
 * The client's address; X-Forwarded-For is believed only behind a trusted proxy, and only its last entry: the one
 * that proxy appended. Entries before it are whatever the client sent (any address, a VENUE_ADDRESSES one included).
 */
export function clientAddress(request: Request, config: Pick<Config, "trustProxy">): string {
  if (config.trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for");
    const appended = forwarded?.split(",").at(-1)?.trim();
    if (appended) return appended;
  }
  return clientAddresses.get(request) ?? "unknown";
}

/** Whether the client reached us over HTTPS (directly, through a trusted proxy, or per PUBLIC_URL). */
export function isSecureRequest(request: Request, config: Pick<Config, "trustProxy" | "publicUrl">): boolean {
  if (config.publicUrl) return config.publicUrl.startsWith("https:");
  if (config.trustProxy && request.headers.get("x-forwarded-proto") === "https") return true;
  return new URL(request.url).protocol === "https:";
}

/** The body length the client declared, or undefined for a chunked body (or a header that is not a plain number). */
export function declaredLength(request: Request): number | undefined {
  const raw = request.headers.get("content-length");
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
}

/**
 * Whether the browser says the request comes from another site (Fetch Metadata): a link or image elsewhere. A
 * client that sends no Sec-Fetch-Site (curl, the original client's older browsers) is not counted as cross-site.
 */
export function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}
