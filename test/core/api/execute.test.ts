// Sending prepared operations: invalid ones answered in place, batches, the retry policy (what is retried, how long
// it waits), the caller's deadline, batches whose connections all failed, and dispatch, where the caller admits each
// fetchAll.
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports';
import {
  DEFAULT_RETRY_POLICY,
  dispatch,
  execute,
  type Admission,
  type BatchOutcome,
} from '../../../src/core/api/execute';
import { prepareStartResearch } from '../../../src/core/api/operations';
import { json, queryOf, scrapedProfile, script, setup } from './fakes';
import { prepareScrapeCell, scrapeOnce } from '../../support/per-row-calls';

const success = json(200, scrapedProfile());
const scrape = (client: ReturnType<typeof setup>['client'], deadline?: number) =>
  scrapeOnce(client, 'network.com/in/ada', { deadline });

describe('a batch of prepared operations', () => {
  it('answers invalid entries of a batch in place and sends only the valid ones', () => {
    const { client, http } = setup(() => json(200, scrapedProfile()));
    const endpoint = client.endpoint;
    const results = client.execute([
      prepareScrapeCell(endpoint, 'network.com/in/a'),
      prepareScrapeCell(endpoint, 'nope'),
      prepareScrapeCell(endpoint, 'network.com/in/b'),
    ]);
    expect(results.map((result) => (result.ok ? 'ok' : result.error.kind))).toEqual(['ok', 'invalid_input', 'ok']);
    expect(http.batches).toHaveLength(1);
    expect(http.requests.map((request) => queryOf(request).network_url)).toEqual([
      'https://www.network.com/in/a',
      'https://www.network.com/in/b',
    ]);
  });
});

describe('what is retried', () => {
  it.each([
    ['500', json(500, {})],
    ['502', json(502, {})],
    ['503', json(503, {})],
    ['429', json(429, {})],
    ['a dropped connection', { networkError: 'socket hang up' } as HttpOutcome],
  ])('%s is retried until it succeeds', (_name, failure) => {
    const { client, http } = setup(script(failure, failure, success));
    const result = scrape(client);
    expect(result.ok).toBe(true);
    expect(http.requests).toHaveLength(3);
  });

  it.each([400, 401, 402, 403, 404, 409, 422])('%i is final at once', (status) => {
    const { client, http, clock } = setup(() => json(status, {}));
    expect(scrape(client).ok).toBe(false);
    expect(http.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('does not retry a malformed 200 (it may have been charged)', () => {
    const { client, http } = setup(script({ status: 200, headers: {}, body: '{"profile": ' }, success));
    expect(scrape(client)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'malformed' }) });
    expect(http.requests).toHaveLength(1);
  });

  it('gives up after maxAttempts with the last error', () => {
    const { client, http } = setup(script(json(500, {}), json(500, {}), json(500, {}), json(503, {})));
    expect(scrape(client)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'unavailable', status: 503 }) });
    expect(http.requests).toHaveLength(4);
  });

  it('retries only the failed operations of a batch, and keeps the order', () => {
    const { client, http } = setup((request, callNumber) =>
      request.url.includes('%2Fb') && callNumber < 4
        ? json(503, {})
        : request.url.includes('%2Fc')
          ? json(404, {})
          : success,
    );
    const endpoint = client.endpoint;
    const results = client.execute(
      ['a', 'b', 'c'].map((slug) => prepareScrapeCell(endpoint, `network.com/in/${slug}`)),
    );
    expect(results.map((result) => (result.ok ? 'ok' : result.error.kind))).toEqual(['ok', 'ok', 'not_found']);
    expect(http.batches.map((batch) => batch.length)).toEqual([3, 1]);
  });

  it('sends at most maxParallel requests per fetchAll', () => {
    const { client, http } = setup(() => success);
    const endpoint = client.endpoint;
    const prepared = Array.from({ length: 7 }, (_, i) => prepareScrapeCell(endpoint, `network.com/in/p${i}`));
    expect(client.execute(prepared, { maxParallel: 3 }).every((result) => result.ok)).toBe(true);
    expect(http.batches.map((batch) => batch.length)).toEqual([3, 3, 1]);
  });
});

