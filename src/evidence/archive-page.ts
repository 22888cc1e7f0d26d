/**
 * The archive's page: what a phone shows in its first screens and a little more. Each tile is a thumbnail and a
 * quotation; fifty of them in one render cost a slow phone's first second (BENCHMARKS.md, Lighthouse of /archive).
 * The web app asks for pages of this size, and the server has the browser preload the first one with /archive's HTML.
 */
export const ARCHIVE_PAGE_SIZE = 24;
export const ARCHIVE_FIRST_PAGE = `/api/evidence/public?limit=${ARCHIVE_PAGE_SIZE}`;
