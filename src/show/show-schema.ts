/**
 * The show's words: one typed declaration of every field admins edit, with its limits and its default. The defaults
 * are the spec's texts and the ones the web app had built in, so a fresh install looks exactly as before.
 */
import { DEFAULT_ACCENT } from "../config/branding";
import { SOURCE_LANGUAGE, shippedCatalog } from "../i18n/languages";
import { badRequest } from "../http/errors";

export type FaqItem = { question: string; answer: string };

/** Text fields: "plain" is shown as text; "md" is Markdown the web renders safely (the server never renders it). */
type TextField = { kind: "text"; format: "plain" | "md"; min: number; max: number };
type ListField = { kind: "list"; min: number; maxItems: number; maxEach: number; maxTotal?: number };
type FaqField = { kind: "faq"; maxItems: number };
type ColourField = { kind: "colour" };
type UrlField = { kind: "url" };
/** A yes/no rule of the show (a boolean, not words). */
type FlagField = { kind: "flag" };
type FieldSpec = TextField | ListField | FaqField | ColourField | UrlField | FlagField;

const plain = (min: number, max: number): TextField => ({ kind: "text", format: "plain", min, max });
const md = (min: number, max: number): TextField => ({ kind: "text", format: "md", min, max });

export const SHOW_FIELDS = {
  project_name: plain(1, 80),
  accent_color: { kind: "colour" },
  spy_url: { kind: "url" },
  spy_link_text: plain(1, 80),
  ticket_warning: plain(0, 300),
  landing_eyebrow: plain(0, 80),
  landing_text: md(0, 1000),
  landing_archive_text: md(0, 1000),
  instructions_title: plain(1, 80),
  instructions: { kind: "list", min: 1, maxItems: 10, maxEach: 2000 },
  faq: { kind: "faq", maxItems: 30 },
  archive_intro: { kind: "list", min: 1, maxItems: 20, maxEach: 2000, maxTotal: 10_000 },
  reset_mail_subject: plain(1, 150),
  reset_mail_note: plain(0, 500),
  privacy_notice: md(1, 20_000),
  /** The public archive's licence: a Creative Commons name (CC_LICENCES) or the operator's own text; "" none said. */
  archive_licence: plain(0, 5000),
  /** The credit line shown with the archive, its edition and its manifests. */
  archive_credit: plain(0, 300),
  /** Photos and videos must pass the redaction step (src/redaction) before they can be made public; off by default. */
  redaction_required: { kind: "flag" },
} satisfies Record<string, FieldSpec>;

export type ShowField = keyof typeof SHOW_FIELDS;
export const SHOW_FIELD_NAMES = Object.keys(SHOW_FIELDS) as ShowField[];

export type ShowText = {
  project_name: string;
  accent_color: string;
  spy_url: string;
  spy_link_text: string;
  ticket_warning: string;
  landing_eyebrow: string;
  landing_text: string;
  landing_archive_text: string;
  instructions_title: string;
  instructions: string[];
  faq: FaqItem[];
  archive_intro: string[];
  reset_mail_subject: string;
  reset_mail_note: string;
  privacy_notice: string;
  archive_licence: string;
  archive_credit: string;
  redaction_required: boolean;
};

export const DEFAULT_SPY_URL = "https://example.org/";
export const DEFAULT_PROJECT_NAME = "casefile";

/** The English catalog's text of a show default (the web shows other languages' from their catalogs). */
const english = (id: string) => shippedCatalog(SOURCE_LANGUAGE)![`show.${id}`]!;

/** How many numbered entries `show.<field>.1`, `.2`, … (or `.1.question`, …) the English catalog has. */
function countOf(field: string, suffix = ""): number {
  let n = 0;
  while (shippedCatalog(SOURCE_LANGUAGE)![`show.${field}.${n + 1}${suffix}`] !== undefined) n++;
  return n;
}
const numbered = <T>(count: number, make: (n: number) => T) => Array.from({ length: count }, (_, index) => make(index + 1));

