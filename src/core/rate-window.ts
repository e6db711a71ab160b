// Paces scrape calls to the key's tier (5 / 15 / 150 / 300 a minute) so a run spends its time on answers, not on
// 429s. The window is kept in the document cache so the executions of one spreadsheet share it, and read and written
// under a lock: up to 30 formulas run at once, and the cache has no transactions, so two reading the same free slots
// would both send (nor can it list keys, so entries of each execution's own could not be found again). The fetch
// engine gives the user's lock, which a research poll does not hold for its whole poll as it does the document lock.
// The service counts a request when it arrives, moments after its batch starts (the time to connect), so a slot is
// reserved as taken until ARRIVAL_MARGIN_MS after it was reserved (the time read under the lock). Once its batch
// ends, the slot moves to when the requests can have arrived at the latest: earlier if the batch ended sooner (worth
// a lock cycle only while the call has more to send), later if the batch started later than the reservation allowed
// for (the execution was held up between reserving and sending): it is free again only 60 s after its request can
// have arrived. Holding slots until slow batches end instead would leave the ceiling unused for seconds every minute.
import { withLock } from './lock';
import type { Cache, Clock, Lock } from './ports';

const WINDOW_MS = 60_000;
/** By then every request of a batch has reached the service (parallel connections are set up at once). */
export const ARRIVAL_MARGIN_MS = 2_000;
/** Longer than the window, so a slot is never dropped while it still counts. */
const ENTRY_TTL_SECONDS = 120;
/** Others hold the lock for a read and a write, or (a research poll, a run's write) longer: then ask again later. */
export const RESERVE_LOCK_WAIT_MS = 250;
/** Freeing slots early only helps pacing: not worth waiting for. */
const FREE_EARLY_LOCK_WAIT_MS = 0;
/** Between the reservation's time and the batch's start: the window's write and the lock's release. */
const SEND_ALLOWANCE_MS = 250;
const BUSY = Symbol('lock busy');

export interface Reserved {
  count: number;
  /** When to ask again if count is 0. */
  nextAt: number;
  /** Nothing was reserved because another execution held the lock. */
  busy: boolean;
  /** Until when the reserved slots count as taken (for moveSlots once their batch ended). */
  heldUntil: number;
}

/** A batch sent on reserved slots, timed by the caller's clock. */
export interface SentBatch {
  sent: number;
  startedAt: number;
  endedAt: number;
}

export class RateWindow {
  /** `lock`: never held by the caller (taking it again would release the caller's). */
  constructor(
    private readonly cache: Cache,
    private readonly cacheKey: string,
    private readonly perMinute: number,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly lock: Lock | null = null,
  ) {}

  /**
   * Reserves up to `wanted` slots now; when none is free, says when to ask again, and whether it was the lock that was
   * busy (not the tier that is used up).
   */
  reserve(wanted: number): Reserved {
    const reserved = this.locked(RESERVE_LOCK_WAIT_MS, () => this.reserveNow(wanted));
    if (reserved !== BUSY) return reserved;
    return { count: 0, nextAt: this.clock.now() + RESERVE_LOCK_WAIT_MS, busy: true, heldUntil: 0 };
  }

  /**
   * Moves the slots reserved until `heldUntil` to when the batch's requests can have arrived at the latest: later
   * always, earlier (the batch ended before then) only while the caller has `more` to send.
   */
  moveSlots(heldUntil: number, batch: SentBatch, more: boolean): void {
    const arrived = Math.min(batch.endedAt, batch.startedAt + ARRIVAL_MARGIN_MS);
    const late = arrived > heldUntil;
    if (!late && !(more && batch.endedAt < heldUntil)) return;
    this.locked(late ? RESERVE_LOCK_WAIT_MS : FREE_EARLY_LOCK_WAIT_MS, () => {
      let moved = 0;
      const times = this.recent(this.clock.now()).map((time) =>
        time === heldUntil && moved < batch.sent ? (moved++, arrived) : time,
      );
      this.store(times);
    });
  }

  private reserveNow(wanted: number): Reserved {
    const now = this.clock.now();
    const recent = this.recent(now);
    const count = Math.min(wanted, Math.max(0, this.perMinute - recent.length));
    if (count === 0) {
      return { count, nextAt: recent[recent.length - this.perMinute] + WINDOW_MS, busy: false, heldUntil: 0 };
    }
    const heldUntil = now + SEND_ALLOWANCE_MS + ARRIVAL_MARGIN_MS;
    for (let i = 0; i < count; i++) recent.push(heldUntil);
    this.store(recent);
    return { count, nextAt: now, busy: false, heldUntil };
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
