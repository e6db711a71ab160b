// Paces scrape calls to the key's tier (5 / 15 / 150 / 300 a minute) so a run spends its time on answers, not on
// 429s. The window is kept in the document cache so the executions of one spreadsheet share it. A batch reserves its
// slots when it starts; the service counts a request when it arrives, moments later (the time to connect), so each
// slot is held until ARRIVAL_MARGIN_MS after the start, or until the batch ended if that is sooner: a slot is free
// again only 60 s after its request can have arrived. Holding slots until slow batches end instead would leave the
// ceiling unused for seconds in every minute.
import type { Cache } from './ports';

const WINDOW_MS = 60_000;
/** By then every request of a batch has reached the service (parallel connections are set up at once). */
export const ARRIVAL_MARGIN_MS = 2_000;
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

  /** Holds `count` slots reserved at `reservedAt` until their requests have surely arrived (see above). */
  hold(reservedAt: number, endedAt: number, count: number): void {
    const heldUntil = Math.min(endedAt, reservedAt + ARRIVAL_MARGIN_MS);
    if (heldUntil === reservedAt) return;
    const recent = this.recent(endedAt);
    let moved = 0;
    const times = recent.map((time) => (time === reservedAt && moved < count ? (moved++, heldUntil) : time));
    // Slots another execution's damaged write lost are held anyway.
    while (moved++ < count) times.push(heldUntil);
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
