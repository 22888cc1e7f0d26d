import { Elysia } from "elysia";
import { type BrandImage, darkened, textColourOn } from "../config/branding";
import type { AppContext } from "../context";
import { errorJson } from "../http/errors";
import { currentShow } from "../show/show.service";
import type { WebAssets } from "./web-assets";

export const BRAND_LOGO_PATH = "/brand/logo";
export const BRAND_LANDING_PATH = "/brand/landing";

/** An operator's SVG may carry scripts: opened on its own it runs nothing and loads nothing. */
export const SVG_SANDBOX = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

/** Branding may change in the browser or with a restart: browsers ask again after a few minutes (a 304 when nothing changed). */
const BRAND_CACHE = "public, max-age=300";

type Tagged = { body: Uint8Array<ArrayBuffer> | string; etag: string; headers: Record<string, string> };

const etagOf = (body: Uint8Array | string) => `"${new Bun.CryptoHasher("sha256").update(body).digest("hex").slice(0, 32)}"`;

/** The accent tokens as CSS custom properties, loaded after the app's stylesheet so they override its defaults. */
export function themeCss(accentColor: string): string {
  return `:root{--accent:${accentColor};--accent-strong:${darkened(accentColor)};--on-accent:${textColourOn(accentColor)}}\n`;
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
 * The operator's image (LOGO_FILE, LANDING_IMAGE_FILE), else the show's upload, else the web app's own (logo.svg,
 * landing.svg of the bundle) served at the same address; the bundle's file is read once per version (size and date),
 * as it changes only with a rebuild.
 */
function brandImage(ctx: AppContext, operator: BrandImage | undefined, slot: "logo" | "landing-image", assets: WebAssets, builtInFile: string) {
  if (operator) {
    const tagged = taggedImage(operator);
    return (request: Request) => respond(request, tagged);
  }
  let memo: { version: string; tagged: Tagged } | undefined;
  return async (request: Request) => {
    const uploaded = (await currentShow(ctx)).media[slot];
    if (uploaded) {
      const version = `show:${uploaded.id}`;
      if (memo?.version !== version) {
        const bytes = new Uint8Array(await new Response(await ctx.store.read(uploaded.storeKey)).arrayBuffer());
        memo = { version, tagged: taggedImage({ bytes, contentType: uploaded.mime }) };
      }
      return respond(request, memo.tagged);
    }
    const file = await assets.get(builtInFile);
    if (!file) return errorJson(404, "Not found.");
    const version = `${file.size}:${(file as Blob & { lastModified?: number }).lastModified ?? 0}`;
    if (memo?.version !== version) memo = { version, tagged: taggedImage({ bytes: await file.bytes(), contentType: "image/svg+xml" }) };
    return respond(request, memo.tagged);
  };
}

/** /theme.css and /brand/*: the show's accent colour and images (the environment's when it sets them), or the defaults. */
export function brandRoutes(ctx: AppContext, assets: WebAssets) {
  const logo = brandImage(ctx, ctx.config.branding.logo, "logo", assets, "logo.svg");
  const landing = brandImage(ctx, ctx.config.branding.landingImage, "landing-image", assets, "landing.svg");
  let theme: { accent: string; tagged: Tagged } | undefined;
  const themeFor = (accent: string) => {
    if (theme?.accent !== accent) {
      const css = themeCss(accent);
      theme = { accent, tagged: { body: css, etag: etagOf(css), headers: { "content-type": "text/css; charset=utf-8", "cache-control": "no-cache" } } };
    }
    return theme.tagged;
  };
  return (app: Elysia) => app
    .get("/theme.css", async ({ request }) => respond(request, themeFor((await currentShow(ctx)).text.accent_color)))
    .get(BRAND_LOGO_PATH, ({ request }) => logo(request))
    .get(BRAND_LANDING_PATH, ({ request }) => landing(request))
    // Any other /brand/ address is an error, never the app's HTML.
    .all("/brand/*", () => errorJson(404, "Not found."));
}
