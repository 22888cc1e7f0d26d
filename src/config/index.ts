/**
 * All configuration, read once from the environment and validated.
 * Nothing else in the app reads process.env: callers receive a Config.
 */
import path from "node:path";
import { type Branding, loadBranding } from "./branding";
import { INVALID_USERNAME, isPlainEmail, isValidUsername, normalizeUsername } from "./identity-rules";

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  mediaStore: "local" | "s3";
  uploadsDir: string;
  s3: {
    bucket: string;
    region: string;
    endpoint: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where .eml files go when there is no SMTP server. */
  outboxDir: string;
  projectName: string;
  /** Accent colour, logo, landing image and archive introduction (src/config/branding.ts). */
  branding: Branding;
  spyUrl: string;
  /**
   * Which of the show's settings the environment sets: those win over what admins saved in the browser and are shown
   * as set by the server's configuration (LOGO_FILE and LANDING_IMAGE_FILE: branding.logo / landingImage present).
   */
  fromEnv: { projectName: boolean; accentColor: boolean; spyUrl: boolean; archiveIntro: boolean };
  archiveMode: boolean;
  /**
   * After the show (from when archive mode was first seen on): how long participants' verification photos, phone
   * numbers and e-mail addresses are kept (RETENTION_DAYS), and whether items never made public are kept
   * (RETENTION_KEEP_UNPUBLISHED). The daily purge (src/rights/retention.ts) removes what is due.
   */
  retention: { days: number; keepUnpublished: boolean };
  maxUploadBytes: number;
  /**
   * Copies for viewers made by background jobs (src/renditions): how many run at once in this process (0 = none are
   * made here) and the longest one file's may take before it is stopped (each gets less by its length and size:
   * jobTimeLimitMs in src/renditions/make-renditions.ts).
   */
  renditions: { jobs: number; timeLimitMs: number };
  /**
   * The languages participants may choose (LANGUAGES, canonical BCP 47 tags; undefined: every shipped language and
   * every one an admin added) and the one for a phone that asks for none of them (DEFAULT_LANGUAGE).
   */
  languages: string[] | undefined;
  defaultLanguage: string;
  /** Per participant (admins are exempt); 0 means unlimited. */
  quotas: { storageBytes: number; uploadsPerHour: number };
  /** Uploads are refused (507) when the filesystem of the media store's temp area would drop below this; 0 turns it off. */
  diskReserveBytes: number;
  /** An upload receiving fewer than 16 KiB in this long is ended (a trickle holds a request and a temp file open). */
  uploadStallMs: number;
  /**
   * An upload body (multipart or a PATCH) averaging less than this over UPLOAD_STALL_SECONDS is ended (UPLOAD_MIN_BYTES_PER_SECOND):
   * a drip just above a fixed floor would hold connections for hours.
   */
  uploadMinBytesPerSecond: number;
  /** Resumable uploads one participant may have unfinished at once (UPLOAD_PENDING_MAX; admins exempt; 0 = unlimited). */
  uploadPendingMax: number;
  /** A resumable upload not finished within this long is removed with its bytes (UPLOAD_EXPIRY_HOURS). */
  uploadExpiryMs: number;
  /**
   * HTTPS served by casefile itself: PEM files (TLS_CERT_FILE, TLS_KEY_FILE), a self-signed certificate made once and
   * kept in the data folder (TLS=self-signed, for a LAN-only show), or none (plain HTTP, e.g. behind Caddy).
   */
  tls: { mode: "off" } | { mode: "files"; certFile: string; keyFile: string } | { mode: "self-signed"; dir: string };
  publicUrl: string | undefined;
  /** CASEFILE_CONTAINER=on, set by the image: its own addresses are not the ones phones reach (the start report). */
  inContainer: boolean;
  trustProxy: boolean;
  /**
   * The venue network's public addresses (VENUE_ADDRESSES, comma-separated): every phone on the venue Wi-Fi reaches the
   * server from one of them, so per-address limits do not count them (per-account limits still do).
   */
  venueAddresses: string[];
  /** promote: an existing participant of that name may be made admin (ADMIN_PROMOTE); never silently. */
  admin: { username: string; email: string; password: string; promote: boolean } | undefined;
  /** Where the built web bundle lives on disk (ignored when the executable embeds it). */
  webDir: string;
  /**
   * The audit log's sealing key (src/audit/audit-key.ts): AUDIT_KEY, or else a file made once in the data folder
   * (mode 0600); and the file beside it that keeps the last head the application sealed.
   */
  audit: { key: string | undefined; keyFile: string; headFile: string };
  /**
   * Scheduled backups (src/backups): off without BACKUP_DIR; every BACKUP_INTERVAL_HOURS (decimals allowed, default 6),
   * keeping the newest BACKUP_KEEP verified archives (default 8).
   */
  backups: { dir: string; intervalMs: number; keep: number } | undefined;
  /** GET /metrics answers only a bearer of this token (METRICS_TOKEN); undefined: no metrics at all (404). */
  metricsToken: string | undefined;
  /** LOG_FORMAT: plain lines as always, or one JSON object per line with a request id. */
  logFormat: "plain" | "json";
};

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function fail(name: string, why: string): never {
  throw new ConfigError(`Invalid configuration: ${name} ${why}`);
}

