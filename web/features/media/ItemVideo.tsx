import type { Evidence } from "../../api/types";
import { i18n, t } from "../i18n/i18n";
import { posterUrl } from "./renditions";
import type { useMediaFailure } from "./useMediaFailure";

/**
 * A sent item's video where people watch it (its detail dialog, the archive's viewer): the copy this browser plays, its
 * poster, and the empty captions track that says, in the page's language, that a participant's recording has none.
 */
export function ItemVideo({ item, source, events, className }: {
  item: Pick<Evidence, "title" | "aws_url" | "thumbnail_url" | "renditions">;
  source: string;
  events: ReturnType<typeof useMediaFailure>["events"];
  className: string;
}) {
  return (
    <video
      controls
      playsInline
      preload="metadata"
      src={source}
      poster={posterUrl(item) ?? undefined}
      {...events}
      className={className}
      aria-label={t("viewer.video_label", { title: item.title })}
    >
      <track kind="captions" src="/no-captions.vtt" srcLang={i18n.locale} label={t("viewer.no_captions")} />
    </video>
  );
}
