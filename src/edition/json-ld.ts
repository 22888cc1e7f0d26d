/**
 * schema.org descriptions (JSON-LD) of the edition's pages, for catalogues and search engines: the archive as a
 * Collection of its items, each item a CreativeWork (VisualArtwork for photos) with its ImageObject, VideoObject or
 * AudioObject. Addresses are absolute under the base URL when there is one, else relative (JSON-LD resolves them
 * against the page).
 */
import type { EditionFile, EditionItem } from "./edition-items";
import type { FileFacts } from "./iiif";
import type { Licence } from "./licence";
import type { At } from "./links";
import { itemPagePath, manifestPath } from "./iiif";

const OBJECT_TYPES = { image: "ImageObject", video: "VideoObject", audio: "AudioObject" } as const;

/** ISO 8601 duration, as schema.org's `duration` takes it: PT1M5.2S. */
export function isoDuration(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 100) / 10;
  return `PT${minutes ? `${minutes}M` : ""}${seconds}S`;
}

const rights = (licence: Licence) => ({
  ...(licence.url ? { license: licence.url } : licence.text ? { usageInfo: licence.text } : {}),
  creditText: licence.credit,
  copyrightNotice: licence.text || undefined,
});

const collectionRef = (licence: Licence, at: At) => ({ "@type": "Collection", name: licence.projectName, url: at("index.html") });

export function itemJsonLd(item: EditionItem, licence: Licence, at: At, facts: (file: EditionFile) => FileFacts) {
  const main = item.kind === "note" ? undefined : item.files.find((f) => f.role === "main");
  const picture = item.files.find((f) => f.role === "thumbnail") ?? item.files.find((f) => f.role === "poster");
  const known = main ? facts(main) : {};
  const durationMs = known.durationMs ?? item.durationMs;
  const media = main && {
    "@type": OBJECT_TYPES[item.kind as keyof typeof OBJECT_TYPES],
    contentUrl: at(main.path),
    encodingFormat: main.mime,
    contentSize: `${main.size} B`,
    ...(known.width && known.height ? { width: known.width, height: known.height } : {}),
    ...(durationMs && item.kind !== "image" ? { duration: isoDuration(durationMs) } : {}),
    ...(picture ? { thumbnailUrl: at(picture.path) } : {}),
  };
  return {
    "@context": "https://schema.org",
    "@type": item.kind === "image" ? "VisualArtwork" : "CreativeWork",
    "@id": at(itemPagePath(item.id)),
    url: at(itemPagePath(item.id)),
    name: item.title,
    ...(item.notes ? { description: item.notes } : {}),
    dateCreated: item.datePosted,
    creator: { "@type": "Person", name: item.username },
    isPartOf: collectionRef(licence, at),
    ...rights(licence),
    ...(media ? { associatedMedia: media } : { text: item.notes }),
    subjectOf: { "@type": "DigitalDocument", name: "IIIF Presentation 3 manifest", url: at(manifestPath(item.id)), encodingFormat: "application/ld+json" },
  };
}

export function archiveJsonLd(items: EditionItem[], licence: Licence, at: At) {
  return {
    "@context": "https://schema.org",
    ...collectionRef(licence, at),
    ...rights(licence),
    hasPart: items.map((item) => ({ "@type": item.kind === "image" ? "VisualArtwork" : "CreativeWork", name: item.title, url: at(itemPagePath(item.id)) })),
  };
}

/** JSON in a <script> element: "</" and line separators escaped so no text in it can end the element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replaceAll("<", "\\u003c").replaceAll("\u2028", "\\u2028").replaceAll("\u2029", "\\u2029");
