/**
 * A size in a refusal's sentence, in decimal units (1 MB = 1,000,000 bytes) as phones and the web app show a file's
 * size, so "at most 1.1 GB" and the phone's "1.2 GB" compare. Limits set in MiB (MAX_UPLOAD_MB) are converted, not
 * relabelled: 1024 MiB reads "1.1 GB", never "1024 MB".
 */
const UNITS = ["B", "KB", "MB", "GB"] as const;

export function sizeText(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (Math.round(value) >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const shown = unit > 0 && value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}
