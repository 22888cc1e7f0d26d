/**
 * The form in which usernames and emails are compared: NFKC-normalised and case-folded (upper then lower case,
 * so "ß" meets "SS" and "ς" meets "Σ"), so that look-alike spellings of one name cannot make two accounts.
 */
export function identityKey(value: string): string {
  return value.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
}
