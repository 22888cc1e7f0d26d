/**
 * The public archive's static edition (issue 47), written into a folder: pages, the public media, IIIF manifests and
 * collection, a Dublin Core catalogue, a sitemap, a README. Its items come from one read transaction, so an export
 * taken while the server runs shows one state of the archive; the show's texts are read just before it.
 */
import type { AppContext } from "../context";
import { type AuditActor, auditStatement } from "../audit/audit-record";
import { findTools } from "../renditions/tools";
import { enabledLanguages, translator } from "../i18n/catalogs.service";
import { languageInfo } from "../i18n/languages";
import { showInLanguage } from "../show/show-language";
import { currentShow, type Show } from "../show/show.service";
import { catalogueCsv, readmeText, sitemapXml } from "./catalogue";
import { editionCss, indexPage, indexPath, itemPage, pagePath, type EditionLanguage, type Site } from "./edition-pages";
import { extensionOf, readEditionItems, type EditionFile, type EditionItem } from "./edition-items";
import { openEdition, type Written } from "./edition-writer";
import { measureFiles } from "./file-facts";
import { buildCollection, buildManifest, COLLECTION_PATH, manifestPath } from "./iiif";
import { licenceOf } from "./licence";
import { relativeFrom } from "./links";
import { atOnce } from "./at-once";

/** Media files copied at once, and pages written at once (each a write and a rename; bench/export-edition.ts). */
const MEDIA_AT_ONCE = 4;
const PAGES_AT_ONCE = 16;

export type EditionContext = Pick<AppContext, "config" | "db" | "store">;
export type EditionSummary = { items: number; mediaFiles: number; written: number; kept: number; removed: number; missing: string[] };

/** A base URL as IIIF ids need it: http(s), ending in "/"; undefined when not given. */
export function readBaseUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error("--base-url must be an address such as https://example.org/archive/.");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("--base-url must start with https:// or http://.");
  if (url.search || url.hash) throw new Error("--base-url must have no ?query or #fragment.");
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}

async function snapshotItems(ctx: EditionContext): Promise<EditionItem[]> {
  const snapshot = await ctx.db.$client.transaction("read");
  try {
    return await readEditionItems(snapshot);
  } finally {
    snapshot.close();
  }
}

/** Who asked: the command line (no actor, a folder the operator named) or an admin downloading it as a ZIP. */
export type ExportedBy = { actor: AuditActor; download: boolean };

/** Asked before each media file is written, with the bytes of media still to write: throws to refuse (the ZIP's disk guard). */
export type RoomCheck = (bytesLeft: number) => Promise<void>;

