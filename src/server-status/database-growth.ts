/**
 * How fast the database grows, from its size as each look at the server's health saw it (every minute, and each time
 * the Server screen asks): the database's disk gets "hours left" as the media disk does. In memory, per instance.
 */
const HOUR_MS = 60 * 60_000;

export class DatabaseGrowth {
  private readonly samples: { at: number; bytes: number }[] = [];

  /** Records a size; the bytes per hour over the last hour's samples, or null before ten minutes of them. */
  perHour(bytes: number, now = Date.now()): number | null {
    this.samples.push({ at: now, bytes });
    while (this.samples.length > 2 && now - this.samples[0]!.at > HOUR_MS) this.samples.shift();
    const first = this.samples[0]!;
    const span = now - first.at;
    if (span < HOUR_MS / 6) return null;
    return Math.max(0, bytes - first.bytes) * (HOUR_MS / span);
  }
}
