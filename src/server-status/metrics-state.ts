/**
 * The /metrics families of the show's own state (beside metrics-text.ts's requests and disks): the rendition queue
 * and the audit chain, which an operator's alerting watches as the Server screen shows them.
 */
import type { ServerStatus } from "./status.service";

type Family = (name: string, type: "gauge", help: string, samples: [Record<string, string>, number][]) => string[];

export function stateMetrics(status: ServerStatus, family: Family): string[] {
  const { jobs } = status.renditions;
  return [
    ...family("casefile_rendition_jobs", "gauge", "Rendition jobs by state: waiting (pending), being made (running), given up (failed).", [
      [{ state: "pending" }, jobs.pending],
      [{ state: "running" }, jobs.running],
      [{ state: "failed" }, jobs.failed],
    ]),
    ...family("casefile_audit_chain_intact", "gauge", "1 while the audit log's chain holds; 0 once it is broken (nothing is sealed then).", [[{}, status.audit.broken ? 0 : 1]]),
    ...family("casefile_audit_entries", "gauge", "Sealed entries of the audit log.", [[{}, status.audit.entries]]),
    ...family("casefile_database_up", "gauge", DATABASE_UP_HELP, [[{}, 1]]),
  ];
}

const DATABASE_UP_HELP = "1 while this instance reaches its database; 0 during an outage (the other gauges are then absent).";

/**
 * /metrics while the database cannot be reached: what this instance knows without it (its release, its uptime),
 * and that the database is down, so a scraper alerts on the outage instead of on a failed scrape (the log says why).
 */
export function outageMetrics(version: string, startedAt: Date, family: Family): string {
  return [
    ...family("casefile_info", "gauge", "The running version.", [[{ version }, 1]]),
    ...family("casefile_uptime_seconds", "gauge", "Seconds since this instance started.", [[{}, Math.round((Date.now() - startedAt.getTime()) / 1000)]]),
    ...family("casefile_database_up", "gauge", DATABASE_UP_HELP, [[{}, 0]]),
  ].join("\n") + "\n";
}
