import { useId, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { t } from "../features/i18n/i18n";
import { databaseOutage, formatUptime, retryRenditions, type ServerStatus, type Volume } from "../features/server-status/serverStatus";
import { StatusWarnings } from "../features/server-status/ServerBanner";
import { useServerStatus } from "../features/server-status/useServerStatus";
import { RetentionPanel } from "../features/privacy/RetentionPanel";
import { formatBytes, formatNumber, formatPublicDateTime } from "../lib/format";
import { Badge } from "../ui/Badge";
import { Alert, buttonClass } from "../ui/Button";
import { Card, Page } from "../ui/Layout";
import { LoadingState } from "../ui/States";

/** Every few seconds: the operator watches this screen through a show's night. */
const POLL_MS = 5_000;

const when = formatPublicDateTime;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
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
  if (hours < 48) return t("server.about_hours", { hours });
  return hours < 24 * 365 ? t("server.about_days", { days: Math.round(hours / 24) }) : t("server.more_than_a_year");
}

const volumeText = (volume: Volume) => t("server.volume_free", { free: formatBytes(volume.free_bytes), total: formatBytes(volume.total_bytes) });

function Disk({ status }: { status: ServerStatus }) {
  const { disk } = status;
  return (
    <Section title={t("server.disk")}>
      <Facts
        rows={[
          [t("server.media_volume"), volumeText(disk.media)],
          [t("server.database_volume"), disk.database ? volumeText(disk.database) : t("server.on_database_server")],
          [t("server.kept_free"), formatBytes(disk.reserve_bytes)],
          [t("server.stored_last_hour"), formatBytes(disk.stored_last_hour_bytes)],
          [t("server.time_left"), disk.hours_left === null ? t("server.nothing_stored") : timeLeft(disk.hours_left)],
          ...(disk.database?.hours_left != null ? [[t("server.database_time_left"), timeLeft(disk.database.hours_left)] as [string, string]] : []),
          [t("server.database"), formatBytes(status.database_bytes)],
          [t("server.media"), formatBytes(status.media_bytes)],
        ]}
      />
    </Section>
  );
}

