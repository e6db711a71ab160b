// The client over the Http and Clock ports: its retry policy (the defaults, or the caller's in part), its random
// source, and one request per single call, with the caller's options passed on.
import { ApiClient } from '../../../src/core/api/client';
import { DEFAULT_RETRY_POLICY } from '../../../src/core/api/execute';
import { API_KEY, BASE_URL, FakeClock, FakeHttp, jobStatus, json, setup } from './fakes';

const failing = () => json(500, {});

describe('ApiClient', () => {
  afterEach(() => jest.restoreAllMocks());

  it('offers its endpoint for the prepare functions: the base URL and the key, nothing else', () => {
    const { client } = setup(failing);
    expect(client.endpoint).toEqual({ baseUrl: BASE_URL, apiKey: API_KEY });
  });

  it('keeps the default policy for what the caller leaves out of its own', () => {
    const { client, http, clock } = setup(failing, { maxAttempts: 2 }, () => 0.999999);
    client.searchCompanies({ query: 'fintech', limit: 10 });
    expect(http.requests).toHaveLength(2);
    // The default base delay (500 ms), full jitter just under its bound.
    expect(clock.sleeps).toEqual([DEFAULT_RETRY_POLICY.baseDelayMs - 1]);
  });

  it('retries with the default policy when given none', () => {
    const clock = new FakeClock();
    const http = new FakeHttp(failing, clock);
    const client = new ApiClient({ http, clock, baseUrl: BASE_URL, apiKey: API_KEY, random: () => 0 });
    client.searchPeople({ query: 'cto', limit: 5 });
    expect(http.requests).toHaveLength(DEFAULT_RETRY_POLICY.maxAttempts);
  });

  it('draws its jitter from Math.random when no random source is given', () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const clock = new FakeClock();
    const http = new FakeHttp(failing, clock);
    const client = new ApiClient({ http, clock, baseUrl: BASE_URL, apiKey: API_KEY, retry: { maxAttempts: 2 } });
    client.cancelResearch('job-1');
    expect(clock.sleeps).toEqual([DEFAULT_RETRY_POLICY.baseDelayMs / 2]);
  });

  it('sends each single call as one request and answers with its result', () => {
    const { client, http } = setup(() => json(200, jobStatus({ status: 'completed' })));
    const result = client.getResearchJob('job-1');
    expect(http.batches).toEqual([[expect.objectContaining({ method: 'get' })]]);
    expect(result).toMatchObject({ ok: true, credits: 0, value: { job_id: 'job-1', status: 'completed' } });
  });

  it('passes the caller’s deadline on: a passed one sends nothing', () => {
    const { client, http, clock } = setup(() => json(200, { job_id: 'job-1' }));
    const result = client.startResearch({ query: 'CTOs', limit: 10 }, { deadline: clock.now() });
    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind: 'out_of_time' }) });
    expect(http.requests).toHaveLength(0);
  });
});
