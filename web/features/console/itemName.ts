import { activeLocale } from "../../lib/format";
import { t } from "../i18n/i18n";

/** How the desk names one item in a question, a toast or the undo strip: a short title and its #id, never a position. */
const TITLE_MAX = 28;

/** At most TITLE_MAX characters, cut at a word's end where one is near: "Van outside the …". */
export function shortTitle(title: string) {
  if (title.length <= TITLE_MAX) return title;
  const cut = title.slice(0, TITLE_MAX);
  const space = /\s/.test(title[TITLE_MAX]!) ? TITLE_MAX : cut.lastIndexOf(" ");
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()} …`;
}

export const itemName = (item: { id: number; title: string }) => t("console.item_name", { title: shortTitle(item.title), id: item.id });

/** Names side by side as the active language lists them ("A, B, C" in English), without an "and". */
export const listNames = (names: string[]) => new Intl.ListFormat(activeLocale(), { type: "unit", style: "long" }).format(names);

/** The first few names of a bulk change, then how many more: "'A' #1, 'B' #2 and 3 more". */
export function someNames(items: { id: number; title: string }[], shown = 3) {
  const names = listNames(items.slice(0, shown).map(itemName));
  return items.length > shown ? t("console.some_names", { names, count: items.length - shown }) : names;
}
