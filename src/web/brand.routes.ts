import { Elysia } from "elysia";
import type { BrandImage, Branding } from "../config/branding";
import { json } from "../http/errors";
import type { WebAssets } from "./web-assets";

export const BRAND_LOGO_PATH = "/brand/logo";
export const BRAND_LANDING_PATH = "/brand/landing";

/** An operator's SVG may carry scripts: opened on its own it runs nothing and loads nothing. */
const SVG_SANDBOX = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/** Branding may change with a restart: browsers ask again after a few minutes (a 304 when nothing changed). */
const BRAND_CACHE = "public, max-age=300";

const hashTag = (text: string | Uint8Array) => `"${new Bun.CryptoHasher("sha256").update(text).digest("hex").slice(0, 32)}"`;

/** The accent tokens as CSS custom properties, loaded after the app's stylesheet so they override its defaults. */
export function themeCss(branding: Branding): string {
  return `:root{--accent:${branding.accentColor};--accent-strong:${branding.accentStrong};--on-accent:${branding.onAccent}}\n`;
}

function cached(request: Request, etag: string, body: BodyInit, headers: Record<string, string>): Response {
  const common = { etag, "cache-control": headers["cache-control"] ?? BRAND_CACHE };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: common });
  return new Response(body, { headers: { ...headers, ...common } });
}

function imageResponse(request: Request, image: BrandImage): Response {
  const headers: Record<string, string> = { "content-type": image.contentType };
  if (image.contentType === "image/svg+xml") headers["content-security-policy"] = SVG_SANDBOX;
  return cached(request, image.etag, image.bytes, headers);
}

/** The web app's own image when the operator set none (the bundle's file, served at the brand address). */
async function builtIn(request: Request, assets: WebAssets, file: string): Promise<Response> {
  const blob = await assets.get(file);
  if (!blob) return json({ message: "Not found." }, 404);
  const bytes = await blob.bytes();
  const contentType = file.endsWith(".svg") ? "image/svg+xml" : blob.type;
  return imageResponse(request, { bytes: new Uint8Array(bytes), contentType, etag: hashTag(bytes) });
}

/** /theme.css and /brand/*: the operator's accent colour and images (LOGO_FILE, LANDING_IMAGE_FILE) or the defaults. */
export function brandRoutes(branding: Branding, assets: WebAssets) {
  const css = themeCss(branding);
  const cssTag = hashTag(css);
  return new Elysia({ name: "brand" })
    .get("/theme.css", ({ request }) => cached(request, cssTag, css, { "content-type": "text/css; charset=utf-8", "cache-control": "no-cache" }))
    .get(BRAND_LOGO_PATH, ({ request }) => (branding.logo ? imageResponse(request, branding.logo) : builtIn(request, assets, "logo.svg")))
    .get(BRAND_LANDING_PATH, ({ request }) =>
      branding.landingImage ? imageResponse(request, branding.landingImage) : builtIn(request, assets, "landing.svg"),
    )
    // Any other /brand/ address is an error, never the app's HTML.
    .all("/brand/*", () => json({ message: "Not found." }, 404));
}
