import type { AppContext } from "../context";
import { LANGUAGE_COOKIE, readCookie } from "../http/cookies";
import { enabledLanguages, fallbackLanguage } from "./catalogs.service";
import { acceptedLanguages, bestLanguage } from "./languages";

/**
 * The language a request should be answered in: the one asked for (`?lang=`, `?language=`), else the one this browser
 * chose before (cookie), else the best of its Accept-Language among the enabled ones, else DEFAULT_LANGUAGE.
 */
export async function requestLanguage(ctx: AppContext, request: Request, asked: unknown): Promise<{ language: string; enabled: string[] }> {
  const enabled = await enabledLanguages(ctx);
  const wanted = [asked, readCookie(request, LANGUAGE_COOKIE), ...acceptedLanguages(request.headers.get("accept-language"))].filter(
    (tag): tag is string => typeof tag === "string" && tag.length > 0 && tag.length <= 35,
  );
  return { language: bestLanguage(wanted, enabled, fallbackLanguage(ctx, enabled)), enabled };
}
