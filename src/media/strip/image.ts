import { stripImageMetadata } from "../strip-metadata";

/**
 * The copy of a photo that may be shown to the public: only what is needed to render it.
 * Undefined when the photo cannot be fully parsed (fail closed: it is then not published at all).
 * (Interim: delegates to the old stripper until the whitelisting walkers land.)
 */
export function stripImage(bytes: Uint8Array, mime: string): Uint8Array | undefined {
  return stripImageMetadata(bytes, mime) ?? bytes;
}
