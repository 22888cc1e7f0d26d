/**
 * The form in which usernames and emails are compared: NFKC-normalised and case-folded (upper then lower case,
 * so "ß" meets "SS" and "ς" meets "Σ"), so that look-alike spellings of one name cannot make two accounts.
 */
export function identityKey(value: string): string {
  return value.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
}

/**
 * The form in which usernames are compared for looks: the identity key, then the confusable skeleton of Unicode
 * TS #39 (NFD, every character replaced by its prototype in the Unicode confusables table, NFD again), folded to
 * lower case once more (the prototypes of "0" and "I" are "O" and "l"). Cyrillic "сhіеf" and Latin "chief" share
 * one, as do "rnallory" and "mallory": of two such names only the first can be registered.
 * The table is the unhomoglyph package's (nodeca: Unicode's confusables.txt as a map of 6,311 single code points,
 * 100 KB, no dependencies). Its own function tries a 6,311-way regular expression at every position (2 ms for 64
 * characters); every key is one code point, so a lookup per code point does the same at a hundredth of the cost.
 */
export function lookAlikeKey(username: string): string {
  let mapped = "";
  const prototypes = confusablePrototypes();
  for (const char of identityKey(username).normalize("NFD")) mapped += prototypes.get(char) ?? char;
  return mapped.normalize("NFD").toLowerCase();
}

let prototypesMap: Map<string, string> | undefined;

/**
 * Read and built at the first look-alike check, not at start: the map cost the executable's start ~20 ms, and the
 * table's 6,311-entry object literal, evaluated where it is imported, another ~4 ms (BENCHMARKS.md).
 */
function confusablePrototypes(): Map<string, string> {
  prototypesMap ??= new Map(Object.entries(require("unhomoglyph/data.json") as Record<string, string>));
  return prototypesMap;
}
