/**
 * Fixed-window counters kept in memory. A venue may put hundreds of phones behind one address, so callers
 * give per-account keys tight limits and per-address keys loose ones.
 */
export type Limit = { max: number; windowMs: number };

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit; returns false when the key is over its limit. */
  hit(key: string, limit: Limit): boolean {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + limit.windowMs });
      this.sweep(now);
      return true;
    }
    window.count += 1;
    return window.count <= limit.max;
  }

  /** Whether the key is already over its limit, without counting. */
  blocked(key: string, limit: Limit): boolean {
    const window = this.windows.get(key);
    return !!window && window.resetAt > this.now() && window.count >= limit.max;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /** Failed logins for one account before it is paused. */
  loginFailuresPerAccount: { max: 10, windowMs: 15 * MINUTE },
  /** Login attempts from one address: generous, a whole venue may share it. */
  loginPerAddress: { max: 1000, windowMs: HOUR },
  registerPerAddress: { max: 500, windowMs: HOUR },
  checkPerAddress: { max: 3000, windowMs: HOUR },
  resetPerAccount: { max: 5, windowMs: HOUR },
  resetPerAddress: { max: 300, windowMs: HOUR },
} satisfies Record<string, Limit>;
