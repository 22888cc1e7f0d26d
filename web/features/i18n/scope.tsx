import { createContext, type ReactNode, useContext, useMemo } from "react";
import { activeTranslator, type Catalog, translatorOf, type Translator } from "./i18n";

const ScopeCatalog = createContext<Catalog | null>(null);

/** Its screens speak `catalog`'s language rather than the page's: the Show screen's preview in the language being edited. */
export function CatalogScope({ catalog, children }: { catalog: Catalog | null; children: ReactNode }) {
  return <ScopeCatalog.Provider value={catalog}>{children}</ScopeCatalog.Provider>;
}

/**
 * The words for a component that a preview may show: the scope's language inside a CatalogScope, else the active one
 * (`t`, `say` and `locale` as the module's own).
 */
export function useT(): Translator {
  const catalog = useContext(ScopeCatalog);
  return useMemo(() => (catalog ? translatorOf(catalog) : activeTranslator), [catalog]);
}
