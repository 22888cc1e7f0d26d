/**
 * `casefile healthcheck`: asks the running server's /healthz on this machine. For Docker's HEALTHCHECK, since the
 * slim base image has no curl.
 */
import type { Config } from "../config";

export async function healthcheck(config: Pick<Config, "port">): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.port}/healthz`, { signal: AbortSignal.timeout(4000) });
    return response.status === 200;
  } catch {
    return false;
  }
}
