/**
 * The catalogs a show uses: the shipped ones (locales/), each overridden message by message by what an admin uploaded
 * (table catalogs), and languages an admin added. Every catalog falls back to English for what it lacks.
 */
import { eq } from "drizzle-orm";
import { type AuditActor, auditStatement } from "../audit/audit-record";
import type { AppContext } from "../context";
import { catalogs } from "../db/catalogs";
import { formatMessage } from "./format-message";
import { type Catalog, type CompiledCatalog, compileCatalog, pseudoMessage } from "./messages";
import { PSEUDO_LANGUAGE, SHIPPED_LANGUAGES, SOURCE_LANGUAGE, shippedCatalog } from "./languages";

export const ENGLISH: Catalog = shippedCatalog(SOURCE_LANGUAGE) ?? {};

type Override = { catalog: Catalog; updatedAt: string };

async function overrideOf(ctx: AppContext, language: string): Promise<Override | undefined> {
  const [row] = await ctx.db.select().from(catalogs).where(eq(catalogs.language, language));
  return row ? { catalog: JSON.parse(row.messages) as Catalog, updatedAt: row.updatedAt } : undefined;
}

/** Languages an admin added (an uploaded catalog for a language casefile does not ship). */
async function addedLanguages(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db.select({ language: catalogs.language }).from(catalogs);
  return rows.map((row) => row.language).filter((language) => !SHIPPED_LANGUAGES.includes(language));
}

/** What participants may choose: LANGUAGES, or every shipped and added language (the pseudo-locale only when listed). */
export async function enabledLanguages(ctx: AppContext): Promise<string[]> {
  return ctx.config.languages ?? [...SHIPPED_LANGUAGES, ...(await addedLanguages(ctx))];
}

/** The language for someone who asks for none of the enabled ones: DEFAULT_LANGUAGE, or the first enabled. */
export const fallbackLanguage = (ctx: AppContext, enabled: string[]) => (enabled.includes(ctx.config.defaultLanguage) ? ctx.config.defaultLanguage : enabled[0]!);

/** Every message as a language shows it: English, under the shipped catalog, under the admin's. */
export async function effectiveCatalog(ctx: AppContext, language: string): Promise<{ catalog: Catalog; version: string }> {
  if (language === PSEUDO_LANGUAGE) return { catalog: ENGLISH, version: "pseudo" };
  const override = await overrideOf(ctx, language);
  return {
    catalog: { ...ENGLISH, ...shippedCatalog(language), ...override?.catalog },
    version: override?.updatedAt ?? "shipped",
  };
}

/**
 * The messages a language has of its own (shipped, then the admin's upload), without the English fallback: whether a
 * built-in show text has a translation in it. The pseudo-locale has all of English's (it shows them accented).
 */
export async function ownMessageIds(ctx: AppContext, language: string): Promise<ReadonlySet<string>> {
  if (language === SOURCE_LANGUAGE || language === PSEUDO_LANGUAGE) return new Set(Object.keys(ENGLISH));
  return new Set([...Object.keys(shippedCatalog(language) ?? {}), ...Object.keys((await overrideOf(ctx, language))?.catalog ?? {})]);
}

const compiledCache = new Map<string, { version: string; compiled: CompiledCatalog }>();

/** The language's catalog compiled for Lingui's runtime, kept until its override changes. */
export async function compiledCatalog(ctx: AppContext, language: string): Promise<{ compiled: CompiledCatalog; version: string }> {
  const { catalog, version } = await effectiveCatalog(ctx, language);
  const cached = compiledCache.get(language);
  if (cached?.version === version) return cached;
  // Shipped and uploaded texts were checked (tests, checkCatalog): compiling them cannot fail.
  const compiled = compileCatalog(catalog, language === PSEUDO_LANGUAGE ? pseudoMessage : undefined);
  compiledCache.set(language, { version, compiled });
  return { compiled, version };
}

export type Translate = (id: string, values?: Record<string, unknown>) => string;

/** Messages for the server's own words in one language (mails): the same catalogs the browser gets. */
export async function translator(ctx: AppContext, language: string): Promise<Translate> {
  const { compiled } = await compiledCatalog(ctx, language);
  return (id, values) => formatMessage(compiled[id], language, values) ?? id;
}

let shippedEnglish: CompiledCatalog | undefined;
/** The spec's English as shipped, whatever a show changed: API `message` fields and the operator's log. */
export const sayEnglish: Translate = (id, values) => {
  shippedEnglish ??= compileCatalog(ENGLISH);
  return formatMessage(shippedEnglish[id], SOURCE_LANGUAGE, values) ?? id;
};

export async function saveCatalog(ctx: AppContext, actor: AuditActor & { id: number }, language: string, catalog: Catalog): Promise<void> {
  const now = new Date().toISOString();
  const messages = JSON.stringify(catalog);
  await ctx.db.batch([
    ctx.db
      .insert(catalogs)
      .values({ language, messages, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: catalogs.language, set: { messages, updatedAt: now, updatedBy: actor.id } }),
    auditStatement(ctx.db, { actor, action: "show.catalog", targetType: "show", targetId: null, detail: { language, messages: Object.keys(catalog).length } }),
  ]);
}

/** Back to the shipped catalog (an added language is gone). */
export async function removeCatalog(ctx: AppContext, actor: AuditActor & { id: number }, language: string): Promise<boolean> {
  const [removed] = await ctx.db.batch([
    ctx.db.delete(catalogs).where(eq(catalogs.language, language)).returning({ language: catalogs.language }),
    auditStatement(ctx.db, { actor, action: "show.catalog", targetType: "show", targetId: null, detail: { language, messages: null }, ifChanged: true }),
  ]);
  return removed.length > 0;
}

export type CatalogSummary = {
  code: string;
  shipped: boolean;
  enabled: boolean;
  /** How many of English's messages this language has its own text for (shipped or uploaded). */
  translated: number;
  total: number;
  override: { messages: number; updatedAt: string } | null;
};

export async function catalogSummaries(ctx: AppContext): Promise<CatalogSummary[]> {
  const rows = await ctx.db.select().from(catalogs);
  const enabled = await enabledLanguages(ctx);
  const codes = [...new Set([...SHIPPED_LANGUAGES, ...rows.map((row) => row.language), ...enabled])];
  const total = Object.keys(ENGLISH).length;
  return codes.map((code) => {
    const row = rows.find((candidate) => candidate.language === code);
    const uploaded = row ? (JSON.parse(row.messages) as Catalog) : {};
    const own = new Set([...Object.keys(shippedCatalog(code) ?? {}), ...Object.keys(uploaded)].filter((id) => Object.hasOwn(ENGLISH, id)));
    return {
      code,
      shipped: SHIPPED_LANGUAGES.includes(code),
      enabled: enabled.includes(code),
      translated: code === PSEUDO_LANGUAGE ? total : own.size,
      total,
      override: row ? { messages: Object.keys(uploaded).length, updatedAt: row.updatedAt } : null,
    };
  });
}
