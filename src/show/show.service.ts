/**
 * The show's content: database values under environment locks, the same on every instance. Each instance keeps the
 * merged show in memory and asks the database for the version row on every read (one tiny query), so a change made
 * on another instance of the same database is served at once.
 */
import { and, desc, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { auditStatement, type AuditActor } from "../audit/audit-record";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { showMedia, type ShowMediaRow } from "../db/show-media";
import { showSettings } from "../db/show-settings";
import { showState } from "../db/show-state";
import { conflict } from "../http/errors";
import { DEFAULT_PROJECT_NAME, defaultText, SHOW_FIELD_NAMES, type ShowField, type ShowText } from "./show-schema";
import type { Translation } from "./show-language";
import { isTranslatable, type TranslatableField } from "./translatable-fields";
import { SLOT_NAMES, SLOTS, type Slot } from "./show-slots";

/** A field or slot the environment sets, and the variable that sets it. */
export type Locks = Partial<Record<ShowField | Slot, string>>;

export type Show = {
  version: number;
  /** The privacy notice's version: the show's content version when the notice last changed (0: never changed). */
  noticeVersion: number;
  briefingVersion: number;
  text: ShowText;
  /** Fields whose value an admin saved (not the built-in default). */
  customised: ShowField[];
  /** The show's own versions per language other than the main one (rows `<field>@<language>`; show-language.ts). */
  translations: Record<string, Translation>;
  /** The current upload of each slot (the newest, for captions); absent: the built-in file (or the environment's, see locks). */
  media: Partial<Record<Slot, ShowMediaRow>>;
  /** Each captions slot's current track per language (newest first); a language without one keeps the built-in English. */
  tracks: Partial<Record<Slot, ShowMediaRow[]>>;
  locks: Locks;
};

/** A replaced file stays readable this long, so whoever started the old briefing finishes it. */
export const REPLACED_KEPT_MS = 6 * 60 * 60 * 1000;

export function envLocks(config: AppContext["config"]): Locks {
  const locks: Locks = {};
  if (config.fromEnv.projectName) locks.project_name = "PROJECT_NAME";
  if (config.fromEnv.accentColor) locks.accent_color = "ACCENT_COLOR";
  if (config.fromEnv.spyUrl) locks.spy_url = "SPY_URL";
  if (config.fromEnv.archiveIntro) locks.archive_intro = "ARCHIVE_INTRO_FILE";
  if (config.branding.logo) locks.logo = "LOGO_FILE";
  if (config.branding.landingImage) locks["landing-image"] = "LANDING_IMAGE_FILE";
  return locks;
}

/** The environment's value of a locked field. */
function envValue(config: AppContext["config"], field: ShowField): unknown {
  if (field === "project_name") return config.projectName;
  if (field === "accent_color") return config.branding.accentColor;
  if (field === "spy_url") return config.spyUrl;
  if (field === "archive_intro") return config.branding.archiveIntro;
  return undefined;
}

/** The show_settings row of a field's version in another language than the main one. */
export const translationKey = (field: TranslatableField, language: string) => `${field}@${language}`;
function translationKeyOf(key: string): { field: TranslatableField; language: string } | undefined {
  const [field, language, ...rest] = key.split("@");
  return language && rest.length === 0 && isTranslatable(field!) ? { field: field as TranslatableField, language } : undefined;
}

/** The show_settings row that holds the privacy notice's version (not a field admins edit). */
const NOTICE_VERSION = "privacy_notice_version";

/** The statement that raises the content version (creating the row on a fresh database). */
export const bumpVersion = (db: Database, briefing = false) =>
  db
    .insert(showState)
    .values({ id: 1, version: 1, briefingVersion: briefing ? 1 : 0 })
    .onConflictDoUpdate({
      target: showState.id,
      set: { version: sql`${showState.version} + 1`, ...(briefing ? { briefingVersion: sql`${showState.briefingVersion} + 1` } : {}) },
    });

/** The version the batch just wrote, as the audit entry's target id (the events stream sends it on). */
export const SHOW_VERSION = sql`(select version from show_state where id = 1)`;

async function readVersions(db: Database): Promise<{ version: number; briefingVersion: number }> {
  const [row] = await db.select({ version: showState.version, briefingVersion: showState.briefingVersion }).from(showState).where(eq(showState.id, 1));
  return row ?? { version: 0, briefingVersion: 0 };
}

async function loadShow(ctx: AppContext, versions: { version: number; briefingVersion: number }): Promise<Show> {
  const [settings, media] = await Promise.all([
    ctx.db.select().from(showSettings),
    ctx.db.select().from(showMedia).where(isNull(showMedia.replacedAt)).orderBy(desc(showMedia.id)),
  ]);
  const locks = envLocks(ctx.config);
  const saved = new Map(settings.map((row) => [row.field as ShowField, JSON.parse(row.value) as unknown]));
  const noticeVersion = Number(settings.find((row) => row.field === NOTICE_VERSION)?.value ?? 0);
  const translations: Record<string, Translation> = {};
  for (const row of settings) {
    const key = translationKeyOf(row.field);
    if (key) (translations[key.language] ??= {})[key.field] = JSON.parse(row.value);
  }
  const text = {} as Record<ShowField, unknown>;
  const customised: ShowField[] = [];
  // The project name first: the archive introduction's default names it.
  const ordered: ShowField[] = ["project_name", ...SHOW_FIELD_NAMES.filter((f) => f !== "project_name")];
  for (const field of ordered) {
    if (locks[field]) text[field] = envValue(ctx.config, field);
    else if (saved.has(field)) {
      text[field] = saved.get(field);
      customised.push(field);
    } else text[field] = defaultText(text.project_name as string)[field];
  }
  const current: Partial<Record<Slot, ShowMediaRow>> = {};
  const tracks: Partial<Record<Slot, ShowMediaRow[]>> = {};
  for (const row of media) {
    const slot = row.slot as Slot;
    if (!SLOT_NAMES.includes(slot) || locks[slot]) continue;
    if (SLOTS[slot].kind !== "captions") {
      current[slot] ??= { ...row, language: null };
      continue;
    }
    // Captions uploaded before their language was asked: the server's default language is the best guess.
    const language = row.language ?? ctx.config.defaultLanguage;
    current[slot] ??= { ...row, language };
    const slotTracks = (tracks[slot] ??= []);
    if (!slotTracks.some((track) => track.language === language)) slotTracks.push({ ...row, language });
  }
  return { ...versions, noticeVersion, text: text as ShowText, customised, translations, media: current, tracks, locks };
}

const cache = new WeakMap<Database, Show>();

/** The show as every instance serves it now. */
export async function currentShow(ctx: AppContext): Promise<Show> {
  const versions = await readVersions(ctx.db);
  const cached = cache.get(ctx.db);
  if (cached && cached.version === versions.version && cached.briefingVersion === versions.briefingVersion) return cached;
  const show = await loadShow(ctx, versions);
  cache.set(ctx.db, show);
  return show;
}

const lockedMessage = (field: string, variable: string) =>
  `${field} is set by the server's configuration (${variable}) and cannot be changed here.`;

export function assertUnlocked(ctx: AppContext, name: ShowField | Slot): void {
  const variable = envLocks(ctx.config)[name];
  if (variable) throw conflict(lockedMessage(name, variable));
}

/**
 * Saves fields (null: back to the default) in one batch with the version and the audit entry. A value equal to the
 * default is stored as no row, so "customised" means what it says. Nothing is written when nothing changes.
 */
export async function updateShow(ctx: AppContext, actor: NonNullable<AuditActor>, update: Partial<Record<ShowField, unknown>>): Promise<Show> {
  const fields = Object.keys(update) as ShowField[];
  for (const field of fields) assertUnlocked(ctx, field);
  const before = await loadShow(ctx, await readVersions(ctx.db));
  // The archive introduction's default names the show: the name this update leaves in force.
  const projectName = update.project_name === undefined ? before.text.project_name : ((update.project_name as string | null) ?? DEFAULT_PROJECT_NAME);
  const defaults = defaultText(projectName);
  const now = new Date().toISOString();
  const statements: BatchItem<"sqlite">[] = [];
  const detail: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of fields) {
    const value = update[field] ?? defaults[field];
    const same = JSON.stringify(value) === JSON.stringify(before.text[field]);
    const isDefault = JSON.stringify(value) === JSON.stringify(defaults[field]);
    if (same && isDefault === !before.customised.includes(field)) continue;
    if (!same) detail[field] = { before: before.text[field], after: value };
    statements.push(settingStatement(ctx, actor, field, isDefault ? undefined : value, now));
  }
  return saveShowChanges(ctx, actor, statements, detail, "privacy_notice" in detail);
}

