// Deep research jobs on the manual job clock: states, gradual results, stable pages, duplicates, failure,
// cancellation, ownership, validation, legacy shape; plus the realtime clock.

import type { JobStatusResponse, ProfileRecord } from '../../src/core/api/types';
import { profileRecordForQuery } from '../../dev/mock-api/data';
import { JOB_ERROR_TEXT, PENDING_MS, SEARCHING_MS } from '../../dev/mock-api/jobs';
import { newKey, startTestMock, type TestMock } from './harness';
import { JOB_STATUS_RESPONSE_KEYS, PAGINATION_KEYS } from './record-keys';

let mock: TestMock;
beforeAll(async () => {
  mock = await startTestMock({ seed: 1 });
});
afterAll(() => mock?.close());
beforeEach(() => mock.control.reset());

async function startJob(query: string, limit: number, key?: string): Promise<string> {
  const answer = await mock.post('/api/search/deep_research', { query, limit }, key);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ job_id: expect.any(String), status: 'pending', message: expect.any(String) });
  return answer.body.job_id;
}

const status = (jobId: string, params = '', key?: string) =>
  mock.get<JobStatusResponse>(`/api/search/deep_research/${jobId}${params}`, key);

describe('research job lifecycle', () => {
  test('pending -> searching -> processing with gradual results -> completed', async () => {
    const jobId = await startJob('fintech founders in Berlin', 30);
    let answer = await status(jobId);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('pending');
    expect(Object.keys(answer.body)).toEqual(
      JOB_STATUS_RESPONSE_KEYS.filter((key) => key !== 'pagination' && key !== 'error'),
    );
    expect(answer.body.results).toEqual([]);
    expect(answer.body.created_at).toBeCloseTo(Date.now() / 1000, -1);

    await mock.control.advanceClock(PENDING_MS);
    answer = await status(jobId);
    expect(answer.body.status).toBe('searching');
    expect(answer.body.final_results_count).toBe(0);

    await mock.control.advanceClock(SEARCHING_MS);
    answer = await status(jobId);
    expect(answer.body.status).toBe('processing');
    expect(answer.body.total_results_found).toBeGreaterThan(30);

    await mock.control.advanceToResult(jobId, 12);
    answer = await status(jobId);
    expect(answer.body.status).toBe('processing');
    expect(answer.body.final_results_count).toBe(12);
    expect(answer.body.results).toHaveLength(12);
    // 30 results are two chunks of 25; 12 validated results finish neither.
    expect(answer.body).toMatchObject({ chunks_processed: 0, total_chunks: 2 });
    expect(answer.body.error).toBeUndefined();
    answer.body.results.forEach((record, i) =>
      expect(record).toEqual(profileRecordForQuery(1, 'fintech founders in Berlin', i)),
    );

    await mock.control.advanceToResult(jobId, 30);
    answer = await status(jobId);
    expect(answer.body.status).toBe('completed');
    expect(answer.body.final_results_count).toBe(30);
    expect(answer.body.chunks_processed).toBe(answer.body.total_chunks);
    expect(await mock.control.creditsCharged()).toBe(0);
  });

  test('pages are stable while the last page grows', async () => {
    const jobId = await startJob('growth marketers', 60);
    await mock.control.advanceToResult(jobId, 27);
    const early = await status(jobId, '?page=1&page_size=25');
    expect(early.body.pagination).toEqual({
      page: 1,
      page_size: 25,
      total_results: 27,
      total_pages: 2,
      has_more: true,
    });
    expect(Object.keys(early.body.pagination ?? {})).toEqual([...PAGINATION_KEYS]);
    const earlyPage2 = await status(jobId, '?page=2&page_size=25');
    expect(earlyPage2.body.results).toHaveLength(2);
    expect(earlyPage2.body.pagination?.has_more).toBe(false);

    await mock.control.advanceToResult(jobId, 60);
    const late = await status(jobId, '?page=1&page_size=25');
    const latePage2 = await status(jobId, '?page=2&page_size=25');
    expect(late.body.results).toEqual(early.body.results);
    expect(latePage2.body.results.slice(0, 2)).toEqual(earlyPage2.body.results);
    expect(latePage2.body.results).toHaveLength(25);
    expect((await status(jobId, '?page=3')).body.results).toHaveLength(10);
    expect((await status(jobId, '?page=9')).body.results).toEqual([]);
    const all = (await status(jobId)).body;
    expect(all.pagination).toBeUndefined();
    const pages = await Promise.all([1, 2, 3].map((page) => status(jobId, `?page=${page}&page_size=25`)));
    expect(all.results).toEqual(pages.flatMap((page) => page.body.results));
  });

  test('a 237-result job takes several minutes of job time and ends with 237 results', async () => {
    const jobId = await startJob('data engineers', 237);
    const job = await mock.control.job(jobId);
    const minutes = (job.resultTimes[236] - job.createdAtJobTime) / 60_000;
    expect(minutes).toBeGreaterThan(3);
    expect(minutes).toBeLessThan(15);
    await mock.control.advanceClock(15 * 60_000);
    const answer = await status(jobId, '?page=10&page_size=25');
    expect(answer.body.status).toBe('completed');
    expect(answer.body.final_results_count).toBe(237);
    expect(answer.body.results).toHaveLength(12);
  });

  test('duplicates option repeats earlier profiles later in the list', async () => {
    await mock.control.nextJob({ duplicates: 3 });
    const jobId = await startJob('sales leaders', 20);
    const job = await mock.control.job(jobId);
    expect(job.duplicatePositions).toHaveLength(3);
    await mock.control.advanceClock(10 * 60_000);
    const results = (await status(jobId)).body.results as ProfileRecord[];
    expect(results).toHaveLength(20);
    expect(new Set(results.map((record) => record.id)).size).toBe(17);
    for (const { position, repeats } of job.duplicatePositions) {
      expect(repeats).toBeLessThan(position);
      expect(results[position]).toEqual(results[repeats]);
    }
    // Options apply to one job only.
    const nextJob = await mock.control.job(await startJob('sales leaders', 20));
    expect(nextJob.duplicatePositions).toEqual([]);
  });

  test('a query with the word "fail" errors midway and keeps its results', async () => {
    const jobId = await startJob('this search will fail', 10);
    await mock.control.advanceClock(10 * 60_000);
    const answer = await status(jobId);
    expect(answer.body.status).toBe('error');
    expect(answer.body.error).toBe(JOB_ERROR_TEXT);
    expect(answer.body.final_results_count).toBe(5);
    expect(answer.body.results).toHaveLength(5);
    expect(Object.keys(answer.body).at(-1)).toBe('error');
    const cancel = await mock.post(`/api/search/deep_research/${jobId}/cancel`, {});
    expect(cancel.status).toBe(409);
  });

  test('failAfterResults option and a custom pace', async () => {
    await mock.control.nextJob({ failAfterResults: 2, secondsPerResult: 10 });
    const jobId = await startJob('ordinary query', 10);
    await mock.control.advanceClock(PENDING_MS + SEARCHING_MS + 16_000);
    expect((await status(jobId)).body.status).toBe('processing');
    await mock.control.advanceClock(60_000);
    const answer = await status(jobId);
    expect(answer.body.status).toBe('error');
    expect(answer.body.results).toHaveLength(2);
  });

  test('"no results" research completes empty', async () => {
    const jobId = await startJob('no results anywhere', 50);
    await mock.control.advanceClock(PENDING_MS + SEARCHING_MS);
    const answer = await status(jobId);
    expect(answer.body.status).toBe('completed');
    expect(answer.body.results).toEqual([]);
  });

  test('cancel keeps results so far; cancelling again or a completed job answers 409', async () => {
    const jobId = await startJob('designers', 40);
    await mock.control.advanceToResult(jobId, 7);
    const cancel = await mock.post(`/api/search/deep_research/${jobId}/cancel`, {});
    expect(cancel.status).toBe(200);
    expect(cancel.body).toEqual({ success: true, message: expect.any(String) });
    await mock.control.advanceClock(60 * 60_000);
    const answer = await status(jobId);
    expect(answer.body.status).toBe('cancelled');
    expect(answer.body.results).toHaveLength(7);
    expect((await mock.post(`/api/search/deep_research/${jobId}/cancel`, {})).body).toEqual({
      detail: 'Job already cancelled.',
    });

    const done = await startJob('designers', 3);
    await mock.control.advanceClock(60 * 60_000);
    const late = await mock.post(`/api/search/deep_research/${done}/cancel`, {});
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ detail: 'Job already completed.' });
  });

  test('a pending job can be cancelled with no results', async () => {
    const jobId = await startJob('designers', 5);
    expect((await mock.post(`/api/search/deep_research/${jobId}/cancel`, {})).status).toBe(200);
    expect((await status(jobId)).body).toMatchObject({ status: 'cancelled', results: [], final_results_count: 0 });
  });
});