describe('an operation that is not safe to repeat: starting a research job', () => {
  const started = json(200, { job_id: 'job-1', status: 'pending' });
  const start = (client: ReturnType<typeof setup>['client']) => client.startResearch({ query: 'CTOs', limit: 10 });

  it.each([
    ['500', json(500, {}), 'server'],
    ['503', json(503, {}), 'unavailable'],
    ['a dropped connection', { networkError: 'socket hang up' } as HttpOutcome, 'network'],
  ])('is not sent again after %s (the job may have started)', (_name, failure, kind) => {
    const { client, http, clock } = setup(script(failure, started));
    expect(start(client)).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind,
        message: expect.stringMatching(/the research job may have started anyway/),
      }),
    });
    expect(http.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('is sent again after a 429 (nothing was started)', () => {
    const { client, http } = setup(script(json(429, {}, { 'retry-after': '1' }), started));
    expect(start(client)).toMatchObject({ ok: true, value: { job_id: 'job-1' } });
    expect(http.requests).toHaveLength(2);
  });
});

describe('how long it waits', () => {
  it('grows exponentially with full jitter, capped', () => {
    const { client, clock } = setup(
      () => json(500, {}),
      { maxAttempts: 8 },
      () => 0.999999,
    );
    scrape(client);
    expect(clock.sleeps).toEqual([499, 999, 1999, 3999, 7999, 7999, 7999]);
  });

  it('stays within the jitter bounds', () => {
    const { client, clock } = setup(
      () => json(500, {}),
      {},
      () => 0,
    );
    scrape(client);
    // A backoff of 0 is no wait at all.
    expect(clock.sleeps).toEqual([]);
    const randoms = [0.25, 0.5, 0.75];
    const scripted = setup(
      () => json(500, {}),
      {},
      () => randoms.shift() ?? 0,
    );
    scrape(scripted.client);
    expect(scripted.clock.sleeps).toEqual([125, 500, 1500]);
  });

  it('waits at least Retry-After from the header', () => {
    const { client, clock } = setup(script(json(429, {}, { 'retry-after': '3' }), success), {}, () => 0.5);
    expect(scrape(client).ok).toBe(true);
    expect(clock.sleeps).toEqual([3000]);
  });

  it('waits at least retry_after from the body', () => {
    const { client, clock } = setup(script(json(429, { detail: 'Rate limit exceeded', retry_after: 2 }), success));
    expect(scrape(client).ok).toBe(true);
    expect(clock.sleeps).toEqual([2000]);
  });

  it('does not wait for a Retry-After beyond maxRetryAfterMs, and says when to try again', () => {
    const { client, clock, http } = setup(script(json(429, {}, { 'retry-after': '120' }), success));
    expect(scrape(client)).toEqual({
      ok: false,
      error: expect.objectContaining({
        kind: 'rate_limited',
        retryAfterMs: 120000,
        message: expect.stringMatching(/in 120 s/),
      }),
    });
    expect(clock.sleeps).toEqual([]);
    expect(http.requests).toHaveLength(1);
  });
  it('answers a too-long Retry-After at once, while retrying the rest of the batch', () => {
    const { client, clock, http } = setup((request, callNumber) =>
      request.url.includes('%2Fa')
        ? json(429, {}, { 'retry-after': '600' })
        : callNumber === 2
          ? json(503, {})
          : success,
    );
    const endpoint = client.endpoint;
    const results = client.execute(['a', 'b'].map((slug) => prepareScrapeCell(endpoint, `network.com/in/${slug}`)));
    expect(results.map((result) => (result.ok ? 'ok' : result.error.kind))).toEqual(['rate_limited', 'ok']);
    expect(http.batches.map((batch) => batch.length)).toEqual([2, 1]);
    expect(clock.sleeps).toEqual([250]);
  });
});

