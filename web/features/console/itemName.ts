/** How the desk names one item in a question, a toast or the undo strip: a short title and its #id, never a position. */
const TITLE_MAX = 28;

/** At most TITLE_MAX characters, cut at a word's end where one is near: "Van outside the …". */
export function shortTitle(title: string) {
  if (title.length <= TITLE_MAX) return title;
  const cut = title.slice(0, TITLE_MAX);
  const space = /\s/.test(title[TITLE_MAX]!) ? TITLE_MAX : cut.lastIndexOf(" ");
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()} …`;
}

export const itemName = (item: { id: number; title: string }) => `'${shortTitle(item.title)}' #${item.id}`;

/** The first few names of a bulk change, then how many more: "'A' #1, 'B' #2 and 3 more". */
export function someNames(items: { id: number; title: string }[], shown = 3) {
  const names = items.slice(0, shown).map(itemName).join(", ");
  return items.length > shown ? `${names} and ${items.length - shown} more` : names;
}
