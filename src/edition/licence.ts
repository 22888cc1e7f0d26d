/**
 * The public archive's licence and credit (the show's archive_licence and archive_credit): a Creative Commons licence
 * named as CC writes it ("CC BY-SA 4.0") gets its address, which IIIF's `rights` and schema.org's `license` take;
 * the operator's own text is carried as text (in IIIF's requiredStatement), as `rights` admits only those addresses.
 */
import type { ShowText } from "../show/show-schema";

const CC_LICENCES: Record<string, string> = {
  "CC0 1.0": "http://creativecommons.org/publicdomain/zero/1.0/",
  "CC BY 4.0": "http://creativecommons.org/licenses/by/4.0/",
  "CC BY-SA 4.0": "http://creativecommons.org/licenses/by-sa/4.0/",
  "CC BY-NC 4.0": "http://creativecommons.org/licenses/by-nc/4.0/",
  "CC BY-NC-SA 4.0": "http://creativecommons.org/licenses/by-nc-sa/4.0/",
  "CC BY-ND 4.0": "http://creativecommons.org/licenses/by-nd/4.0/",
  "CC BY-NC-ND 4.0": "http://creativecommons.org/licenses/by-nc-nd/4.0/",
};
export const CC_LICENCE_NAMES = Object.keys(CC_LICENCES);

export type Licence = {
  /** The operator's words, or the CC licence's name; "" when none was set. */
  text: string;
  /** The licence's address when it is a Creative Commons one. */
  url: string | undefined;
  /** Who to credit: the operator's credit line, else the project's name. */
  credit: string;
  projectName: string;
};

export function licenceOf(text: Pick<ShowText, "archive_licence" | "archive_credit" | "project_name">): Licence {
  const licence = text.archive_licence.trim();
  const named = CC_LICENCE_NAMES.find((name) => name.toLowerCase() === licence.toLowerCase());
  return {
    text: named ?? licence,
    url: named ? CC_LICENCES[named] : undefined,
    credit: text.archive_credit.trim() || text.project_name,
    projectName: text.project_name,
  };
}

/** The one line a citation carries: the credit, then the licence. */
export const attribution = (licence: Licence) => [licence.credit, licence.text].filter(Boolean).join(" — ");
