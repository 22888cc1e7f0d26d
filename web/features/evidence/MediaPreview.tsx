import { useObjectUrl } from "../../lib/useObjectUrl";
import { i18n, t } from "../i18n/i18n";

/** Local preview of a chosen or recorded file before it is uploaded (the details screen, the Edit Item dialog). */
export function MediaPreview({ file }: { file: File }) {
  const url = useObjectUrl(file);
  if (!url) return null;
  if (file.type.startsWith("image/")) return <img src={url} alt={t("evidence.preview_photo")} className="max-h-[60dvh] w-full rounded-md object-contain" />;
  if (file.type.startsWith("video/"))
    return (
      <video src={url} controls playsInline className="max-h-[60dvh] w-full rounded-md bg-ink-950" aria-label={t("evidence.preview_video")}>
        <track kind="captions" src="/no-captions.vtt" srcLang={i18n.locale} label={t("viewer.no_captions")} />
      </video>
    );
  if (file.type.startsWith("audio/")) return <audio src={url} controls className="w-full" aria-label={t("evidence.preview_audio")} />;
  return <p className="p-4 text-sm wrap-anywhere">{file.name}</p>;
}