describe('the deadline', () => {
  it('never sleeps past it: returns the 429 with its Retry-After instead', () => {
    const { client, clock, http } = setup(script(json(429, {}, { 'retry-after': '10' }), success));
    const deadline = clock.now() + 5000;
    expect(scrape(client, deadline)).toEqual({
      ok: false,
      error: expect.objectContaining({ kind: 'rate_limited', retryAfterMs: 10000 }),
    });
    expect(clock.sleeps).toEqual([]);
    expect(http.requests).toHaveLength(1);
  });

  it('does not start a round that would take longer than the time left', () => {
    const { client, clock, http } = setup(
      () => json(500, {}),
      {},
      () => 0.999999,
    );
    http.batchMs = 2000;
    const start = clock.now();
    const deadline = start + 4000;
    // Round 1 ends at +2000; a ~500 ms wait leaves ~1500 ms, less than the 2000 ms a round takes.
    expect(scrape(client, deadline)).toEqual({ ok: false, error: expect.objectContaining({ kind: 'server' }) });
    expect(http.requests).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
    expect(clock.now()).toBe(start + 2000);
  });

  it('retries while the time left allows', () => {
    const { client, clock, http } = setup(
      () => json(500, {}),
      {},
      () => 0.999999,
    );
    http.batchMs = 1000;
    const start = clock.now();
    const deadline = start + 4000;
    scrape(client, deadline);
    // +1000 first round, sleep 499, +1000 second round (ends 2499); the next wait (999) would leave 502 < 1000.
    expect(http.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([499]);
    expect(clock.now()).toBe(start + 2499);
  });

  it('sends nothing once the deadline has passed', () => {
    const { client, clock, http } = setup(() => success);
    expect(scrape(client, clock.now())).toEqual({ ok: false, error: expect.objectContaining({ kind: 'out_of_time' }) });
    expect(http.requests).toHaveLength(0);
  });

  it('leaves the batches it has no time for unsent', () => {
    const { client, clock, http } = setup(() => success);
    http.batchMs = 3000;
    const endpoint = client.endpoint;
    const prepared = ['a', 'b', 'c'].map((slug) => prepareScrapeCell(endpoint, `network.com/in/${slug}`));
    const results = client.execute(prepared, { maxParallel: 1, deadline: clock.now() + 5000 });
    expect(results.map((result) => (result.ok ? 'ok' : result.error.kind))).toEqual([
      'ok',
      'out_of_time',
      'out_of_time',
    ]);
    expect(http.requests).toHaveLength(1);
  });
});

describe('a retry round over several fetchAll calls', () => {
  it('keeps the real last failure of each operation it has no more time to retry', () => {
    const { client, clock, http } = setup((request) => (request.url.includes('%2Fb') ? json(500, {}) : json(503, {})));
    http.batchMs = 1000;
    const endpoint = client.endpoint;
    const prepared = ['a', 'b', 'c'].map((slug) => prepareScrapeCell(endpoint, `network.com/in/${slug}`));
    const results = client.execute(prepared, { maxParallel: 1, deadline: clock.now() + 2500 });
    expect(results.map((result) => (result.ok ? 'ok' : result.error.kind))).toEqual([
      'unavailable',
      'server',
      'out_of_time',
    ]);
    expect(http.requests).toHaveLength(2);
  });
});

describe('a batch whose connections all failed (fetchAll threw)', () => {
  /** fetchAll fails as a whole whenever the batch holds a bad request, as UrlFetchApp does. */
  function poisoned(isBad: (url: string) => boolean) {
    const { client, clock } = setup(() => success);
    const sent: string[][] = [];
    const http = {
      fetchAll(requests: HttpRequest[]): HttpOutcome[] {
        sent.push(requests.map((request) => decodeURIComponent(request.url).split('/in/')[1] ?? ''));
        return requests.some((request) => isBad(decodeURIComponent(request.url)))
          ? requests.map(() => ({ networkError: 'Address unavailable' }))
          : requests.map(() => success);
      },
    };
    const transport = { http, clock, random: () => 0.5, retry: DEFAULT_RETRY_POLICY };
    return { client, transport, sent };
  }

  it('is split in halves until the bad connection is alone, and every other answer lands', () => {
    const { client, transport, sent } = poisoned((url) => url.endsWith('/in/p5'));
    const prepared = Array.from({ length: 8 }, (_, i) => prepareScrapeCell(client.endpoint, `network.com/in/p${i}`));
    const results = execute(transport, prepared);
    expect(results.map((result) => (result.ok ? 'ok' : result.error.kind))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'network',
      'ok',
      'ok',
    ]);
    expect(sent.slice(0, 4).map((batch) => batch.length)).toEqual([8, 4, 4, 2]);
    // Alone, p5 is an ordinary failure: retried up to the attempt limit.
    expect(sent.filter((batch) => batch.length === 1 && batch[0] === 'p5')).toHaveLength(
      DEFAULT_RETRY_POLICY.maxAttempts,
    );
  });

  it('is not sent again when its operation may not be repeated', () => {
    const { client, transport, sent } = poisoned(() => true);
    const start = prepareStartResearch(client.endpoint, { query: 'CTOs', limit: 10 });
    const results = execute(transport, [start, start]);
    expect(results.map((result) => (result.ok ? 'ok' : result.error.kind))).toEqual(['network', 'network']);
    expect(sent).toHaveLength(1);
  });

  it('gives up when nothing answers at all, instead of splitting down to single requests', () => {
    const { client, transport, sent } = poisoned(() => true);
    const prepared = Array.from({ length: 40 }, (_, i) => prepareScrapeCell(client.endpoint, `network.com/in/p${i}`));
    const results = execute(transport, prepared);
    expect(results.every((result) => !result.ok && result.error.kind === 'network')).toBe(true);
    // Halves go out first in line, and the sixth call in a row that loses every connection is the last.
    expect(sent.map((batch) => batch.length)).toEqual([40, 20, 10, 5, 3, 2]);
  });
});

