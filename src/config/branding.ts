/**
 * The operator's branding (ACCENT_COLOR, LOGO_FILE, LANDING_IMAGE_FILE, ARCHIVE_INTRO_FILE): read and checked once at
 * start, so a wrong file stops the start with one line naming its variable instead of failing in a visitor's browser.
 */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { sizeText } from "../http/size-text";

/** An operator's image, held in memory (at most a few MB) so it is served without touching the disk again. */
export type BrandImage = { bytes: Uint8Array<ArrayBuffer>; contentType: string };

export type Branding = {
  /** `#rrggbb`, lower case. */
  accentColor: string;
  /** Text on the accent: white or near-black, whichever contrasts more with it (WCAG). */
  onAccent: string;
  /** The accent darkened by 15 %, for hover and pressed states. */
  accentStrong: string;
  /** Undefined: the web app's built-in image is used. */
  logo: BrandImage | undefined;
  landingImage: BrandImage | undefined;
  /** The public archive's introduction from ARCHIVE_INTRO_FILE, one string per paragraph; [] without the file. */
  archiveIntro: string[];
};

export type BrandingFail = (name: string, why: string) => never;
type Env = Record<string, string | undefined>;

const MB = 1024 * 1024;
const LOGO_MAX_BYTES = 1 * MB;
const LANDING_MAX_BYTES = 5 * MB;
const INTRO_MAX_CHARACTERS = 10_000;

export const DEFAULT_ACCENT = "#b3261e";
const LIGHT_TEXT = "#ffffff";
const DARK_TEXT = "#111111";

const channels = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
const toHex = (rgb: number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/** WCAG 2 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

export function textColourOn(accent: string): string {
  return contrastRatio(accent, LIGHT_TEXT) >= contrastRatio(accent, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

export function darkened(hex: string, by = 0.15): string {
  return toHex(channels(hex).map((c) => Math.round(c * (1 - by))));
}

/** What an image file is: PNG, JPEG and WebP by their bytes; SVG by its name and an `<svg` root in UTF-8 text. */
export function imageType(file: string, bytes: Uint8Array): string | undefined {
  const ascii = (start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") return "image/webp";
  if (path.extname(file).toLowerCase() !== ".svg") return undefined;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
  return /<svg[\s>]/i.test(text) ? "image/svg+xml" : undefined;
}

/** A file's bytes, or a stop naming the variable (missing, a folder, too large, unreadable). */
function readLimited(name: string, file: string, maxBytes: number, limit: string, fail: BrandingFail): Uint8Array<ArrayBuffer> {
  const unreadable = (error: unknown): never =>
    fail(name, `names a file that cannot be read: "${file}" (${(error as NodeJS.ErrnoException).code ?? error})`);
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return unreadable({ code: "ENOENT" });
  if (!stat.isFile()) fail(name, `must name a file, got the folder "${file}"`);
  if (stat.size > maxBytes) fail(name, `must be at most ${limit}, "${file}" is larger (${stat.size} bytes)`);
  try {
    return new Uint8Array(readFileSync(file));
  } catch (error) {
    return unreadable(error);
  }
}

function image(env: Env, name: string, maxBytes: number, fail: BrandingFail): BrandImage | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const file = path.resolve(raw);
  const bytes = readLimited(name, file, maxBytes, sizeText(maxBytes), fail);
  const contentType = imageType(file, bytes);
  if (!contentType) fail(name, `must be a PNG, JPEG, WebP or SVG image, got "${file}"`);
  return { bytes, contentType };
}

/** Paragraphs are separated by blank lines; line breaks inside one are spaces. */
export function paragraphs(text: string): string[] {
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n[ \t]*\r?\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

function archiveIntro(env: Env, fail: BrandingFail): string[] {
  const name = "ARCHIVE_INTRO_FILE";
  const raw = env[name];
  if (raw === undefined || raw === "") return [];
  const file = path.resolve(raw);
  // 4 bytes per character at most in UTF-8: a larger file cannot be within the limit.
  const bytes = readLimited(name, file, INTRO_MAX_CHARACTERS * 4, `${INTRO_MAX_CHARACTERS} characters`, fail);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    fail(name, `must be a UTF-8 text file, got "${file}"`);
  }
  const characters = [...text].length;
  if (characters > INTRO_MAX_CHARACTERS) fail(name, `must be at most ${INTRO_MAX_CHARACTERS} characters, "${file}" has ${characters}`);
  const intro = paragraphs(text);
  if (intro.length === 0) fail(name, `must contain some text, "${file}" is empty`);
  return intro;
}

export function loadBranding(env: Env, fail: BrandingFail): Branding {
  const raw = env.ACCENT_COLOR;
  const accentColor = (raw === undefined || raw === "" ? DEFAULT_ACCENT : raw).toLowerCase();
  if (!/^#[0-9a-f]{6}$/.test(accentColor)) fail("ACCENT_COLOR", `must be a colour written #rrggbb, got "${raw}"`);
  return {
    accentColor,
    onAccent: textColourOn(accentColor),
    accentStrong: darkened(accentColor),
    logo: image(env, "LOGO_FILE", LOGO_MAX_BYTES, fail),
    landingImage: image(env, "LANDING_IMAGE_FILE", LANDING_MAX_BYTES, fail),
    archiveIntro: archiveIntro(env, fail),
  };
}
