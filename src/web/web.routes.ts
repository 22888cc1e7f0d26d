import { Elysia } from "elysia";
import { json } from "../http/errors";
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
};

const extension = (p: string) => p.slice(p.lastIndexOf(".")).toLowerCase();

/** Serves the built React app: real files as they are, every other path the app's index.html (client routing). */
export function webRoutes(assets: WebAssets) {
  async function serve(request: Request, pathname: string): Promise<Response> {
    const relative = decodeURIComponent(pathname).replace(/^\/+/, "");
    const file = relative && !relative.endsWith("/") && CONTENT_TYPES[extension(relative)] ? await assets.get(relative) : undefined;
    if (file) {
      const headers = {
        "content-type": CONTENT_TYPES[extension(relative)]!,
        // Bundles carry a content hash in their names; everything else may change with a new release.
        "cache-control": relative.startsWith("assets/") ? "public, max-age=31536000, immutable" : "public, max-age=300",
      };
      return rangedResponse(request, file.size, headers, async (range) => (range ? file.slice(range.start, range.end + 1) : file));
    }
    const index = await assets.get("index.html");
    if (!index) return new Response("The web app is not built yet: run `npm run build:web`.", { status: 503 });
    return new Response(index, { headers: { "content-type": CONTENT_TYPES[".html"]!, "cache-control": "no-cache" } });
  }

  return new Elysia({ name: "web" }).all("/*", ({ request }) => {
    const { pathname } = new URL(request.url);
    // Unknown API paths are JSON errors, never the app's HTML.
    if (pathname.startsWith("/api/") || request.method !== "GET") return json({ message: "Not found." }, 404);
    return serve(request, pathname);
  });
}
