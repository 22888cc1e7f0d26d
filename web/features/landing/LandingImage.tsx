import { useAtomValue } from "jotai";
import { showAtom } from "../show/state";
import { useT } from "../i18n/scope";

/**
 * The spec's bridge image: the show's (/brand/landing serves an uploaded one, or else our own /landing.svg). Its
 * width and height reserve the space before it arrives; a picture of another shape is cropped to fit.
 */
export function LandingImage({ className = "" }: { className?: string }) {
  const { landing_image_url: landingImageUrl } = useAtomValue(showAtom);
  const { t } = useT();
  return (
    <img
      src={landingImageUrl}
      alt={t("landing.image_alt")}
      width={1600}
      height={1000}
      fetchPriority="high"
      className={`block h-auto w-full bg-ink-900 object-cover ${className}`}
    />
  );
}
