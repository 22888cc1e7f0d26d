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
  ];
}
