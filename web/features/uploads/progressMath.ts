import { t } from "../i18n/i18n";
/**
 * Speed, time left, slowness and stall detection from progress samples: pure, so they are tested without a network.
 * Samples are what the server confirmed (tus offsets after each chunk), not what the browser handed to its socket:
 * the socket's buffer swallows megabytes at once and then drains at the link's pace, so counting it overstated the
 * speed and then showed "0 B/s" while the bytes were still moving. Speed is measured over the last window only, so a
 * link that slows down shows it soon.
 */
export interface Sample {
  at: number;
  bytes: number;
}

export const SPEED_WINDOW_MS = 15_000;
/** Time left is shown only once the speed rests on confirmations this far apart (before, it jumps about). */
export const STABLE_MS = 6000;
/** No confirmation for this long while the connection still carries bytes: "Slow connection". */
export const SLOW_MS = 8000;
/** No new byte for this long: the connection is shown as lost (and the request is started again). */
export const STALL_MS = 15_000;

/** Keeps the samples of the last window (and the one just before it, the window's starting point). */
export function addSample(samples: Sample[], sample: Sample, windowMs = SPEED_WINDOW_MS): Sample[] {
  const kept = [...samples, sample];
  let first = 0;
  while (first < kept.length - 2 && kept[first + 1]!.at <= sample.at - windowMs) first++;
  return kept.slice(first);
}

/** Bytes per second over the samples, or null until there is at least a second of them. */
export function speedOf(samples: Sample[]): number | null {
  if (samples.length < 2) return null;
  const first = samples[0]!;
  const last = samples[samples.length - 1]!;
  const elapsed = last.at - first.at;
  if (elapsed < 1000) return null;
  return Math.max(0, ((last.bytes - first.bytes) * 1000) / elapsed);
}

/** Seconds left at the current speed, or null when unknown (no speed yet, or nothing moving). */
export function secondsLeft(sent: number, total: number, speed: number | null): number | null {
  if (sent >= total) return 0;
  if (!speed) return null;
  return Math.ceil((total - sent) / speed);
}

/** Seconds left, once the speed is stable (see STABLE_MS); null until then. */
export function stableSecondsLeft(samples: Sample[], sent: number, total: number): number | null {
  const span = samples.length < 2 ? 0 : samples[samples.length - 1]!.at - samples[0]!.at;
  return span >= STABLE_MS ? secondsLeft(sent, total, speedOf(samples)) : null;
}

/** Bytes handed to the connection this recently still count as moving. */
export const MOVING_MS = 3000;

/**
 * What can truly be said of the pace: "measured" while confirmations come (the speed holds), "slow" when none came for
 * SLOW_MS but the connection still takes bytes, "quiet" when neither happens (no speed is claimed until either
 * resumes, or the stall limit calls the connection lost).
 */
export type Pace = "measured" | "slow" | "quiet";

export function paceOf(lastConfirmedAt: number, lastMovedAt: number, now: number): Pace {
  if (now - lastConfirmedAt < SLOW_MS) return "measured";
  return now - lastMovedAt < MOVING_MS ? "slow" : "quiet";
}

/** True when the last byte moved longer ago than the stall limit. */
export function isStalled(lastProgressAt: number, now: number, stallMs = STALL_MS) {
  return now - lastProgressAt >= stallMs;
}

/** "about 3 min left", "about 20 s left", "less than 5 s left": calm, rounded, never jumpy to the second. */
export function describeTimeLeft(seconds: number | null): string {
  if (seconds === null) return "";
  if (seconds < 5) return t("upload.left.few_seconds");
  if (seconds < 60) return t("upload.left.seconds", { seconds: Math.ceil(seconds / 5) * 5 });
  if (seconds < 3600) return t("upload.left.minutes", { minutes: Math.round(seconds / 60) });
  const hours = Math.floor(seconds / 3600);
  return t("upload.left.hours", { hours, minutes: Math.round((seconds - hours * 3600) / 60) });
}
