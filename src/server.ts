import { createApp } from "./app";
import { auditHead, headLine, openAuditChain, sealAuditLog } from "./audit/audit-chain";
import { sweepExpiredLimits } from "./auth/rate-limit";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { pruneExpiredSessions } from "./auth/sessions.service";
import { closeAfterRefusedBody, crossOriginRefusal, oversizedBodyRefusal, withApiCacheRule, withSecurityHeaders } from "./http/security";
import { getForHead, rememberClientAddress } from "./http/request-info";
import { createMailer } from "./mail/mailer";
import { createLocalStore } from "./media/local-store";
import type { MediaStore } from "./media/store";
import type { ServerTls } from "./tls/server-tls";
import { sweepExpiredUploads } from "./uploads/upload-sweeper";
import { noteArchiveMode, runRetention } from "./rights/retention";
import { dropSetupToken, issueSetupToken } from "./setup/setup.service";
import { adminExists, ensureAdmin, fillUsernameSkeletons } from "./users/users.service";
import { diskAssets, type WebAssets } from "./web/web-assets";
import { logRequest, newRequestId, useJsonLog, withRequestId } from "./server-status/json-log";
import { routeOf } from "./server-status/request-metrics";
import { failureLine } from "./http/server-errors";
import { markRunning } from "./server-status/unclean-stop";
import { VERSION } from "./cli/version";
import { startWatch } from "./server-status/watch";

export type RunningServer = {
  /** https:// when casefile serves TLS itself. */
  url: string;
  ctx: AppContext;
  /** The certificate served, or undefined for plain HTTP. */
  tls: ServerTls | undefined;
  /** The actual port (PORT=0 picks a free one). */
  port: number;
  /** The one-time token of the /setup address, when no admin exists (src/setup). */
  setupToken: string | undefined;
  /** Stops accepting connections, lets running requests finish for up to graceMs, then closes the rest and the database. */
  stop(graceMs?: number): Promise<void>;
};

export async function openMediaStore(config: Config): Promise<MediaStore> {
  if (config.mediaStore === "s3") {
    const { createS3Store } = await import("./media/s3-store");
    return createS3Store(config);
  }
  return createLocalStore(config.uploadsDir);
}

/** Everything the app needs, opened and migrated, without listening yet (the CLI uses this too). */
export async function openContext(config: Config): Promise<AppContext & { close(): void }> {
  const { db, client } = await openDatabase(config);
  await migrate(db);
  await fillUsernameSkeletons(db);
  // Checks the chain, and seals (saying so) entries a stopped instance left unsealed; then the admin's creation.
  await openAuditChain(db, config.audit);
  if (config.admin) {
    await ensureAdmin(db, config.admin);
    await sealAuditLog(db);
  }
  const store = await openMediaStore(config);
  return { config, db, store, mailer: createMailer(config), close: () => client.close() };
}

/** How often ended rate-limit windows, and expired resumable uploads, are swept out. */
const LIMIT_SWEEP_MS = 10 * 60_000;
const UPLOAD_SWEEP_MS = 10 * 60_000;
/** The audit log's head goes to the log at start and daily: an anchor outside the database, kept without effort. */
const AUDIT_HEAD_LOG_MS = 24 * 60 * 60_000;

const logAuditHead = (ctx: AppContext) =>
  auditHead(ctx.db).then((head) => console.log(headLine(head)), (error) => console.warn("reading the audit log's head failed:", error));

/** The retention purge checks hourly whether it is due (it runs once a day at most, on one instance). */
const RETENTION_CHECK_MS = 60 * 60_000;
const purgeDue = (ctx: AppContext) => runRetention(ctx).catch((error) => console.warn("retention purge failed:", error));

const sweepUploads = (ctx: AppContext) => sweepExpiredUploads(ctx).catch((error) => console.warn("upload sweep failed:", error));

