// The fetch engine: cache first, fetchAll batches paced to the tier and sized to the connection, split when one fails
// as a whole, cached as each answers, within the caller's deadline and credit budget.
import type { ApiResult } from '../../../src/core/api/errors';
import { cachedAnswers, FETCH_SPECS, fetchFresh, MIN_BATCH_ESTIMATE_MS } from '../../../src/core/fetch/engine';
import { INITIAL_BATCH, MAX_BATCH } from '../../../src/core/fetch/batch-size';
import { ARRIVAL_MARGIN_MS, RESERVE_LOCK_WAIT_MS } from '../../../src/core/rate-window';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports';
import { FakeClock, FakeHttp, json, queryOf } from '../api/fakes';
import { CountingCache, DroppingHttp, fetchContext, profileAnswer, profileUrl, seededRandom } from './fakes';

const MINUTE = 60_000;
const RECORDS = FETCH_SPECS.profileRecord;
const SCRAPES = FETCH_SPECS.scrape;
const urls = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => profileUrl(`${prefix}-${i}`));
const slugOf = (request: HttpRequest) => (queryOf(request).network_url ?? '').split('/in/')[1];

function setup(respond: (request: HttpRequest) => HttpOutcome = profileAnswer, batchMs = 1_000) {
  const clock = new FakeClock();
  const http = new FakeHttp((request) => respond(request), clock);
  http.batchMs = batchMs;
  const cache = new CountingCache(clock);
  return { clock, http, cache, context: fetchContext(http, clock, cache) };
}

const named = (result: ApiResult<unknown> | undefined) =>
  result?.ok ? (result.value as { full_name: string }).full_name : result?.error.kind;