describe('dispatch: the caller admits each fetchAll', () => {
  function dispatchSetup(respond: Parameters<typeof setup>[0], count = 4) {
    const { client, clock, http } = setup(respond);
    const transport = { http, clock, random: () => 0.5, retry: DEFAULT_RETRY_POLICY };
    const prepared = Array.from({ length: count }, (_, i) =>
      prepareScrapeCell(client.endpoint, `network.com/in/p${i}`),
    );
    return { clock, http, transport, prepared };
  }

  it('sends nothing when the caller stops at once, and says why', () => {
    const { http, transport, prepared } = dispatchSetup(() => success);
    const run = dispatch(transport, prepared, { admit: () => ({ stop: 'caller' }) });
    expect(run).toEqual({ results: [undefined, undefined, undefined, undefined], stoppedBy: 'caller' });
    expect(http.requests).toHaveLength(0);
  });

  it('sends as many as admitted, and leaves the rest unsent when the caller stops', () => {
    const { http, transport, prepared } = dispatchSetup(() => success);
    const admissions: Admission[] = [{ send: 2 }, { stop: 'budget' }];
    const run = dispatch(transport, prepared, { admit: () => admissions.shift()! });
    expect(run.stoppedBy).toBe('budget');
    expect(run.results.map((result) => result?.ok)).toEqual([true, true, undefined, undefined]);
    expect(http.batches.map((batch) => batch.length)).toEqual([2]);
  });

  it('tells the caller how many are ready, and sends at least one whatever it admits', () => {
    const { http, transport, prepared } = dispatchSetup(() => success, 3);
    const ready: number[] = [];
    const run = dispatch(transport, prepared, {
      admit: (count) => {
        ready.push(count);
        return { send: 0 };
      },
    });
    expect(run.stoppedBy).toBeNull();
    expect(ready).toEqual([3, 2, 1]);
    expect(http.batches.map((batch) => batch.length)).toEqual([1, 1, 1]);
  });

  it('waits until the time the caller names, then asks again', () => {
    const { clock, transport, prepared } = dispatchSetup(() => success, 1);
    const start = clock.now();
    const admissions: Admission[] = [{ waitUntil: start + 12_000, reason: 'tier' }, { send: 1 }];
    const run = dispatch(transport, prepared, { admit: () => admissions.shift()! });
    expect(run.stoppedBy).toBeNull();
    expect(clock.sleeps).toEqual([12_000]);
  });

  it('stops for the caller’s reason, without sleeping, when its wait would pass the deadline', () => {
    const { clock, http, transport, prepared } = dispatchSetup(() => success, 1);
    const run = dispatch(transport, prepared, {
      deadline: clock.now() + 5_000,
      admit: (_ready, now) => ({ waitUntil: now + 12_000, reason: 'tier' }),
    });
    expect(run).toEqual({ results: [undefined], stoppedBy: 'tier' });
    expect(clock.sleeps).toEqual([]);
    expect(http.requests).toHaveLength(0);
  });

  it('starts no batch when less than minBatchMs is left before the deadline', () => {
    const { clock, http, transport, prepared } = dispatchSetup(() => success, 1);
    const run = dispatch(transport, prepared, {
      deadline: clock.now() + 999,
      minBatchMs: 1_000,
      admit: (ready) => ({ send: ready }),
    });
    expect(run.stoppedBy).toBe('time');
    expect(http.requests).toHaveLength(0);
  });

  it('reports each fetchAll as it answers: when, how many, what was answered, and a 429’s wait', () => {
    const { clock, http, transport, prepared } = dispatchSetup(
      script(json(200, scrapedProfile()), json(429, {}, { 'retry-after': '2' }), success),
      2,
    );
    http.batchMs = 300;
    const start = clock.now();
    const outcomes: Array<BatchOutcome<unknown>> = [];
    dispatch(transport, prepared, {
      admit: (ready) => ({ send: ready }),
      answered: (outcome) => outcomes.push(outcome),
    });
    expect(outcomes).toEqual([
      {
        sent: 2,
        startedAt: start,
        endedAt: start + 300,
        failedWhole: false,
        rateLimited: true,
        waitMs: 2_000,
        answers: [{ index: 0, result: expect.objectContaining({ ok: true }) }],
      },
      {
        sent: 1,
        startedAt: start + 2_300,
        endedAt: start + 2_600,
        failedWhole: false,
        rateLimited: false,
        waitMs: 0,
        answers: [{ index: 1, result: expect.objectContaining({ ok: true }) }],
      },
    ]);
  });

  it.each([
    [401, 'unauthorized'],
    [402, 'no_credits'],
  ])('answers every waiting operation with a %i, which each would meet too, and sends no more', (status, kind) => {
    const { http, transport, prepared } = dispatchSetup(() => json(status, {}));
    const run = dispatch(transport, prepared, { admit: () => ({ send: 1 }) });
    expect(run.stoppedBy).toBeNull();
    expect(run.results.map((result) => result?.ok === false && result.error.kind)).toEqual([kind, kind, kind, kind]);
    expect(http.requests).toHaveLength(1);
  });

  it('does not split a batch that failed for the day’s UrlFetch quota, and sends nothing more', () => {
    const { http, transport, prepared } = dispatchSetup(() => ({ networkError: 'quota', dailyQuota: true }));
    const run = dispatch(transport, prepared, { admit: () => ({ send: 2 }) });
    expect(run.results.map((result) => result?.ok === false && result.error.kind)).toEqual([
      'daily_quota',
      'daily_quota',
      'daily_quota',
      'daily_quota',
    ]);
    expect(http.batches.map((batch) => batch.length)).toEqual([2]);
  });

  it('does not split or retry a batch refused because connecting is not allowed, and sends nothing more', () => {
    const refused = { networkError: 'You do not have permission to call UrlFetchApp.fetchAll.', notAllowed: true };
    const { http, transport, prepared } = dispatchSetup(() => refused);
    const run = dispatch(transport, prepared, { admit: () => ({ send: 2 }) });
    expect(run.results.map((result) => result?.ok === false && result.error.kind)).toEqual([
      'not_allowed',
      'not_allowed',
      'not_allowed',
      'not_allowed',
    ]);
    expect(http.batches.map((batch) => batch.length)).toEqual([2]);
  });

  it('reports a batch that lost every connection as failed whole, with nothing answered yet', () => {
    let call = 0;
    const { transport, prepared } = dispatchSetup(() => (++call <= 2 ? { networkError: 'reset' } : success), 2);
    const outcomes: Array<BatchOutcome<unknown>> = [];
    const run = dispatch(transport, prepared, {
      admit: (ready) => ({ send: ready }),
      answered: (o) => outcomes.push(o),
    });
    expect(outcomes[0]).toMatchObject({ sent: 2, failedWhole: true, answers: [] });
    expect(run.results.every((result) => result?.ok)).toBe(true);
  });
});
