// Deep research jobs on the mock's manual job clock: states, pages, cancelling, and that none of it costs credits.
import type { JobStatusResponse } from '../../src/core/api/types';
import { errorOf, useMockApi, valueOf } from './harness';

const api = useMockApi();

function ids(status: JobStatusResponse): string[] {
  return status.results.map((profile) => profile.id);
}

describe('a research job', () => {
  it('goes pending → searching → processing → completed, free of charge', async () => {
    const { client } = api.connect();
    await api.control.nextJob({ secondsPerResult: 1 });
    const started = client.startResearch({ query: 'CTOs in Lisbon', limit: 30 });
    expect(started).toEqual({ ok: true, credits: 0, value: expect.objectContaining({ status: 'pending' }) });
    const jobId = valueOf(started).job_id;

    const seen = [valueOf(client.getResearchJob(jobId))];
    for (const ms of [5_000, 30_000, 10_000, 15 * 60_000]) {
      await api.control.advanceClock(ms);
      seen.push(valueOf(client.getResearchJob(jobId)));
    }
    expect(seen.map((status) => status.status)).toEqual([
      'pending',
      'searching',
      'processing',
      'processing',
      'completed',
    ]);
    const processing = seen[3];
    // The results that had appeared 45 s after the start, by the mock's own schedule for this job.
    const { createdAtJobTime, resultTimes } = await api.control.job(jobId);
    const appeared = resultTimes.filter((time) => time <= createdAtJobTime + 45_000).length;
    expect(appeared).toBeGreaterThan(0);
    expect(appeared).toBeLessThan(30);
    expect(processing.final_results_count).toBe(appeared);
    expect(processing.results).toHaveLength(processing.final_results_count);
    const completed = seen[4];
    expect(completed).toMatchObject({ job_id: jobId, final_results_count: 30, total_chunks: 2, chunks_processed: 2 });
    expect(completed.results).toHaveLength(30);
    expect(completed.pagination).toBeUndefined();
    expect(completed.error).toBeUndefined();
    expect(completed.created_at).toBeGreaterThan(1_600_000_000);
    expect(await api.control.creditsCharged()).toBe(0);
  });

  it('ends in error with its details, keeping the results found before', async () => {
    const { client } = api.connect();
    const jobId = valueOf(client.startResearch({ query: 'CTOs who fail fast', limit: 10 })).job_id;
    await api.control.advanceClock(15 * 60_000);
    const status = valueOf(client.getResearchJob(jobId));
    expect(status).toMatchObject({
      status: 'error',
      final_results_count: 5,
      error: expect.stringMatching(/Search processing error/),
    });
    expect(status.results).toHaveLength(5);
  });

  it('can be cancelled while it runs, once', async () => {
    const { client } = api.connect();
    await api.control.nextJob({ secondsPerResult: 1 });
    const jobId = valueOf(client.startResearch({ query: 'CTOs in Lisbon', limit: 30 })).job_id;
    await api.control.advanceToResult(jobId, 4);
    expect(client.cancelResearch(jobId)).toEqual({
      ok: true,
      credits: 0,
      value: { success: true, message: expect.any(String) },
    });
    await api.control.advanceClock(15 * 60_000);
    const status = valueOf(client.getResearchJob(jobId));
    expect(status).toMatchObject({ status: 'cancelled', final_results_count: 4 });
    expect(client.cancelResearch(jobId)).toMatchObject({ ok: false, error: { kind: 'conflict', status: 409 } });
  });
});

describe('starting a job is not repeated', () => {
  it('a 503 on the start is reported, not sent again: a second POST could start a second job', async () => {
    await api.control.addFaults([{ kind: 'status', status: 503, count: 1, path: '/api/search/deep_research' }]);
    const { client, clock } = api.connect();
    expect(errorOf(client.startResearch({ query: 'CTOs in Lisbon', limit: 30 }))).toEqual({
      kind: 'unavailable',
      status: 503,
      message:
        'The service is temporarily unavailable (503); the research job may have started anyway, so check the job ' +
        'list before starting it again.',
    });
    const posts = await api.control.requests({ method: 'POST', path: '/api/search/deep_research' });
    expect(posts.map((entry) => entry.status)).toEqual([503]);
    expect(clock.sleeps).toEqual([]);
  });
});

describe('pages', () => {
  it('a finished job: full pages, a partial last page, and an empty page past the end', async () => {
    const { client } = api.connect();
    const jobId = valueOf(client.startResearch({ query: 'CTOs in Lisbon', limit: 30 })).job_id;
    await api.control.advanceClock(15 * 60_000);
    const all = ids(valueOf(client.getResearchJob(jobId)));

    const first = valueOf(client.getResearchJob(jobId, { page: 1 }));
    expect(first.pagination).toEqual({ page: 1, page_size: 25, total_results: 30, total_pages: 2, has_more: true });
    expect(ids(first)).toEqual(all.slice(0, 25));
    const last = valueOf(client.getResearchJob(jobId, { page: 2, pageSize: 25 }));
    expect(last.pagination).toEqual({ page: 2, page_size: 25, total_results: 30, total_pages: 2, has_more: false });
    expect(ids(last)).toEqual(all.slice(25));
    const beyond = valueOf(client.getResearchJob(jobId, { page: 3 }));
    expect(beyond.results).toEqual([]);
    expect(beyond.pagination).toMatchObject({ page: 3, has_more: false });
    expect(ids(valueOf(client.getResearchJob(jobId, { page: 1, pageSize: 100 })))).toEqual(all);
  });

  it('the last page grows while the job runs, keeping its earlier entries', async () => {
    const { client } = api.connect();
    await api.control.nextJob({ secondsPerResult: 1 });
    const jobId = valueOf(client.startResearch({ query: 'CTOs in Lisbon', limit: 30 })).job_id;
    const page2 = () => valueOf(client.getResearchJob(jobId, { page: 2, pageSize: 10 }));

    await api.control.advanceToResult(jobId, 12);
    const early = page2();
    expect(early).toMatchObject({
      status: 'processing',
      pagination: { total_results: 12, total_pages: 2, has_more: false },
    });
    expect(early.results).toHaveLength(2);

    await api.control.advanceToResult(jobId, 15);
    const later = page2();
    expect(later.results).toHaveLength(5);
    expect(ids(later).slice(0, 2)).toEqual(ids(early));

    await api.control.advanceToResult(jobId, 30);
    const done = page2();
    expect(done).toMatchObject({
      status: 'completed',
      pagination: { total_results: 30, total_pages: 3, has_more: true },
    });
    expect(ids(done).slice(0, 5)).toEqual(ids(later));
    expect(await api.control.creditsCharged()).toBe(0);
  });
});