describe('cachedAnswers and fetchFresh', () => {
  it('answers from the cache without sending anything, once fetched', () => {
    const { http, clock, context } = setup();
    const inputs = urls('p', 12);
    expect(cachedAnswers(RECORDS, context, inputs).size).toBe(0);
    const sent = Math.floor(clock.now() / 1000) * 1000;
    const report = fetchFresh(RECORDS, context, inputs, { deadline: clock.now() + MINUTE });
    expect(report).toMatchObject({ unsent: [], stoppedBy: null, creditsSpent: 12 });
    expect([...report.results.values()].map(named)).toEqual(inputs.map((_, i) => `p-${i}`));
    http.requests.length = 0;
    const cached = cachedAnswers(RECORDS, context, [...inputs, profileUrl('new')]);
    expect(cached.size).toBe(12);
    // Dated when its batch answered, in whole seconds.
    const answered = [...cached.values()].map((dated) => dated.fetchedAt);
    expect(answered.every((at) => at >= sent && at <= clock.now() && at % 1000 === 0)).toBe(true);
    expect(http.requests).toHaveLength(0);
  });

  it('caches each batch as it answers, before handing it on', () => {
    const { clock, context } = setup();
    const inputs = urls('b', 30);
    const seen: number[] = [];
    fetchFresh(RECORDS, context, inputs, { deadline: clock.now() + MINUTE }, (batch) => {
      seen.push(batch.size);
      expect(cachedAnswers(RECORDS, context, [...batch.keys()]).size).toBe(batch.size);
    });
    expect(seen.reduce((sum, size) => sum + size, 0)).toBe(30);
    expect(seen).toEqual([10, 20]);
  });

  it('starts small in a fresh document, grows while batches answer, and remembers it for the next call', () => {
    const { clock, http, context } = setup();
    fetchFresh(RECORDS, context, urls('g', 200), { deadline: clock.now() + 10 * MINUTE });
    const sizes = http.batches.map((batch) => batch.length);
    expect(sizes[0]).toBe(INITIAL_BATCH);
    expect(sizes.slice(0, 4)).toEqual([INITIAL_BATCH, 2 * INITIAL_BATCH, 4 * INITIAL_BATCH, MAX_BATCH]);
    http.batches.length = 0;
    fetchFresh(RECORDS, context, urls('h', 60), { deadline: clock.now() + 10 * MINUTE });
    expect(http.batches[0]).toHaveLength(MAX_BATCH);
  });

  it('reads the batch size with the index when a call looks in the cache first, not again to fetch', () => {
    const { clock, http, cache, context } = setup();
    fetchFresh(RECORDS, context, urls('g', 40), { deadline: clock.now() + 10 * MINUTE });
    const reads = cache.calls.getAll;
    const inputs = urls('k', 60);
    expect(cachedAnswers(RECORDS, context, inputs).size).toBe(0);
    expect(cache.calls.getAll - reads).toBe(1);
    http.batches.length = 0;
    fetchFresh(RECORDS, context, inputs, { deadline: clock.now() + 10 * MINUTE });
    // What the first call learnt (10, 20, then 40), read with the index.
    expect(http.batches[0]).toHaveLength(4 * INITIAL_BATCH);
  });

  it('sends nothing past the credit budget and says so', () => {
    const { clock, http, context } = setup();
    const report = fetchFresh(SCRAPES, context, urls('s', 10), { deadline: clock.now() + MINUTE, creditBudget: 7 });
    expect(http.requests).toHaveLength(3);
    expect(report.creditsSpent).toBe(6);
    expect(report.stoppedBy).toBe('budget');
    expect(report.unsent).toEqual(urls('s', 10).slice(3));
  });

  it(`starts no batch with less than ${MIN_BATCH_ESTIMATE_MS} ms left`, () => {
    const { clock, http, context } = setup(profileAnswer, 5_000);
    const report = fetchFresh(RECORDS, context, urls('t', 200), { deadline: clock.now() + 20_000 });
    expect(report.stoppedBy).toBe('time');
    // Batches at 0, 5 and 10 s; one at 15 s would need 8 s.
    expect(http.batches).toHaveLength(3);
    expect(report.unsent).toHaveLength(200 - http.requests.length);
  });

  it('ends the call at a rejected key or no credits: the rest get the same answer, unsent', () => {
    const { clock, http, context } = setup(() => json(402, { detail: 'Insufficient credits' }));
    const report = fetchFresh(RECORDS, context, urls('c', 40), { deadline: clock.now() + MINUTE });
    expect(http.batches).toHaveLength(1);
    expect(new Set([...report.results.values()].map(named))).toEqual(new Set(['no_credits']));
    expect(report.results.size).toBe(40);
  });

  it("answers the day's UrlFetch quota at once, without a retry", () => {
    const { clock, http, context } = setup(() => ({
      networkError: 'Service invoked too many times',
      dailyQuota: true,
    }));
    const report = fetchFresh(RECORDS, context, urls('q', 25), { deadline: clock.now() + MINUTE });
    expect(http.batches).toHaveLength(1);
    expect(new Set([...report.results.values()].map(named))).toEqual(new Set(['daily_quota']));
  });

  it('without a key, sends nothing and says so for every input', () => {
    const { clock, http, context } = setup();
    const report = fetchFresh(RECORDS, { ...context, settings: { ...context.settings, apiKey: null } }, urls('k', 3), {
      deadline: clock.now() + MINUTE,
    });
    expect(http.requests).toHaveLength(0);
    expect([...report.results.values()].map(named)).toEqual(['no_key', 'no_key', 'no_key']);
  });
});

