/** Two app instances on one libSQL server (sqld), as behind a load balancer: what scale-out tests start. */
import { startTestServer, type TestServer } from "../../support/server";
import { startSqld, type Sqld } from "./sqld";

export type TwoInstances = { sqld: Sqld; first: TestServer; second: TestServer; stop(): Promise<void> };

/** Starts sqld and two instances on it, both with env (e.g. a shared bucket or lower limits). */
export async function startTwoInstances(env: Record<string, string> = {}): Promise<TwoInstances> {
  const sqld = await startSqld();
  const shared = { DATABASE_URL: sqld.url, ...env };
  const first = await startTestServer(shared);
  const second = await startTestServer(shared);
  return {
    sqld,
    first,
    second,
    async stop() {
      await first.stop();
      await second.stop();
      await sqld.stop();
    },
  };
}
