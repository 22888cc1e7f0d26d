import { useState, type ReactNode } from "react";
import { Link } from "wouter";
import { formatBytes, formatDuration, retryRenditions, type ServerStatus, type Volume } from "../features/server-status/serverStatus";
import { StatusWarnings } from "../features/server-status/ServerBanner";
import { useServerStatus } from "../features/server-status/useServerStatus";
import { RetentionPanel } from "../features/privacy/RetentionPanel";
import { Badge } from "../ui/Badge";
import { Alert, buttonClass } from "../ui/Button";
import { Card, Page } from "../ui/Layout";
import { LoadingState } from "../ui/States";

/** Every few seconds: the operator watches this screen through a show's night. */
const POLL_MS = 5_000;

const when = (iso: string) => new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `server-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card className="min-w-0">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-3 font-display text-display-sm text-ink-950">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="min-w-0 font-medium break-words text-ink-950">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function timeLeft(hours: number): string {
  if (hours < 48) return `about ${hours} hours`;
  return hours < 24 * 365 ? `about ${Math.round(hours / 24)} days` : "more than a year";
}

const volumeText = (volume: Volume) => `${formatBytes(volume.free_bytes)} free of ${formatBytes(volume.total_bytes)}`;

function Disk({ status }: { status: ServerStatus }) {
  const { disk } = status;
  return (
    <Section title="Disk">
      <Facts
        rows={[
          ["Media volume", volumeText(disk.media)],
          ["Database volume", disk.database ? volumeText(disk.database) : "on the database server"],
          ["Kept free (DISK_RESERVE_MB)", formatBytes(disk.reserve_bytes)],
          ["Stored in the last hour", formatBytes(disk.stored_last_hour_bytes)],
          ["Time left at that rate", disk.hours_left === null ? "nothing stored in the last hour" : timeLeft(disk.hours_left)],
          ["Database", formatBytes(status.database_bytes)],
          ["Media", formatBytes(status.media_bytes)],
        ]}
      />
    </Section>
  );
}

function Activity({ status }: { status: ServerStatus }) {
  return (
    <Section title="Activity">
      <Facts
        rows={[
          ["Participants registered", status.participants.registered],
          ["Active in the last 15 minutes", status.participants.active_15m],
          ["Uploads in progress", status.uploads.in_progress],
          ["Uploads finishing", status.uploads.finishing],
          ["Errors in the last hour", status.errors.last_hour],
        ]}
      />
      {status.errors.latest.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" aria-label="Latest errors">
          {status.errors.latest.map((error) => (
            <li key={error.at + error.what} className="break-words">
              <span className="text-muted">{when(error.at)}</span> {error.what}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Backups({ status }: { status: ServerStatus }) {
  const last = status.last_backup;
  const state = !last ? "none yet" : last.error ? <Badge variant="flagged">failed</Badge> : last.verified ? <Badge variant="reviewed">verified</Badge> : <Badge>running</Badge>;
  return (
    <Section title="Backups">
      <Facts
        rows={[
          ["Schedule", status.backups ? `every ${formatDuration(status.backups.interval_hours * 3600)}, the newest ${status.backups.keep} kept` : "off (set BACKUP_DIR)"],
          ...(status.backups ? ([["Folder", status.backups.dir]] as [string, ReactNode][]) : []),
          ["Last backup", last ? when(last.started_at) : "none yet"],
          ["State", state],
          ...(last?.size ? ([["Size", formatBytes(last.size)]] as [string, ReactNode][]) : []),
          ...(last?.error ? ([["What went wrong", last.error]] as [string, ReactNode][]) : []),
        ]}
      />
    </Section>
  );
}

function ServerFacts({ status }: { status: ServerStatus }) {
  return (
    <Section title="Server">
      <Facts
        rows={[
          ["Version", status.version],
          ["Running for", formatDuration(status.uptime_seconds)],
          ["TLS certificate", status.tls ? `${status.tls.kind === "self-signed" ? "self-signed, " : ""}valid until ${when(status.tls.valid_to)} (${status.tls.days_left} days)` : "not served by casefile"],
          ["Archive mode", status.archive_mode ? "on (read-only archive)" : "off"],
        ]}
      />
      <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">Instances</h3>
      <ul className="space-y-1 text-sm">
        {status.instances.map((instance) => (
          <li key={instance.id} className="break-words">
            {instance.host} · {instance.version} · since {when(instance.started_at)}
            {instance.this && <span className="text-muted"> (this one)</span>}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Renditions({ status }: { status: ServerStatus }) {
  const { renditions } = status;
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    retryRenditions()
      .catch((error: unknown) => console.warn("retrying the renditions failed", error))
      .finally(() => setRetrying(false));
  };
  return (
    <Section title="Copies for viewers">
      <Facts
        rows={[
          ["Made here", renditions.making ? "yes, at low priority" : renditions.missing.length ? "no: tools missing" : "no (RENDITION_JOBS=0)"],
          ["Waiting / being made", `${renditions.jobs.pending} / ${renditions.jobs.running}`],
          ["Done", String(renditions.jobs.done)],
          ["Failed", String(renditions.jobs.failed)],
          ...renditions.missing.map((tool): [string, ReactNode] => ["Missing", tool]),
        ]}
      />
      {renditions.failed.length > 0 && (
        <>
          <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">Files that could not be copied</h3>
          <ul className="space-y-1 text-sm">
            {renditions.failed.map((job) => (
              <li key={job.media_id} className="break-words">
                {job.error ?? "no reason given"}
                {job.finished_at && <span className="text-muted"> · {when(job.finished_at)}</span>}
              </li>
            ))}
          </ul>
          <button type="button" className={`mt-3 ${buttonClass("ghost")}`} onClick={retry} disabled={retrying}>
            {retrying ? "Trying again…" : "Try them again"}
          </button>
        </>
      )}
    </Section>
  );
}

/** Administration → Server: the server's health during a show, fetched again every few seconds. */
export default function ServerScreen() {
  const { status, error } = useServerStatus(POLL_MS);
  return (
    <Page
      title="Server"
      wide
      lead="Disk, backups, activity and errors, updated every few seconds; what the purge after the show removes next."
      actions={
        <Link href="/admin" className={buttonClass("ghost")}>
          Back to the console
        </Link>
      }
    >
      {error && (
        <div className="mb-4">
          <Alert>The status could not be updated: {error}</Alert>
        </div>
      )}
      {!status ? (
        <LoadingState label="Loading the server's status" />
      ) : (
        <>
          {status.warnings.length > 0 && <StatusWarnings warnings={status.warnings} />}
          <div className="grid gap-6 md:grid-cols-2">
            <Disk status={status} />
            <Backups status={status} />
            <Activity status={status} />
            <ServerFacts status={status} />
            <Renditions status={status} />
          </div>
          <Card className="mt-6">
            <RetentionPanel />
          </Card>
        </>
      )}
    </Page>
  );
}
