import { useAtomValue } from "jotai";
import { configAtom } from "../../state/session";

/**
 * The spec's bridge image: the operator's (config.landingImageUrl, /brand/landing) or our own /landing.svg. Its
 * width and height reserve the space before it arrives; a picture of another shape is cropped to fit.
 */
export function LandingImage({ className = "" }: { className?: string }) {
  const { landingImageUrl } = useAtomValue(configAtom);
  return (
    <img
      src={landingImageUrl}
      alt="A bridge at night"
      width={1600}
      height={1000}
      fetchPriority="high"
      className={`block h-auto w-full bg-ink-900 object-cover ${className}`}
    />
  );
}
