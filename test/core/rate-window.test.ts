import { RESERVE_LOCK_WAIT_MS, RateWindow } from '../../src/core/rate-window';
import type { Cache, Lock } from '../../src/core/ports';
import { memoryCache } from '../support/memory';

/** One lock shared by several executions, as the user lock of formulas and runs is: each execution gets its own handle. */
function sharedLock() {
  const state = { holder: null as number | null, cycles: 0 };
  let executions = 0;
  const handle = (): Lock => {
    const me = ++executions;
    return {
      tryLock: () => {
        if (state.holder !== null && state.holder !== me) return false;
        state.cycles++;
        state.holder = me;
        return true;
      },
      release: () => void (state.holder === me && (state.holder = null)),
    };
  };
  return { state, handle };
}

describe('RateWindow', () => {
  it('reserves at most the tier rate within any 60-second window, each slot taken until its request arrived', () => {
    const window = new RateWindow(memoryCache(), 'rate:k', 5);
    expect(window.reserve(0, 3)).toEqual({ count: 3, nextAt: 0, busy: false });
    expect(window.reserve(20_000, 9)).toEqual({ count: 2, nextAt: 20_000, busy: false });
    expect(window.reserve(30_000, 1)).toEqual({ count: 0, nextAt: 62_000, busy: false });
    expect(window.reserve(62_000, 5).count).toBe(3);
    expect(window.reserve(82_001, 5).count).toBe(2);
  });

  it('frees the slots of a batch that ended before its arrival margin from when it ended', () => {
    const window = new RateWindow(memoryCache(), 'rate:k', 5);
    expect(window.reserve(0, 3).count).toBe(3);
    window.hold(0, 7_000, 3);
    expect(window.reserve(500, 2).count).toBe(2);
    window.hold(500, 1_000, 2);
    // The first batch's requests may have arrived up to 2 s after it started, the second's until it ended.
    expect(window.reserve(60_000, 1)).toEqual({ count: 0, nextAt: 61_000, busy: false });
    expect(window.reserve(61_001, 5).count).toBe(2);
    expect(window.reserve(62_001, 5).count).toBe(3);
  });

  it('shares the window through the cache, so two executions together stay under the rate', () => {
    const cache = memoryCache();
    expect(new RateWindow(cache, 'rate:k', 15).reserve(0, 10).count).toBe(10);
    expect(new RateWindow(cache, 'rate:k', 15).reserve(1_000, 10).count).toBe(5);
  });

  it('survives a damaged cache entry', () => {
    const cache = memoryCache();
    cache.putAll({ 'rate:k': 'not json' }, 60);
    expect(new RateWindow(cache, 'rate:k', 15).reserve(0, 20).count).toBe(15);
  });

  it('reserves under the lock; while another execution holds it, gets nothing and asks again after the wait', () => {
    const lock = sharedLock();
    const other = lock.handle();
    const window = new RateWindow(memoryCache(), 'rate:k', 5, lock.handle());
    other.tryLock(0);
    expect(window.reserve(1_000, 3)).toEqual({ count: 0, nextAt: 1_000 + RESERVE_LOCK_WAIT_MS, busy: true });
    other.release();
    expect(window.reserve(2_000, 3)).toEqual({ count: 3, nextAt: 2_000, busy: false });
    expect(lock.state.holder).toBeNull();
    // Slots are taken until the request arrived after the lock wait.
    expect(window.reserve(3_000, 5)).toEqual({ count: 2, nextAt: 3_000, busy: false });
    expect(window.reserve(4_000, 1)).toEqual({
      count: 0,
      nextAt: 2_000 + 2_000 + RESERVE_LOCK_WAIT_MS + 60_000,
      busy: false,
    });
  });

  it('never passes the tier when another execution reserves between its read and its write', () => {
    const cache = memoryCache();
    const lock = sharedLock();
    const reserved: number[] = [];
    // Each read of the window lets one more execution (up to 4) run its reservation to the end right there.
    let nested = 0;
    const interleaving: Cache = {
      ...cache,
      getAll: (keys) => {
        const entries = cache.getAll(keys);
        if (nested < 4) {
          nested++;
          reserved.push(new RateWindow(interleaving, 'rate:k', 5, lock.handle()).reserve(nested, 5).count);
        }
        return entries;
      },
    };
    reserved.push(new RateWindow(interleaving, 'rate:k', 5, lock.handle()).reserve(0, 5).count);
    expect(reserved.reduce((sum, count) => sum + count, 0)).toBe(5);
  });
});