export async function exportEdition(
  ctx: EditionContext,
  folder: string,
  baseUrl: string | undefined,
  by: ExportedBy = { actor: null, download: false },
  room: RoomCheck = async () => {},
): Promise<EditionSummary> {
  // currentShow reads the show's rows and the configuration only (no mail).
  const show = await currentShow(ctx as AppContext);
  const items = await snapshotItems(ctx);
  const writer = await openEdition(folder);
  const licence = licenceOf(show.text);
  const tools = findTools();
  const media: Written[] = [];
  const missing: string[] = [];
  const painted: EditionFile[] = [];
  let bytesLeft = items.reduce((sum, item) => item.files.reduce((total, file) => total + file.size, sum), 0);

  // A few files at once: each is a kernel copy and a hash on the media thread, mostly waiting.
  const files = items.flatMap((item) => item.files.map((file) => ({ item, file })));
  const copied = await atOnce(files, MEDIA_AT_ONCE, async ({ file }) => {
    await room(bytesLeft);
    bytesLeft -= file.size;
    try {
      return await writer.stream(file.path, file.size, () => ctx.store.read(file.storeKey), ctx.store.localPath?.(file.storeKey));
    } catch {
      // Deleted since the snapshot (its item was deleted or made private meanwhile): left out.
      missing.push(file.path);
      return null;
    }
  });
  for (const item of items) item.files = [];
  for (const [index, { item, file }] of files.entries()) {
    const written = copied[index];
    if (!written) continue;
    media.push(written);
    item.files.push(file);
    if (file.role === "main") painted.push(file);
  }
  const factsOf = await measureFiles(tools, painted, (file) => writer.local(file.path), (file) => writer.recalled(file.path));
  for (const file of painted) writer.remember(file.path, factsOf(file));

  const iiif: Written[] = [];
  for (const item of items) {
    const path = manifestPath(item.id);
    const links = { at: relativeFrom(path, baseUrl), file: (f: EditionFile) => relativeFrom(path, baseUrl)(f.path) };
    iiif.push(await writer.bytes(path, JSON.stringify(buildManifest(item, licence, links, factsOf), null, 1)));
  }
  const collectionLinks = { at: relativeFrom(COLLECTION_PATH, baseUrl), file: (f: EditionFile) => relativeFrom(COLLECTION_PATH, baseUrl)(f.path) };
  iiif.push(await writer.bytes(COLLECTION_PATH, JSON.stringify(buildCollection(items, licence, collectionLinks), null, 1)));

  const site: Site = {
    projectName: show.text.project_name,
    accent: show.text.accent_color,
    languages: await editionLanguages(ctx, show),
    licence,
    logo: await writeLogo(ctx, show.media.logo, writer),
    baseUrl,
  };
  await writer.bytes("edition.css", editionCss(site.accent));
  const pages = site.languages.flatMap((language) => [
    () => writer.bytes(indexPath(site, language.code), indexPage(site, items, language)),
    ...items.map((item, index) => () => writer.bytes(pagePath(site, language.code, item), itemPage(site, language, item, { newer: items[index - 1], older: items[index + 1] }, factsOf))),
  ]);
  await atOnce(pages, PAGES_AT_ONCE, (write) => write());
  await writer.bytes("catalogue.csv", catalogueCsv(items, licence, relativeFrom("catalogue.csv", baseUrl)));
  if (baseUrl) await writer.bytes("sitemap.xml", sitemapXml(items, baseUrl));
  await writer.bytes("README.txt", readmeText({ exportedAt: new Date().toISOString(), baseUrl, items, media, iiif, licence, languages: site.languages.map((l) => l.code) }));
  const { written, kept, removed } = await writer.finish();

  const summary = { items: items.length, mediaFiles: media.length, written, kept, removed, missing };
  await ctx.db.batch([
    auditStatement(ctx.db, {
      actor: by.actor,
      action: "archive.export",
      targetType: "show",
      targetId: null,
      detail: { folder: by.download ? null : folder, download: by.download, base_url: baseUrl ?? null, items: summary.items, media_files: summary.mediaFiles, written, kept, removed },
    }),
  ]);
  return summary;
}

/** Every enabled language, the main one first: its words, its direction, the show's introduction as it is given there. */
async function editionLanguages(ctx: EditionContext, show: Show): Promise<EditionLanguage[]> {
  const main = ctx.config.defaultLanguage;
  const enabled = await enabledLanguages(ctx as AppContext);
  const codes = [main, ...enabled.filter((code) => code !== main)];
  return Promise.all(
    codes.map(async (code) => {
      const [{ text, languages }, say] = await Promise.all([showInLanguage(ctx as AppContext, show, code), translator(ctx as AppContext, code)]);
      const { name, dir } = languageInfo(code);
      const paragraphs = text.archive_intro.map((paragraph, i) => ({ text: paragraph, language: (languages.archive_intro as string[])[i] ?? main }));
      return { code, name, dir, say, paragraphs };
    }),
  );
}

/** The operator's logo (LOGO_FILE), else the show's uploaded one; none: the edition's bar shows the name alone. */
async function writeLogo(ctx: EditionContext, uploaded: { storeKey: string; mime: string } | undefined, writer: Awaited<ReturnType<typeof openEdition>>) {
  const operator = ctx.config.branding.logo;
  if (operator) return (await writer.bytes(`logo.${extensionOf(operator.contentType)}`, operator.bytes)).path;
  if (!uploaded) return undefined;
  const bytes = new Uint8Array(await new Response(await ctx.store.read(uploaded.storeKey)).arrayBuffer());
  return (await writer.bytes(`logo.${extensionOf(uploaded.mime)}`, bytes)).path;
}