function Activity({ status }: { status: ServerStatus }) {
  return (
    <Section title={t("server.activity")}>
      <Facts
        rows={[
          [t("server.participants_registered"), formatNumber(status.participants.registered)],
          [t("server.active_15m"), formatNumber(status.participants.active_15m)],
          [t("server.uploads_in_progress"), formatNumber(status.uploads.in_progress)],
          [t("server.uploads_finishing"), formatNumber(status.uploads.finishing)],
          [t("server.errors_last_hour"), formatNumber(status.errors.last_hour)],
        ]}
      />
      {status.errors.latest.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm" aria-label={t("server.latest_errors")}>
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
  const state = !last ? (
    t("server.none_yet")
  ) : last.error ? (
    <Badge variant="flagged">{t("server.backup_failed")}</Badge>
  ) : last.verified ? (
    <Badge variant="reviewed">{t("server.backup_verified")}</Badge>
  ) : (
    <Badge>{t("server.backup_running")}</Badge>
  );
  return (
    <Section title={t("server.backups")}>
      <Facts
        rows={[
          [
            t("server.schedule"),
            status.backups ? t("server.schedule_every", { interval: formatUptime(status.backups.interval_hours * 3600), keep: status.backups.keep }) : t("server.schedule_off"),
          ],
          ...(status.backups ? ([[t("server.folder"), status.backups.dir]] as [string, ReactNode][]) : []),
          [t("server.last_backup"), last ? when(last.started_at) : t("server.none_yet")],
          [t("server.state"), state],
          ...(last?.size ? ([[t("server.size"), formatBytes(last.size)]] as [string, ReactNode][]) : []),
          ...(last?.error ? ([[t("server.what_went_wrong"), last.error]] as [string, ReactNode][]) : []),
        ]}
      />
    </Section>
  );
}

function ServerFacts({ status }: { status: ServerStatus }) {
  return (
    <Section title={t("server.title")}>
      <Facts
        rows={[
          [t("server.version"), status.version],
          [t("server.running_for"), formatUptime(status.uptime_seconds)],
          [
            t("server.tls_certificate"),
            status.tls
              ? t(status.tls.kind === "self-signed" ? "server.tls_self_signed_valid_until" : "server.tls_valid_until", { date: when(status.tls.valid_to), days: status.tls.days_left })
              : t("server.tls_not_served"),
          ],
          [t("server.archive_mode"), status.archive_mode ? t("server.archive_mode_on") : t("server.archive_mode_off")],
        ]}
      />
      <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">{t("server.instances")}</h3>
      <ul className="space-y-1 text-sm">
        {status.instances.map((instance) => (
          <li key={instance.id} className="break-words">
            {t("server.instance", { host: instance.host, version: instance.version, date: when(instance.started_at) })}
            {instance.this && <span className="text-muted"> {t("server.this_instance")}</span>}
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
    <Section title={t("server.renditions")}>
      <Facts
        rows={[
          [
            t("server.renditions_made_here"),
            renditions.making ? t("server.renditions_making") : renditions.missing.length ? t("server.renditions_tools_missing") : t("server.renditions_off"),
          ],
          [t("server.renditions_waiting"), t("server.renditions_waiting_value", { pending: renditions.jobs.pending, running: renditions.jobs.running })],
          [t("server.renditions_done"), formatNumber(renditions.jobs.done)],
          [t("server.renditions_failed"), formatNumber(renditions.jobs.failed)],
          ...renditions.missing.map((tool): [string, ReactNode] => [t("server.renditions_missing"), tool]),
        ]}
      />
      {renditions.failed.length > 0 && (
        <>
          <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">{t("server.renditions_not_copied")}</h3>
          <ul className="space-y-1 text-sm">
            {renditions.failed.map((job) => (
              <li key={job.media_id} className="break-words">
                {job.error ?? t("server.no_reason")}
                {job.finished_at && <span className="text-muted"> · {when(job.finished_at)}</span>}
              </li>
            ))}
          </ul>
          <button type="button" className={`mt-3 ${buttonClass("ghost")}`} onClick={retry} disabled={retrying}>
            {retrying ? t("server.trying_again") : t("server.try_again")}
          </button>
        </>
      )}
    </Section>
  );
}

/** The public archive as a static edition (src/edition): a plain link, so the browser streams the ZIP to disk. */
function ArchiveEdition() {
  return (
    <Section title={t("edition.zip_title")}>
      <p className="mb-3 text-sm text-ink-800">{t("edition.zip_lead")}</p>
      <a className={buttonClass("secondary")} href="/api/edition.zip" download>
        {t("edition.zip_download")}
      </a>
    </Section>
  );
}

/** Administration → Server: the server's health during a show, fetched again every few seconds. */
export default function ServerScreen() {
  const { status, error } = useServerStatus(POLL_MS);
  const outage = databaseOutage(error);
  return (
    <Page
      title={t("server.title")}
      wide
      lead={t("server.lead")}
      actions={
        <Link href="/admin" className={buttonClass("ghost")}>
          {t("server.back_to_console")}
        </Link>
      }
    >
      {error && (
        <div className="mb-4">
          <Alert>
            {outage ? t("server.database_unreachable", { since: when(outage.since), reason: outage.reason }) : t("server.status_failed", { error: error.message })}
          </Alert>
        </div>
      )}
      {!status ? (
        <LoadingState label={t("server.loading")} />
      ) : (
        <>
          {status.warnings.length > 0 && <StatusWarnings warnings={status.warnings} />}
          <div className="grid gap-6 md:grid-cols-2">
            <Disk status={status} />
            <Backups status={status} />
            <Activity status={status} />
            <ServerFacts status={status} />
            <Renditions status={status} />
            <ArchiveEdition />
          </div>
          <Card className="mt-6">
            <RetentionPanel />
          </Card>
        </>
      )}
    </Page>
  );
}
