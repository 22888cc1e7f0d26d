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
import { errorJson } from "./http/errors";
import { bodyOutcome } from "./http/streamed-body";
import { answerUnreadBody } from "./http/unread-body";
import { createMailer } from "./mail/mailer";
import { openMediaStore } from "./media/open-store";
import { sweepTempAreas, TEMP_SWEEP_MS } from "./media/temp-area";
import { liveInstances, processOf } from "./server-status/instances";
import path from "node:path";
import type { ServerTls } from "./tls/server-tls";
import { sweepExpiredUploads } from "./uploads/upload-sweeper";
import { noteArchiveMode, runRetention } from "./rights/retention";
import { dropSetupToken, issueSetupToken } from "./setup/setup.service";
import { adminExists, ensureAdmin, fillUsernameSkeletons } from "./users/users.service";
import { diskAssets, type WebAssets } from "./web/web-assets";
import { logRequest, newRequestId, useJsonLog, withRequestId } from "./server-status/json-log";
import { methodLabel, routeLabels } from "./server-status/route-labels";
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

/** Temp folders of processes that died (temp-area.ts): this host's went at the store's opening; others' need heartbeats. */
const sweepTemp = (ctx: AppContext) =>
  liveInstances(ctx.db)
    .then((live) => sweepTempAreas(path.dirname(ctx.store.tempDir), new Set(live.map((row) => processOf(row.id)))))
    .catch((error) => console.warn("temp sweep failed:", error));

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
    setInterval(() => sweepTemp(ctx), TEMP_SWEEP_MS),
    setInterval(() => purgeDue(ctx), RETENTION_CHECK_MS),
  ];
  for (const sweeper of sweepers) sweeper.unref();
  const running = await markRunning(config);
  const watch = startWatch(ctx, tls, running.previous);
  const app = createApp(ctx, assets, watch);
  const routeOf = routeLabels(app.routes);
  const server = Bun.serve({
    port: config.port,
    hostname: config.host,
    // Uploads stream through our own limit checks, which answer 413 with a message; Bun's own cap (128 MiB by
    // default, a bare 413) only backs them up, well above them.
    maxRequestBodySize: 2 * config.maxUploadBytes + 16 * 1024 * 1024,
    idleTimeout: 120,
    tls: tls && { cert: tls.cert, key: tls.key },
    // Bun's development mode (its default unless NODE_ENV=production) answers an error it catches with a page showing
    // the exception, the stack, the server's paths and cwd: never, however the server is started.
    development: false,
    // What Bun itself catches (a file that vanished between the route's check and its sending): no detail to the client.
    error(error) {
      console.error("answering failed:", error);
      watch.errors.record("500 outside a route");
      return errorJson(500, "Something went wrong on the server.");
    },
    fetch(received, bunServer) {
      const requestId = newRequestId();
      return withRequestId(requestId, async () => {
        const request = received.method === "HEAD" ? getForHead(received) : received;
        const { pathname } = new URL(request.url);
        const route = routeOf(request.method, pathname);
        const finished = watch.metrics.start(methodLabel(request.method), route, Number(request.headers.get("content-length")) || 0);
        const began = performance.now();
        rememberClientAddress(request, bunServer.requestIP(received)?.address);
        const refusal = crossOriginRefusal(request, config) ?? oversizedBodyRefusal(request);
        const response = refusal ?? (await app.handle(request));
        // A change writes its audit entries unsealed (see audit-chain.ts): seal them before answering. A refused or
        // failed request rolled its transaction back, so it left nothing to seal.
        if (request.method !== "GET" && response.ok) await sealAuditLog(ctx.db);
        const done = async (status: number) => {
          finished(status);
          if (status >= 500) {
            // One line each, in either log format: what failed and why (a 507 says the disk is full).
            console.error(await failureLine(request, response, route));
            watch.errors.record(`${status} on ${methodLabel(request.method)} ${route}`);
          }
          if (config.logFormat === "json") logRequest({ method: methodLabel(request.method), route, status, ms: Math.round(performance.now() - began) });
        };
        // A streamed body that fails after the head is a 500 (the connection is ended), counted when it is known.
        const outcome = bodyOutcome(response);
        if (!outcome) await done(response.status);
        else
          void outcome.then((error) => {
            if (error) console.error(`${request.method} ${route}: the body failed after the head was sent, connection ended:`, error instanceof Error ? error.message : error);
            return done(error ? 500 : response.status);
          });
        response.headers.set("x-request-id", requestId);
        return answerUnreadBody(received, withSecurityHeaders(closeAfterRefusedBody(request, withApiCacheRule(pathname, response))));
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
      () => sweepTemp(ctx),
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
