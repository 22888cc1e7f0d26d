import { concat } from "../../src/media/bytes";
import { stripImage } from "../../src/media/strip/image";

/** The public copy of a photo in one buffer, as tests compare it (the server writes the parts without joining them). */
export function photoCopy(bytes: Uint8Array, mime: string): Uint8Array | undefined {
  const parts = stripImage(bytes, mime);
  return parts && concat(parts);
}
