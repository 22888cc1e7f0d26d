const TITLE_CARD_LENGTH = 8;

/** Cards show the first 8 characters of a title followed by ' ...' (spec §9). */
export function truncateTitle(title: string) {
  return title.length > TITLE_CARD_LENGTH ? `${title.slice(0, TITLE_CARD_LENGTH)} ...` : title;
}

const mediumDateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });
export function formatDateTime(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : mediumDateTime.format(date);
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
