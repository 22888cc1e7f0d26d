/**
 * What one running instance keeps watch over besides answering requests: its heartbeat row, the scheduled backups,
 * its request counters and errors, and a look every minute for new warnings, which go to the log once each.
 */
import { scheduleBackups } from "../backups/backup-schedule";
import type { JobRunner } from "../jobs/job-runner";
import { startRedactions } from "../redaction/redaction-runner";
import { startRenditions } from "../renditions/renditions-runner";
import { findTools, toolReport } from "../renditions/tools";
import type { AppContext } from "../context";
import type { ServerTls } from "../tls/server-tls";
import { ErrorLog } from "./error-log";
import { nextServerId, STARTED_AT, startHeartbeat } from "./instances";
import { RequestMetrics } from "./request-metrics";
import { serverStatus } from "./status.service";
import type { UncleanStop } from "./unclean-stop";
import { DatabaseGrowth } from "./database-growth";
import { DatabaseReach } from "./database-reach";

const WARNING_CHECK_MS = 60_000;

export type ServerWatch = {
  instanceId: string;
  startedAt: Date;
  tls: Pick<ServerTls, "kind" | "validTo"> | undefined;
  errors: ErrorLog;
  metrics: RequestMetrics;
  /** What this instance can make for viewers (src/renditions), and its job runner when it makes any. */
  renditions: { found: string[]; missing: string[]; runner: JobRunner | undefined };
  /** Its redaction job runner (src/redaction), with the same tools and limits. */
  redactions: JobRunner | undefined;
  /** The database's growth, for its disk's hours left. */
  databaseGrowth: DatabaseGrowth;
  /** Since when the database cannot be reached (an outage of a libSQL server). */
  database: DatabaseReach;
  /** The run before this one, when it ended without a clean stop (unclean-stop.ts). */
  uncleanStop: UncleanStop | undefined;
  stop(): Promise<void>;
};

/** A watch as started: `ready` once this instance's first heartbeat is written. */
type StartedWatch = ServerWatch & { ready: Promise<void> };

/** Starts this instance's heartbeat, backups, renditions and warning checks. */
export function startWatch(ctx: AppContext, tls: ServerTls | undefined, uncleanStop?: UncleanStop): StartedWatch {
  // This server's id: its process's, whose temp folder (media/temp-area.ts) and body reservations (evidence/quotas.ts) carry it.
  const instanceId = nextServerId();
  const startedAt = STARTED_AT;
  const errors = new ErrorLog();
  const database = new DatabaseReach();
  const heartbeat = startHeartbeat(ctx.db, instanceId, startedAt, database);
  const stopBackups = scheduleBackups(ctx, instanceId, errors);
  const tools = findTools();
  const renditions = { ...toolReport(tools), runner: startRenditions(ctx, tools) };
  const redactions = startRedactions(ctx, tools, () => renditions.runner?.nudge());
  if (ctx.config.renditions.jobs > 0) {
    for (const line of renditions.found) console.log(`renditions: found ${line}`);
    for (const line of renditions.missing) console.log(`renditions: missing ${line}; install it for these copies`);
  }
  const watch: StartedWatch = {
    ready: heartbeat.ready,
    instanceId,
    startedAt,
    tls,
    errors,
    metrics: new RequestMetrics(),
    renditions,
    redactions,
    databaseGrowth: new DatabaseGrowth(),
    database,
    uncleanStop,
    async stop() {
      clearInterval(warningCheck);
      stopBackups();
      await redactions?.stop();
      await renditions.runner?.stop();
      await heartbeat.stop();
    },
  };
  let logged = new Set<string>();
  const logNewWarnings = async () => {
    const { warnings } = await serverStatus(ctx, watch);
    for (const warning of warnings) if (!logged.has(warning.message)) console.warn(`warning: ${warning.message}`);
    logged = new Set(warnings.map((warning) => warning.message));
  };
  const warningCheck = setInterval(() => logNewWarnings().catch((error) => console.warn("checking the server's health failed:", error)), WARNING_CHECK_MS);
  warningCheck.unref();
  return watch;
}
