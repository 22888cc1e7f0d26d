/** Addresses inside the edition: under its base URL when the export was given one, else relative to the file that holds them. */
import path from "node:path";

export type At = (target: string) => string;

/** An edition path as seen from the file `from` (both relative to the edition's root; a target ending in / stays a folder). */
export function relativeFrom(from: string, base: string | undefined): At {
  if (base) return (target) => base + target;
  return (target) => {
    const relative = path.posix.relative(path.posix.dirname(`/${from}`), `/${target}`) || ".";
    return target.endsWith("/") ? `${relative}/` : relative;
  };
}
