/**
 * Starts the real app for a test: a fresh libSQL file and media folder in a temp dir, the built web bundle,
 * and an admin (admin / admin@example.org / adminpass1). Nothing is shared between tests.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config";
import type { AppContext } from "../../src/context";
import { startServer } from "../../src/server";

export const ADMIN = { username: "admin", email: "admin@example.org", password: "adminpass1" };

export type TestServer = {
  url: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  ctx: AppContext;
  /** The one-time /setup token, when the server started with no admin. */
  setupToken: string | undefined;
  stop(): Promise<void>;
};

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "casefile-test-"));
  const uploadsDir = path.join(dataDir, "uploads");
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: `file:${path.join(dataDir, "casefile.db")}`,
    UPLOADS_DIR: uploadsDir,
    WEB_DIR: path.join(import.meta.dir, "../../dist/web"),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PROJECT_NAME: "Casefile Test",
    // ffmpeg jobs stay off unless a test is about them (they would compete with the tests for the CPU).
    RENDITION_JOBS: "0",
    ...env,
  });
  const server = await startServer(config);
  return {
    url: server.url,
    dataDir,
    uploadsDir,
    outboxDir: config.outboxDir,
    ctx: server.ctx,
    setupToken: server.setupToken,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
