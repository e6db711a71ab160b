import { ARRIVAL_MARGIN_MS, RESERVE_LOCK_WAIT_MS, RateWindow } from '../../src/core/rate-window';
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

/** The time a slot reserved at `at` counts from: its request may leave after the window's write, and arrive later. */
const HELD = 250 + ARRIVAL_MARGIN_MS;

function setup(perMinute = 5, lock: Lock | null = null, cache: Cache = memoryCache()) {
  const clock = { time: 0, now: () => clock.time };
  const window = new RateWindow(cache, 'rate:k', perMinute, clock, lock);
  /** Reserves at `time`. */
  const reserveAt = (time: number, wanted: number) => ((clock.time = time), window.reserve(wanted));
  return { clock, window, reserveAt, cache };
}

describe('RateWindow', () => {
  it('reserves at most the tier rate within any 60-second window, each slot taken until its request arrived', () => {
    const { reserveAt } = setup();
    expect(reserveAt(0, 3)).toEqual({ count: 3, nextAt: 0, busy: false, heldUntil: HELD });
    expect(reserveAt(20_000, 9)).toEqual({ count: 2, nextAt: 20_000, busy: false, heldUntil: 20_000 + HELD });
    expect(reserveAt(30_000, 1)).toEqual({ count: 0, nextAt: HELD + 60_000, busy: false, heldUntil: 0 });
    expect(reserveAt(HELD + 60_000, 5).count).toBe(3);
    expect(reserveAt(20_000 + HELD + 60_001, 5).count).toBe(2);
  });

  it('frees the slots of a batch that ended before their time from when it ended, while the call has more to send', () => {
    const { window, reserveAt } = setup();
    const first = reserveAt(0, 3);
    window.moveSlots(first.heldUntil, { sent: 3, startedAt: 0, endedAt: 7_000 }, true);
    const second = reserveAt(500, 2);
    window.moveSlots(second.heldUntil, { sent: 2, startedAt: 500, endedAt: 1_000 }, true);
    // The first batch's requests may have arrived until their slots' time, the second's until it ended.
    expect(reserveAt(60_000, 1)).toEqual({ count: 0, nextAt: 61_000, busy: false, heldUntil: 0 });
    expect(reserveAt(61_001, 5).count).toBe(2);
    expect(reserveAt(HELD + 60_001, 5).count).toBe(3);
  });

  it("leaves the last batch's slots to their time: freeing them early would cost a lock cycle for nothing", () => {
    const { window, reserveAt } = setup(1);
    const last = reserveAt(0, 1);
    window.moveSlots(last.heldUntil, { sent: 1, startedAt: 0, endedAt: 500 }, false);
    expect(reserveAt(60_600, 1)).toEqual({ count: 0, nextAt: HELD + 60_000, busy: false, heldUntil: 0 });
  });

  it('moves the slots later when their batch started later than the reservation allowed for', () => {
    const { window, reserveAt } = setup();
    const held = reserveAt(0, 5);
    // The execution was held up between reserving and sending: its requests arrived up to 12 s in.
    window.moveSlots(held.heldUntil, { sent: 5, startedAt: 10_000, endedAt: 15_000 }, false);
    expect(reserveAt(HELD + 60_001, 1)).toEqual({ count: 0, nextAt: 72_000, busy: false, heldUntil: 0 });
    expect(reserveAt(72_001, 5).count).toBe(5);
  });

  it('shares the window through the cache, so two executions together stay under the rate', () => {
    const cache = memoryCache();
    expect(setup(15, null, cache).reserveAt(0, 10).count).toBe(10);
    expect(setup(15, null, cache).reserveAt(1_000, 10).count).toBe(5);
  });

  it('survives a damaged cache entry', () => {
    const cache = memoryCache();
    cache.putAll({ 'rate:k': 'not json' }, 60);
    expect(setup(15, null, cache).reserveAt(0, 20).count).toBe(15);
  });

  it('reserves under the lock; while another execution holds it, gets nothing and asks again after the wait', () => {
    const lock = sharedLock();
    const other = lock.handle();
    const { reserveAt } = setup(5, lock.handle());
    other.tryLock(0);
    expect(reserveAt(1_000, 3)).toEqual({
      count: 0,
      nextAt: 1_000 + RESERVE_LOCK_WAIT_MS,
      busy: true,
      heldUntil: 0,
    });
    other.release();
    expect(reserveAt(2_000, 3)).toEqual({ count: 3, nextAt: 2_000, busy: false, heldUntil: 2_000 + HELD });
    expect(lock.state.holder).toBeNull();
    expect(reserveAt(3_000, 5).count).toBe(2);
    expect(reserveAt(4_000, 1)).toEqual({ count: 0, nextAt: 2_000 + HELD + 60_000, busy: false, heldUntil: 0 });
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
          reserved.push(setup(5, lock.handle(), interleaving).reserveAt(nested, 5).count);
        }
        return entries;
      },
    };
    reserved.push(setup(5, lock.handle(), interleaving).reserveAt(0, 5).count);
    expect(reserved.reduce((sum, count) => sum + count, 0)).toBe(5);
  });
});
