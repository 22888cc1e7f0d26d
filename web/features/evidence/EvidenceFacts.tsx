import type { Evidence } from "../../api/types";
import { formatBytes, formatDateTime } from "../../lib/format";
import { MEDIA_LABELS } from "../../lib/mediaTypes";
import { relativeTime } from "../../lib/relativeTime";
import { Icon } from "../../ui/Icon";
import { PlaceLink } from "../../ui/PlaceLink";
import { Avatar } from "../../ui/Avatar";
import { durationOf, KIND_ICONS, PublicBadge } from "./EvidenceCard";
import { t } from "../i18n/i18n";

/**
 * Title, notes, kind, location, date and (for lists of other people's items) who submitted it. `technical` adds the
 * stored file's type, size and SHA-256: for admins only, participants never see them.
 */
export function EvidenceFacts({ item, showSubmitter = false, technical = false }: { item: Evidence; showSubmitter?: boolean; technical?: boolean }) {
  const duration = durationOf(item);
  return (
    <div className="min-w-0 space-y-4">
      <div className="flex items-start justify-between gap-3">
        <h3 dir="auto" className="min-w-0 font-display text-display-sm text-ink-950 wrap-anywhere">
          {item.title}
        </h3>
        {item.is_public && <PublicBadge />}
      </div>
      <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink-700">
        <Icon name={KIND_ICONS[item.media_type]} className="size-4" />
        {MEDIA_LABELS[item.media_type]}
        {duration && <span className="font-normal text-muted">· {duration}</span>}
      </p>
      {item.notes && (
        <p dir="auto" className="text-base whitespace-pre-line text-ink-800 wrap-anywhere">
          {item.notes}
        </p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 border-t border-line pt-3 text-sm">
        <dt className="font-semibold text-ink-700">{t("viewer.location")}</dt>
        <dd className="min-w-0 wrap-anywhere">{item.location ? <PlaceLink location={item.location} /> : <span className="text-muted">{t("evidence.not_given")}</span>}</dd>
        <dt className="font-semibold text-ink-700">{t("viewer.posted")}</dt>
        <dd>
          <time dateTime={item.date_posted}>{formatDateTime(item.date_posted)}</time>
          <span className="text-muted"> · {relativeTime(item.date_posted)}</span>
        </dd>
        {technical && item.media && (
          <>
            <dt className="font-semibold text-ink-700">{t("evidence.file")}</dt>
            <dd className="break-all" dir="ltr">
              {t("evidence.file_facts", { mime: item.media.mime, size: formatBytes(item.media.size) })}
              <br />
              SHA-256 {item.media.sha256}
            </dd>
          </>
        )}
      </dl>
      {showSubmitter && (
        <div className="flex min-w-0 items-center gap-3 rounded-lg bg-paper-deep p-3">
          <Avatar src={item.avatar_AWS_URL} alt={t("profile.avatar_of", { name: item.username ?? t("viewer.participant") })} size="sm" />
          <p className="min-w-0 text-sm wrap-anywhere">
            {t("viewer.submitted_by")} <span dir="auto" className="font-semibold">
              {item.username ?? t("viewer.unknown")}
            </span>
          </p>
        </div>
      )}
    </div>
  );
}
