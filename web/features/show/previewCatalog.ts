import { useEffect, useState } from "react";
import type { Catalog } from "../i18n/i18n";
import { fetchLanguage, useLanguage } from "../i18n/language";

/**
 * The words of the language the preview shows: `null` when it is the page's own (the active catalog serves), else its
 * catalog once fetched (`undefined` until then, so no button flashes past in the admin's language).
 */
export function usePreviewCatalog(code: string): Catalog | null | undefined {
  const { language: active } = useLanguage();
  const [loaded, setLoaded] = useState<{ code: string; catalog: Catalog | null }>();
  useEffect(() => {
    if (code === active) return;
    let live = true;
    fetchLanguage(code).then(
      (answer) => live && setLoaded({ code, catalog: { locale: answer.language, messages: answer.messages } }),
      // Offline or refused: the preview still shows the show's texts, its own words in the admin's language.
      () => live && setLoaded({ code, catalog: null }),
    );
    return () => {
      live = false;
    };
  }, [code, active]);
  if (code === active) return null;
  return loaded?.code === code ? loaded.catalog : undefined;
}
