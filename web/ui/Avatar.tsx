const DEFAULT_AVATAR = "/default-avatar.svg";
const SIZES = { sm: "size-9", md: "size-12", lg: "size-24" } as const;

/** The user's verification photo as a round picture; the default placeholder when there is none or it fails to load. */
export function Avatar({ src, alt, size = "md" }: { src: string | null | undefined; alt: string; size?: keyof typeof SIZES }) {
  return (
    <img
      src={src || DEFAULT_AVATAR}
      alt={alt}
      className={`${SIZES[size]} shrink-0 rounded-full bg-ink-200 object-cover ring-2 ring-paper/90`}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}
