import { t } from "../features/i18n/i18n";
import { activeLocale } from "./format";

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat() {
  const locale = activeLocale();
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })));
  return format;
}

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago": how long ago `iso` was, as of `now`. */
export function relativeTime(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  if (Math.abs(seconds) < 45) return t("time.just_now");
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat().format(Math.round(seconds / size), unit);
  }
  return relativeFormat().format(Math.round(seconds / 60), "minute");
}
