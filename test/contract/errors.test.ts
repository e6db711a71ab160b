// Every documented error status, as the mock sends it, read into one sentence; and no request for invalid input.
import type { ApiResult } from '../../src/core/api/errors';
import { prepareCompanySearch, prepareJobStatus } from '../../src/core/api/operations';
import { errorOf, OTHER_KEY, profileUrl, useMockApi, valueOf, withUrl } from './harness';
import {
  findContactsOnce,
  prepareContactLookupCell,
  prepareScrapeCell,
  profileRecordOnce,
  scrapeOnce,
} from '../support/per-row-calls';

const api = useMockApi();

describe('400 and 422: requests the client itself would refuse', () => {
  it('reads the 400 detail sentences', () => {
    const { client } = api.connect();
    const endpoint = client.endpoint;
    const [limit, contacts, page, url] = client.execute<unknown>([
      withUrl<unknown>(prepareCompanySearch(endpoint, { query: 'fintech', limit: 10 }), (u) =>
        u.replace('limit=10', 'limit=101'),
      ),
      withUrl<unknown>(prepareContactLookupCell(endpoint, 'ada@example.com'), (u) => `${u}&phone=%2B14155550100`),
      withUrl<unknown>(prepareJobStatus(endpoint, 'job-1', { page: 1 }), (u) => u.replace('page=1', 'page=0')),
      withUrl<unknown>(prepareScrapeCell(endpoint, profileUrl('ada')), (u) =>
        u.replace(/network_url=[^&]*/, 'network_url=example.com'),
      ),
    ]);
    expect(errorOf(limit)).toEqual({
      kind: 'validation',
      status: 400,
      message: 'The service rejected the request (400): limit must be an integer from 1 to 100.',
    });
    expect(errorOf(contacts).message).toBe(
      'The service rejected the request (400): Provide exactly one of network_url, email or phone.',
    );
    expect(errorOf(page).message).toBe(
      'The service rejected the request (400): page must be an integer of at least 1.',
    );
    expect(errorOf(url).message).toMatch(/^The service rejected the request \(400\): Invalid profile URL/);
  });

  it('reads FastAPI validation bodies (422)', () => {
    const { client } = api.connect();
    const [missing] = client.execute([
      withUrl(prepareCompanySearch(client.endpoint, { query: 'fintech', limit: 10 }), (u) =>
        u.replace('query=fintech&', ''),
      ),
    ]);
    expect(errorOf(missing)).toEqual({
      kind: 'validation',
      status: 422,
      message: 'The service rejected the request (422): query: Field required.',
    });
  });
});

describe('account errors', () => {
  it('401 for an unknown key, on every endpoint', () => {
    const { client } = api.connect({ apiKey: 'lk_unknown_00000000000000000000000dead' });
    const results: Array<ApiResult<unknown>> = [
      scrapeOnce(client, profileUrl('ada')),
      client.searchCompanies({ query: 'fintech', limit: 5 }),
      findContactsOnce(client, 'ada@example.com'),
      client.startResearch({ query: 'CTOs', limit: 5 }),
      client.getResearchJob('job-1'),
      client.cancelResearch('job-1'),
      client.searchPeople({ query: 'CTOs', limit: 5 }),
      profileRecordOnce(client, profileUrl('ada')),
    ];
    for (const result of results) {
      expect(errorOf(result)).toEqual({
        kind: 'unauthorized',
        status: 401,
        message:
          "The API key was rejected (401): its holder can check it in Extensions → sheet-enrich → Settings (formulas use the spreadsheet owner's key).",
      });
    }
  });

  it('402 when the credits do not cover the call, and nothing is charged', async () => {
    await api.setKey(OTHER_KEY, 1);
    const { client } = api.connect({ apiKey: OTHER_KEY });
    const unaffordable: Array<ApiResult<unknown>> = [
      scrapeOnce(client, profileUrl('ada')),
      client.searchCompanies({ query: 'fintech', limit: 10 }),
    ];
    for (const result of unaffordable) {
      expect(errorOf(result)).toMatchObject({
        kind: 'no_credits',
        status: 402,
        message: expect.stringMatching(/out of credits/),
      });
    }
    expect(valueOf(findContactsOnce(client, 'ada@example.com')).data).toHaveLength(1);
    expect(errorOf(findContactsOnce(client, 'ada@example.com')).kind).toBe('no_credits');
    expect(await api.control.getKey(OTHER_KEY)).toEqual({ credits: 0, tier: '3' });
  });
});

