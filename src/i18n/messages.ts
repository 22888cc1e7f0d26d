/**
 * Messages are ICU MessageFormat texts ("{count, plural, one {# item} other {# items}}"), compiled here with Lingui's
 * compiler into the token lists its runtime formats; the browser gets them compiled and carries no parser.
 */
import type { CompiledMessage, CompiledMessageToken } from "@lingui/message-utils/compileMessage";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

export type Catalog = Record<string, string>;
export type CompiledCatalog = Record<string, CompiledMessage>;

/** An uploaded catalog's limits: more than enough for every message of every screen, and bounded work to check it. */
export const CATALOG_MAX_BYTES = 1024 * 1024;
export const MESSAGE_MAX_CHARS = 4000;

/** The names a message fills in ({name}, {count, plural, …}, and rich-text tags <0>…</0>), nested ones included. */
export function argumentsOf(message: CompiledMessage): Set<string> {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === "string") {
        for (const [, tag] of token.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag}>`);
        continue;
      }
      names.add(token[0]);
      const format = token[2];
      if (format && typeof format === "object" && !Array.isArray(format)) {
        for (const [key, choice] of Object.entries(format)) if (key !== "offset" && Array.isArray(choice)) walk(choice as CompiledMessage);
      }
    }
  };
  walk(message);
  return names;
}

export const compileMessage = (text: string): CompiledMessage => compileMessageOrThrow(text);

export function compileCatalog(catalog: Catalog, map?: (message: CompiledMessage) => CompiledMessage): CompiledCatalog {
  const compiled: CompiledCatalog = {};
  for (const [id, text] of Object.entries(catalog)) {
    const message = compileMessageOrThrow(text);
    compiled[id] = map ? map(message) : message;
  }
  return compiled;
}

/** Accented look-alikes, so pseudo text stays readable while no English word survives it unchanged. */
const PSEUDO_LETTERS: Record<string, string> = {
  a: "á", e: "é", i: "í", o: "ó", u: "ú", c: "ç", n: "ñ", y: "ý", A: "Á", E: "É", I: "Í", O: "Ó", U: "Ú", C: "Ç", N: "Ñ", Y: "Ý",
};
const pseudoText = (text: string) => text.replace(/[aeiouycnAEIOUYCN]/g, (letter) => PSEUDO_LETTERS[letter]!);

/**
 * The pseudo-locale's form of a message: its text accented, one third longer (padding of "·"), between ⟦ and ⟧; the
 * placeholders and tags untouched. A test reads any visible text without the brackets as text no catalog gave.
 */
export function pseudoMessage(message: CompiledMessage): CompiledMessage {
  let letters = 0;
  const mapTokens = (tokens: CompiledMessage): CompiledMessage =>
    tokens.map((token): CompiledMessageToken => {
      if (typeof token === "string") {
        // Rich-text tags (<0>, </0>) are structure, not words.
        return token
          .split(/(<\/?\d+\/?>)/)
          .map((part) => {
            if (/^<\/?\d+\/?>$/.test(part)) return part;
            letters += part.length;
            return pseudoText(part);
          })
          .join("");
      }
      const [name, type, format] = token;
      if (format && typeof format === "object" && !Array.isArray(format)) {
        const choices = Object.fromEntries(
          Object.entries(format).map(([key, choice]) => [key, Array.isArray(choice) ? mapTokens(choice as CompiledMessage) : choice]),
        );
        return [name, type, choices as typeof format];
      }
      return token;
    });
  const mapped = mapTokens(message);
  // The padding breaks like words do (groups of six), so a long message wraps as a long translation would.
  const padding = Math.ceil(letters / 3);
  const groups = Array.from({ length: Math.ceil(padding / 6) }, (_, index) => "·".repeat(Math.min(6, padding - index * 6)));
  return ["⟦", ...mapped, groups.join(" "), "⟧"];
}

export type CatalogProblem = { id: string; problem: string };

/**
 * Checks an uploaded catalog against English: an object of message ids English has, each a text that compiles and
 * fills in only what the English message fills in (a translation cannot ask for a value the screen does not give).
 * Returns the catalog and every problem found (not just the first), so an operator fixes a file in one pass.
 */
export function checkCatalog(input: unknown, english: Catalog): { catalog: Catalog; problems: CatalogProblem[] } {
  const problems: CatalogProblem[] = [];
  const catalog: Catalog = {};
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    return { catalog, problems: [{ id: "", problem: "A catalog must be a JSON object of message ids and their texts." }] };
  }
  for (const [id, text] of Object.entries(input)) {
    if (problems.length >= 100) break;
    if (!Object.hasOwn(english, id)) {
      problems.push({ id, problem: "No message has this id." });
      continue;
    }
    if (typeof text !== "string") {
      problems.push({ id, problem: "The text must be a string." });
      continue;
    }
    if (text.length > MESSAGE_MAX_CHARS) {
      problems.push({ id, problem: `The text must be at most ${MESSAGE_MAX_CHARS} characters long.` });
      continue;
    }
    let compiled: CompiledMessage;
    try {
      compiled = compileMessageOrThrow(text);
    } catch (error) {
      problems.push({ id, problem: `The text is not valid ICU MessageFormat: ${String((error as Error).message).split("\n")[0]}` });
      continue;
    }
    const allowed = argumentsOf(compileMessageOrThrow(english[id]!));
    const unknown = [...argumentsOf(compiled)].filter((name) => !allowed.has(name));
    if (unknown.length > 0) {
      const known = allowed.size > 0 ? `it may use ${[...allowed].map(shown).join(", ")}` : "it has none";
      problems.push({ id, problem: `Unknown placeholder ${unknown.map(shown).join(", ")}: ${known}.` });
      continue;
    }
    catalog[id] = text;
  }
  return { catalog, problems };
}

const shown = (name: string) => (name.startsWith("<") ? name : `{${name}}`);
