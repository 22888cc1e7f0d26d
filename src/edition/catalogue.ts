/** The edition's descriptions for collection systems and whoever finds the folder: Dublin Core CSV, sitemap, README. */
import { csvCell } from "../export/manifest";
import type { EditionItem } from "./edition-items";
import { itemPagePath, manifestPath } from "./iiif";
import { attribution, type Licence } from "./licence";
import type { Written } from "./edition-writer";

const DC_TYPES = { note: "Text", image: "StillImage", video: "MovingImage", audio: "Sound" } as const;
const COLUMNS = ["dc:identifier", "dc:title", "dc:description", "dc:date", "dc:creator", "dc:type", "dc:format", "dc:rights", "dc:publisher", "dc:isPartOf", "dc:source", "iiif_manifest", "file"];

/** One row per item, Dublin Core elements as column names (as Omeka's and most catalogues' CSV imports map them). */
export function catalogueCsv(items: EditionItem[], licence: Licence, at: (path: string) => string): string {
  const rows = items.map((item) => {
    const main = item.files.find((f) => f.role === "main");
    return [
      [at(itemPagePath(item.id)), false], [item.title, true], [item.notes, true], [item.datePosted, false], [item.username, true],
      [DC_TYPES[item.kind], false], [main?.mime ?? "text/plain", false], [licence.url ?? licence.text, true], [licence.credit, true],
      [licence.projectName, true], [item.id, false], [at(manifestPath(item.id)), false], [main ? at(main.path) : "", false],
    ] as [string | number, boolean][];
  });
  return [COLUMNS.join(","), ...rows.map((cells) => cells.map(([value, text]) => csvCell(value, text)).join(","))].join("\r\n") + "\r\n";
}

const xml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

export function sitemapXml(items: EditionItem[], baseUrl: string): string {
  const urls = [baseUrl, ...items.map((item) => baseUrl + itemPagePath(item.id))];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.map((u) => `  <url><loc>${xml(u)}</loc></url>`).join("\n")}\n</urlset>\n`;
}

/** `languages`: every enabled language, the main one (whose pages are at the root) first. */
type ReadmeFacts = { exportedAt: string; baseUrl: string | undefined; items: EditionItem[]; media: Written[]; iiif: Written[]; licence: Licence; languages: string[] };

export function readmeText({ exportedAt, baseUrl, items, media, iiif, licence, languages }: ReadmeFacts): string {
  const [main, ...others] = languages;
  const list = (files: Written[]) => files.map((f) => `  ${f.sha256}  ${f.path}  (${f.size} bytes)`).join("\n") || "  (none)";
  return `${licence.projectName}: the public archive, as a static edition
${"=".repeat(60)}

This folder is the public archive of "${licence.projectName}", exported by casefile on ${exportedAt}.
It needs no casefile, no database and no script: any static web server shows it, under any address or
path prefix, and it loads nothing from anywhere else. ${items.length} items.

HOW TO SERVE IT
  Copy the folder to any web server (nginx, Apache, Caddy, a museum's web space, GitHub Pages), or on a laptop:
    python3 -m http.server 8000      (in this folder; then open http://localhost:8000/)
  Opening index.html straight from the disk works too, except for viewers that fetch the IIIF files.

ADDRESSES (stable; each item's page is items/<id>/, in ${main}; the same page in another language is <language>/items/<id>/)
${items.map((item) => `  ${itemPagePath(item.id)}  ${item.title}`).join("\n") || "  (none)"}
${others.length ? `Languages: ${main} at the root; ${others.map((code) => `${code}/`).join(", ")} for the others.\n` : ""}${baseUrl ? `Exported for ${baseUrl}: the IIIF manifests, the JSON-LD, the catalogue and sitemap.xml carry absolute addresses under it.` : "Exported without --base-url: IIIF ids and JSON-LD addresses are relative to the file that holds them, and there is\nno sitemap.xml (a sitemap needs absolute addresses). Export again with --base-url https://…/ for the address it will have."}

WHAT EACH FILE IS
  index.html                  the introduction and the grid of every item
  items/<id>/index.html       one item: its picture, video, recording or note, date, participant's user name
  <language>/index.html,      the same pages in each other enabled language: its words, its direction, the show's
  <language>/items/<id>/      texts as given in it; every page links to itself in each language
  edition.css                 the one stylesheet
  media/<media id>/…          the public copies a visitor of the live archive could see (file.*), and the copies,
                              posters, thumbnails and waveforms the server made for viewers; never an original
                              that carried a place or a device, never a private or withdrawn item
  iiif/collection.json        IIIF Presentation 3 collection of all items (open it in Mirador or Universal Viewer)
  iiif/<id>/manifest.json     IIIF Presentation 3 manifest of one item
  catalogue.csv               one row per item, Dublin Core columns, for a collection system's import
  sitemap.xml                 every page's address, for search engines (only with --base-url)
  README.txt                  this file
  .casefile-edition.json      what the last export wrote (lets a re-run rewrite only what changed)
  Every page carries its schema.org description (JSON-LD) in a <script type="application/ld+json">.

LICENCE AND CREDIT
  ${attribution(licence) || "(none set)"}
${licence.url ? `  ${licence.url}\n` : ""}
SHA-256 OF EVERY MEDIA FILE
${list(media)}

SHA-256 OF THE IIIF MANIFESTS AND COLLECTION
${list(iiif)}
`;
}
