import type { Show } from "../../api/show";
import { hasMessage, say } from "../i18n/i18n";

/**
 * The show's texts that participants read, with defaults in the catalogs (show.<field>, or show.<field>.1, .2, … for
 * lists). The reset mail's are the server's to translate (it mails in the account's language).
 */
const TEXT_FIELDS = [
  "spy_link_text",
  "ticket_warning",
  "landing_eyebrow",
  "landing_text",
  "landing_archive_text",
  "instructions_title",
  "privacy_notice",
] as const;


function numbered<T>(field: string, suffix: string, make: (n: number) => T): T[] {
  const list: T[] = [];
  for (let n = 1; hasMessage(`show.${field}.${n}${suffix}`); n++) list.push(make(n));
  return list;
}

/**
 * The show in the active language: a text no admin wrote (nor the environment set) is the catalog's default in that
 * language; what an admin wrote is shown as written, in every language.
 */
export function localizedShow(show: Show): Show {
  const own = (field: string) => show.customised.includes(field) || show.locked[field] !== undefined;
  const project = { project: show.project_name };
  const localized: Show = { ...show };
  for (const field of TEXT_FIELDS) if (!own(field) && hasMessage(`show.${field}`)) localized[field] = say(`show.${field}`, project);
  if (!own("instructions")) localized.instructions = numbered("instructions", "", (n) => say(`show.instructions.${n}`));
  if (!own("faq")) {
    localized.faq = numbered("faq", ".question", (n) => ({ question: say(`show.faq.${n}.question`), answer: say(`show.faq.${n}.answer`) }));
  }
  if (!own("archive_intro")) localized.archive_intro = numbered("archive_intro", "", (n) => say(`show.archive_intro.${n}`, project));
  return localized;
}
