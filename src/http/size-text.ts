/**
 * A size in decimal units (1 MB = 1,000,000 bytes) as phones show a file's size, so "at most 1.1 GB" and the phone's
 * "1.2 GB" compare. Limits set in MiB (MAX_UPLOAD_MB) are converted, not relabelled: 1024 MiB reads "1.1 GB", never
 * "1024 MB". Imports nothing: the web app words the same number in the reader's language (web/lib/format.ts).
 */
const UNITS = ["B", "KB", "MB", "GB"] as const;

/** The number to show (one decimal below 10 of a unit) and its unit's index in B, KB, MB, GB. */
export function decimalSize(bytes: number): { size: number; unit: 0 | 1 | 2 | 3 } {
  let value = bytes;
  let unit = 0;
  while (Math.round(value) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return { size: unit > 0 && value < 10 ? Math.round(value * 10) / 10 : Math.round(value), unit: unit as 0 | 1 | 2 | 3 };
}

/** A size in a refusal's sentence (the server's messages are English; the web app translates by code). */
export function sizeText(bytes: number): string {
  const { size, unit } = decimalSize(bytes);
  return `${size} ${UNITS[unit]}`;
}
