import { t } from "../features/i18n/i18n";
/** A participant's verification photo as a round face, or their initial when there is none. */
export function Face({ url, name, size = "size-9" }: { url: string | null | undefined; name: string; size?: string }) {
  return url ? (
    <img src={url} alt={t("common.face_of", { name })} loading="lazy" className={`${size} shrink-0 rounded-full bg-gray-200 object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${size} flex shrink-0 items-center justify-center rounded-full bg-gray-200 text-sm font-bold text-gray-800`}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}
