/** The recorder's clock: time spent recording, pauses left out. Pure, so the timer and the saved duration agree. */
export interface Stopwatch {
  /** Milliseconds recorded before the current run. */
  banked: number;
  /** When the current run began (performance.now()), or null while paused. */
  runningSince: number | null;
}

export const startedAt = (now: number): Stopwatch => ({ banked: 0, runningSince: now });

export function elapsedMs(clock: Stopwatch, now: number) {
  return clock.banked + (clock.runningSince === null ? 0 : Math.max(0, now - clock.runningSince));
}

export const paused = (clock: Stopwatch, now: number): Stopwatch => ({ banked: elapsedMs(clock, now), runningSince: null });
export const resumed = (clock: Stopwatch, now: number): Stopwatch => (clock.runningSince === null ? { ...clock, runningSince: now } : clock);

/** The spec's timer, minutes:seconds (00:07, 12:34, 75:00). */
export function formatTimer(ms: number) {
  const totalSeconds = Math.floor(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
}
