/**
 * The show's fields that have a version per language (issue 44; the project's name, colour, link address, licence and
 * credit do not). Imports nothing, so the web app reads the same list (docs/show-api.md).
 */
export const TRANSLATABLE_FIELDS = [
  "spy_link_text",
  "ticket_warning",
  "landing_eyebrow",
  "landing_text",
  "landing_archive_text",
  "instructions_title",
  "instructions",
  "faq",
  "archive_intro",
  "reset_mail_subject",
  "reset_mail_note",
  "privacy_notice",
] as const;
export type TranslatableField = (typeof TRANSLATABLE_FIELDS)[number];
export const isTranslatable = (field: string): field is TranslatableField => (TRANSLATABLE_FIELDS as readonly string[]).includes(field);