/** Spec §2's three instruction paragraphs, with the example street corner. */
export const DEFAULT_INSTRUCTIONS = numbered(countOf("instructions"), (n) => english(`instructions.${n}`));

/** Spec §1: the appointment, the meeting place, weather, dropped calls, no payment, how to upload. */
export const DEFAULT_FAQ: FaqItem[] = numbered(countOf("faq", ".question"), (n) => ({
  question: english(`faq.${n}.question`),
  answer: english(`faq.${n}.answer`),
}));

/** The archive's introduction until admins write their own, naming the project. */
const defaultArchiveIntro = (projectName: string) =>
  numbered(countOf("archive_intro"), (n) => english(`archive_intro.${n}`).replace("{project}", projectName));

/** Every default; the archive introduction's depends on the project name in force. */
export function defaultText(projectName = DEFAULT_PROJECT_NAME): ShowText {
  return {
    project_name: DEFAULT_PROJECT_NAME,
    accent_color: DEFAULT_ACCENT,
    spy_url: DEFAULT_SPY_URL,
    spy_link_text: english("spy_link_text"),
    ticket_warning: english("ticket_warning"),
    landing_eyebrow: english("landing_eyebrow"),
    landing_text: english("landing_text"),
    landing_archive_text: english("landing_archive_text"),
    instructions_title: english("instructions_title"),
    instructions: DEFAULT_INSTRUCTIONS,
    faq: DEFAULT_FAQ,
    archive_intro: defaultArchiveIntro(projectName),
    reset_mail_subject: english("reset_mail_subject"),
    reset_mail_note: english("reset_mail_note"),
    privacy_notice: english("privacy_notice").replace("{project}", projectName),
    archive_licence: "",
    archive_credit: "",
    redaction_required: false,
  };
}

/** Trimmed, one kind of line break, no control characters other than line breaks and tabs. */
function cleanText(field: string, value: unknown, where = field): string {
  if (typeof value !== "string") throw badRequest(`${where} must be text.`);
  const text = value.replace(/\r\n?/g, "\n").trim();
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(text)) throw badRequest(`${where} must not contain control characters.`);
  return text;
}

const length = (text: string) => [...text].length;

function checkLength(where: string, text: string, min: number, max: number): void {
  const n = length(text);
  if (n < min || n > max) throw badRequest(min > 0 ? `${where} must be ${min}–${max} characters.` : `${where} must be at most ${max} characters.`);
}

function readList(field: string, spec: ListField, value: unknown): string[] {
  if (!Array.isArray(value)) throw badRequest(`${field} must be a list of paragraphs.`);
  if (value.length < spec.min || value.length > spec.maxItems) throw badRequest(`${field} must have ${spec.min}–${spec.maxItems} paragraphs.`);
  const items = value.map((item, index) => {
    const text = cleanText(field, item, `${field} paragraph ${index + 1}`);
    checkLength(`${field} paragraph ${index + 1}`, text, 1, spec.maxEach);
    return text;
  });
  if (spec.maxTotal && length(items.join("")) > spec.maxTotal) throw badRequest(`${field} must be at most ${spec.maxTotal} characters in all.`);
  return items;
}

function readFaq(field: string, spec: FaqField, value: unknown): FaqItem[] {
  if (!Array.isArray(value)) throw badRequest(`${field} must be a list of questions and answers.`);
  if (value.length > spec.maxItems) throw badRequest(`${field} must have at most ${spec.maxItems} questions.`);
  return value.map((item, index) => {
    const where = `${field} item ${index + 1}`;
    if (!item || typeof item !== "object" || Array.isArray(item)) throw badRequest(`${where} must be {question, answer}.`);
    const { question, answer, ...rest } = item as Record<string, unknown>;
    if (Object.keys(rest).length) throw badRequest(`${where} must have only a question and an answer.`);
    const q = cleanText(field, question, `${where}: the question`);
    checkLength(`${where}: the question`, q, 1, 200);
    const a = cleanText(field, answer, `${where}: the answer`);
    checkLength(`${where}: the answer`, a, 1, 4000);
    return { question: q, answer: a };
  });
}

