// The answers' packs: many answers to a cache entry, an index that finds them, the platform's limits; a few answers
// each under a key of its own, which concurrent writes never lose; and losses that only ever cost a refetch.
import { AnswerCache } from '../../../src/core/fetch/answer-cache';
import type { Cache } from '../../../src/core/ports';
import { FakeClock } from '../api/fakes';
import { CountingCache, sha256 } from './fakes';

const SCOPE = { baseUrl: 'https://api.test', operation: 'profileRecord' };
const HOUR = 3_600_000;

/** An answer of about `bytes` bytes, telling which input it belongs to. */
function answerFor(input: string, bytes = 5_000): Record<string, unknown> {
  return { input, summary: 'x'.repeat(bytes) };
}

function setup(maxItems = 1_000) {
  const clock = new FakeClock();
  const cache = new CountingCache(clock, maxItems);
  const answers = (store: Cache = cache) => new AnswerCache(store, sha256, clock, SCOPE);
  return { clock, cache, answers };
}

const inputs = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

function writeInBatches(cache: AnswerCache, all: string[], size: number, bytes = 5_000): void {
  for (let start = 0; start < all.length; start += size) {
    cache.write(new Map(all.slice(start, start + size).map((input) => [input, answerFor(input, bytes)])));
  }
}

describe('AnswerCache', () => {
  it('keeps 2,000 answers in a small part of the cache and reads them all back in two calls', () => {
    const { cache, answers } = setup();
    const all = inputs('p', 2_000);
    writeInBatches(answers(), all, 50);
    // 10 MB of answers in packs of up to 90 KB, plus the index entries.
    expect(cache.data.size).toBe(136);
    cache.resetCalls();
    const read = answers().read(all);
    expect(cache.calls).toEqual({ getAll: 2, putAll: 0 });
    expect(read.size).toBe(2_000);
    for (const input of all) expect(read.get(input)).toEqual(answerFor(input));
  });

  it('stores the single answers of a filled-down column each under its own key, read back in one call', () => {
    const { cache, answers } = setup();
    const all = inputs('cell', 300);
    writeInBatches(answers(), all, 1);
    expect(cache.data.size).toBe(300);
    cache.resetCalls();
    const read = answers().read(all);
    expect(cache.calls).toEqual({ getAll: 1, putAll: 0 });
    expect(read.size).toBe(300);
    for (const input of all) expect(read.get(input)).toEqual(answerFor(input));
  });

  it('keeps what a full cache keeps: a sheet filled past 1,000 answers still reads from the cache', () => {
    const { answers } = setup(900);
    const all = inputs('full', 1_200);
    writeInBatches(answers(), all, 50);
    writeInBatches(answers(), inputs('single', 100), 1);
    expect(answers().read(all).size).toBe(1_200);
  });

  it('writes a batch with one cache read and one write, checked by the next batch or one read after the last', () => {
    const { cache, answers } = setup();
    const batches = answers();
    cache.resetCalls();
    writeInBatches(batches, inputs('big', 50), 50);
    expect(cache.calls).toEqual({ getAll: 1, putAll: 1 });
    writeInBatches(batches, inputs('more', 40), 20);
    expect(cache.calls).toEqual({ getAll: 3, putAll: 3 });
    batches.checkWritten();
    expect(cache.calls).toEqual({ getAll: 4, putAll: 3 });
    batches.checkWritten();
    expect(cache.calls).toEqual({ getAll: 4, putAll: 3 });
    cache.resetCalls();
    writeInBatches(answers(), ['one'], 1);
    expect(cache.calls).toEqual({ getAll: 0, putAll: 1 });
  });

  it('splits an answer over 100 KB into parts, and treats a lost part as a miss', () => {
    const { cache, answers } = setup();
    const huge = { input: 'huge', summary: 'é🙂'.repeat(60_000) };
    answers().write(
      new Map<string, unknown>([['huge', huge], ...inputs('small', 3).map((i) => [i, answerFor(i)] as const)]),
    );
    expect(answers().read(['huge', 'small-1']).get('huge')).toEqual(huge);
    const part = [...cache.data.keys()].find((key) => key.includes(':pk:') && key.endsWith(':2'));
    expect(part).toBeDefined();
    cache.remove(part!);
    const read = answers().read(['huge', 'small-1']);
    expect(read.has('huge')).toBe(false);
    expect(read.get('small-1')).toEqual(answerFor('small-1'));
  });

  it('serves an answer for 6 hours after it was fetched, even from a pack written later', () => {
    const { clock, answers } = setup();
    answers().write(new Map([['early', answerFor('early', 100)]]));
    clock.time += 5 * HOUR;
    answers().write(new Map([['late', answerFor('late', 100)]]));
    clock.time += 1.5 * HOUR;
    const read = answers().read(['early', 'late']);
    expect(read.has('early')).toBe(false);
    expect(read.get('late')).toEqual(answerFor('late', 100));
  });

  it('never mixes operations or base URLs', () => {
    const { cache, clock } = setup();
    new AnswerCache(cache, sha256, clock, SCOPE).write(new Map([['same', answerFor('same')]]));
    expect(new AnswerCache(cache, sha256, clock, { ...SCOPE, operation: 'scrape' }).read(['same']).size).toBe(0);
    expect(new AnswerCache(cache, sha256, clock, { ...SCOPE, baseUrl: 'https://other.test' }).read(['same']).size).toBe(
      0,
    );
  });

  it('reads damaged entries as misses', () => {
    const { cache, answers } = setup();
    writeInBatches(answers(), inputs('d', 10), 10);
    writeInBatches(answers(), ['alone'], 1);
    for (const key of cache.data.keys()) cache.data.get(key)!.value = '{not json';
    expect(answers().read([...inputs('d', 10), 'alone']).size).toBe(0);
  });

  /** A cache where, once, another execution writes back the index shards it read before this write's putAll. */
  function racingOnce(cache: CountingCache): Cache {
    let interfered = false;
    return {
      getAll: (keys) => cache.getAll(keys),
      putAll: (values, ttl) => {
        const shards = Object.keys(values).filter((key) => key.includes(':ix:'));
        const before = cache.getAll(shards);
        cache.putAll(values, ttl);
        if (!interfered) {
          interfered = true;
          cache.putAll(before, ttl);
        }
      },
      remove: (key) => cache.remove(key),
    };
  }

  it("repairs the index when another execution's write replaced it meanwhile, once the call checks it", () => {
    const { cache, answers } = setup();
    answers().write(new Map(inputs('theirs', 40).map((i) => [i, answerFor(i, 200)])));
    const mine = answers(racingOnce(cache));
    mine.write(new Map(inputs('mine', 40).map((i) => [i, answerFor(i, 200)])));
    expect(answers().read(inputs('mine', 40)).size).toBeLessThan(40);
    mine.checkWritten();
    expect(answers().read(inputs('mine', 40)).size).toBe(40);
    expect(answers().read(inputs('theirs', 40)).size).toBe(40);
  });

  it("repairs the previous batch's shards with the next batch's write", () => {
    const { cache, answers } = setup();
    answers().write(new Map(inputs('theirs', 40).map((i) => [i, answerFor(i, 200)])));
    const mine = answers(racingOnce(cache));
    mine.write(new Map(inputs('first', 40).map((i) => [i, answerFor(i, 200)])));
    mine.write(new Map(inputs('second', 40).map((i) => [i, answerFor(i, 200)])));
    expect(answers().read([...inputs('first', 40), ...inputs('second', 40)]).size).toBe(80);
  });

  it('loses no answer of a few when other executions write between its reads and writes', () => {
    const { cache, answers } = setup();
    // Before each call of the outer writes takes effect, a whole other write of one answer runs, as the writes of
    // concurrent executions do.
    const nested: string[] = [];
    const nestOne = () => {
      const input = `nested-${nested.length}`;
      nested.push(input);
      answers().write(new Map([[input, answerFor(input, 100)]]));
    };
    const racing: Cache = {
      getAll: (keys) => (nestOne(), cache.getAll(keys)),
      putAll: (values, ttl) => (nestOne(), cache.putAll(values, ttl)),
      remove: (key) => cache.remove(key),
    };
    for (const input of inputs('outer', 40)) answers(racing).write(new Map([[input, answerFor(input, 100)]]));
    const batch = answers(racing);
    batch.write(new Map(inputs('batch', 20).map((i) => [i, answerFor(i, 100)])));
    batch.checkWritten();
    const all = [...inputs('outer', 40), ...nested, ...inputs('batch', 20)];
    const read = answers().read(all);
    expect(nested.length).toBeGreaterThanOrEqual(40);
    for (const input of all) expect(read.get(input)).toEqual(answerFor(input, 100));
  });

  it('serves the newer of an answer under its own key and one in a pack', () => {
    const { clock, answers } = setup();
    answers().write(new Map([['p', answerFor('old', 100)]]));
    clock.time += 1_000;
    answers().write(new Map(inputs('batch', 10).map((i) => [i, answerFor(i, 100)])).set('p', answerFor('new', 100)));
    expect(answers().read(['p']).get('p')).toEqual(answerFor('new', 100));
    clock.time += 1_000;
    answers().write(new Map([['p', answerFor('newest', 100)]]));
    expect(answers().readDated(['p']).get('p')).toEqual({ answer: answerFor('newest', 100), fetchedAt: clock.time });
  });

  it('lists answers under their own keys and in packs as indexed, and nothing else', () => {
    const { answers } = setup();
    answers().write(new Map([['own', answerFor('own', 100)]]));
    answers().write(new Map(inputs('batch', 10).map((i) => [i, answerFor(i, 100)])));
    expect(answers().indexed(['own', 'batch-3', 'absent'])).toEqual(new Set(['own', 'batch-3']));
  });
});
