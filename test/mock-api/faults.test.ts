// Injected faults: status, rate_limit (header or body), latency, drop, malformed, empty and HTML bodies; FIFO order,
// path scope, no charge.

import { DEMO_KEY, profileQuery, startTestMock, type TestMock } from './harness';

let mock: TestMock;
beforeAll(async () => {
  mock = await startTestMock({ seed: 1 });
});
afterAll(() => mock?.close());
beforeEach(() => mock.control.reset());

const SCRAPE = `/api/enrich/scrape?${profileQuery('https://www.network.com/in/someone')}`;
const COMPANIES = '/api/search/companies?query=ai&limit=3';

describe('faults', () => {
  test('status faults answer their status for `count` requests, charge nothing, then normal service resumes', async () => {
    await mock.control.addFaults([{ kind: 'status', status: 503, count: 2 }]);
    const first = await mock.get(COMPANIES);
    expect(first.status).toBe(503);
    expect(first.body).toEqual({ detail: 'Search service temporarily unavailable.' });
    expect((await mock.get(SCRAPE)).status).toBe(503);
    expect((await mock.get(COMPANIES)).status).toBe(200);
    expect(await mock.control.creditsCharged()).toBe(3);
    expect((await mock.control.requests({ status: 503 })).map((entry) => entry.credits)).toEqual([0, 0]);
  });

  test('faults fire in FIFO order, before authentication', async () => {
    await mock.control.addFaults([
      { kind: 'status', status: 500, count: 1 },
      { kind: 'status', status: 502, count: 1 },
    ]);
    expect((await mock.get(COMPANIES, null)).status).toBe(500);
    const second = await mock.get(COMPANIES);
    expect(second.status).toBe(502);
    expect(second.body).toEqual({ detail: 'Bad gateway.' });
  });

  test('rate_limit via header sends Retry-After; via body sends retry_after', async () => {
    await mock.control.addFaults([
      { kind: 'rate_limit', retryAfterSeconds: 7, count: 1, via: 'header' },
      { kind: 'rate_limit', retryAfterSeconds: 3, count: 1, via: 'body' },
    ]);
    const header = await mock.get(SCRAPE);
    expect(header.status).toBe(429);
    expect(header.headers.get('retry-after')).toBe('7');
    expect(header.body).toEqual({ detail: 'Rate limit exceeded.' });
    const body = await mock.get(SCRAPE);
    expect(body.status).toBe(429);
    expect(body.headers.get('retry-after')).toBeNull();
    expect(body.body).toEqual({ detail: 'Rate limit exceeded.', retry_after: 3 });
  });

  // The log says what delay the mock applied; elapsed time is checked only from below (it cannot come in sooner).
  test('latency delays matching requests; without count it stays until cleared', async () => {
    await mock.control.addFaults([{ kind: 'latency', ms: 150 }]);
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      expect((await mock.get(COMPANIES)).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    }
    await mock.control.clearFaults();
    expect((await mock.get(COMPANIES)).status).toBe(200);
    const log = await mock.control.requests();
    expect(log.map((entry) => [entry.status, entry.delayMs])).toEqual([
      [200, 150],
      [200, 150],
      [200, undefined],
    ]);
  });

  test('latency combines with the next fault and counts down', async () => {
    await mock.control.addFaults([
      { kind: 'latency', ms: 100, count: 1 },
      { kind: 'status', status: 500, count: 1 },
    ]);
    const started = Date.now();
    expect((await mock.get(COMPANIES)).status).toBe(500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect((await mock.get(COMPANIES)).status).toBe(200);
    const log = await mock.control.requests();
    expect(log.map((entry) => [entry.status, entry.delayMs])).toEqual([
      [500, 100],
      [200, undefined],
    ]);
  });

  test('latency faults on the same path add up, and a dropped request records its delay too', async () => {
    await mock.control.addFaults([
      { kind: 'latency', ms: 30, count: 1 },
      { kind: 'latency', ms: 20, count: 1, path: '/api/search/companies' },
      { kind: 'latency', ms: 1_000, count: 1, path: '/api/enrich/scrape' },
      { kind: 'drop', count: 1 },
    ]);
    await expect(
      fetch(`${mock.url}${COMPANIES}`, { headers: { Authorization: `Bearer ${DEMO_KEY}` } }),
    ).rejects.toThrow();
    expect((await mock.control.requests())[0]).toMatchObject({ status: 0, delayMs: 50 });
  });

  test('drop destroys the connection without an answer', async () => {
    await mock.control.addFaults([{ kind: 'drop', count: 1 }]);
    await expect(
      fetch(`${mock.url}${COMPANIES}`, { headers: { Authorization: `Bearer ${DEMO_KEY}` } }),
    ).rejects.toThrow();
    expect((await mock.get(COMPANIES)).status).toBe(200);
    expect((await mock.control.requests())[0]).toMatchObject({ status: 0, credits: 0 });
  });

  test('malformed answers 200 with broken JSON and charges nothing', async () => {
    await mock.control.addFaults([{ kind: 'malformed', count: 1 }]);
    const answer = await mock.get(COMPANIES);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(() => JSON.parse(answer.text)).toThrow();
    expect(await mock.control.creditsCharged()).toBe(0);
  });

  test('empty answers its status (200 unless given) with no body at all, and charges nothing', async () => {
    await mock.control.addFaults([
      { kind: 'empty', count: 1 },
      { kind: 'empty', count: 1, status: 502 },
    ]);
    const ok = await mock.get(SCRAPE);
    expect([ok.status, ok.text]).toEqual([200, '']);
    const gateway = await mock.get(SCRAPE);
    expect([gateway.status, gateway.text]).toEqual([502, '']);
    expect((await mock.get(SCRAPE)).status).toBe(200);
    expect(await mock.control.creditsCharged()).toBe(2);
    expect((await mock.control.requests()).map((entry) => [entry.status, entry.credits])).toEqual([
      [200, 0],
      [502, 0],
      [200, 2],
    ]);
  });

  test('html answers an HTML page as text/html (200 unless given), and charges nothing', async () => {
    await mock.control.addFaults([
      { kind: 'html', count: 1 },
      { kind: 'html', count: 1, status: 503, path: '/api/search/companies' },
    ]);
    const portal = await mock.get(COMPANIES);
    expect(portal.status).toBe(200);
    expect(portal.headers.get('content-type')).toMatch(/^text\/html/);
    expect(portal.text).toMatch(/^<!DOCTYPE html>/);
    expect(() => JSON.parse(portal.text)).toThrow();
    const unavailable = await mock.get(COMPANIES);
    expect(unavailable.status).toBe(503);
    expect(unavailable.text).toMatch(/<h1>Service Unavailable<\/h1>/);
    expect(await mock.control.creditsCharged()).toBe(0);
  });

  test('empty and html refuse a status outside 200-599', async () => {
    await expect(mock.control.addFaults([{ kind: 'empty', count: 1, status: 100 }])).rejects.toThrow(/400/);
    await expect(mock.control.addFaults([{ kind: 'html', count: 1, status: 600 }])).rejects.toThrow(/400/);
    await expect(mock.control.addFaults([{ kind: 'html', count: 1, status: 2.5 }])).rejects.toThrow(/400/);
    expect((await mock.get(COMPANIES)).status).toBe(200);
  });

  test('path scopes a fault to one endpoint exactly, or to a prefix with *', async () => {
    await mock.control.addFaults([
      { kind: 'status', status: 500, count: 1, path: '/api/search' },
      { kind: 'status', status: 503, count: 1, path: '/api/search/deep_research/*' },
    ]);
    expect((await mock.get(COMPANIES)).status).toBe(200);
    expect((await mock.get('/api/search/deep_research/abc')).status).toBe(503);
    expect((await mock.get('/api/search?query=x&limit=1')).status).toBe(500);
    expect((await mock.get('/api/search?query=x&limit=1')).status).toBe(200);
  });

  test('clearing the queue and reset both drop pending faults; invalid faults are refused', async () => {
    await mock.control.addFaults([{ kind: 'status', status: 500, count: 5 }]);
    await mock.control.clearFaults();
    expect((await mock.get(COMPANIES)).status).toBe(200);
    await mock.control.addFaults([{ kind: 'drop', count: 5 }]);
    await mock.control.reset();
    expect((await mock.get(COMPANIES)).status).toBe(200);
    await expect(mock.control.addFaults([{ kind: 'status', status: 200, count: 1 }])).rejects.toThrow(/400/);
    await expect(mock.control.addFaults([{ kind: 'drop', count: 0 }])).rejects.toThrow(/400/);
  });

  test('the pending faults show what each has left', async () => {
    await mock.control.addFaults([
      { kind: 'latency', ms: 1 },
      { kind: 'status', status: 500, count: 3, path: SCRAPE.split('?')[0] },
      { kind: 'html', count: 1 },
    ]);
    expect((await mock.get(SCRAPE)).status).toBe(500);
    expect(await mock.control.pendingFaults()).toEqual([
      { kind: 'latency', ms: 1 },
      { kind: 'status', status: 500, count: 2, path: '/api/enrich/scrape' },
      { kind: 'html', count: 1 },
    ]);
    await mock.get(COMPANIES);
    expect((await mock.control.pendingFaults()).map((fault) => fault.kind)).toEqual(['latency', 'status']);
  });

  test('control endpoints are never faulted', async () => {
    await mock.control.addFaults([{ kind: 'status', status: 500, count: 1 }]);
    expect(await mock.control.clock()).toEqual({ jobTime: 0, offset: 0 });
    expect((await mock.get(COMPANIES)).status).toBe(500);
  });
});
