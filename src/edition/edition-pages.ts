/**
 * The edition's pages: plain HTML and one stylesheet, no script, nothing from another origin, every link relative so
 * the folder works under any path prefix and from a USB stick. index.html holds the introduction and the grid; each
 * item has items/<id>/index.html with its picture, video, recording or note, previous and next links, and the licence.
 * Each other enabled language has the same pages under <code>/, in its words and direction, linked both ways.
 */
import { darkened, textColourOn } from "../config/branding";
import type { EditionFile, EditionItem } from "./edition-items";
import { itemPagePath, manifestPath, type FileFacts } from "./iiif";
import { archiveJsonLd, itemJsonLd, scriptJson } from "./json-ld";
import { attribution, type Licence } from "./licence";
import { relativeFrom, type At } from "./links";
import type { Translate } from "../i18n/catalogs.service";

/** One language of the edition: its words (the catalogs'), its direction, the introduction as the show gives it there. */
export type EditionLanguage = {
  code: string;
  name: string;
  dir: "ltr" | "rtl";
  say: Translate;
  /** Each paragraph with the language it is really in (show-language.ts). */
  paragraphs: { text: string; language: string }[];
};

export type Site = {
  projectName: string;
  accent: string;
  /** Every enabled language, the main one first: its pages are at the root, the others' under <code>/. */
  languages: EditionLanguage[];
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

const dateOf = (iso: string) => `<time datetime="${escapeHtml(iso)}">${escapeHtml(iso.slice(0, 10))}</time>`;

/** Where a language's pages live: the main language at the root (its addresses never change), others under <code>/. */
const prefixOf = (site: Site, code: string) => (code === site.languages[0]!.code ? "" : `${code}/`);
export const indexPath = (site: Site, code: string) => `${prefixOf(site, code)}index.html`;
export const pagePath = (site: Site, code: string, item: EditionItem) => `${prefixOf(site, code)}${itemPagePath(item.id)}index.html`;

/** The same page in each language, each named in its own language; also as <link rel=alternate> for search engines. */
function languageLinks(site: Site, at: At, same: (code: string) => string, current: EditionLanguage) {
  if (site.languages.length < 2) return { nav: "", head: "" };
  const links = site.languages.map(({ code, name, dir }) =>
    `<a lang="${escapeHtml(code)}" dir="${dir}" hreflang="${escapeHtml(code)}" href="${at(same(code))}"${code === current.code ? ' aria-current="page"' : ""}>${escapeHtml(name)}</a>`,
  );
  const head = site.languages.map(({ code }) => `<link rel="alternate" hreflang="${escapeHtml(code)}" href="${at(same(code))}">`).join("\n");
  return { nav: `<nav class="languages" aria-label="${escapeHtml(current.say("edition.languages"))}">${links.join("\n")}</nav>`, head };
}

type PageParts = { from: string; title: string; main: string; jsonLd: unknown; same: (code: string) => string };

/** A page in one language: its words from the catalogs; the show's and the items' texts marked with their own language. */
function page(site: Site, language: EditionLanguage, { from, title, main, jsonLd, same }: PageParts): string {
  const at = relativeFrom(from, undefined);
  const say = language.say;
  const main_ = site.languages[0]!.code;
  const logo = site.logo ? `<img class="logo" src="${at(site.logo)}" alt="" width="40" height="40">` : "";
  const links = languageLinks(site, at, same, language);
  return `<!doctype html>
<html lang="${escapeHtml(language.code)}" dir="${language.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${at("edition.css")}">
${site.logo ? `<link rel="icon" href="${at(site.logo)}">` : `<link rel="icon" href="data:,">`}
${links.head}
<script type="application/ld+json">${scriptJson(jsonLd)}</script>
</head>
<body>
<header class="bar"><a class="home" href="${at(indexPath(site, language.code))}">${logo}<span lang="${escapeHtml(main_)}" dir="auto">${escapeHtml(site.projectName)}</span></a>${links.nav}</header>
<main id="main">
${main}
</main>
<footer class="foot"><p lang="${escapeHtml(main_)}" dir="auto">${escapeHtml(attribution(site.licence))}${site.licence.url ? ` · <a href="${escapeHtml(site.licence.url)}" rel="license">${escapeHtml(site.licence.url)}</a>` : ""}</p>
<p><a href="${at("iiif/collection.json")}">${escapeHtml(say("edition.iiif_collection"))}</a> · <a href="${at("catalogue.csv")}">${escapeHtml(say("edition.catalogue"))}</a> · <a href="${at("README.txt")}">${escapeHtml(say("edition.about"))}</a></p></footer>
</body>
</html>
`;
}

const jsonLdAt = (site: Site, from: string): At => relativeFrom(from, site.baseUrl);
const KIND_IDS = { note: "kind.note", image: "kind.photo", video: "kind.video", audio: "kind.audio" } as const;

export function indexPage(site: Site, items: EditionItem[], language: EditionLanguage): string {
  const from = indexPath(site, language.code);
  const at = relativeFrom(from, undefined);
  const say = language.say;
  const tiles = items
    .map((item) => {
      const picture = item.files.find((f) => f.role === "thumbnail") ?? item.files.find((f) => f.role === "poster");
      const face = picture
        ? `<img src="${at(picture.path)}" alt="" loading="lazy">`
        : `<span class="tile-text" dir="auto">${escapeHtml((item.notes || item.title).slice(0, 140))}</span>`;
      return `<li><a class="tile tile-${item.kind}" href="${at(pagePath(site, language.code, item))}">${face}<span class="tile-title" dir="auto">${escapeHtml(item.title)}</span><span class="tile-kind">${escapeHtml(say(KIND_IDS[item.kind]))}</span></a></li>`;
    })
    .join("\n");
  const main = `<h1 lang="${escapeHtml(site.languages[0]!.code)}" dir="auto">${escapeHtml(site.projectName)}</h1>
<div class="intro">${language.paragraphs.map((p) => `<div lang="${escapeHtml(p.language)}" dir="auto">${paragraphs(p.text)}</div>`).join("\n")}</div>
<h2>${escapeHtml(say("edition.item_count", { count: items.length }))}</h2>
<ul class="grid">
${tiles}
</ul>`;
  const jsonLd = archiveJsonLd(items, site.licence, jsonLdAt(site, from));
  return page(site, language, { from, title: site.projectName, main, jsonLd, same: (code) => indexPath(site, code) });
}

function viewer(item: EditionItem, at: At, facts: (file: EditionFile) => FileFacts, say: Translate): string {
  const main = item.files.find((f) => f.role === "main");
  if (item.kind === "note" || !main) return item.kind === "note" ? "" : `<p class="withheld">${escapeHtml(say("edition.file_not_public"))}</p>`;
  const known = facts(main);
  const size = known.width && known.height ? ` width="${known.width}" height="${known.height}"` : "";
  if (item.kind === "image") return `<img class="media" src="${at(main.path)}" alt="${escapeHtml(item.title)}"${size}>`;
  if (item.kind === "video") {
    const poster = item.files.find((f) => f.role === "poster");
    return `<video class="media" controls preload="metadata"${size}${poster ? ` poster="${at(poster.path)}"` : ""} aria-label="${escapeHtml(item.title)}"><source src="${at(main.path)}" type="${escapeHtml(main.mime)}"><a href="${at(main.path)}">${escapeHtml(say("edition.download_video"))}</a></video>`;
  }
  return `<audio class="media-audio" controls preload="metadata" src="${at(main.path)}" aria-label="${escapeHtml(item.title)}"><a href="${at(main.path)}">${escapeHtml(say("edition.download_recording"))}</a></audio>`;
}

export type Neighbours = { newer?: EditionItem; older?: EditionItem };

export function itemPage(site: Site, language: EditionLanguage, item: EditionItem, neighbours: Neighbours, facts: (file: EditionFile) => FileFacts): string {
  const from = pagePath(site, language.code, item);
  const at = relativeFrom(from, undefined);
  const say = language.say;
  const titled = (id: string, other: EditionItem) => escapeHtml(say(id, { title: other.title }));
  const nav = [
    neighbours.newer ? `<a rel="prev" href="${at(pagePath(site, language.code, neighbours.newer))}" dir="auto">${titled("edition.newer", neighbours.newer)}</a>` : "",
    neighbours.older ? `<a rel="next" href="${at(pagePath(site, language.code, neighbours.older))}" dir="auto">${titled("edition.older", neighbours.older)}</a>` : "",
  ].join("\n");
  const main = `<article class="item">
<h1 dir="auto">${escapeHtml(item.title)}</h1>
${viewer(item, at, facts, say)}
<div class="notes" dir="auto">${paragraphs(item.notes)}</div>
<dl class="facts"><dt>${escapeHtml(say("edition.date"))}</dt><dd>${dateOf(item.datePosted)}</dd><dt>${escapeHtml(say("edition.participant"))}</dt><dd dir="auto">${escapeHtml(item.username)}</dd>
<dt>${escapeHtml(say("edition.address"))}</dt><dd><a href="${at(pagePath(site, language.code, item))}" dir="ltr">${escapeHtml(prefixOf(site, language.code) + itemPagePath(item.id))}</a></dd>
<dt>IIIF</dt><dd><a href="${at(manifestPath(item.id))}" dir="ltr">manifest.json</a></dd></dl>
</article>
<nav class="pager" aria-label="${escapeHtml(say("edition.items_nav"))}">
${nav}
<a href="${at(indexPath(site, language.code))}">${escapeHtml(say("edition.all_items"))}</a>
</nav>`;
  const jsonLd = itemJsonLd(item, site.licence, jsonLdAt(site, from), facts);
  return page(site, language, { from, title: `${item.title} — ${site.projectName}`, main, jsonLd, same: (code) => pagePath(site, code, item) });
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
