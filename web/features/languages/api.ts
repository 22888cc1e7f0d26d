import { request } from "../../api/client";

export type CatalogLanguage = {
  code: string;
  name: string;
  dir: "ltr" | "rtl";
  shipped: boolean;
  enabled: boolean;
  translated: number;
  total: number;
  override: { messages: number; updatedAt: string } | null;
};

export type CatalogCheck = {
  language: { code: string; name: string };
  problems: { id: string; problem: string }[];
  changes: { id: string; current: string | null; text: string }[];
  messages: number;
};

const path = (code: string) => `/api/i18n/catalogs/${encodeURIComponent(code)}`;

export const listCatalogs = () => request<{ languages: CatalogLanguage[] }>("GET", "/api/i18n/catalogs");
export const checkCatalog = (code: string, catalog: unknown) => request<CatalogCheck>("POST", `${path(code)}/check`, catalog as object);
export const saveCatalog = (code: string, catalog: unknown) => request<{ messages: number }>("PUT", path(code), catalog as object);
export const removeCatalog = (code: string) => request<void>("DELETE", path(code));
/** The catalog as it shows now, saved as a file by the browser (the server names it casefile-<code>.json). */
export const catalogDownloadUrl = path;
