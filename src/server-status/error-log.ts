/**
 * What went wrong on this instance in the last hour, for the Server screen: server errors (5xx answers, by route
 * pattern, never a path with ids or a body) and failed jobs. In memory: a restart starts an empty hour.
 */
const HOUR_MS = 60 * 60_000;
const KEPT = 200;

export type ErrorEntry = { at: string; what: string };

export class ErrorLog {
  private readonly entries: ErrorEntry[] = [];

  record(what: string): void {
    this.entries.push({ at: new Date().toISOString(), what });
    if (this.entries.length > KEPT) this.entries.splice(0, this.entries.length - KEPT);
  }

  lastHour(now = Date.now()): { count: number; latest: ErrorEntry[] } {
    const recent = this.entries.filter((entry) => now - Date.parse(entry.at) < HOUR_MS);
    return { count: recent.length, latest: recent.slice(-5).reverse() };
  }
}