export async function startServer(config: Config, assets: WebAssets = diskAssets(config.webDir)): Promise<RunningServer> {
  if (config.logFormat === "json") useJsonLog();
  // First in the log: which release (and commit) this is, so a log read later says what ran.
  console.log(`casefile ${VERSION} starting`);
  // Before the database: a wrong certificate file stops the start with one line and opens nothing. Loaded only for
  // HTTPS: it brings node:crypto (~1 ms of every start; BENCHMARKS.md).
  const tls = config.tls.mode === "off" ? undefined : await (await import("./tls/server-tls")).loadServerTls(config.tls);
  const ctx = await openContext(config);
  await noteArchiveMode(ctx);
  // No admin yet (and none from ADMIN_*): a fresh one-time setup address; once there is one, nothing to set up.
  const setupToken = (await adminExists(ctx.db)) ? await dropSetupToken(ctx.db) : await issueSetupToken(ctx.db);
  const sweepers = [
    setInterval(() => logAuditHead(ctx), AUDIT_HEAD_LOG_MS),
    setInterval(() => sweepExpiredLimits(ctx.db).catch((error) => console.warn("rate-limit sweep failed:", error)), LIMIT_SWEEP_MS),
    setInterval(() => sweepUploads(ctx), UPLOAD_SWEEP_MS),
    setInterval(() => purgeDue(ctx), RETENTION_CHECK_MS),
  ];
  for (const sweeper of sweepers) sweeper.unref();
  const running = await markRunning(config, ctx.store.tempDir);
  const watch = startWatch(ctx, tls, running.previous);
  const app = createApp(ctx, assets, watch);
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    // Uploads stream through our own limit checks, which answer 413 with a message; Bun's own cap (128 MiB by
    // default, a bare 413) only backs them up, well above them.
    maxRequestBodySize: 2 * config.maxUploadBytes + 16 * 1024 * 1024,
    idleTimeout: 120,
    tls: tls && { cert: tls.cert, key: tls.key },
    fetch(received, bunServer) {
      const requestId = newRequestId();
      return withRequestId(requestId, async () => {
        const request = received.method === "HEAD" ? getForHead(received) : received;
        const { pathname } = new URL(request.url);
        const finished = watch.metrics.start(request.method, pathname, Number(request.headers.get("content-length")) || 0);
        const began = performance.now();
        rememberClientAddress(request, bunServer.requestIP(received)?.address);
        const refusal = crossOriginRefusal(request, config) ?? oversizedBodyRefusal(request);
        const response = refusal ?? (await app.handle(request));
        // A change writes its audit entries unsealed (see audit-chain.ts): seal them before answering. A refused or
        // failed request rolled its transaction back, so it left nothing to seal.
        if (request.method !== "GET" && response.ok) await sealAuditLog(ctx.db);
        finished(response.status);
        if (response.status >= 500) {
          // One line each, in either log format: what failed and why (a 507 says the disk is full).
          console.error(await failureLine(request, response, routeOf(pathname)));
          watch.errors.record(`${response.status} on ${request.method} ${routeOf(pathname)}`);
        }
        if (config.logFormat === "json") logRequest({ method: request.method, route: routeOf(pathname), status: response.status, ms: Math.round(performance.now() - began) });
        response.headers.set("x-request-id", requestId);
        return withSecurityHeaders(closeAfterRefusedBody(request, withApiCacheRule(pathname, response)));
      });
    },
  });
  // The router is compiled while the first connections arrive (it would be at the first request).
  app.compile();
  // Housekeeping once listening, so phones already waiting when the server comes back (a restart mid-show) are
  // answered first (bench/startup.ts, BENCHMARKS.md); the start still resolves only after it.
  try {
    const housekeeping = [
      () => watch.ready, // this instance's first heartbeat
      () => pruneExpiredSessions(ctx.db),
      () => sweepExpiredLimits(ctx.db),
      () => sweepUploads(ctx),
      () => logAuditHead(ctx),
      () => purgeDue(ctx),
    ];
    for (const step of housekeeping) {
      await new Promise(setImmediate); // what requests have arrived goes first
      await step();
    }
  } catch (error) {
    await server.stop(true);
    await watch.stop();
    ctx.close();
    await running.clear();
    throw error;
  }
  return {
    url: `${tls ? "https" : "http"}://${config.host === "0.0.0.0" ? "127.0.0.1" : config.host}:${server.port}`,
    ctx,
    tls,
    port: server.port!,
    setupToken,
    async stop(graceMs = 0) {
      const drained = server.stop(false).then(() => true);
      const inTime = await Promise.race([drained, Bun.sleep(graceMs).then(() => false)]);
      if (!inTime) {
        const running = server.pendingRequests;
        if (running > 0) console.warn(`${running} requests still running after ${graceMs} ms are cut off`);
        await server.stop(true);
      }
      for (const sweeper of sweepers) clearInterval(sweeper);
      await watch.stop();
      ctx.close();
      await running.clear();
    },
  };
}
