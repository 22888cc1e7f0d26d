import type { Database } from "../db/client";
import type { Page } from "./evidence-input";

/**
 * The public archive's first page is what every visitor loads, and it changes rarely: its JSON text is kept per
 * database for at most TTL_MS, and dropped at once by every change made through this process (evidence created,
 * edited, deleted or re-cleared; a user renamed, re-avatared or deleted). Changes made by another instance or the
 * CLI show after at most TTL_MS. Scrolled pages (`before`) are never kept.
 */
const TTL_MS = 1000;
const MAX_KEYS = 8;
const firstPages = new WeakMap<Database, Map<number, { until: number; text: Promise<string> }>>();

export function forgetPublicPages(db: Database): void {
  firstPages.delete(db);
}

export function publicPageText(db: Database, page: Page, render: () => Promise<string>): Promise<string> {
  if (page.before) return render();
  let pages = firstPages.get(db);
  const now = performance.now();
  const cached = pages?.get(page.limit);
  if (cached && cached.until > now) return cached.text;
  if (!pages) firstPages.set(db, (pages = new Map()));
  if (pages.size >= MAX_KEYS) pages.clear();
  const entry = { until: now + TTL_MS, text: render() };
  pages.set(page.limit, entry);
  const own = pages;
  entry.text.catch(() => own.get(page.limit) === entry && own.delete(page.limit));
  return entry.text;
}
