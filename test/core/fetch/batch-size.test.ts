import type { BatchOutcome } from '../../../src/core/api/execute';
import { BatchSize, INITIAL_BATCH, MAX_BATCH } from '../../../src/core/fetch/batch-size';
import { memoryCache } from '../../support/memory';

const outcome = (sent: number, trouble: Partial<BatchOutcome<unknown>> = {}): BatchOutcome<unknown> => ({
  sent,
  startedAt: 0,
  endedAt: 1,
  failedWhole: false,
  rateLimited: false,
  waitMs: 0,
  answers: [],
  ...trouble,
});

describe('BatchSize', () => {
  it('starts small, doubles while full batches answer, up to the most one fetchAll carries', () => {
    const size = BatchSize.load(memoryCache(), 'batch:x');
    const seen = [size.size];
    for (let i = 0; i < 4; i++) {
      size.observe(outcome(size.size));
      seen.push(size.size);
    }
    expect(seen).toEqual([INITIAL_BATCH, 20, 40, MAX_BATCH, MAX_BATCH]);
  });

  it('halves at a batch lost as a whole or a 429, then grows by a quarter at a time', () => {
    const size = BatchSize.load(memoryCache(), 'batch:x');
    size.observe(outcome(10, { failedWhole: true }));
    expect(size.size).toBe(5);
    size.observe(outcome(5));
    expect(size.size).toBe(6);
    size.observe(outcome(6, { rateLimited: true }));
    expect(size.size).toBe(3);
    size.observe(outcome(2));
    expect(size.size).toBe(3);
  });

  it('keeps growth in the cache once per call, when saved, and a cut at once', () => {
    const cache = memoryCache();
    const size = BatchSize.load(cache, 'batch:x');
    size.observe(outcome(INITIAL_BATCH));
    size.observe(outcome(2 * INITIAL_BATCH));
    expect(cache.data).toEqual({});
    size.save();
    expect(BatchSize.load(cache, 'batch:x').size).toBe(4 * INITIAL_BATCH);
    size.observe(outcome(40, { rateLimited: true }));
    expect(BatchSize.load(cache, 'batch:x').size).toBe(20);
    size.save();
    expect(BatchSize.load(cache, 'batch:x').size).toBe(20);
  });

  it('is remembered in the document cache, and a damaged entry starts over', () => {
    const cache = memoryCache();
    BatchSize.load(cache, 'batch:x').observe(outcome(10, { failedWhole: true }));
    expect(BatchSize.load(cache, 'batch:x').size).toBe(5);
    cache.putAll({ 'batch:x': '{"size": 5000}' }, 60);
    expect(BatchSize.load(cache, 'batch:x').size).toBe(INITIAL_BATCH);
  });
});
