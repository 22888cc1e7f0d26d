const DEFAULT_AVATAR = "/default-avatar.svg";

export function Avatar({ src, alt, size = "md" }: { src: string | null | undefined; alt: string; size?: "sm" | "md" | "lg" }) {
  const dimension = { sm: "size-9", md: "size-12", lg: "size-24" }[size];
  return (
    <img
      src={src || DEFAULT_AVATAR}
      alt={alt}
      className={`${dimension} shrink-0 rounded-full bg-gray-300 object-cover ring-2 ring-white`}
      onError={(event) => {
        if (!event.currentTarget.src.endsWith(DEFAULT_AVATAR)) event.currentTarget.src = DEFAULT_AVATAR;
      }}
    />
  );
}
