import type { Config } from "../config";

/** Facts about a request that only the outer Bun server knows, kept beside the Request object. */
const clientAddresses = new WeakMap<Request, string>();

export function rememberClientAddress(request: Request, address: string | undefined): void {
  if (address) clientAddresses.set(request, address);
}

/** The client's address; X-Forwarded-For is believed only behind a trusted proxy. */
export function clientAddress(request: Request, config: Pick<Config, "trustProxy">): string {
  if (config.trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for");
    const first = forwarded?.split(",")[0]?.trim();
    if (first) return first;
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
