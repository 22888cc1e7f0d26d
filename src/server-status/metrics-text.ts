/**
 * GET /metrics in the Prometheus text exposition format (version 0.0.4), written by hand: a few counters, gauges and
 * one histogram need ~60 lines, where prom-client would add a registry, default collectors that read /proc, and a
 * dependency to the single executable for no metric we lack.
 */
import { LATENCY_BUCKETS, type RequestMetrics } from "./request-metrics";
import { stateMetrics } from "./metrics-state";
import type { ServerStatus } from "./status.service";

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

type Labels = Record<string, string>;
type Sample = [Labels, number];

const escape = (value: string) => value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
const labelText = (labels: Labels) => {
  const pairs = Object.entries(labels).map(([name, value]) => `${name}="${escape(value)}"`);
  return pairs.length ? `{${pairs.join(",")}}` : "";
};

export function family(name: string, type: "counter" | "gauge" | "histogram", help: string, samples: Sample[], suffix = ""): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples.map(([labels, value]) => `${name}${suffix}${labelText(labels)} ${value}`)];
}

export function metricsText(status: ServerStatus, requests: RequestMetrics): string {
  const lines: string[] = [];
  lines.push(...family("casefile_info", "gauge", "The running version.", [[{ version: status.version }, 1]]));
  lines.push(...family("casefile_uptime_seconds", "gauge", "Seconds since this instance started.", [[{}, status.uptime_seconds]]));
  lines.push(
    ...family(
      "casefile_http_requests_total",
      "counter",
      "Requests answered by this instance, by route pattern, method and status.",
      [...requests.requests].map(([key, count]) => {
        const [route, method, code] = JSON.parse(key) as string[];
        return [{ route: route!, method: method!, status: code! }, count];
      }),
    ),
  );
  const histogram = "casefile_http_request_duration_seconds";
  lines.push(`# HELP ${histogram} Time to answer a request, by route pattern.`, `# TYPE ${histogram} histogram`);
  for (const [route, latency] of requests.latency) {
    LATENCY_BUCKETS.forEach((bound, i) => lines.push(`${histogram}_bucket${labelText({ route, le: String(bound) })} ${latency.buckets[i]}`));
    lines.push(`${histogram}_bucket${labelText({ route, le: "+Inf" })} ${latency.count}`);
    lines.push(`${histogram}_sum${labelText({ route })} ${latency.sum}`, `${histogram}_count${labelText({ route })} ${latency.count}`);
  }
  lines.push(...family("casefile_upload_bytes_total", "counter", "Bytes of uploads received by this instance.", [[{}, requests.uploadBytes]]));
  lines.push(...family("casefile_uploads_in_flight", "gauge", "Upload requests this instance is receiving now.", [[{}, requests.uploadsInFlight]]));
  lines.push(
    ...family("casefile_upload_queue", "gauge", "Resumable uploads not finished yet (in_progress) and being turned into items (finishing).", [
      [{ state: "in_progress" }, status.uploads.in_progress],
      [{ state: "finishing" }, status.uploads.finishing],
    ]),
  );
  const volumes: Sample[] = [[{ volume: "media" }, status.disk.media.free_bytes]];
  if (status.disk.database) volumes.push([{ volume: "database" }, status.disk.database.free_bytes]);
  lines.push(...family("casefile_disk_free_bytes", "gauge", "Free bytes of the media and database volumes.", volumes));
  lines.push(...family("casefile_disk_reserve_bytes", "gauge", "DISK_RESERVE_MB in bytes: uploads are refused below it.", [[{}, status.disk.reserve_bytes]]));
  lines.push(...family("casefile_database_bytes", "gauge", "Size of the database.", [[{}, status.database_bytes]]));
  lines.push(...family("casefile_media_bytes", "gauge", "Size of all stored media.", [[{}, status.media_bytes]]));
  lines.push(...family("casefile_errors_last_hour", "gauge", "Server errors and failed jobs on this instance in the last hour.", [[{}, status.errors.last_hour]]));
  const backup = status.last_backup;
  const backupAge: Sample[] = backup?.verified && backup.finished_at ? [[{}, Math.round((Date.now() - Date.parse(backup.finished_at)) / 1000)]] : [];
  lines.push(...family("casefile_backup_age_seconds", "gauge", "Seconds since the last verified backup finished (absent: none, or the last one failed).", backupAge));
  lines.push(...stateMetrics(status, family));
  lines.push(...family("casefile_warnings", "gauge", "Warnings the Server screen shows now, by kind.", status.warnings.map((warning) => [{ kind: warning.kind }, 1])));
  return lines.join("\n") + "\n";
}