describe('profiles that cannot be read', () => {
  it('403 for a private profile, 404 for a missing one', () => {
    const { client } = api.connect();
    expect(errorOf(scrapeOnce(client, profileUrl('private-ada')))).toEqual({
      kind: 'forbidden',
      status: 403,
      message: 'This profile is private or restricted, so it cannot be scraped (403).',
    });
    const missing: Array<ApiResult<unknown>> = [
      scrapeOnce(client, profileUrl('missing-ada')),
      profileRecordOnce(client, profileUrl('missing-ada')),
    ];
    for (const result of missing) {
      expect(errorOf(result)).toMatchObject({
        kind: 'not_found',
        status: 404,
        message: expect.stringMatching(/^Profile not found/),
      });
    }
  });
});

describe('429: scrape rate limit per tier', () => {
  it('reports the wait the service asks for when the deadline does not allow it', async () => {
    await api.setKey(OTHER_KEY, 100, 'free');
    const { client, clock } = api.connect({ apiKey: OTHER_KEY });
    const started = Date.now();
    for (let i = 0; i < 5; i++) valueOf(scrapeOnce(client, profileUrl(`ada-${i}`)));
    const limited = scrapeOnce(client, profileUrl('ada-5'), { deadline: Date.now() + 5_000 });
    const elapsed = Date.now() - started;
    const error = errorOf(limited);
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    // The first scrape's slot frees 60 s after it was taken: the wait is 60 s less the time these requests took
    // (in whole seconds, rounded up), however long that was.
    expect(error.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(60_000 - elapsed);
    expect(error.message).toBe(
      `The service is rate limiting requests (429); try again in ${(error.retryAfterMs ?? 0) / 1000} s.`,
    );
    expect(clock.sleeps).toEqual([]);
    expect(await api.control.requests({ status: 429 })).toHaveLength(1);
  });
});

describe('research job errors', () => {
  it('403 for a job started with another key, 404 for an unknown or deleted job, 409 for a finished one', async () => {
    const owner = api.connect().client;
    const stranger = api.connect({ apiKey: OTHER_KEY }).client;
    const job = valueOf(owner.startResearch({ query: 'CTOs in Lisbon', limit: 5 }));

    const refused: Array<ApiResult<unknown>> = [
      stranger.getResearchJob(job.job_id),
      stranger.cancelResearch(job.job_id),
    ];
    for (const result of refused) {
      expect(errorOf(result)).toEqual({
        kind: 'forbidden',
        status: 403,
        message: 'This research job was started with another API key, so yours may not read it (403).',
      });
    }
    expect(errorOf(owner.getResearchJob('0000-unknown'))).toMatchObject({ kind: 'not_found', status: 404 });

    await api.control.advanceClock(15 * 60_000);
    expect(valueOf(owner.getResearchJob(job.job_id)).status).toBe('completed');
    expect(errorOf(owner.cancelResearch(job.job_id))).toEqual({
      kind: 'conflict',
      status: 409,
      message: 'This research job has already finished, so it cannot be cancelled (409).',
    });

    await api.control.deleteJob(job.job_id);
    expect(errorOf(owner.getResearchJob(job.job_id, { page: 1 }))).toEqual({
      kind: 'not_found',
      status: 404,
      message: 'This research job no longer exists (404).',
    });
  });
});

describe('5xx', () => {
  it('500 and 503 after the last attempt', async () => {
    await api.control.addFaults([
      { kind: 'status', status: 500, count: 2, path: '/api/enrich/scrape' },
      { kind: 'status', status: 503, count: 2, path: '/api/search/companies' },
    ]);
    const { client } = api.connect({ retry: { maxAttempts: 2 } });
    expect(errorOf(scrapeOnce(client, profileUrl('ada')))).toEqual({
      kind: 'server',
      status: 500,
      message: 'The service had an internal error (500); try again later.',
    });
    expect(errorOf(client.searchCompanies({ query: 'fintech', limit: 5 }))).toEqual({
      kind: 'unavailable',
      status: 503,
      message: 'The service is temporarily unavailable (503); try again later.',
    });
    expect(await api.control.requests()).toHaveLength(4);
    expect(await api.control.creditsCharged()).toBe(0);
  });
});

describe('invalid input', () => {
  it('sends no request at all', async () => {
    const { client } = api.connect();
    const endpoint = client.endpoint;
    const results = client.execute<unknown>([
      prepareScrapeCell(endpoint, 'example.com/foo'),
      prepareContactLookupCell(endpoint, 'ada@'),
      prepareContactLookupCell(endpoint, '12'),
      prepareCompanySearch(endpoint, { query: 'fintech', limit: 101 }),
      prepareCompanySearch(endpoint, { query: 'fintech', limit: 10, acceptanceThreshold: 101 }),
      prepareJobStatus(endpoint, '../etc', { page: 1 }),
    ]);
    expect(results.map((result) => errorOf(result).kind)).toEqual(Array(6).fill('invalid_input'));
    expect(client.startResearch({ query: ' ', limit: 10 }).ok).toBe(false);
    expect(client.searchPeople({ query: 'CTOs', limit: 0 }).ok).toBe(false);
    expect(await api.control.log()).toEqual([]);
  });
});
