/**
 * The set-up checklist: what would fail silently on the night. The start prints it, and admins read the same rows in
 * the console (GET /api/show/warnings), each a link to where it is fixed, until it is resolved or acknowledged.
 */
import { eq, like, or } from "drizzle-orm";
import { sha256Hex } from "../auth/passwords";
import type { AppContext } from "../context";
import { showSettings } from "../db/show-settings";
import { sayEnglish } from "../i18n/catalogs.service";
import { adminExists } from "../users/users.service";
import { DEFAULT_INSTRUCTIONS, DEFAULT_SPY_URL, type ShowField } from "./show-schema";
import type { Show } from "./show.service";

/**
 * `message` is the English (`showEditor.warning.<code>` with `params`), for the API and the operator's log; `href` the
 * console's place where it is fixed; `restart` the variable to set (then restart) when the browser cannot fix it;
 * `action` a step the console offers on the row itself.
 */
export type Warning = {
  code: string;
  params?: Record<string, string>;
  message: string;
  href: string;
  acknowledged: boolean;
  restart?: string;
  action?: "test-mail";
};

type Item = Omit<Warning, "message" | "acknowledged">;

/** The show_settings rows that hold what is not a field of the show: an acknowledgement, the tested mail server. */
export const ACKNOWLEDGED_PREFIX = "warning-acknowledged:";
export const MAIL_TESTED = "mail-tested";

/** Whether phones reach the show over HTTPS: casefile's own TLS, or a PUBLIC_URL on https (a proxy in front). */
export const servesHttps = (config: AppContext["config"]) => config.tls.mode !== "off" || Boolean(config.publicUrl?.startsWith("https:"));

/** The mail server as the test remembers it: a hash, so a changed SMTP_URL asks for a new test (and no password is stored). */
export const smtpFingerprint = (smtpUrl: string) => sha256Hex(`smtp:${smtpUrl}`);

const SERVER = "/admin/server";
const showAt = (section: string) => `/admin/show#show-${section}`;
const SECTION_OF: Partial<Record<ShowField, string>> = {
  instructions: "instructions",
  instructions_title: "instructions",
  faq: "faq",
  privacy_notice: "privacy",
  archive_intro: "archive",
  reset_mail_subject: "mail",
  reset_mail_note: "mail",
};

/**
 * Details of the built-in example that belong to one show, the code of each, and how each reads in the shipped
 * catalogs (an operator's translation often starts from the shipped one): searched for in EVERY text of the show and
 * in each of its own versions per language (the meeting place is in the instructions and in FAQ answer 2), so fixing
 * one place leaves the row up. Every catalog keeps the street's name "Main Street" as it is.
 */
export const BUILT_IN_DETAILS = [
  { code: "built-in-meeting-place", texts: ["Main Street"] },
  {
    code: "default-privacy-contact",
    texts: ["the address is on your ticket", "l’adresse figure sur votre billet", "die Adresse steht auf Ihrem Ticket", "la dirección está en tu entrada", "العنوان مذكور على تذكرتك"],
  },
] as const;

/** Every string inside a value (a text, a list, a list of questions and answers, per language or not). */
const stringsOf = (value: unknown): string[] =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(stringsOf) : [];

/** Where a detail still is: the show's fields in the form's order ("faq"), then its own versions per language ("faq (fr)"). */
function placesHolding(show: Show, texts: readonly string[]): { field: ShowField; name: string }[] {
  const holds = (value: unknown) => stringsOf(value).some((text) => texts.some((detail) => text.includes(detail)));
  const fields = Object.keys(show.text) as ShowField[];
  const main = fields.filter((field) => holds(show.text[field])).map((field) => ({ field, name: field }));
  const translated = Object.keys(show.translations)
    .sort()
    .flatMap((language) => {
      const translation = show.translations[language] as Partial<Record<ShowField, unknown>>;
      return fields.filter((field) => holds(translation[field])).map((field) => ({ field, name: `${field} (${language})` }));
    });
  return [...main, ...translated];
}

async function checklist(ctx: AppContext, show: Show, mailTested: string | undefined): Promise<Item[]> {
  const { config } = ctx;
  const items: Item[] = [];
  if (!(await adminExists(ctx.db))) items.push({ code: "no-admin", href: "/setup" });
  if (!servesHttps(config)) items.push({ code: "plain-http", href: SERVER, restart: "TLS" });
  if (config.archiveMode) items.push({ code: "archive-mode", href: SERVER, restart: "ARCHIVE_MODE" });
  if (!config.smtpUrl) items.push({ code: "no-mail", href: SERVER, restart: "SMTP_URL" });
  else if (mailTested !== smtpFingerprint(config.smtpUrl)) items.push({ code: "mail-untested", href: SERVER, action: "test-mail" });
  if (!config.backups) items.push({ code: "backups-off", href: SERVER, restart: "BACKUP_DIR" });
  if (!show.media["onboarding-video"]) items.push({ code: "default-briefing", href: showAt("media") });
  if (!show.media["tutorial-video"]) items.push({ code: "default-tutorial", href: showAt("media") });
  if (JSON.stringify(show.text.instructions) === JSON.stringify(DEFAULT_INSTRUCTIONS)) items.push({ code: "default-instructions", href: showAt("instructions") });
  for (const detail of BUILT_IN_DETAILS) {
    const places = placesHolding(show, detail.texts);
    if (places.length) items.push({ code: detail.code, params: { fields: places.map((place) => place.name).join(", ") }, href: showAt(SECTION_OF[places[0]!.field] ?? "landing") });
  }
  if (show.text.spy_url === DEFAULT_SPY_URL) items.push({ code: "default-spy-url", params: { url: DEFAULT_SPY_URL }, href: showAt("landing") });
  // Street footage shows bystanders: the operator is offered the rule that faces are redacted before publishing.
  if (!show.text.redaction_required) items.push({ code: "redaction-optional", href: showAt("archive") });
  return items;
}

/** The checklist now, each row with whether an admin acknowledged it (kept in the database: every instance agrees). */
export async function showWarnings(ctx: AppContext, show: Show): Promise<Warning[]> {
  const rows = await ctx.db.select({ field: showSettings.field, value: showSettings.value }).from(showSettings).where(or(like(showSettings.field, `${ACKNOWLEDGED_PREFIX}%`), eq(showSettings.field, MAIL_TESTED)));
  const stored = new Map(rows.map((row) => [row.field, row.value]));
  const mailTested = stored.get(MAIL_TESTED);
  return (await checklist(ctx, show, mailTested && (JSON.parse(mailTested) as string))).map((item) => ({
    ...item,
    message: sayEnglish(`showEditor.warning.${item.code}`, item.params),
    acknowledged: stored.has(ACKNOWLEDGED_PREFIX + item.code),
  }));
}

/** Every code the checklist can show: what may be acknowledged. */
export const WARNING_CODES = [
  "no-admin", "plain-http", "archive-mode", "no-mail", "mail-untested", "backups-off", "default-briefing", "default-tutorial",
  "default-instructions", ...BUILT_IN_DETAILS.map((detail) => detail.code), "default-spy-url",
  "redaction-optional",
];