function readUrl(field: string, value: unknown): string {
  const text = cleanText(field, value);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(`${field} must be an http:// or https:// address.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw badRequest(`${field} must be an http:// or https:// address.`);
  if (/\s/.test(text)) throw badRequest(`${field} must be one address, without spaces or line breaks.`);
  if (text.length > 2000) throw badRequest(`${field} must be at most 2000 characters.`);
  return text;
}

/** One field's value as an admin sent it, checked and normalised; a 400 naming the field otherwise. */
export function readField(field: ShowField, value: unknown): ShowText[ShowField] {
  const spec: FieldSpec = SHOW_FIELDS[field];
  switch (spec.kind) {
    case "colour": {
      const colour = typeof value === "string" ? value.trim().toLowerCase() : "";
      if (!/^#[0-9a-f]{6}$/.test(colour)) throw badRequest(`${field} must be a colour written #rrggbb.`);
      return colour;
    }
    case "url":
      return readUrl(field, value);
    case "flag":
      if (typeof value !== "boolean") throw badRequest(`${field} must be true or false.`);
      return value;
    case "list":
      return readList(field, spec, value);
    case "faq":
      return readFaq(field, spec, value);
    case "text": {
      const text = cleanText(field, value);
      checkLength(field, text, spec.min, spec.max);
      if (field === "reset_mail_subject" && !text.includes("{code}")) throw badRequest(`${field} must contain {code}, where the reset code goes.`);
      return text;
    }
  }
}

const isShowField = (key: string): key is ShowField => Object.hasOwn(SHOW_FIELDS, key);

/** A PUT body: known fields only, each checked (null = back to the default). */
export function readShowUpdate(body: unknown): Partial<Record<ShowField, ShowText[ShowField] | null>> {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("The request must be a JSON object of the show's fields.");
  const update: Partial<Record<ShowField, ShowText[ShowField] | null>> = {};
  for (const [key, value] of Object.entries(body)) {
    // Own keys only: `in` would take constructor, toString and __proto__ for fields.
    if (!isShowField(key)) throw badRequest(`${key} is not a field of the show.`);
    update[key] = value === null ? null : readField(key, value);
  }
  return update;
}

/** One item of a list in another language: null (no version yet: it falls back) or a checked text. */
const readItem = (field: string, value: unknown, where: string, max: number) => {
  if (value === null) return null;
  const text = cleanText(field, value, where);
  checkLength(where, text, 1, max);
  return text;
};

/**
 * A field's version in another language (PUT /api/show?language=…): as readField, but lists are given whole with null
 * for an item that has no version in that language yet, and may be shorter than the main language's.
 */
export function readTranslatedField(field: ShowField, value: unknown): unknown {
  const spec: FieldSpec = SHOW_FIELDS[field];
  if (spec.kind === "list") {
    if (!Array.isArray(value) || value.length > spec.maxItems) throw badRequest(`${field} must be a list of at most ${spec.maxItems} paragraphs (null for one not translated).`);
    return value.map((item, index) => readItem(field, item, `${field} paragraph ${index + 1}`, spec.maxEach));
  }
  if (spec.kind === "faq") {
    if (!Array.isArray(value) || value.length > spec.maxItems) throw badRequest(`${field} must be a list of at most ${spec.maxItems} questions (null for one not translated).`);
    return value.map((item, index) => {
      const where = `${field} item ${index + 1}`;
      if (item === null) return null;
      if (typeof item !== "object" || Array.isArray(item)) throw badRequest(`${where} must be {question, answer} or null.`);
      const { question = null, answer = null, ...rest } = item as Record<string, unknown>;
      if (Object.keys(rest).length) throw badRequest(`${where} must have only a question and an answer.`);
      return { question: readItem(field, question, `${where}: the question`, 200), answer: readItem(field, answer, `${where}: the answer`, 4000) };
    });
  }
  return readField(field, value);
}