/** A show_settings row set to a value (JSON) or, with undefined, removed. */
export function settingStatement(ctx: AppContext, actor: NonNullable<AuditActor>, key: string, value: unknown, now: string): BatchItem<"sqlite"> {
  if (value === undefined) return ctx.db.delete(showSettings).where(eq(showSettings.field, key));
  const json = JSON.stringify(value);
  return ctx.db
    .insert(showSettings)
    .values({ field: key, value: json, updatedAt: now, updatedBy: actor.id })
    .onConflictDoUpdate({ target: showSettings.field, set: { value: json, updatedAt: now, updatedBy: actor.id } });
}

/**
 * Writes a change of the show's words in one batch: a new content version, the rows, and the audit entry. A changed
 * privacy notice (in any language) gets a new notice version: participants are asked to consent again.
 */
export async function saveShowChanges(
  ctx: AppContext,
  actor: NonNullable<AuditActor>,
  statements: BatchItem<"sqlite">[],
  detail: Record<string, { before: unknown; after: unknown }>,
  noticeChanged: boolean,
): Promise<Show> {
  if (statements.length === 0) return currentShow(ctx);
  const now = new Date().toISOString();
  if (noticeChanged) {
    const version = sql`(select cast(version as text) from show_state where id = 1)`;
    statements.push(
      ctx.db
        .insert(showSettings)
        .values({ field: NOTICE_VERSION, value: version, updatedAt: now, updatedBy: actor.id })
        .onConflictDoUpdate({ target: showSettings.field, set: { value: version, updatedAt: now, updatedBy: actor.id } }),
    );
  }
  await ctx.db.batch([
    bumpVersion(ctx.db),
    ...statements,
    auditStatement(ctx.db, { actor, action: "show.update", targetType: "show", targetId: SHOW_VERSION, detail }),
  ]);
  return currentShow(ctx);
}

