/**
 * The edition's pages: plain HTML and one stylesheet, no script, nothing from another origin, every link relative so
 * the folder works under any path prefix and from a USB stick. index.html holds the introduction and the grid; each
 * item has items/<id>/index.html with its picture, video, recording or note, previous and next links, and the licence.
 */
import { darkened, textColourOn } from "../config/branding";
import type { EditionFile, EditionItem } from "./edition-items";
import { itemPagePath, manifestPath, type FileFacts } from "./iiif";
import { archiveJsonLd, itemJsonLd, scriptJson } from "./json-ld";
import { attribution, type Licence } from "./licence";
import { relativeFrom, type At } from "./links";

/** The archive's introduction in one language, each paragraph with the language it is really in (show-language.ts). */
export type Introduction = { code: string; name: string; paragraphs: { text: string; language: string }[] };

export type Site = {
  projectName: string;
  accent: string;
  /** Every enabled language's introduction, the main language first (its index is index.html; others' <code>/index.html). */
  introductions: Introduction[];
  licence: Licence;
  /** The logo's path in the edition, if the show has one. */
  logo: string | undefined;
  baseUrl: string | undefined;
};

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`)
    .join("\n");

export const pagePath = (item: EditionItem) => `${itemPagePath(item.id)}index.html`;
const dateOf = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.slice(0, 10))}</time>`;

export const indexPath = (site: Site, code: string) => (code === site.introductions[0]!.code ? "index.html" : `${code}/index.html`);

/** Links to the index in each language, each named in its own language. */
function languageNav(site: Site, at: At, current: string | undefined): string {
  if (site.introductions.length < 2) return "";
  const links = site.introductions.map(({ code, name }) =>
    `<a lang="${escapeHtml(code)}" hreflang="${escapeHtml(code)}" href="${at(indexPath(site, code))}"${code === current ? ' aria-current="page"' : ""}>${escapeHtml(name)}</a>`,
  );
  return `<nav class="languages" aria-label="Languages">${links.join("\n")}</nav>`;
}

/** The pages' own words (headings, labels, links) are English; the show's texts and the items' carry their own language. */
function page(site: Site, from: string, title: string, main: string, jsonLd: unknown, language?: string): string {
  const at = relativeFrom(from, undefined);
  const logo = site.logo ? `<img class="logo" src="${at(site.logo)}" alt="" width="40" height="40">` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${at("edition.css")}">
${site.logo ? `<link rel="icon" href="${at(site.logo)}">` : `<link rel="icon" href="data:,">`}
<script type="application/ld+json">${scriptJson(jsonLd)}</script>
</head>
<body>
<header class="bar"><a class="home" href="${at("index.html")}">${logo}<span dir="auto">${escapeHtml(site.projectName)}</span></a>${languageNav(site, at, language)}</header>
<main id="main">
${main}
</main>
<footer class="foot"><p>${escapeHtml(attribution(site.licence))}${site.licence.url ? ` · <a href="${escapeHtml(site.licence.url)}" rel="license">${escapeHtml(site.licence.url)}</a>` : ""}</p>
<p><a href="${at("iiif/collection.json")}">IIIF collection</a> · <a href="${at("catalogue.csv")}">Catalogue (CSV, Dublin Core)</a> · <a href="${at("README.txt")}">About this edition</a></p></footer>
</body>
</html>
`;
}

const jsonLdAt = (site: Site, from: string): At => relativeFrom(from, site.baseUrl);

export function indexPage(site: Site, items: EditionItem[], intro: Introduction): string {
  const from = indexPath(site, intro.code);
  const at = relativeFrom(from, undefined);
  const tiles = items
    .map((item) => {
      const picture = item.files.find((f) => f.role === "thumbnail") ?? item.files.find((f) => f.role === "poster");
      const face = picture
        ? `<img src="${at(picture.path)}" alt="" loading="lazy">`
        : `<span class="tile-text">${escapeHtml((item.notes || item.title).slice(0, 140))}</span>`;
      return `<li><a class="tile tile-${item.kind}" href="${at(pagePath(item))}">${face}<span class="tile-title">${escapeHtml(item.title)}</span><span class="tile-kind">${item.kind}</span></a></li>`;
    })
    .join("\n");
  const main = `<h1>${escapeHtml(site.projectName)}</h1>
<div class="intro">${intro.paragraphs.map((p) => `<div lang="${escapeHtml(p.language)}" dir="auto">${paragraphs(p.text)}</div>`).join("\n")}</div>
<h2>${items.length} ${items.length === 1 ? "item" : "items"}</h2>
<ul class="grid">
${tiles}
</ul>`;
  return page(site, from, site.projectName, main, archiveJsonLd(items, site.licence, jsonLdAt(site, from)), intro.code);
}

function viewer(item: EditionItem, at: At, facts: (file: EditionFile) => FileFacts): string {
  const main = item.files.find((f) => f.role === "main");
  if (item.kind === "note" || !main) return item.kind === "note" ? "" : `<p class="withheld">This item's file is not part of the public archive.</p>`;
  const known = facts(main);
  const size = known.width && known.height ? ` width="${known.width}" height="${known.height}"` : "";
  if (item.kind === "image") return `<img class="media" src="${at(main.path)}" alt="${escapeHtml(item.title)}"${size}>`;
  if (item.kind === "video") {
    const poster = item.files.find((f) => f.role === "poster");
    return `<video class="media" controls preload="metadata"${size}${poster ? ` poster="${at(poster.path)}"` : ""} aria-label="${escapeHtml(item.title)}"><source src="${at(main.path)}" type="${escapeHtml(main.mime)}"><a href="${at(main.path)}">Download the video</a></video>`;
  }
  return `<audio class="media-audio" controls preload="metadata" src="${at(main.path)}" aria-label="${escapeHtml(item.title)}"><a href="${at(main.path)}">Download the recording</a></audio>`;
}

