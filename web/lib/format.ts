const TITLE_CARD_LENGTH = 8;

/** Cards show the first 8 characters of a title followed by ' ...' (spec §9). */
export function truncateTitle(title: string) {
  return title.length > TITLE_CARD_LENGTH ? `${title.slice(0, TITLE_CARD_LENGTH)} ...` : title;
}

const mediumDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
/** Where it happened to the second: for the participant and the investigator (spec: medium date-time). */
export function formatDateTime(iso: string) {
  return formatWith(mediumDateTime, iso);
}

const publicDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** The archive's dates, in the visitor's locale: seconds mean nothing to a visitor. */
export function formatPublicDateTime(iso: string) {
  return formatWith(publicDateTime, iso);
}

function formatWith(format: Intl.DateTimeFormat, iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 10 ? Math.round(value) : Number(value.toFixed(1))} ${units[unit]}`;
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
