/**
 * `casefile healthcheck`: asks the running server's /healthz on this machine. For Docker's HEALTHCHECK, since the
 * slim base image has no curl.
 */
import type { Config } from "../config";

export async function healthcheck(config: Pick<Config, "port" | "tls">): Promise<boolean> {
  const scheme = config.tls.mode === "off" ? "http" : "https";
  try {
    const response = await fetch(`${scheme}://127.0.0.1:${config.port}/healthz`, {
      signal: AbortSignal.timeout(4000),
      // Only whether it answers matters here; the certificate need not name 127.0.0.1.
      tls: { rejectUnauthorized: false },
    });
    return response.status === 200;
  } catch {
    return false;
  }
}
