import { useAtomValue } from "jotai";
import { useState } from "react";
import { request } from "../../api/client";
import { userAtom } from "../../state/session";
import { Icon } from "../../ui/Icon";
import { t } from "./i18n";
import { chooseLanguage, languageAtom } from "./language";

/**
 * The language of every screen, each option in its own words. Remembered on this device and, when someone is logged
 * in, on the account (mails go out in it). Hidden when the show offers one language only.
 */
export function LanguageSwitch({ tone = "light", className = "" }: { tone?: "light" | "dark"; className?: string }) {
  const { language, languages } = useAtomValue(languageAtom);
  const user = useAtomValue(userAtom);
  const [busy, setBusy] = useState(false);
  if (languages.length < 2) return null;

  const choose = async (code: string) => {
    setBusy(true);
    try {
      await chooseLanguage(code);
      if (user) await request("PUT", "/api/user/language", { language: code }).catch(() => {});
    } catch (error) {
      console.error("Could not change the language", error);
    } finally {
      setBusy(false);
    }
  };

  const colours = tone === "dark" ? "bg-ink-900 text-ink-50 ring-white/20" : "bg-surface text-ink-950 ring-line";
  return (
    <label className={`relative inline-flex min-h-11 items-center ${className}`}>
      <span className="sr-only">{t("language.label")}</span>
      <Icon name="language" className={`pointer-events-none absolute start-3 size-5 ${tone === "dark" ? "text-ink-300" : "text-muted"}`} />
      <select
        value={language}
        disabled={busy}
        onChange={(event) => void choose(event.target.value)}
        className={`min-h-11 appearance-none rounded-full ps-10 pe-4 text-sm font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 ${colours}`}
      >
        {languages.map((option) => (
          <option key={option.code} value={option.code} lang={option.code} dir={option.dir}>
            {option.name}
          </option>
        ))}
      </select>
    </label>
  );
}
