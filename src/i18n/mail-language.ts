import type { AppContext } from "../context";
import type { UserRow } from "../db/users";
import { enabledLanguages, fallbackLanguage, translator } from "./catalogs.service";
import { bestLanguage, languageInfo } from "./languages";

/** The language of a mail to this account: the one its owner chose (if still offered), else the show's default. */
export async function mailLanguage(ctx: AppContext, user: Pick<UserRow, "language">) {
  const enabled = await enabledLanguages(ctx);
  const language = bestLanguage(user.language ? [user.language] : [], enabled, fallbackLanguage(ctx, enabled));
  return { language, dir: languageInfo(language).dir, say: await translator(ctx, language) };
}
