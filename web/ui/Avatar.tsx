import type { SyntheticEvent } from "react";
import { recall, remember } from "../state/lastSession";

const DEFAULT_AVATAR = "/default-avatar.svg";
const SIZES = { sm: "size-9", md: "size-12", lg: "size-24" } as const;
/** The kept copy's side in pixels: the largest avatar (size-24) on a 2× screen. */
const KEPT_SIDE = 192;

/**
 * The user's verification photo as a round picture; the default placeholder when there is none or it fails to load.
 * `own`: the signed-in user's own picture, kept small on this phone once shown, so that offline (the worker caches no
 * media, and the server forbids storing private files) it is still theirs and not the placeholder.
 */
export function Avatar({ src, alt, size = "md", own = false }: { src: string | null | undefined; alt: string; size?: keyof typeof SIZES; own?: boolean }) {
  return (
    <img
      src={src || DEFAULT_AVATAR}
      alt={alt}
      className={`${SIZES[size]} shrink-0 rounded-full bg-ink-200 object-cover ring-2 ring-paper/90`}
      onLoad={own && src ? (event) => keep(event.currentTarget, src) : undefined}
      onError={(event: SyntheticEvent<HTMLImageElement>) => {
        const img = event.currentTarget;
        const kept = own && src ? recall("avatar") : undefined;
        const next = kept && kept.url === src && !img.src.startsWith("data:") ? kept.data : DEFAULT_AVATAR;
        if (!img.src.endsWith(DEFAULT_AVATAR)) img.src = next;
      }}
    />
  );
}

/** Keeps a small square copy (centred, as object-cover shows it) of the picture just shown, once per address. */
function keep(img: HTMLImageElement, url: string) {
  if (img.src.startsWith("data:") || recall("avatar")?.url === url || !img.naturalWidth) return;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = KEPT_SIDE;
  const side = Math.min(img.naturalWidth, img.naturalHeight);
  canvas.getContext("2d")?.drawImage(img, (img.naturalWidth - side) / 2, (img.naturalHeight - side) / 2, side, side, 0, 0, KEPT_SIDE, KEPT_SIDE);
  remember("avatar", { url, data: canvas.toDataURL("image/jpeg", 0.8) });
}