const mediaFacts = (row: Pick<ShowMediaRow, "mime" | "size" | "sha256" | "language"> | undefined) =>
  row ? { type: row.mime, size: row.size, sha256: row.sha256, ...(row.language ? { language: row.language } : {}) } : null;

/**
 * Makes a stored file the slot's current one (or, with none, restores the default); the old one stays for a while.
 * Captions have one track per language: `language` names the one replaced or removed (a removal without one removes
 * every uploaded track).
 */
export async function replaceSlot(
  ctx: AppContext,
  actor: NonNullable<AuditActor>,
  slot: Slot,
  stored: Omit<ShowMediaRow, "id" | "slot" | "createdAt" | "replacedAt"> | undefined,
  language = stored?.language ?? null,
): Promise<Show> {
  assertUnlocked(ctx, slot);
  const now = new Date().toISOString();
  // Rows stored before captions had a language are in the server's default language.
  const sameTrack = language === null ? undefined : eq(sql`coalesce(${showMedia.language}, ${ctx.config.defaultLanguage})`, language);
  const replaced = and(eq(showMedia.slot, slot), isNull(showMedia.replacedAt), sameTrack);
  const [old] = await ctx.db.select().from(showMedia).where(replaced).orderBy(desc(showMedia.id));
  if (!stored && !old) return currentShow(ctx);
  const insert = stored ? [ctx.db.insert(showMedia).values({ ...stored, slot, createdAt: now })] : [];
  await ctx.db.batch([
    ctx.db.update(showMedia).set({ replacedAt: now }).where(replaced),
    ...insert,
    bumpVersion(ctx.db),
    auditStatement(ctx.db, {
      actor,
      action: "show.media",
      targetType: "show",
      targetId: SHOW_VERSION,
      detail: { slot, before: mediaFacts(old), after: mediaFacts(stored) },
    }),
  ]);
  await dropLongReplaced(ctx);
  return currentShow(ctx);
}

/** Files replaced more than REPLACED_KEPT_MS ago, of any slot: their rows and bytes go (nobody can still be watching them). */
async function dropLongReplaced(ctx: AppContext): Promise<void> {
  const cutoff = new Date(Date.now() - REPLACED_KEPT_MS).toISOString();
  const gone = await ctx.db.delete(showMedia).where(lt(showMedia.replacedAt, cutoff)).returning();
  for (const row of gone) await ctx.store.delete(row.storeKey).catch((error) => console.warn(`show media ${row.id}: not removed:`, error));
}

/**
 * A slot's file at its versioned address: current, or replaced less than REPLACED_KEPT_MS ago (its row and bytes stay
 * until the next change of a slot removes them, but it is no longer served).
 */
export async function slotFile(db: Database, slot: Slot, address: { id: number; hashStart: string }): Promise<ShowMediaRow | undefined> {
  const cutoff = new Date(Date.now() - REPLACED_KEPT_MS).toISOString();
  const [row] = await db
    .select()
    .from(showMedia)
    .where(and(eq(showMedia.id, address.id), eq(showMedia.slot, slot), or(isNull(showMedia.replacedAt), gte(showMedia.replacedAt, cutoff))));
  return row?.sha256.startsWith(address.hashStart) ? row : undefined;
}
