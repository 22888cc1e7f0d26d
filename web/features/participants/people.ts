import type { Participant } from "../../api/console";
import { activeLocale } from "../../lib/format";

/** Lower case without accents, so "jose" finds "José" and "OKONKWO" finds "Okonkwo". */
const folded = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** Whether a participant's name, username or e-mail contains every word typed (in any order). */
export function matchesPerson(person: Pick<Participant, "full_name" | "username" | "email">, typed: string): boolean {
  const words = folded(typed).split(/\s+/).filter(Boolean);
  const haystack = folded(`${person.full_name} ${person.username} ${person.email}`);
  return words.every((word) => haystack.includes(word));
}

export const USER_SORTS = ["id", "name", "contact", "role", "video", "items", "activity"] as const;
export type UserSort = (typeof USER_SORTS)[number];
export type SortOrder = { by: UserSort; descending: boolean };

const KEYS: Record<UserSort, (user: Participant) => string | number> = {
  id: (user) => user.id,
  name: (user) => user.full_name || user.username,
  contact: (user) => user.email,
  role: (user) => user.role,
  video: (user) => (user.video_watched ? 1 : 0),
  items: (user) => user.item_count ?? -1,
  activity: (user) => user.last_activity ?? "",
};

/** The participants in the order asked for (names as the admin's language sorts them); ties keep the id order. */
export function sortPeople(users: readonly Participant[], { by, descending }: SortOrder): Participant[] {
  const collator = new Intl.Collator(activeLocale(), { sensitivity: "base", numeric: true });
  const key = KEYS[by];
  const compare = (a: Participant, b: Participant) => {
    const [x, y] = [key(a), key(b)];
    const order = typeof x === "string" && typeof y === "string" ? collator.compare(x, y) : Number(x) - Number(y);
    return (descending ? -order : order) || a.id - b.id;
  };
  return [...users].sort(compare);
}
