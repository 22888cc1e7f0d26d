import type { Evidence } from "../../api/types";
import { t } from "../i18n/i18n";

/**
 * In place of a photo, video or recording this browser could not show: while the server still makes a copy every
 * browser plays, a calm line saying so; otherwise the original to download (it may open in another app).
 */
export function MediaUnavailable({ item, tone = "dark" }: { item: Pick<Evidence, "aws_url" | "original_url" | "renditions_preparing">; tone?: "dark" | "light" }) {
  const text = tone === "dark" ? "text-ink-200" : "text-muted";
  return (
    <p role="status" className={`p-6 text-center text-sm ${text}`}>
      {item.renditions_preparing ? (
        t("media.preparing")
      ) : (
        <>
          {t("media.cannot_show")}{" "}
          {(item.original_url ?? item.aws_url) && (
            <a href={(item.original_url ?? item.aws_url)!} download className="font-semibold underline underline-offset-2">
              {t("media.download_original")}
            </a>
          )}
        </>
      )}
    </p>
  );
}
