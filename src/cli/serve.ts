/** `casefile serve` (the default): runs the server until SIGTERM/SIGINT, then shuts down gracefully. */
import type { Config } from "../config";
import { translator } from "../i18n/catalogs.service";
import { type RunningServer, startServer } from "../server";
import { currentShow } from "../show/show.service";
import { showWarnings } from "../show/warnings";
import { startReport } from "./start-report";
import { httpsAddresses, tlsStartMessage } from "../tls/start-message";
import { embeddedAssets } from "../web/embedded-assets";
import { diskAssets } from "../web/web-assets";
import { asCliError } from "./errors";

/** How long running requests (uploads above all) may take to finish after SIGTERM; Docker kills after 30 s by default. */
export const SHUTDOWN_GRACE_MS = 25_000;

/** How long after listening the start report is printed. */
const REPORT_AFTER_MS = 100;

async function printStartReport(config: Config, server: RunningServer): Promise<void> {
  const warnings = await showWarnings(server.ctx, await currentShow(server.ctx));
  const https = server.tls !== undefined;
  const certificateAddresses = server.tls && httpsAddresses(server.tls.names, server.port);
  const say = await translator(server.ctx, config.defaultLanguage);
  for (const line of startReport(config, { port: server.port, https, setupToken: server.setupToken, warnings, certificateAddresses }, undefined, say)) console.log(line);
  if (server.tls) for (const line of tlsStartMessage(server.tls, say)) console.log(line);
}

export async function serve(config: Config): Promise<void> {
  // A refusal at start (e.g. ADMIN_USERNAME naming a participant) is one line for the operator, not a stack trace.
  const started = startServer(config, embeddedAssets() ?? diskAssets(config.webDir)).catch((error) => {
    throw asCliError(error);
  });
  // Listened for before the start resolves: it answers before its housekeeping ends (src/server.ts), and a stop
  // then still drains (after the housekeeping, which takes milliseconds).
  let reported: Promise<void> | undefined;
  const report = (server: RunningServer) => (reported ??= printStartReport(config, server).catch((error) => console.error("start report:", error)));
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const server = await started.catch(() => process.exit(1));
    await report(server); // stopped at once: the log still says how it started
    console.log(`${signal}: no new requests; waiting up to ${SHUTDOWN_GRACE_MS / 1000} s for running ones`);
    await server.stop(SHUTDOWN_GRACE_MS);
    console.log("casefile stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  const server = await started;
  // The report reads the show and the catalogs (database reads that hold the thread): phones already waiting when the
  // server comes back (a restart mid-show) are answered first.
  setTimeout(() => report(server), REPORT_AFTER_MS);
}
