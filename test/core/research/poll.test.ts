import { pollJob, PROFILES_PER_WRITE, RESULTS_PAGE_SIZE, type ResearchSheets } from '../../../src/core/research/poll';
import type { JobRecord } from '../../../src/core/research/registry';
import type { JobStatus } from '../../../src/core/api/types';
import { API_KEY, BASE_URL, FakeClock, FakeHttp, json, queryOf } from '../api/fakes';
import { ApiClient } from '../../../src/core/api/client';
import { profileRecord } from '../fields/samples';
import { memoryTable } from '../../support/memory-table';

/** A job on the service: the profiles found so far (ids in order, repeats allowed) and its status. */
function fakeService() {
  const state = { status: 'processing' as JobStatus, ids: [] as string[], httpStatus: 200, otherNames: false };
  const respond = (request: { url: string }) => {
    if (state.httpStatus !== 200) return json(state.httpStatus, { detail: 'no' });
    const { page, page_size } = queryOf(request as never);
    const size = Number(page_size);
    const slice = state.ids.slice((Number(page) - 1) * size, Number(page) * size);
    return json(200, {
      job_id: 'job-1',
      status: state.status,
      message: `${state.ids.length} found`,
      created_at: 1,
      total_results_found: 999,
      final_results_count: state.ids.length,
      filtered_results_count: 0,
      chunks_processed: 3,
      total_chunks: 10,
      results: slice.map((id) => ({ ...profileRecord, id, full_name: `Person ${id}` })),
      pagination: state.otherNames
        ? { current: Number(page), hasMore: Number(page) * size < state.ids.length }
        : {
            page: Number(page),
            page_size: size,
            total_results: state.ids.length,
            total_pages: Math.ceil(state.ids.length / size),
            has_more: Number(page) * size < state.ids.length,
          },
      ...(state.status === 'error' ? { error: 'Search backend failed.' } : {}),
    });
  };
  return { state, respond };
}

function setup() {
  const service = fakeService();
  const clock = new FakeClock();
  const http = new FakeHttp(service.respond as never, clock);
  http.batchMs = 200;
  const client = new ApiClient({ http, clock, apiKey: API_KEY, baseUrl: BASE_URL });
  const results = memoryTable();
  const experience = memoryTable();
  const education = memoryTable();
  const sheets: ResearchSheets = {
    results: () => results.table,
    companion: (collection) => (collection === 'experience' ? experience : education).table,
  };
  let job: JobRecord = {
    jobId: 'job-1',
    query: 'q',
    limit: 500,
    columns: 'essentials',
    status: 'pending',
    message: '',
    sheetName: 'S',
    rowsWritten: 0,
    finalResultsCount: 0,
    chunksProcessed: 0,
    totalChunks: 0,
    createdAt: '',
    updatedAt: '',
    error: null,
    startedBy: 'ann-id',
    baseUrl: BASE_URL,
    nextPage: 1,
  };
  const saved: JobRecord[] = [];
  const poll = (stopAfterMs = 60_000) => {
    job = pollJob(job, { client, clock, sheets, stopBy: clock.now() + stopAfterMs }, (j) => saved.push(j)).job;
    return job;
  };
  return { service, http, client, clock, sheets, results, experience, education, poll, saved, job: () => job };
}

const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `p${from + i}`);