describe('pacing to the tier', () => {
  /** Each fetchAll's start and end on the fake clock. */
  function timedHttp(clock: FakeClock, batchMs: number) {
    const batches: Array<{ size: number; start: number; end: number }> = [];
    const http = {
      fetchAll(requests: HttpRequest[]) {
        const start = clock.now();
        clock.time += batchMs;
        batches.push({ size: requests.length, start, end: clock.now() });
        return requests.map(profileAnswer);
      },
    };
    return { http, batches };
  }

  /**
   * The most requests any 60-second window of the service can have counted, wherever each arrived between its
   * batch's start and ARRIVAL_MARGIN_MS later (or the batch's end, if sooner).
   */
  function worstWindow(batches: Array<{ size: number; start: number; end: number }>): number {
    const arrival = (batch: { start: number; end: number }) => ({
      first: batch.start,
      last: Math.min(batch.end, batch.start + ARRIVAL_MARGIN_MS),
    });
    const windowStarts = batches.flatMap((batch) => [arrival(batch).first, arrival(batch).last]);
    return Math.max(
      ...windowStarts.map((windowStart) =>
        batches
          .filter((other) => arrival(other).last >= windowStart && arrival(other).first < windowStart + MINUTE)
          .reduce((sum, other) => sum + other.size, 0),
      ),
    );
  }

  // The time each takes is within the target N / ceiling ÷ 0.95 (151.6 s, 168.4 s and 210.5 s).
  it.each([
    ['free', 5, 12, 129_500],
    ['1', 15, 40, 129_500],
    ['3', 300, 1_000, 206_750],
  ] as const)('tier %s: %i scrapes in the busiest 60 s, and %i rows in %i ms', (tier, ceiling, rows, elapsed) => {
    const clock = new FakeClock();
    const { http, batches } = timedHttp(clock, 5_000);
    const context = fetchContext(http, clock, new CountingCache(clock), { tier });
    const startedAt = clock.now();
    const report = fetchFresh(SCRAPES, context, urls(`tier-${tier}`, rows), { deadline: startedAt + 270_000 });
    expect(report.unsent).toEqual([]);
    expect(worstWindow(batches)).toBe(ceiling);
    expect(clock.now() - startedAt).toBe(elapsed);
  });

  it('shares the window with the other executions of the document', () => {
    const clock = new FakeClock();
    const cache = new CountingCache(clock);
    const { http } = timedHttp(clock, 1_000);
    const context = fetchContext(http, clock, cache, { tier: 'free' });
    fetchFresh(SCRAPES, context, urls('first', 3), { deadline: clock.now() + 20_000 });
    const second = fetchFresh(SCRAPES, context, urls('second', 5), { deadline: clock.now() + 20_000 });
    expect(second.results.size).toBe(2);
    expect(second.stoppedBy).toBe('tier');
  });

  it("reserves the window's slots under the pace lock; held to the deadline, it stops as time, not the tier", () => {
    const clock = new FakeClock();
    const { http } = timedHttp(clock, 1_000);
    let heldElsewhere = true;
    const calls: string[] = [];
    const paceLock = {
      tryLock: (ms: number) => (calls.push(`try ${ms}`), clock.sleep(heldElsewhere ? ms : 0), !heldElsewhere),
      release: () => void calls.push('release'),
    };
    const context = { ...fetchContext(http, clock, new CountingCache(clock), { tier: 'free' }), paceLock };
    const held = fetchFresh(SCRAPES, context, urls('held', 3), { deadline: clock.now() + 20_000 });
    expect(held).toMatchObject({ stoppedBy: 'time', creditsSpent: 0 });
    expect(held.results.size).toBe(0);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call === `try ${RESERVE_LOCK_WAIT_MS}`)).toBe(true);
    heldElsewhere = false;
    calls.length = 0;
    const free = fetchFresh(SCRAPES, context, urls('free', 3), { deadline: clock.now() + 20_000 });
    expect(free.results.size).toBe(3);
    // One lock cycle, to reserve: the call's last batch frees no slot early, as nothing of its own follows.
    expect(calls).toEqual([`try ${RESERVE_LOCK_WAIT_MS}`, 'release']);
  });

  it('frees the slots of a batch that ended before its margin early, while the call has more to send', () => {
    const clock = new FakeClock();
    const { http, batches } = timedHttp(clock, 1_000);
    const calls: string[] = [];
    const paceLock = { tryLock: (ms: number) => (calls.push(`try ${ms}`), true), release: () => undefined };
    const context = { ...fetchContext(http, clock, new CountingCache(clock), { tier: '3' }), paceLock };
    fetchFresh(SCRAPES, context, urls('early', 3 * INITIAL_BATCH), { deadline: clock.now() + MINUTE });
    expect(batches.map((batch) => batch.size)).toEqual([INITIAL_BATCH, 2 * INITIAL_BATCH]);
    const reserve = `try ${RESERVE_LOCK_WAIT_MS}`;
    expect(calls).toEqual([reserve, 'try 0', reserve]);
    // A run sends its next group right after: its last batch frees its slots early too.
    calls.length = 0;
    const limits = { deadline: clock.now() + MINUTE, sendsMoreAfter: true };
    fetchFresh(SCRAPES, context, urls('group', INITIAL_BATCH), limits);
    expect(calls).toEqual([reserve, 'try 0']);
  });

  it('slows down after a 429 on an endpoint without a tier: waits the Retry-After and halves the batch', () => {
    let limited = 1;
    const { clock, http, context } = setup((request) =>
      limited-- > 0 ? json(429, {}, { 'retry-after': '3' }) : profileAnswer(request),
    );
    const report = fetchFresh(RECORDS, context, urls('r', 30), { deadline: clock.now() + MINUTE });
    expect(report.results.size).toBe(30);
    expect([...report.results.values()].every((result) => result.ok)).toBe(true);
    expect(clock.sleeps).toEqual([3_000]);
    // Halved to 5 after the 429, then growing by a quarter (5, 6, 7); the limited request is sent again last.
    expect(http.batches.map((batch) => batch.length)).toEqual([INITIAL_BATCH, INITIAL_BATCH / 2, 6, 7, 2, 1]);
  });
});

