// Paces scrape calls to the key's tier (5 / 15 / 150 / 300 a minute) so a run spends its time on answers, not on
// 429s. The window is kept in the document cache so the executions of one spreadsheet share it. A batch reserves its
// slots when it starts and holds them until it has ended: the service counts a request when it arrives, which is
// somewhere in between, so a slot freed 60 s after the batch ended can never make 61 s of requests look like 60.
import type { Cache } from './ports';

const WINDOW_MS = 60_000;
/** Longer than the window, so a slot is never dropped while it still counts. */
const ENTRY_TTL_SECONDS = 120;

export class RateWindow {
  constructor(
    private readonly cache: Cache,
    private readonly cacheKey: string,
    private readonly perMinute: number,
  ) {}

  /** Reserves up to `wanted` slots at `now`; when none is free, says when the next one frees up. */
  reserve(now: number, wanted: number): { count: number; nextAt: number } {
    const recent = this.recent(now);
    const count = Math.min(wanted, Math.max(0, this.perMinute - recent.length));
    if (count === 0) return { count, nextAt: recent[recent.length - this.perMinute] + WINDOW_MS };
    for (let i = 0; i < count; i++) recent.push(now);
    this.store(recent);
    return { count, nextAt: now };
  }

  /** Moves `count` slots reserved at `reservedAt` to `endedAt`, when their batch has answered. */
  hold(reservedAt: number, endedAt: number, count: number): void {
    const recent = this.recent(endedAt);
    let moved = 0;
    const times = recent.map((time) => (time === reservedAt && moved < count ? (moved++, endedAt) : time));
    // Slots another execution's damaged write lost are held anyway.
    while (moved++ < count) times.push(endedAt);
    this.store(times.sort((a, b) => a - b));
  }

  private store(times: number[]): void {
    this.cache.putAll({ [this.cacheKey]: JSON.stringify(times.slice(-this.perMinute)) }, ENTRY_TTL_SECONDS);
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
