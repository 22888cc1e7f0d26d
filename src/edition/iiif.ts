/**
 * IIIF Presentation 3 for the public archive: a manifest per item (one canvas painted with the item's file, or with
 * its note's text) and a collection of them all. The same builder serves the running server (absolute addresses on
 * its origin) and the edition (addresses under --base-url, else relative to the file that holds them).
 */
import type { EditionFile, EditionItem } from "./edition-items";
import { attribution, type Licence } from "./licence";

/** A manifest or collection as JSON (checked against the specification by @iiif/parser in the tests). */
export type IiifDocument = Record<string, unknown>;

const CONTEXT = "http://iiif.io/api/presentation/3/context.json";

/** What the file itself says: a picture's or a video's size, a recording's length (probed when the tools allow). */
export type FileFacts = { width?: number; height?: number; durationMs?: number };

/** Where things are, for the place the document is served from. */
export type IiifLinks = {
  /** An address in the edition's layout ("iiif/12/manifest.json", "items/12/"). */
  at(path: string): string;
  /** A file's address (the edition's copy, or the server's media route). */
  file(file: EditionFile): string;
};

export const manifestPath = (id: number) => `iiif/${id}/manifest.json`;
export const COLLECTION_PATH = "iiif/collection.json";
export const itemPagePath = (id: number) => `items/${id}/`;

const none = (text: string) => ({ none: [text] });
const en = (text: string) => ({ en: [text] });
const entry = (label: string, value: string) => ({ label: en(label), value: none(value) });
const TYPES = { image: "Image", video: "Video", audio: "Sound" } as const;

/** Our items have no pixel size (notes, recordings); a note's text is painted on a square of this side. */
const NOTE_SIDE = 1000;

function rightsOf(licence: Licence) {
  return {
    requiredStatement: { label: en("Attribution"), value: none(attribution(licence)) },
    ...(licence.url ? { rights: licence.url } : {}),
  };
}

export function buildManifest(item: EditionItem, licence: Licence, links: IiifLinks, facts: (file: EditionFile) => FileFacts): IiifDocument {
  const id = links.at(manifestPath(item.id));
  const canvasId = links.at(`iiif/${item.id}/canvas/1`);
  const main = item.kind === "note" ? undefined : item.files.find((f) => f.role === "main");
  const picture = item.files.find((f) => f.role === "thumbnail") ?? item.files.find((f) => f.role === "poster");
  const known = main ? facts(main) : {};
  const durationMs = known.durationMs ?? item.durationMs ?? undefined;
  const shape = {
    ...(known.width && known.height ? { width: known.width, height: known.height } : item.kind === "audio" || main ? {} : { width: NOTE_SIDE, height: NOTE_SIDE }),
    ...(main && item.kind !== "image" && durationMs ? { duration: durationMs / 1000 } : {}),
  };
  const body = main
    ? { id: links.file(main), type: TYPES[item.kind as keyof typeof TYPES], format: main.mime, ...shape }
    : { type: "TextualBody", value: item.notes || item.title, format: "text/plain" };
  return {
    "@context": CONTEXT,
    id,
    type: "Manifest",
    label: none(item.title),
    ...(item.notes ? { summary: none(item.notes) } : {}),
    metadata: [
      entry("Title", item.title),
      ...(item.notes ? [entry("Notes", item.notes)] : []),
      entry("Date", item.datePosted),
      entry("Participant", item.username),
    ],
    navDate: item.datePosted,
    ...rightsOf(licence),
    ...(picture ? { thumbnail: [{ id: links.file(picture), type: "Image", format: picture.mime }] } : {}),
    homepage: [{ id: links.at(itemPagePath(item.id)), type: "Text", label: none(item.title), format: "text/html" }],
    partOf: [{ id: links.at(COLLECTION_PATH), type: "Collection" }],
    items: [
      {
        id: canvasId,
        type: "Canvas",
        label: none(item.title),
        ...shape,
        items: [
          {
            id: `${canvasId}/page`,
            type: "AnnotationPage",
            items: [{ id: `${canvasId}/page/painting`, type: "Annotation", motivation: "painting", body, target: canvasId }],
          },
        ],
      },
    ],
  };
}

export function buildCollection(items: EditionItem[], licence: Licence, links: IiifLinks): IiifDocument {
  return {
    "@context": CONTEXT,
    id: links.at(COLLECTION_PATH),
    type: "Collection",
    label: none(licence.projectName),
    ...rightsOf(licence),
    items: items.map((item) => ({ id: links.at(manifestPath(item.id)), type: "Manifest", label: none(item.title) })),
  };
}
