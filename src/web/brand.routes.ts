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

type Tagged = { body: Uint8Array<ArrayBuffer> | string; etag: string; headers: Record<string, string> };

const etagOf = (body: Uint8Array | string) => `"${new Bun.CryptoHasher("sha256").update(body).digest("hex").slice(0, 32)}"`;

/** The accent tokens as CSS custom properties, loaded after the app's stylesheet so they override its defaults. */
export function themeCss(branding: Branding): string {
  return `:root{--accent:${branding.accentColor};--accent-strong:${branding.accentStrong};--on-accent:${branding.onAccent}}\n`;
}

function taggedImage(image: BrandImage): Tagged {
  const headers: Record<string, string> = { "content-type": image.contentType, "cache-control": BRAND_CACHE };
  if (image.contentType === "image/svg+xml") headers["content-security-policy"] = SVG_SANDBOX;
  return { body: image.bytes, etag: etagOf(image.bytes), headers };
}

function respond(request: Request, { body, etag, headers }: Tagged): Response {
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers: { etag, "cache-control": headers["cache-control"]! } });
  return new Response(body, { headers: { ...headers, etag } });
}

/**
 * The operator's image, or else the web app's own (logo.svg, landing.svg of the bundle) served at the same address;
 * the bundle's file is read once per version (size and date), as it changes only with a rebuild.
 */
function brandImage(operator: BrandImage | undefined, assets: WebAssets, builtInFile: string) {
  if (operator) {
    const tagged = taggedImage(operator);
    return (request: Request) => respond(request, tagged);
  }
  let memo: { version: string; tagged: Tagged } | undefined;
  return async (request: Request) => {
    const file = await assets.get(builtInFile);
    if (!file) return json({ message: "Not found." }, 404);
    const version = `${file.size}:${(file as Blob & { lastModified?: number }).lastModified ?? 0}`;
    if (memo?.version !== version) memo = { version, tagged: taggedImage({ bytes: await file.bytes(), contentType: "image/svg+xml" }) };
    return respond(request, memo.tagged);
  };
}

/** /theme.css and /brand/*: the operator's accent colour and images (LOGO_FILE, LANDING_IMAGE_FILE) or the defaults. */
export function brandRoutes(branding: Branding, assets: WebAssets) {
  const css = themeCss(branding);
  const theme: Tagged = { body: css, etag: etagOf(css), headers: { "content-type": "text/css; charset=utf-8", "cache-control": "no-cache" } };
  const logo = brandImage(branding.logo, assets, "logo.svg");
  const landing = brandImage(branding.landingImage, assets, "landing.svg");
  return new Elysia({ name: "brand" })
    .get("/theme.css", ({ request }) => respond(request, theme))
    .get(BRAND_LOGO_PATH, ({ request }) => logo(request))
    .get(BRAND_LANDING_PATH, ({ request }) => landing(request))
    // Any other /brand/ address is an error, never the app's HTML.
    .all("/brand/*", () => json({ message: "Not found." }, 404));
}
