import unhomoglyph from "unhomoglyph";

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
 * The table is the unhomoglyph package (nodeca: Unicode's confusables.txt as a map, 128 KB, no dependencies).
 */
export function lookAlikeKey(username: string): string {
  return unhomoglyph(identityKey(username).normalize("NFD")).normalize("NFD").toLowerCase();
}
