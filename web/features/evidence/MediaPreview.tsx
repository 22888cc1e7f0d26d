import { useState } from "react";
import { useObjectUrl } from "../../lib/useObjectUrl";
import { browserCanPlay } from "../media/renditions";
import { i18n, t } from "../i18n/i18n";

/** Said in words instead of a broken image or a black player: the server makes a copy every browser shows. */
const NoPreview = () => <p className="p-4 text-center text-base">{t("evidence.no_preview")}</p>;

/**
 * Local preview of a chosen or recorded file before it is uploaded (the details screen, the Edit Item dialog). A format
 * this browser cannot show (HEIC on Chromium, an HEVC .mov) is known by its type or by the element failing to load.
 */
export function MediaPreview({ file }: { file: File }) {
  const url = useObjectUrl(file);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url) return null;
  const visual = file.type.startsWith("image/") || file.type.startsWith("video/");
  if (visual && (failedUrl === url || !browserCanPlay(file.type))) return <NoPreview />;
  const fail = () => setFailedUrl(url);
  if (file.type.startsWith("image/"))
    return <img src={url} alt={t("evidence.preview_photo")} onError={fail} className="max-h-[60dvh] w-full rounded-md object-contain" />;
  if (file.type.startsWith("video/"))
    return (
      <video src={url} controls playsInline onError={fail} className="max-h-[60dvh] w-full rounded-md bg-ink-950" aria-label={t("evidence.preview_video")}>
        <track kind="captions" src="/no-captions.vtt" srcLang={i18n.locale} label={t("viewer.no_captions")} />
      </video>
    );
  if (file.type.startsWith("audio/")) return <audio src={url} controls className="w-full" aria-label={t("evidence.preview_audio")} />;
  return <p className="p-4 text-sm wrap-anywhere">{file.name}</p>;
}
