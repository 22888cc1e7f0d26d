import { DialogTitle } from "@headlessui/react";
import type { Evidence } from "../../api/types";
import { Avatar } from "../../ui/Avatar";
import { formatPublicDateTime } from "../../lib/format";
import { Quotation } from "./Quotation";
import { t } from "../i18n/i18n";

/**
 * Beside (laptop) or below (phone) the work: its title, a photo's or video's notes as a quotation (a note's and an
 * audio item's words are on the stage), who submitted it and when. A location only when there is one: the server
 * withholds it from public items, and an empty label would say nothing.
 */
export function ViewerFacts({ item }: { item: Evidence }) {
  const notesHere = item.media_type === 2 || item.media_type === 3;
  return (
    <div className="space-y-6">
      <DialogTitle as="h2" dir="auto" className="font-display text-display-md break-words text-white">
        {item.title}
      </DialogTitle>
      {notesHere && item.notes && <Quotation text={item.notes} marks="text-tape" className="text-xl leading-snug text-ink-100" />}
      <div className="flex items-center gap-3">
        <Avatar src={item.avatar_AWS_URL} alt={t("profile.avatar_of", { name: item.username ?? t("viewer.participant") })} size="md" />
        <p className="min-w-0 text-sm text-ink-300">
          {t("viewer.submitted_by")} <span dir="auto" className="block truncate text-base font-semibold text-white text-page-start">
            {item.username ?? t("viewer.unknown")}
          </span>
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-ink-300">{t("viewer.posted")}</dt>
        <dd className="text-ink-100">
          <time dateTime={item.date_posted}>{formatPublicDateTime(item.date_posted)}</time>
        </dd>
        {item.location && (
          <>
            <dt className="text-ink-300">{t("viewer.location")}</dt>
            <dd dir="auto" className="break-words text-ink-100 text-page-start">
              {item.location}
            </dd>
          </>
        )}
      </dl>
      {(item.redacted?.picture || item.redacted?.sound) && (
        <ul className="space-y-1 text-sm text-ink-100" data-redacted>
          {item.redacted.picture && <li>{t("archive.redacted.picture")}</li>}
          {item.redacted.sound && <li>{t("archive.redacted.sound")}</li>}
        </ul>
      )}
    </div>
  );
}
