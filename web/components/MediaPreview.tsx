import { useObjectUrl } from "../lib/useObjectUrl";

/** Local preview of a chosen or recorded file before it is uploaded, for the dark frame of the details screen. */
export function MediaPreview({ file }: { file: File }) {
  const url = useObjectUrl(file);
  if (!url) return null;
  if (file.type.startsWith("image/")) return <img src={url} alt="Preview of the chosen photo" className="max-h-[60dvh] w-full rounded-md object-contain" />;
  if (file.type.startsWith("video/"))
    return (
      <video src={url} controls playsInline className="max-h-[60dvh] w-full rounded-md bg-black" aria-label="Preview of the chosen video">
        <track kind="captions" src="/no-captions.vtt" srcLang="en" label="No captions available" />
      </video>
    );
  if (file.type.startsWith("audio/")) return <audio src={url} controls className="w-full" aria-label="Preview of the recording" />;
  return <p className="p-4 text-sm text-ink-100">{file.name}</p>;
}
