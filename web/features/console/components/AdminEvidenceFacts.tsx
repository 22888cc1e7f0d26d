import type { ConsoleItem } from "../../../api/console";
import { formatDuration } from "../../../lib/format";
import { t } from "../../i18n/i18n";
import { MEDIA_LABELS } from "../../../lib/mediaTypes";
import { Badge } from "../../../ui/Badge";
import { PlaceLink } from "../../../ui/PlaceLink";
import { RelativeTime } from "../../../ui/RelativeTime";
import { Avatar } from "../../../ui/Avatar";
import { WithdrawnMark } from "./WithdrawnMark";

/**
 * What the investigator reads about one item: title, visibility, notes, then Location (a map link when it is a
 * position), when it was posted, how long a clip runs and who sent it (their verification photo when the list has it).
 */
export function AdminEvidenceFacts({ item }: { item: ConsoleItem }) {
  const sender = item.full_name || item.username || t("console.facts.participant_number", { id: item.user_id });
  return (
    <div className="space-y-4">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{MEDIA_LABELS[item.media_type]}</Badge>
          <Badge variant={item.is_public ? "public" : "private"}>{item.is_public ? t("evidence.public") : t("evidence.private")}</Badge>
          <span className="text-sm text-muted tabular-nums">#{item.id}</span>
          <WithdrawnMark item={item} />
        </div>
        <h3 dir="auto" className="mt-2 font-display text-display-sm break-words text-ink-950">
          {item.title}
        </h3>
      </div>
      {item.notes && (
        <p dir="auto" className="text-base break-words whitespace-pre-line text-ink-800">
          {item.notes}
        </p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <dt className="font-semibold text-muted">{t("viewer.location")}</dt>
        <dd className="break-words">{item.location ? <PlaceLink location={item.location} /> : <span className="text-muted">{t("evidence.not_given")}</span>}</dd>
        <dt className="font-semibold text-muted">{t("viewer.posted")}</dt>
        <dd>
          <RelativeTime iso={item.date_posted} />
        </dd>
        {item.duration_ms != null && (
          <>
            <dt className="font-semibold text-muted">{t("details.length")}</dt>
            <dd className="tabular-nums">{formatDuration(item.duration_ms)}</dd>
          </>
        )}
        <dt className="font-semibold text-muted">{t("console.facts.sent_by")}</dt>
        <dd className="flex min-w-0 items-center gap-2">
          <Avatar src={item.verification_photo_url || item.avatar_AWS_URL} alt="" size="sm" />
          <span className="min-w-0">
            <span dir="auto" className="block font-semibold wrap-anywhere text-ink-900 text-page-start">
              {sender}
            </span>
            {item.username && item.username !== sender && (
              <span dir="auto" className="block text-xs wrap-anywhere text-muted text-page-start">
                @{item.username}
              </span>
            )}
          </span>
        </dd>
      </dl>
    </div>
  );
}
