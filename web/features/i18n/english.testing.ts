/** For unit tests of web code: the English catalog, compiled as the server sends it, made active. */
import english from "../../../locales/en.json";
import { compileCatalog } from "../../../src/i18n/messages";
import { i18n } from "./i18n";

export function activateEnglish() {
  i18n.activate("en", compileCatalog(english));
}
