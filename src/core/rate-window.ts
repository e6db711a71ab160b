// Paces scrape calls to the key's tier (5 / 15 / 150 / 300 a minute) so a run spends its time on answers, not on
// 429s. The window is kept in the document cache so the executions of one spreadsheet share it, and read and written
// under a lock: up to 30 formulas run at once, and the cache has no transactions, so two reading the same free slots
// would both send (nor can it list keys, so entries of each execution's own could not be found again). The fetch
// engine gives the user's lock, which a research poll does not hold for its whole poll as it does the document lock.
// The service counts a request when it arrives, moments after its batch starts (the time to connect), so a slot is
// reserved as taken until ARRIVAL_MARGIN_MS after the start, or until the batch ended if that is sooner: it is free
// again only 60 s after its request can have arrived. Holding slots until slow batches end instead would leave the
// ceiling unused for seconds in every minute.
import { withLock } from './lock';
import type { Cache, Lock } from './ports';

const WINDOW_MS = 60_000;
/** By then every request of a batch has reached the service (parallel connections are set up at once). */
export const ARRIVAL_MARGIN_MS = 2_000;
/** Longer than the window, so a slot is never dropped while it still counts. */
const ENTRY_TTL_SECONDS = 120;
/** Others hold the lock for a read and a write, or (a research poll, a run's write) longer: then ask again later. */
export const RESERVE_LOCK_WAIT_MS = 250;
/** Freeing slots early only helps pacing: not worth waiting for. */
const HOLD_LOCK_WAIT_MS = 0;
const BUSY = Symbol('lock busy');

export interface Reserved {
  count: number;
  /** When to ask again if count is 0. */
  nextAt: number;
  /** Nothing was reserved because another execution held the lock. */
  busy: boolean;
}

export class RateWindow {
  /** `lock`: never held by the caller (taking it again would release the caller's). */
  constructor(
    private readonly cache: Cache,
    private readonly cacheKey: string,
    private readonly perMinute: number,
    private readonly lock: Lock | null = null,
  ) {}

  /**
   * Reserves up to `wanted` slots at `now`; when none is free, says when to ask again, and whether it was the lock
   * that was busy (not the tier that is used up).
   */
  reserve(now: number, wanted: number): Reserved {
    const reserved = this.locked(RESERVE_LOCK_WAIT_MS, () => this.reserveNow(now, wanted));
    return reserved === BUSY ? { count: 0, nextAt: now + RESERVE_LOCK_WAIT_MS, busy: true } : reserved;
  }

  /** Frees `count` slots reserved at `reservedAt` early when their batch ended before the arrival margin. */
  hold(reservedAt: number, endedAt: number, count: number): void {
    const heldUntil = this.heldUntil(reservedAt);
    if (endedAt >= heldUntil) return;
    this.locked(HOLD_LOCK_WAIT_MS, () => {
      let moved = 0;
      const times = this.recent(endedAt).map((time) =>
        time === heldUntil && moved < count ? (moved++, endedAt) : time,
      );
      this.store(times);
    });
  }

  /**
   * Until when a slot reserved at `reservedAt` counts as taken at the latest: its request may leave only after the
   * lock was had (`reservedAt` is when the caller asked) and arrive a margin later.
   */
  private heldUntil(reservedAt: number): number {
    return reservedAt + ARRIVAL_MARGIN_MS + (this.lock === null ? 0 : RESERVE_LOCK_WAIT_MS);
  }

  private reserveNow(now: number, wanted: number): Reserved {
    const recent = this.recent(now);
    const count = Math.min(wanted, Math.max(0, this.perMinute - recent.length));
    if (count === 0) return { count, nextAt: recent[recent.length - this.perMinute] + WINDOW_MS, busy: false };
    for (let i = 0; i < count; i++) recent.push(this.heldUntil(now));
    this.store(recent);
    return { count, nextAt: now, busy: false };
  }

  private locked<T>(waitMs: number, fn: () => T): T | typeof BUSY {
    return this.lock === null ? fn() : withLock(this.lock, waitMs, BUSY, fn);
  }

  private store(times: number[]): void {
    const latest = [...times].sort((a, b) => a - b).slice(-this.perMinute);
    this.cache.putAll({ [this.cacheKey]: JSON.stringify(latest) }, ENTRY_TTL_SECONDS);
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
