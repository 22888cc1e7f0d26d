import { stripGif } from "./gif";
import { stripHeif } from "./heif";
import { stripJpeg } from "./jpeg";
import { stripPng } from "./png";
import { stripWebp } from "./webp";

const STRIPPERS = new Map<string, (bytes: Uint8Array) => Uint8Array[] | undefined>([
  ["image/jpeg", stripJpeg],
  ["image/png", stripPng],
  ["image/webp", stripWebp],
  ["image/gif", stripGif],
  ["image/heic", stripHeif],
  ["image/heif", stripHeif],
]);

/**
 * The copy of a photo that may be shown to the public: only what is needed to render it (byte-equal to the input
 * when nothing had to go), as parts to write in order — mostly views of the input, so the copy is never held in
 * memory beside it. Undefined when the photo cannot be fully parsed, or is of a type without a walker (fail closed:
 * it is then not published at all). The input is never modified.
 */
export function stripImage(bytes: Uint8Array, mime: string): Uint8Array[] | undefined {
  return STRIPPERS.get(mime)?.(bytes);
}
