/**
 * A card's or a tile's picture: the browser-made thumbnail (never the full file), decorative (the card names the
 * item); the first ones load at once, being the largest paint, the rest as they scroll near.
 */
export function ThumbnailImage({ src, eager, className }: { src: string; eager: boolean; className: string }) {
  return <img src={src} alt="" loading={eager ? "eager" : "lazy"} fetchPriority={eager ? "high" : "auto"} decoding="async" className={className} />;
}