describe('research access and validation', () => {
  test('403 for another key, 404 for unknown and deleted jobs', async () => {
    const jobId = await startJob('analysts', 5);
    const other = await newKey(mock, 'other');
    expect((await status(jobId, '', other)).status).toBe(403);
    expect((await status(jobId, '', other)).body).toEqual({ detail: 'Not authorized to access this job.' });
    expect((await mock.post(`/api/search/deep_research/${jobId}/cancel`, {}, other)).status).toBe(403);
    expect((await status('no-such-job')).status).toBe(404);
    expect((await mock.post('/api/search/deep_research/no-such-job/cancel', {})).status).toBe(404);
    await mock.control.deleteJob(jobId);
    expect((await status(jobId)).status).toBe(404);
  });

  test.each([
    ['page 0', '?page=0'],
    ['negative page', '?page=-1'],
    ['text page', '?page=one'],
    ['page_size 0', '?page=1&page_size=0'],
    ['page_size 101', '?page=1&page_size=101'],
  ])('400 for %s', async (_, params) => {
    const jobId = await startJob('analysts', 5);
    const answer = await status(jobId, params);
    expect(answer.status).toBe(400);
    expect(typeof (answer.body as unknown as { detail: string }).detail).toBe('string');
  });

  test('start validation: 422 without or with empty query, 400 for limits outside 1-1000', async () => {
    const start = (body: unknown) => mock.post('/api/search/deep_research', body);
    expect((await start({ limit: 5 })).body).toEqual({
      detail: [{ loc: ['body', 'query'], msg: 'Field required', type: 'missing' }],
    });
    expect((await start({ query: '  ', limit: 5 })).status).toBe(422);
    expect((await start('{not json')).status).toBe(422);
    expect((await start({ query: 'x', limit: 0 })).status).toBe(400);
    expect((await start({ query: 'x', limit: 1001 })).status).toBe(400);
    expect((await start({ query: 'x', limit: 2.5 })).status).toBe(400);
    expect((await start({ query: 'x', limit: 1000 })).status).toBe(200);
  });

  test('legacy=true answers legacy records the client can tell apart', async () => {
    const jobId = await startJob('analysts', 5);
    await mock.control.advanceClock(10 * 60_000);
    const legacy = (await status(jobId, '?legacy=true')).body.results as unknown as Array<Record<string, unknown>>;
    expect(legacy).toHaveLength(5);
    for (const record of legacy) {
      expect(Object.keys(record).length).toBeLessThanOrEqual(15);
      expect(record.full_name).toBeUndefined();
      expect(typeof record.profile_url).toBe('string');
    }
    const records = (await status(jobId, '?legacy=false')).body.results;
    expect(records[0].full_name).toBeDefined();
  });
});

describe('realtime job clock', () => {
  test('moves jobs by elapsed time times speed', async () => {
    const fast = await startTestMock({ jobClock: 'realtime', speed: 1000 });
    try {
      const started = await fast.post('/api/search/deep_research', { query: 'x', limit: 3 });
      await new Promise((resolve) => setTimeout(resolve, 100)); // 100 s of job time
      const answer = await fast.get(`/api/search/deep_research/${started.body.job_id}`);
      expect(answer.body.status).toBe('completed');
      expect((await fast.control.clock()).jobTime).toBeGreaterThan(100_000);
    } finally {
      await fast.close();
    }
  });
});
