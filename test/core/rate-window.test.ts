import { RateWindow } from '../../src/core/rate-window';
import { memoryCache } from '../support/memory';

describe('RateWindow', () => {
  it('allows the tier rate within any 60-second window', () => {
    const window = new RateWindow(memoryCache(), 'rate:k', 5);
    expect(window.allowance(1_000)).toEqual({ count: 5, nextAt: 1_000 });
    window.record(1_000, 3);
    window.record(20_000, 2);
    expect(window.allowance(30_000)).toEqual({ count: 0, nextAt: 61_000 });
    expect(window.allowance(61_000).count).toBe(3);
    expect(window.allowance(80_001).count).toBe(5);
  });

  it('survives a damaged cache entry', () => {
    const cache = memoryCache();
    cache.putAll({ 'rate:k': 'not json' }, 60);
    expect(new RateWindow(cache, 'rate:k', 15).allowance(0).count).toBe(15);
  });
});
