import { i18n, t } from "../features/i18n/i18n";
import { decimalSize } from "../../src/http/size-text";

const TITLE_CARD_LENGTH = 8;

/** Cards show the first 8 characters of a title followed by ' ...' (spec §9). */
export function truncateTitle(title: string) {
  return title.length > TITLE_CARD_LENGTH ? `${title.slice(0, TITLE_CARD_LENGTH)} ...` : title;
}

/** The active language's tag for Intl (English before any catalog is loaded). */
export const activeLocale = () => i18n.locale || "en";

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
/** One Intl formatter per language and options, made on first use (making one costs more than using it). */
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: (locale: string) => T): T {
  const locale = activeLocale();
  const id = `${locale}|${key}`;
  let format = formats.get(id);
  if (!format) formats.set(id, (format = make(locale)));
  return format as T;
}

/** Where it happened to the second: for the participant and the investigator (spec: medium date-time). */
export function formatDateTime(iso: string) {
  return formatWith(cached("medium", (locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "medium" })), iso);
}

/** The archive's dates, in the visitor's language: seconds mean nothing to a visitor. */
export function formatPublicDateTime(iso: string) {
  return formatWith(cached("public", (locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" })), iso);
}

/** A day without its time ("14 Mar 2026"). */
export function formatDate(iso: string) {
  return formatWith(cached("date", (locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium" })), iso);
}

/** A time of day without its date ("21:40"). */
export function formatTime(iso: string) {
  return formatWith(cached("time", (locale) => new Intl.DateTimeFormat(locale, { timeStyle: "short" })), iso);
}

function formatWith(format: Intl.DateTimeFormat, iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

/** A count as the language writes it ("1,234", "1 234", "١٬٢٣٤"). */
export function formatNumber(value: number) {
  return cached("number", (locale) => new Intl.NumberFormat(locale)).format(value);
}

const BYTE_UNITS = ["size.bytes", "size.kilobytes", "size.megabytes", "size.gigabytes"] as const;

/**
 * 512 B, 1.5 MB, 210 MB, in the language's own units: decimal multiples (1 MB = 1,000,000 bytes), as phones show a
 * file's size, so the number agrees with its label (a 1024 MiB limit reads "1.1 GB", never "1024 MB").
 */
export function formatBytes(bytes: number) {
  const { size, unit } = decimalSize(bytes);
  return t(BYTE_UNITS[unit], { size });
}

/** 0:07, 4:05, 1:02:03: a clip's length as a player shows it. */
export function formatDuration(ms: number) {
  const total = Math.max(0, Math.round(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const two = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** A "lat, lon" location as the participant's phone gave it, or null when it is not a pair of coordinates. */
export function coordinatesOf(location: string): { lat: number; lon: number } | null {
  const match = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(location);
  if (!match) return null;
  const [lat, lon] = [Number(match[1]), Number(match[2])];
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}
