/** The words of every screen (docs/i18n.md): the catalog a phone should use, and the admins' catalogs. */
import { Elysia } from "elysia";
import { requireAdmin, requireUser } from "../auth/guard";
import type { AppContext } from "../context";
import { acceptedEncodings, CompressedCopies } from "../http/compression";
import { badRequest, json, notFound } from "../http/errors";
import { catalogSummaries, compiledCatalog, effectiveCatalog, enabledLanguages, ENGLISH, removeCatalog, saveCatalog } from "./catalogs.service";
import { canonicalLanguage, languageInfo } from "./languages";
import { checkCatalog } from "./messages";
import { requestLanguage } from "./request-language";
import { asRecord, stringField } from "../http/input";
import { userJson } from "../users/user-json";
import { setUserLanguage } from "../users/users.service";

/** The one language tag of a path or body, canonical; 404 for one that is not a tag at all. */
function languageParam(raw: string): string {
  const language = canonicalLanguage(decodeURIComponent(raw));
  if (!language || language.length > 35) throw notFound();
  return language;
}

export function i18nRoutes(ctx: AppContext) {
  const catalogCopies = new CompressedCopies();
  /** An uploaded catalog, checked; 400 naming every problem. */
  const readCatalog = (body: unknown) => {
    const { catalog, problems } = checkCatalog(body, ENGLISH);
    if (problems.length > 0) {
      const error = badRequest(`The catalog has ${problems.length === 1 ? "a problem" : `${problems.length} problems`}: ${problems[0]!.id ? `${problems[0]!.id}: ` : ""}${problems[0]!.problem}`);
      return { catalog, problems, error };
    }
    return { catalog, problems, error: undefined };
  };

  return (app: Elysia) => app
    /**
     * The catalog for this browser: the language asked for (?lang=), else the one it chose before (cookie), else the
     * best of its Accept-Language among the enabled ones, else DEFAULT_LANGUAGE. Messages come compiled.
     */
    .get("/api/i18n", async ({ request, query }) => {
      const { language, enabled } = await requestLanguage(ctx, request, query.lang);
      const { compiled, version } = await compiledCatalog(ctx, language);
      const etag = `"i18n-${language}-${Bun.hash(`${version}|${enabled.join(",")}`).toString(36)}"`;
      const headers = { etag, "cache-control": "no-cache", vary: "Cookie, Accept-Language, Accept-Encoding" };
      if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
      const { dir } = languageInfo(language);
      const body = JSON.stringify({ language, dir, languages: enabled.map(languageInfo), messages: compiled });
      // Every page load asks for it (~20 KB of JSON): compressed once per catalog version, as the bundle's files are.
      const encodings = acceptedEncodings(request.headers.get("accept-encoding"));
      const compressed = encodings.size > 0 ? await catalogCopies.get(etag, new Blob([body]), encodings) : undefined;
      const encoded: Record<string, string> = compressed ? { "content-encoding": compressed.encoding, "content-length": String(compressed.bytes.length) } : {};
      return new Response(compressed?.bytes ?? body, { headers: { ...headers, ...encoded, "content-type": "application/json; charset=utf-8" } });
    })

    /** The account's language, as its owner chose it on some device: mails go out in it. */
    .put("/api/user/language", async ({ request, body }) => {
      const user = await requireUser(ctx, request);
      const language = canonicalLanguage(stringField(asRecord(body), "language"));
      const enabled = await enabledLanguages(ctx);
      if (!language || !enabled.includes(language)) throw badRequest(`language must be one of ${enabled.join(", ")}.`, "i18n.language_unknown");
      return userJson(await setUserLanguage(ctx.db, user.id, language));
    })

    .get("/api/i18n/catalogs", async ({ request }) => {
      await requireAdmin(ctx, request);
      const summaries = await catalogSummaries(ctx);
      return { languages: summaries.map((summary) => ({ ...summary, ...languageInfo(summary.code) })) };
    })

    /** The catalog as it shows now (English, shipped, uploaded), as a file to edit and upload again. */
    .get("/api/i18n/catalogs/:language", async ({ request, params }) => {
      await requireAdmin(ctx, request);
      const language = languageParam(params.language);
      const { catalog } = await effectiveCatalog(ctx, language);
      return json(catalog, 200, { "content-disposition": `attachment; filename="casefile-${language}.json"`, "cache-control": "no-store" });
    })

    /** Checks a catalog without saving it: its problems, and each message it would change (current → new). */
    .post("/api/i18n/catalogs/:language/check", async ({ request, params, body }) => {
      await requireAdmin(ctx, request);
      const language = languageParam(params.language);
      const { catalog, problems } = readCatalog(body);
      const { catalog: current } = await effectiveCatalog(ctx, language);
      const changes = Object.entries(catalog)
        .filter(([id, text]) => current[id] !== text)
        .map(([id, text]) => ({ id, current: current[id] ?? null, text }));
      return { language: languageInfo(language), problems, changes, messages: Object.keys(catalog).length };
    })

    .put("/api/i18n/catalogs/:language", async ({ request, params, body }) => {
      const admin = await requireAdmin(ctx, request);
      const language = languageParam(params.language);
      const { catalog, error } = readCatalog(body);
      if (error) throw error;
      await saveCatalog(ctx, admin, language, catalog);
      return { language: languageInfo(language), messages: Object.keys(catalog).length };
    })

    .delete("/api/i18n/catalogs/:language", async ({ request, params }) => {
      const admin = await requireAdmin(ctx, request);
      const language = languageParam(params.language);
      if (!(await removeCatalog(ctx, admin, language))) throw notFound("This language has no uploaded catalog.");
      return new Response(null, { status: 204 });
    });
}
