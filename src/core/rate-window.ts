// Paces scrape calls to the key's tier (5 / 15 / 150 / 300 a minute) so a formula spends its 30 seconds on answers,
// not on 429s. The window is kept in the document cache so the cells of one spreadsheet share it; concurrent cells
// can still overshoot a little, which the client's 429 handling absorbs.
import type { Cache } from './ports';

const WINDOW_MS = 60_000;

export class RateWindow {
  constructor(
    private readonly cache: Cache,
    private readonly cacheKey: string,
    private readonly perMinute: number,
  ) {}

  /** How many calls may start at `now`, and when the next one may start if none can. */
  allowance(now: number): { count: number; nextAt: number } {
    const recent = this.recent(now);
    const count = Math.max(0, this.perMinute - recent.length);
    const nextAt = count > 0 ? now : recent[recent.length - this.perMinute] + WINDOW_MS;
    return { count, nextAt };
  }

  record(now: number, calls: number): void {
    if (calls <= 0) return;
    const recent = this.recent(now);
    for (let i = 0; i < calls; i++) recent.push(now);
    this.cache.putAll({ [this.cacheKey]: JSON.stringify(recent.slice(-this.perMinute)) }, 120);
  }

  private recent(now: number): number[] {
    const stored = this.cache.getAll([this.cacheKey])[this.cacheKey];
    let times: unknown = [];
    try {
      times = stored === undefined ? [] : JSON.parse(stored);
    } catch {
      // A damaged entry only costs pacing accuracy.
    }
    return Array.isArray(times)
      ? times.filter((t): t is number => typeof t === 'number' && t > now - WINDOW_MS).sort((a, b) => a - b)
      : [];
  }
}