describe('pollJob', () => {
  it('asks for pages of 100 and upserts a growing last page without duplicates', () => {
    const { service, http, results, experience, poll } = setup();
    service.state.ids = ids(1, 40);
    poll();
    service.state.ids = ids(1, 130);
    poll();
    service.state.ids = [...ids(1, 130), 'p7', ...ids(131, 237)];
    service.state.status = 'completed';
    const job = poll();
    const requested = http.requests.map((r) => queryOf(r));
    expect(requested.every((q) => q.page_size === String(RESULTS_PAGE_SIZE) && Number(q.page) >= 1)).toBe(true);
    expect(requested.map((q) => q.page)).toEqual(['1', '1', '2', '2', '3']);
    expect(results.column('id')).toEqual(ids(1, 237));
    expect(job).toMatchObject({ status: 'completed', rowsWritten: 237, finalResultsCount: 238, nextPage: 3 });
    const experienceOwners = experience.column('profile_id');
    expect(new Set(experienceOwners).size).toBe(237);
    expect(experienceOwners).toHaveLength(237 * (profileRecord.experience?.length ?? 0));
  });

  it('writes the pages it read together and then saves the cursor, so a poll stopped by time resumes without loss or repeats', () => {
    const { service, results, poll, saved } = setup();
    service.state.ids = ids(1, 350);
    poll(300); // time for two pages only (200 ms each)
    expect(saved.map((j) => j.nextPage)).toEqual([3]);
    expect(results.column('id')).toHaveLength(200);
    service.state.status = 'completed';
    const job = poll();
    expect(results.column('id')).toEqual(ids(1, 350));
    expect(job.rowsWritten).toBe(350);
  });

  it('writes at most PROFILES_PER_WRITE profiles at a time, saving the cursor after each write', () => {
    const { service, results, poll, saved } = setup();
    service.state.ids = ids(1, PROFILES_PER_WRITE + 50);
    poll(3_600_000);
    expect(saved.map((j) => [j.nextPage, j.rowsWritten])).toEqual([
      [PROFILES_PER_WRITE / RESULTS_PAGE_SIZE + 1, PROFILES_PER_WRITE],
      [PROFILES_PER_WRITE / RESULTS_PAGE_SIZE + 1, PROFILES_PER_WRITE + 50],
    ]);
    expect(results.column('id')).toEqual(ids(1, PROFILES_PER_WRITE + 50));
  });

  it('asks for no page the service says is empty yet, and ends a finished job at its last full page', () => {
    const { service, http, results, poll } = setup();
    service.state.ids = ids(1, 200);
    poll();
    expect(http.requests.map((r) => queryOf(r).page)).toEqual(['1', '2']);
    service.state.status = 'completed';
    expect(poll()).toMatchObject({ status: 'completed', nextPage: 3, rowsWritten: 200 });
    expect(http.requests.map((r) => queryOf(r).page)).toEqual(['1', '2', '3']);

    const finished = setup();
    finished.service.state.ids = ids(1, 200);
    finished.service.state.status = 'completed';
    expect(finished.poll()).toMatchObject({ status: 'completed', nextPage: 3, rowsWritten: 200 });
    expect(finished.http.requests.map((r) => queryOf(r).page)).toEqual(['1', '2']);
    expect(finished.results.column('id')).toEqual(ids(1, 200));
    expect(results.column('id')).toEqual(ids(1, 200));

    // Pagination named otherwise than our reading of the API: nothing is believed, the next page is asked for.
    const unknown = setup();
    unknown.service.state.ids = ids(1, 200);
    unknown.service.state.otherNames = true;
    unknown.poll();
    expect(unknown.http.requests.map((r) => queryOf(r).page)).toEqual(['1', '2', '3']);
  });

  it('keeps a finished job unfinished until its last page is written, so a poll cut short loses nothing', () => {
    const { service, results, poll, saved } = setup();
    service.state.ids = ids(1, 250);
    service.state.status = 'completed';
    const cut = poll(300); // time for two pages only
    expect(results.column('id')).toHaveLength(200);
    expect(cut).toMatchObject({ status: 'processing', nextPage: 3, rowsWritten: 200, error: null });
    expect(saved.every((job) => job.status === 'processing')).toBe(true);
    expect(poll()).toMatchObject({ status: 'completed', message: '250 found', rowsWritten: 250 });
    expect(results.column('id')).toEqual(ids(1, 250));

    const failed = setup();
    failed.service.state.ids = ids(1, 150);
    failed.service.state.status = 'error';
    expect(failed.poll(100)).toMatchObject({ status: 'processing', error: null, rowsWritten: 100 });
    expect(failed.poll()).toMatchObject({ status: 'error', error: 'Search backend failed.', rowsWritten: 150 });
  });

  it('saves nothing when a poll learns nothing new, and dates the job by its last change', () => {
    const { service, clock, poll, saved } = setup();
    service.state.ids = ids(1, 40);
    const first = poll();
    expect(saved).toHaveLength(1);
    clock.time += 60_000;
    expect(poll()).toEqual(first);
    expect(saved).toHaveLength(1);
    service.state.ids = ids(1, 41);
    clock.time += 60_000;
    const grown = poll();
    expect(saved).toHaveLength(2);
    expect(grown.rowsWritten).toBe(41);
    // Two minutes of waiting, plus the quiet poll's two requests (status and page, 200 ms each).
    expect(Date.parse(grown.updatedAt) - Date.parse(first.updatedAt)).toBe(120_000 + 2 * 200);
  });

  it('counts the rows in the sheet, so a page written but not saved is neither lost nor counted twice', () => {
    const { service, client, clock, sheets, results, poll, job } = setup();
    service.state.ids = ids(1, 150);
    service.state.status = 'completed';
    // An execution wrote page 1 and ended before it saved the cursor.
    pollJob(job(), { client, clock, sheets, stopBy: clock.now() + 100 }, () => undefined);
    expect(results.column('id')).toEqual(ids(1, 100));
    expect(job()).toMatchObject({ nextPage: 1, rowsWritten: 0 });
    expect(poll()).toMatchObject({ status: 'completed', rowsWritten: 150 });
    expect(results.column('id')).toEqual(ids(1, 150));
  });

  it("appends a profile's companion entries once when it comes twice in one page", () => {
    const { service, results, experience, education, poll } = setup();
    service.state.ids = ['p1', 'p2', 'p1', 'p3', 'p2'];
    service.state.status = 'completed';
    expect(poll()).toMatchObject({ rowsWritten: 3 });
    expect(results.column('id')).toEqual(['p1', 'p2', 'p3']);
    const owners = (entries: number) => ['p1', 'p2', 'p3'].flatMap((id) => new Array<string>(entries).fill(id));
    expect(experience.column('profile_id')).toEqual(owners(profileRecord.experience!.length));
    expect(education.column('profile_id')).toEqual(owners(profileRecord.education!.length));
  });

  it('keeps the error of a failed job and the rows it had', () => {
    const { service, results, poll } = setup();
    service.state.ids = ids(1, 12);
    service.state.status = 'error';
    expect(poll()).toMatchObject({ status: 'error', error: 'Search backend failed.', rowsWritten: 12 });
    expect(results.column('id')).toHaveLength(12);
  });

  it('ends a job the service no longer has (404), and leaves a job another key may not read (403) as it was', () => {
    const gone = setup();
    gone.service.state.httpStatus = 404;
    expect(gone.poll()).toMatchObject({ status: 'error' });
    expect(gone.job().error).toMatch(/no longer exists|not found/i);

    const other = setup();
    other.service.state.httpStatus = 403;
    const before = other.job();
    const outcome = pollJob(
      before,
      {
        client: new ApiClient({ http: other.http, clock: new FakeClock(), apiKey: API_KEY, baseUrl: BASE_URL }),
        clock: new FakeClock(),
        sheets: { results: () => other.results.table, companion: () => other.experience.table },
        stopBy: Date.now() * 2,
      },
      () => undefined,
    );
    expect(outcome.job).toEqual(before);
    expect(outcome.userError).toMatch(/another API key/i);
  });

  it('writes text that looks like a formula, number or date into text-formatted columns', () => {
    const { service, results, poll } = setup();
    service.state.ids = ['=HYPERLINK("http://evil.example","x")'];
    service.state.status = 'completed';
    poll();
    expect(results.column('id')).toEqual(['=HYPERLINK("http://evil.example","x")']);
    const idColumn = results.grid[0].indexOf('id') + 1;
    expect(results.formats[`2,${idColumn}`]).toBe('@');
  });
});