describe('connections that drop', () => {
  it('isolates a connection that always fails by splitting, never re-sending a failed batch whole', () => {
    const clock = new FakeClock();
    const sent: string[][] = [];
    const http = {
      fetchAll(requests: HttpRequest[]): HttpOutcome[] {
        clock.time += 500;
        sent.push(requests.map(slugOf));
        return requests.some((request) => slugOf(request) === 'd-13')
          ? requests.map(() => ({ networkError: 'Address unavailable' }))
          : requests.map(profileAnswer);
      },
    };
    const context = fetchContext(http, clock, new CountingCache(clock));
    const report = fetchFresh(RECORDS, context, urls('d', 40), { deadline: clock.now() + 5 * MINUTE });
    const failed = [...report.results].filter(([, result]) => !result.ok).map(([input]) => input);
    expect(failed).toEqual([profileUrl('d-13')]);
    expect(report.results.size).toBe(40);
    const failedBatches = sent.filter((batch) => batch.includes('d-13') && batch.length > 1);
    expect(new Set(failedBatches.map((batch) => batch.join())).size).toBe(failedBatches.length);
    // Each failed batch is split in halves until d-13 is alone.
    expect(failedBatches.map((batch) => batch.length)).toEqual([20, 10, 5, 2]);
  });

  // What the service answered (and billed) for 50 rows, seeds 1 to 5: within 2× the plain cost at 5 % dropped
  // connections and 2.5× at 20 %.
  it.each([
    [0.05, [1, 1, 1, 1, 1], [67, 86, 66, 68, 50]],
    [0.2, [3, 3, 3, 3, 3], [76, 79, 81, 80, 75]],
  ])(
    'at %f dropped connections, 50 rows arrive in %j calls, the service answering %j times',
    (dropRate, calls, answered) => {
      const seen = [1, 2, 3, 4, 5].map((seed) => {
        const clock = new FakeClock();
        const http = new DroppingHttp(clock, dropRate, seededRandom(seed));
        const context = fetchContext(http, clock, new CountingCache(clock));
        const inputs = urls(`drop-${seed}`, 50);
        let made = 0;
        while (cachedAnswers(RECORDS, context, inputs).size < 50 && made < 10) {
          made++;
          const missing = inputs.filter((input) => !cachedAnswers(RECORDS, context, [input]).size);
          fetchFresh(RECORDS, context, missing, { deadline: clock.now() + 26_000 });
        }
        expect(cachedAnswers(RECORDS, context, inputs).size).toBe(50);
        return { calls: made, answered: http.answered };
      });
      expect(seen).toEqual(calls.map((made, i) => ({ calls: made, answered: answered[i] })));
    },
  );
});
