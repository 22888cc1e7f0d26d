import { Elysia } from "elysia";
import { looksLikeApiPath } from "../http/api-paths";
import { acceptedEncodings, CompressedCopies } from "../http/compression";
import { errorJson } from "../http/errors";
import { decodedOrUndefined } from "../http/input";
import { rangedResponse } from "../media/range";
import type { WebAssets } from "./web-assets";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".vtt": "text/vtt",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".bin": "application/octet-stream", // the face detector's weights (models/face/)
};

/** Text formats worth compressing. Images, video and fonts are compressed already (and media needs byte ranges). */
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".svg", ".vtt", ".json", ".txt"]);

const extension = (p: string) => p.slice(p.lastIndexOf(".")).toLowerCase();

/**
 * Bundles carry a content hash in their names; everything else may change with a new release. The service worker
 * is checked at every visit, so a new release's precache list is seen at once.
 */
function cacheControl(relative: string): string {
  if (relative.startsWith("assets/")) return "public, max-age=31536000, immutable";
  return relative === "sw.js" ? "no-cache" : "public, max-age=300";
}

/** The archive and a work's link in it: their first paint waits on the archive's first page and its thumbnails. */
const ARCHIVE_ROUTE = /^\/archive(\/[^/]*)?$/i;

/**
 * Serves the built React app: real files as they are, every other path the app's index.html (client routing).
 * Text files go out brotli- or gzip-compressed when the client accepts it (Vary: Accept-Encoding); a Range
 * request gets the identity bytes, so media (never compressed) and ranges keep working.
 */
export function webRoutes(assets: WebAssets, archivePreloadLinks: () => Promise<string>) {
  const copies = new CompressedCopies();

  async function respond(request: Request, relative: string, file: Blob, headers: Record<string, string>): Promise<Response> {
    if (!COMPRESSIBLE.has(extension(relative))) return rangedResponse(request, file.size, headers, async (range) => (range ? file.slice(range.start, range.end + 1) : file));
    const varied = { ...headers, vary: "Accept-Encoding" };
    const encodings = acceptedEncodings(request.headers.get("accept-encoding"));
    const compressed = request.headers.has("range") || encodings.size === 0 ? undefined : await copies.get(relative, file, encodings);
    if (!compressed) return rangedResponse(request, file.size, varied, async (range) => (range ? file.slice(range.start, range.end + 1) : file));
    return new Response(compressed.bytes, {
      headers: { ...varied, "content-encoding": compressed.encoding, "content-length": String(compressed.bytes.length) },
    });
  }

  /**
   * The modules a screen's first render needs beyond the main bundle's, as the build listed them (preloads.json): read
   * once, not at every visit (a new build is a new start).
   */
  let listedModules: Promise<Record<string, unknown>> | undefined;
  async function screenModules(screen: string): Promise<string[]> {
    listedModules ??= (async () => (await (await assets.get("preloads.json"))?.json().catch(() => undefined)) ?? {})();
    const urls = (await listedModules)[screen];
    return Array.isArray(urls) ? urls.filter((url): url is string => typeof url === "string" && url.startsWith("/assets/")) : [];
  }

  async function serve(request: Request, pathname: string): Promise<Response> {
    const relative = decodedOrUndefined(pathname)?.replace(/^\/+/, "");
    if (relative === undefined) return errorJson(400, "The address is not valid.");
    const file = relative && !relative.endsWith("/") && CONTENT_TYPES[extension(relative)] ? await assets.get(relative) : undefined;
    if (file) {
      return respond(request, relative, file, {
        "content-type": CONTENT_TYPES[extension(relative)]!,
        "cache-control": cacheControl(relative),
      });
    }
    const index = await assets.get("index.html");
    if (!index) return new Response("The web app is not built yet: run `npm run build:web`.", { status: 503 });
    const headers: Record<string, string> = { "content-type": CONTENT_TYPES[".html"]!, "cache-control": "no-cache" };
    if (ARCHIVE_ROUTE.test(pathname)) {
      // Without its preloads (an older build, the database did not answer) the archive still loads, a little later.
      const links = [...(await screenModules("archive")).map((url) => `<${url}>; rel=modulepreload`), await archivePreloadLinks().catch(() => "")];
      headers.link = links.filter(Boolean).join(", ");
    }
    return respond(request, "index.html", index, headers);
  }

  return (app: Elysia) => app.all("/*", ({ request }) => {
    const { pathname } = new URL(request.url);
    // Unknown API paths (in any case or spelling) are JSON errors, never the app's HTML.
    if (looksLikeApiPath(pathname) || request.method !== "GET") return errorJson(404, "Not found.");
    return serve(request, pathname);
  });
}