export function itemPage(site: Site, item: EditionItem, neighbours: { newer?: EditionItem; older?: EditionItem }, facts: (file: EditionFile) => FileFacts): string {
  const from = pagePath(item);
  const at = relativeFrom(from, undefined);
  const nav = [
    neighbours.newer ? `<a rel="prev" href="${at(pagePath(neighbours.newer))}">← Newer: ${escapeHtml(neighbours.newer.title)}</a>` : "",
    neighbours.older ? `<a rel="next" href="${at(pagePath(neighbours.older))}">Older: ${escapeHtml(neighbours.older.title)} →</a>` : "",
  ].join("\n");
  const main = `<article class="item">
<h1>${escapeHtml(item.title)}</h1>
${viewer(item, at, facts)}
<div class="notes">${paragraphs(item.notes)}</div>
<dl class="facts"><dt>Date</dt><dd>${dateOf(item.datePosted)}</dd><dt>Participant</dt><dd>${escapeHtml(item.username)}</dd>
<dt>Address</dt><dd><a href="${at(pagePath(item))}">${escapeHtml(itemPagePath(item.id))}</a></dd>
<dt>IIIF</dt><dd><a href="${at(manifestPath(item.id))}">manifest.json</a></dd></dl>
</article>
<nav class="pager" aria-label="Items">
${nav}
<a href="${at("index.html")}">All items</a>
</nav>`;
  return page(site, from, `${item.title} — ${site.projectName}`, main, itemJsonLd(item, site.licence, jsonLdAt(site, from), facts));
}

/** The stylesheet: the show's accent, text on it that contrasts (WCAG), a grid that fits a phone and a desk. */
export function editionCss(accent: string): string {
  return `:root{--accent:${accent};--accent-strong:${darkened(accent)};--on-accent:${textColourOn(accent)};--ink:#1a1a1a;--muted:#555;--paper:#fbfaf7}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--ink);background:var(--paper)}
a{color:var(--accent-strong)}
a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.bar{background:var(--accent);color:var(--on-accent);padding:.5rem 1rem}
.languages{display:flex;flex-wrap:wrap;gap:.25rem .75rem;margin-top:.25rem}
.languages a{color:var(--on-accent)}
.languages a[aria-current]{font-weight:700;text-decoration:none}
.bar .home{color:var(--on-accent);text-decoration:none;font-weight:600;display:inline-flex;align-items:center;gap:.5rem}
.logo{width:40px;height:40px;object-fit:contain}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.8rem;line-height:1.2;overflow-wrap:anywhere}
.intro{max-width:40rem}
.grid{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:.75rem}
.tile{display:flex;flex-direction:column;height:100%;background:#fff;border:1px solid #ddd;border-radius:6px;overflow:hidden;color:var(--ink);text-decoration:none}
.tile img{width:100%;aspect-ratio:1;object-fit:cover;background:#eee}
.tile-text{aspect-ratio:1;padding:.75rem;overflow:hidden;color:var(--muted)}
.tile-title{padding:.5rem .75rem 0;font-weight:600;overflow-wrap:anywhere}
.tile-kind{padding:0 .75rem .5rem;color:var(--muted);font-size:.85rem}
.media{display:block;max-width:100%;height:auto;max-height:80vh;background:#000}
video.media{width:100%;max-width:960px}
.media-audio{width:100%}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
.facts dt{color:var(--muted)}
.facts dd{margin:0;overflow-wrap:anywhere}
.pager{padding:1rem 0;display:flex;flex-wrap:wrap;gap:1rem}
.foot{max-width:72rem;margin:0 auto;padding:1rem;color:var(--muted);font-size:.9rem;border-top:1px solid #ddd}
.foot a{color:var(--ink)}
`;
}
