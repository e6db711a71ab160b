import { RateWindow } from '../../src/core/rate-window';
import { memoryCache } from '../support/memory';

describe('RateWindow', () => {
  it('reserves at most the tier rate within any 60-second window', () => {
    const window = new RateWindow(memoryCache(), 'rate:k', 5);
    expect(window.reserve(1_000, 3)).toEqual({ count: 3, nextAt: 1_000 });
    expect(window.reserve(20_000, 9)).toEqual({ count: 2, nextAt: 20_000 });
    expect(window.reserve(30_000, 1)).toEqual({ count: 0, nextAt: 61_000 });
    expect(window.reserve(61_000, 5).count).toBe(3);
    expect(window.reserve(80_001, 5).count).toBe(2);
  });

  it('holds the slots of a batch until its requests have surely arrived', () => {
    const window = new RateWindow(memoryCache(), 'rate:k', 5);
    expect(window.reserve(0, 3).count).toBe(3);
    window.hold(0, 7_000, 3);
    expect(window.reserve(500, 2).count).toBe(2);
    window.hold(500, 1_000, 2);
    // The first batch's requests may have arrived up to 2 s after it started, the second's until it ended.
    expect(window.reserve(60_000, 1)).toEqual({ count: 0, nextAt: 61_000 });
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
});
