import type { Database } from "../db/client";
import { ARCHIVE_FIRST_PAGE, ARCHIVE_PAGE_SIZE } from "./archive-page";
import type { Page } from "./evidence-input";
import { evidenceJson } from "./evidence-json";
import { listPublicEvidence } from "./evidence-queries";
import { countPublicEvidence, publicCountHeaders } from "./public-counts";
import { publicPageText, type PublicPage } from "./public-page-cache";
import { thumbnailUrl } from "./tile-thumbnail";

/** Tiles whose thumbnails load before the archive's code runs: the web app's eager ones (ArchiveGrid), a phone's first screen. */
const FIRST_TILES = 2;

/** A page of the public archive as it is answered (kept a moment: public-page-cache.ts), with its first tiles' thumbnails. */
export function publicPage(db: Database, page: Page | undefined): Promise<PublicPage> {
  return publicPageText(db, page, async () => {
    const [items, counts] = await Promise.all([listPublicEvidence(db, page), countPublicEvidence(db)]);
    const json = items.map(evidenceJson);
    const thumbnails = json.slice(0, FIRST_TILES).flatMap((item) => thumbnailUrl(item) ?? []);
    return { text: JSON.stringify(json), headers: publicCountHeaders(counts), thumbnails };
  });
}

/**
 * The Link header of the archive's HTML: the browser asks for the first page and the first tiles' thumbnails (the
 * page's largest paint) as it reads the headers, beside the bundle, instead of after the bundle has run. The app asks
 * for the page with the same address, mode and credentials, and shows the same thumbnails, so it gets these answers.
 */
export async function archivePreloadLinks(db: Database): Promise<string> {
  const { thumbnails } = await publicPage(db, { limit: ARCHIVE_PAGE_SIZE, before: undefined });
  return [
    `<${ARCHIVE_FIRST_PAGE}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    ...thumbnails.map((url) => `<${url}>; rel=preload; as=image; fetchpriority=high`),
  ].join(", ");
}