function str(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === "" ? fallback : value;
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) fail(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) fail(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function oneOf<T extends string>(env: Env, name: string, fallback: T, allowed: readonly T[]): T {
  const raw = str(env, name, fallback).toLowerCase();
  if (!(allowed as readonly string[]).includes(raw)) fail(name, `must be one of ${allowed.join("|")}, got "${raw}"`);
  return raw as T;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = optional(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (["1", "true", "on", "yes"].includes(raw)) return true;
  if (["0", "false", "off", "no"].includes(raw)) return false;
  fail(name, `must be on or off, got "${raw}"`);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = optional(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    fail(name, `must be a URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) fail(name, `must start with ${protocols.join(" or ")}, got "${raw}"`);
  return raw;
}

/** A positive number of hours (decimals allowed, so a test can ask for seconds), in milliseconds. */
function hours(env: Env, name: string, fallback: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback * 3_600_000;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || value < 0.0005 || value > 24 * 365) fail(name, `must be a number of hours between 0.0005 and 8760, got "${raw}"`);
  return Math.round(value * 3_600_000);
}

function backupSettings(env: Env): Config["backups"] {
  const dir = optional(env, "BACKUP_DIR");
  if (dir === undefined) {
    for (const name of ["BACKUP_INTERVAL_HOURS", "BACKUP_KEEP"]) if (optional(env, name) !== undefined) fail(name, "needs BACKUP_DIR (where the backups go)");
    return undefined;
  }
  return { dir: path.resolve(dir), intervalMs: hours(env, "BACKUP_INTERVAL_HOURS", 6), keep: int(env, "BACKUP_KEEP", 8, 1, 10_000) };
}

function metricsToken(env: Env): string | undefined {
  const token = optional(env, "METRICS_TOKEN");
  if (token !== undefined && token.length < 16) fail("METRICS_TOKEN", "must be at least 16 characters (e.g. openssl rand -hex 16)");
  return token;
}

/** A comma-separated list of IPv4 or IPv6 addresses, each as the server sees it (no ranges). */
/** A BCP 47 tag in its canonical spelling ("pt-br" → "pt-BR"), or a configuration error. */
function languageTag(name: string, raw: string): string {
  try {
    const [tag] = Intl.getCanonicalLocales(raw.trim());
    if (tag) return tag;
  } catch {}
  fail(name, `must be a language tag such as fr or pt-BR, got "${raw}"`);
}

function languageSettings(env: Env): Pick<Config, "languages" | "defaultLanguage"> {
  const listed = optional(env, "LANGUAGES");
  const languages = listed === undefined ? undefined : [...new Set(listed.split(",").filter((tag) => tag.trim()).map((tag) => languageTag("LANGUAGES", tag)))];
  if (languages?.length === 0) fail("LANGUAGES", "must name at least one language");
  const defaultLanguage = languageTag("DEFAULT_LANGUAGE", str(env, "DEFAULT_LANGUAGE", languages?.[0] ?? "en"));
  if (languages && !languages.includes(defaultLanguage)) fail("DEFAULT_LANGUAGE", `must be one of LANGUAGES (${languages.join(",")}), got "${defaultLanguage}"`);
  return { languages, defaultLanguage };
}

function addressList(env: Env, name: string): string[] {
  const raw = optional(env, name);
  if (raw === undefined) return [];
  // Required only when a list is set: node:net (and the streams it loads) cost every start ~2.7 ms (BENCHMARKS.md).
  const { isIP } = require("node:net") as typeof import("node:net");
  return raw.split(",").map((part) => {
    const address = part.trim().toLowerCase();
    if (!isIP(address)) fail(name, `must list IP addresses separated by commas, got "${part.trim()}"`);
    return address;
  });
}

/** The directory that holds the database file, or ./data for remote databases. */
function dataDirOf(databaseUrl: string): string {
  if (databaseUrl.startsWith("file:")) return path.dirname(databaseUrl.slice("file:".length));
  return "./data";
}

function auditSettings(env: Env, databaseUrl: string): Config["audit"] {
  const key = optional(env, "AUDIT_KEY");
  if (key !== undefined && key.length < 32) fail("AUDIT_KEY", "must be at least 32 characters (e.g. openssl rand -hex 32)");
  // A remote database's data folder (./data) may serve several databases (tests, staging): each keeps its own anchor.
  const head = databaseUrl.startsWith("file:") ? "audit-head.json" : `audit-head-${new Bun.CryptoHasher("sha256").update(databaseUrl).digest("hex").slice(0, 16)}.json`;
  return { key, keyFile: path.resolve(dataDirOf(databaseUrl), "audit.key"), headFile: path.resolve(dataDirOf(databaseUrl), head) };
}

export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = url(env, "DATABASE_URL", ["file:", "http:", "https:", "libsql:", "ws:", "wss:"]) ?? "file:./data/casefile.db";
  const mediaStore = oneOf(env, "MEDIA_STORE", "local", ["local", "s3"] as const);
  const s3Bucket = str(env, "S3_BUCKET", "");
  if (mediaStore === "s3" && !s3Bucket) fail("S3_BUCKET", "is required when MEDIA_STORE=s3");

  const adminUsername = optional(env, "ADMIN_USERNAME");
  const adminEmail = optional(env, "ADMIN_EMAIL");
  const adminPassword = optional(env, "ADMIN_PASSWORD");
  const anyAdmin = adminUsername || adminEmail || adminPassword;
  if (anyAdmin) {
    if (!adminUsername) fail("ADMIN_USERNAME", "is required when ADMIN_EMAIL or ADMIN_PASSWORD is set");
    if (!adminEmail) fail("ADMIN_EMAIL", "is required when ADMIN_USERNAME or ADMIN_PASSWORD is set");
    if (!adminPassword) fail("ADMIN_PASSWORD", "is required when ADMIN_USERNAME or ADMIN_EMAIL is set");
    if (!isValidUsername(normalizeUsername(adminUsername))) {
      fail("ADMIN_USERNAME", `is not a valid username (${INVALID_USERNAME}), got "${adminUsername}"`);
    }
    if (!isPlainEmail(adminEmail)) fail("ADMIN_EMAIL", `must be an email address, got "${adminEmail}"`);
    if (adminPassword.length < 7) fail("ADMIN_PASSWORD", "must be at least 7 characters long");
  }

  const adminPromote = bool(env, "ADMIN_PROMOTE", false);
  const mailFrom = str(env, "MAIL_FROM", "casefile <no-reply@casefile.local>");

  const projectName = str(env, "PROJECT_NAME", "casefile");
  const branding = loadBranding(env, fail);

  const tlsMode = oneOf(env, "TLS", "off", ["off", "self-signed"] as const);
  const certFile = optional(env, "TLS_CERT_FILE");
  const keyFile = optional(env, "TLS_KEY_FILE");
  if (certFile && !keyFile) fail("TLS_KEY_FILE", "is required when TLS_CERT_FILE is set");
  if (keyFile && !certFile) fail("TLS_CERT_FILE", "is required when TLS_KEY_FILE is set");
  if (certFile && tlsMode === "self-signed") fail("TLS", "must be off when TLS_CERT_FILE and TLS_KEY_FILE are set");
  const tls: Config["tls"] = certFile
    ? { mode: "files", certFile: path.resolve(certFile), keyFile: path.resolve(keyFile!) }
    : tlsMode === "self-signed"
      ? { mode: "self-signed", dir: path.resolve(dataDirOf(databaseUrl), "tls") }
      : { mode: "off" };

  return {
    port: int(env, "PORT", 3000, 0, 65535),
    host: str(env, "HOST", "0.0.0.0"),
    databaseUrl,
    databaseAuthToken: optional(env, "DATABASE_AUTH_TOKEN"),
    mediaStore,
    uploadsDir: path.resolve(str(env, "UPLOADS_DIR", "./uploads")),
    s3: {
      bucket: s3Bucket,
      region: str(env, "S3_REGION", "us-east-1"),
      endpoint: url(env, "S3_ENDPOINT", ["http:", "https:"]),
      accessKeyId: optional(env, "S3_ACCESS_KEY_ID"),
      secretAccessKey: optional(env, "S3_SECRET_ACCESS_KEY"),
      forcePathStyle: bool(env, "S3_FORCE_PATH_STYLE", false),
    },
    smtpUrl: url(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom,
    outboxDir: path.resolve(dataDirOf(databaseUrl), "outbox"),
    audit: auditSettings(env, databaseUrl),
    projectName,
    branding,
    spyUrl: url(env, "SPY_URL", ["http:", "https:"]) ?? "https://example.org/",
    fromEnv: {
      projectName: optional(env, "PROJECT_NAME") !== undefined,
      accentColor: optional(env, "ACCENT_COLOR") !== undefined,
      spyUrl: optional(env, "SPY_URL") !== undefined,
      archiveIntro: optional(env, "ARCHIVE_INTRO_FILE") !== undefined,
    },
    archiveMode: oneOf(env, "ARCHIVE_MODE", "off", ["on", "off"] as const) === "on",
    retention: { days: int(env, "RETENTION_DAYS", 30, 0, 3650), keepUnpublished: bool(env, "RETENTION_KEEP_UNPUBLISHED", true) },
    maxUploadBytes: int(env, "MAX_UPLOAD_MB", 1024, 1, 1024 * 1024) * 1024 * 1024,
    renditions: { jobs: int(env, "RENDITION_JOBS", 1, 0, 16), timeLimitMs: int(env, "RENDITION_TIME_LIMIT_SECONDS", 900, 1, 24 * 3600) * 1000 },
    ...languageSettings(env),
    quotas: {
      storageBytes: int(env, "QUOTA_STORAGE_MB", 4096, 0, 1024 * 1024 * 1024) * 1024 * 1024,
      uploadsPerHour: int(env, "QUOTA_UPLOADS_PER_HOUR", 60, 0, 1_000_000),
    },
    diskReserveBytes: int(env, "DISK_RESERVE_MB", 1024, 0, 1024 * 1024 * 1024) * 1024 * 1024,
    uploadStallMs: int(env, "UPLOAD_STALL_SECONDS", 60, 1, 3600) * 1000,
    uploadMinBytesPerSecond: int(env, "UPLOAD_MIN_BYTES_PER_SECOND", 4096, 0, 1024 * 1024 * 1024),
    uploadPendingMax: int(env, "UPLOAD_PENDING_MAX", 4, 0, 1_000_000),
    uploadExpiryMs: int(env, "UPLOAD_EXPIRY_HOURS", 24, 1, 24 * 30) * 60 * 60 * 1000,
    tls,
    publicUrl: url(env, "PUBLIC_URL", ["http:", "https:"]),
    inContainer: bool(env, "CASEFILE_CONTAINER", false),
    trustProxy: bool(env, "TRUST_PROXY", false),
    venueAddresses: addressList(env, "VENUE_ADDRESSES"),
    admin: anyAdmin ? { username: adminUsername!, email: adminEmail!, password: adminPassword!, promote: adminPromote } : undefined,
    webDir: path.resolve(str(env, "WEB_DIR", "./dist/web")),
    backups: backupSettings(env),
    metricsToken: metricsToken(env),
    logFormat: oneOf(env, "LOG_FORMAT", "plain", ["plain", "json"] as const),
  };
}
