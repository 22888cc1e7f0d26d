import type { Database } from "../db/client";
import type { Page } from "./evidence-input";

/**
 * The public archive's first page is what every visitor loads, and it changes rarely: its JSON text (and the headers
 * that go with it) is kept per
 * database for at most TTL_MS, and dropped at once by every change made through this process (evidence created,
 * edited, deleted or re-cleared; a user renamed, re-avatared or deleted). Changes made by another instance or the
 * CLI show after at most TTL_MS. Scrolled pages (`before`) are never kept; the whole list (no page, as the original
 * client asks) is kept like a first page.
 */
const TTL_MS = 1000;
const MAX_KEYS = 8;
/** A page as it is answered: the JSON text of its items, the headers that go with it, its first tiles' thumbnails. */
export type PublicPage = { text: string; headers: Record<string, string>; thumbnails: string[] };

const firstPages = new WeakMap<Database, Map<number, { until: number; text: Promise<PublicPage> }>>();

export function forgetPublicPages(db: Database): void {
  firstPages.delete(db);
}

/** Cache key of the whole list: no page size is 0. */
const WHOLE_LIST = 0;

export function publicPageText(db: Database, page: Page | undefined, render: () => Promise<PublicPage>): Promise<PublicPage> {
  if (page?.before) return render();
  const key = page?.limit ?? WHOLE_LIST;
  let pages = firstPages.get(db);
  const now = performance.now();
  const cached = pages?.get(key);
  if (cached && cached.until > now) return cached.text;
  if (!pages) firstPages.set(db, (pages = new Map()));
  if (pages.size >= MAX_KEYS) pages.clear();
  const entry = { until: now + TTL_MS, text: render() };
  pages.set(key, entry);
  const own = pages;
  entry.text.catch(() => own.get(key) === entry && own.delete(key));
  return entry.text;
}
