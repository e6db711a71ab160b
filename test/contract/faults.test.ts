// Injected faults over real HTTP: what is retried, how long the client waits, and the caller's deadline.
import { errorOf, profileUrl, useMockApi, valueOf } from './harness';
import { prepareScrapeCell, scrapeOnce } from '../support/per-row-calls';

const api = useMockApi();
const SCRAPE = '/api/enrich/scrape';

describe('retried faults', () => {
  it.each([500, 503])('%i twice, then success: charged once', async (status) => {
    await api.control.addFaults([{ kind: 'status', status, count: 2, path: SCRAPE }]);
    // Full jitter at its midpoint: half of 500 ms, then half of 1,000 ms.
    const { client, clock } = api.connect({ random: () => 0.5 });
    const result = scrapeOnce(client, profileUrl('ada'));
    expect(result).toMatchObject({ ok: true, credits: 2 });
    expect((await api.control.requests()).map((entry) => entry.status)).toEqual([status, status, 200]);
    expect(clock.sleeps).toEqual([250, 500]);
    expect(await api.control.creditsCharged()).toBe(2);
  });

  it.each(['header', 'body'] as const)(
    '429 with Retry-After in the %s: waits that long, then succeeds',
    async (via) => {
      await api.control.addFaults([{ kind: 'rate_limit', retryAfterSeconds: 1, count: 1, via, path: SCRAPE }]);
      const { client, clock } = api.connect({ random: () => 0.5 });
      expect(valueOf(scrapeOnce(client, profileUrl('ada'))).profile).toBeDefined();
      expect(clock.sleeps).toEqual([1000]);
      expect((await api.control.requests()).map((entry) => entry.status)).toEqual([429, 200]);
    },
  );

  it('a dropped connection is retried', async () => {
    await api.control.addFaults([{ kind: 'drop', count: 1, path: SCRAPE }]);
    const { client } = api.connect();
    expect(scrapeOnce(client, profileUrl('ada'))).toMatchObject({ ok: true, credits: 2 });
    expect((await api.control.requests()).map((entry) => entry.status)).toEqual([0, 200]);
  });

  it('a connection that keeps dropping ends as a network error', async () => {
    await api.control.addFaults([{ kind: 'drop', count: 4, path: SCRAPE }]);
    const { client } = api.connect();
    expect(errorOf(scrapeOnce(client, profileUrl('ada')))).toMatchObject({
      kind: 'network',
      message: expect.stringMatching(/^Could not reach the service \(.+\); check the connection and try again\.$/),
    });
    expect(await api.control.requests()).toHaveLength(4);
  });

  it('only the failed entries of a batch are sent again, and the order holds', async () => {
    await api.control.addFaults([{ kind: 'status', status: 503, count: 1, path: SCRAPE }]);
    const { client } = api.connect();
    const slugs = ['ada', 'grace', 'linus'];
    const results = client.execute(
      slugs.map((slug) => prepareScrapeCell(client.endpoint, profileUrl(slug))),
      { maxParallel: 1 },
    );
    expect(results.map((result) => valueOf(result).profile.network_url)).toEqual(
      slugs.map((slug) => `${profileUrl(slug)}/`),
    );
    expect((await api.control.requests()).map((entry) => entry.status)).toEqual([503, 200, 200, 200]);
    expect(await api.control.creditsCharged()).toBe(6);
  });
});

describe('faults that are not retried', () => {
  it('a malformed 200 is reported, not sent again', async () => {
    await api.control.addFaults([{ kind: 'malformed', count: 1, path: SCRAPE }]);
    const { client } = api.connect();
    expect(errorOf(scrapeOnce(client, profileUrl('ada')))).toEqual({
      kind: 'malformed',
      message: 'The service sent an answer that could not be read (not JSON, HTTP 200).',
    });
    expect(await api.control.requests()).toHaveLength(1);
  });

  it('4xx answers are sent once', async () => {
    await api.control.addFaults([
      { kind: 'status', status: 400, count: 1, path: SCRAPE },
      { kind: 'status', status: 402, count: 1, path: SCRAPE },
      { kind: 'status', status: 404, count: 1, path: SCRAPE },
      { kind: 'status', status: 422, count: 1, path: SCRAPE },
    ]);
    const { client, clock } = api.connect();
    const kinds = [1, 2, 3, 4].map(() => errorOf(scrapeOnce(client, profileUrl('ada'))).kind);
    expect(kinds).toEqual(['validation', 'no_credits', 'not_found', 'validation']);
    expect(await api.control.requests()).toHaveLength(4);
    expect(clock.sleeps).toEqual([]);
  });
});

describe('latency and the deadline', () => {
  it('a slow answer is waited for', async () => {
    await api.control.addFaults([{ kind: 'latency', ms: 300, count: 1, path: SCRAPE }]);
    const { client, clock } = api.connect();
    expect(scrapeOnce(client, profileUrl('ada')).ok).toBe(true);
    // The mock's log says it answered after its 300 ms delay, and the client still took that answer.
    expect(await api.control.requests()).toEqual([expect.objectContaining({ status: 200, delayMs: 300 })]);
    expect(clock.sleeps).toEqual([]);
  });

  // The round took at least 800 ms, so at most 400 ms are left of the 1,200: too little for another such round,
  // whatever the machine's speed. One request, no wait, and the 500 is the answer.
  it('no retry starts when a round as slow as the last would end past the deadline', async () => {
    await api.control.addFaults([
      { kind: 'latency', ms: 800, path: SCRAPE },
      { kind: 'status', status: 500, count: 3, path: SCRAPE },
    ]);
    const { client, clock } = api.connect({ time: 'wall' });
    const result = scrapeOnce(client, profileUrl('ada'), { deadline: Date.now() + 1_200 });
    expect(errorOf(result)).toMatchObject({ kind: 'server', status: 500 });
    expect(clock.sleeps).toEqual([]);
    expect(await api.control.requests()).toEqual([expect.objectContaining({ status: 500, delayMs: 800 })]);
  });

  it('a Retry-After longer than the time left is not slept', async () => {
    await api.control.addFaults([{ kind: 'rate_limit', retryAfterSeconds: 5, count: 1, via: 'header', path: SCRAPE }]);
    const { client, clock } = api.connect();
    const error = errorOf(scrapeOnce(client, profileUrl('ada'), { deadline: Date.now() + 2_000 }));
    expect(error).toEqual({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 5_000,
      message: 'The service is rate limiting requests (429); try again in 5 s.',
    });
    expect(clock.sleeps).toEqual([]);
    expect((await api.control.requests()).map((entry) => entry.status)).toEqual([429]);
  });

  it('retries while the deadline allows', async () => {
    await api.control.addFaults([{ kind: 'rate_limit', retryAfterSeconds: 1, count: 1, via: 'body', path: SCRAPE }]);
    const { client, clock } = api.connect();
    expect(scrapeOnce(client, profileUrl('ada'), { deadline: Date.now() + 5_000 }).ok).toBe(true);
    expect(clock.sleeps).toEqual([1000]);
    expect((await api.control.requests()).map((entry) => entry.status)).toEqual([429, 200]);
  });
});
