// Research jobs as the sidebar and the trigger drive them, in memory: the service answers a start, its pages and a
// cancel; the registry lives in a memory store, the sheets in memory tables, the lock can be held elsewhere.
import { API_KEY, BASE_URL, FakeClock, FakeHttp, json } from '../api/fakes';
import { profileRecord } from '../fields/samples';
import { memoryStore } from '../../support/memory';
import { memoryTable } from '../../support/memory-table';
import {
  cancelJob,
  hasJobsToFollow,
  listJobs,
  pollFromSidebar,
  pollOwnJobs,
  startJob,
  type ResearchPorts,
} from '../../../src/core/research/jobs';
import { JobRegistry } from '../../../src/core/research/registry';
import { companionSheetName, legacyCompanionSheetName } from '../../../src/core/research/sheet-name';
import type { HttpRequest } from '../../../src/core/ports';
import type { Settings } from '../../../src/core/settings';

const SETTINGS: Settings = { apiKey: API_KEY, baseUrl: BASE_URL, tier: '3', formulaDailyBudget: null };

function fakeService() {
  const state = { status: 'processing', ids: [] as string[], cancels: 0, startStatus: 200 };
  const respond = (request: HttpRequest) => {
    if (request.method === 'post' && request.url.endsWith('/cancel')) {
      state.cancels++;
      state.status = 'cancelled';
      return json(200, { success: true, message: 'Cancelled.' });
    }
    if (request.method === 'post') {
      if (state.startStatus !== 200) return json(state.startStatus, { detail: 'Not enough credits.' });
      return json(200, { job_id: 'job-1', status: 'pending', message: 'Queued.' });
    }
    return json(200, {
      job_id: 'job-1',
      status: state.status,
      message: `${state.ids.length} found`,
      created_at: 1,
      total_results_found: state.ids.length,
      final_results_count: state.ids.length,
      filtered_results_count: 0,
      chunks_processed: 1,
      total_chunks: 1,
      results: state.ids.map((id) => ({ ...profileRecord, id, full_name: `Person ${id}` })),
      pagination: { page: 1, page_size: 100, total_results: state.ids.length, total_pages: 1, has_more: false },
    });
  };
  return { state, respond };
}

function setup() {
  const service = fakeService();
  const clock = new FakeClock();
  const http = new FakeHttp(service.respond, clock);
  const store = memoryStore();
  const tables = new Map<string, ReturnType<typeof memoryTable>>();
  const lock = { heldElsewhere: false };
  const announced: string[] = [];
  const ports: ResearchPorts = {
    store,
    lock: { tryLock: () => !lock.heldElsewhere, release: () => undefined },
    clock,
    http,
    book: {
      hasSheet: (name) => tables.has(name),
      table: (name) => {
        if (!tables.has(name)) tables.set(name, memoryTable());
        return tables.get(name)!.table;
      },
    },
    announce: (message) => void announced.push(message),
  };
  const start = (userId = 'ann') => startJob(ports, { query: 'data engineers in Lisbon' }, SETTINGS, () => userId);
  /** Ann's open sidebar polls all her jobs with her settings. */
  const pollAsAnn = () =>
    pollFromSidebar(
      ports,
      undefined,
      () => 'ann',
      () => SETTINGS,
    );
  const jobs = () => new JobRegistry(store);
  return { service, clock, http, store, tables, lock, announced, ports, start, pollAsAnn, jobs };
}

describe('starting a research job', () => {
  it('starts it with the caller’s key, keeps it, and creates its sheet with headers', () => {
    const env = setup();
    const { job, setupFailure } = env.start();
    expect(setupFailure).toBeNull();
    expect(job).toMatchObject({ jobId: 'job-1', status: 'pending', startedBy: 'ann', baseUrl: BASE_URL, nextPage: 1 });
    expect(env.jobs().get('job-1')).toEqual(job);
    expect(env.tables.get(job.sheetName)!.table.headers().length).toBeGreaterThan(0);
    expect(env.http.requests[0].headers).toMatchObject({ Authorization: `Bearer ${API_KEY}` });
  });

  it('is refused without a key, before anything is sent', () => {
    const env = setup();
    expect(() => startJob(env.ports, { query: 'q' }, { ...SETTINGS, apiKey: null }, () => 'ann')).toThrow(/key/i);
    expect(env.http.requests).toHaveLength(0);
    expect(env.jobs().all()).toEqual([]);
  });

  it('keeps nothing when the service refuses', () => {
    const env = setup();
    env.service.state.startStatus = 402;
    expect(() => env.start()).toThrow();
    expect(env.jobs().all()).toEqual([]);
  });

  it('keeps a started job whose sheet could not be set up, with the failure for its starter', () => {
    const env = setup();
    env.ports.book.table = () => {
      throw new Error('The sheet is protected');
    };
    const { job, setupFailure } = env.start();
    expect(setupFailure).toContain('The sheet is protected');
    expect(env.jobs().get(job.jobId)).not.toBeNull();
    expect(listJobs(env.store, 'ann', () => null)[0].error).toBe(setupFailure);
    expect(listJobs(env.store, 'bob', () => null)[0].error).toBeNull();
  });
});

describe('polling research jobs', () => {
  it('writes the results for the sidebar and says when a job completes', () => {
    const env = setup();
    const { job } = env.start();
    env.service.state.ids = ['p1', 'p2'];
    env.service.state.status = 'completed';
    env.pollAsAnn();
    expect(env.jobs().get(job.jobId)).toMatchObject({ status: 'completed', rowsWritten: 2 });
    expect(env.tables.get(job.sheetName)!.column('id')).toEqual(['p1', 'p2']);
    expect(env.announced).toEqual([`"${job.sheetName}" is complete: 2 rows.`]);
  });

  it('writes companions into the long-named tabs of a job started before companions got short names', () => {
    const env = setup();
    const { job } = startJob(env.ports, { query: 'data engineers in Lisbon', columns: 'all' }, SETTINGS, () => 'ann');
    const legacy = legacyCompanionSheetName(job.sheetName, 'Experience');
    env.ports.book.table(legacy);
    env.service.state.ids = ['p1', 'p2'];
    env.service.state.status = 'completed';
    env.pollAsAnn();
    expect(env.tables.get(legacy)!.table.headers().length).toBeGreaterThan(0);
    expect(env.tables.has(companionSheetName(job.sheetName, 'Experience'))).toBe(false);
    // Education had no tab of the old name: it gets the short one.
    expect(env.tables.has(companionSheetName(job.sheetName, 'Education'))).toBe(true);
  });

  it('skips the round while another poll holds the lock', () => {
    const env = setup();
    env.start();
    env.lock.heldElsewhere = true;
    const requests = env.http.requests.length;
    env.pollAsAnn();
    expect(env.http.requests).toHaveLength(requests);
  });

  it('does not follow a job started on another base URL, and says so to the poller', () => {
    const env = setup();
    const { job } = env.start();
    const elsewhere = { ...SETTINGS, baseUrl: 'https://elsewhere.example' };
    pollFromSidebar(
      env.ports,
      job.jobId,
      () => 'ann',
      () => elsewhere,
    );
    expect(listJobs(env.store, 'ann', () => null)[0].error).toContain(`started on ${BASE_URL}`);
  });

  it('lets a trigger follow only its user’s jobs, with their key, on their base URL', () => {
    const env = setup();
    env.start('ann');
    expect(hasJobsToFollow(env.ports, 'ann', SETTINGS)).toBe(true);
    expect(hasJobsToFollow(env.ports, 'bob', SETTINGS)).toBe(false);
    expect(hasJobsToFollow(env.ports, 'ann', { ...SETTINGS, apiKey: null })).toBe(false);
    env.service.state.status = 'completed';
    pollOwnJobs(env.ports, 'ann', () => SETTINGS, Infinity);
    expect(hasJobsToFollow(env.ports, 'ann', SETTINGS)).toBe(false);
  });

  it('shows a trigger poll’s failure on the user’s jobs', () => {
    const env = setup();
    const { job } = env.start('ann');
    pollOwnJobs(env.ports, 'ann', () => ({ ...SETTINGS, apiKey: null }), Infinity);
    expect(listJobs(env.store, 'ann', () => null).find((summary) => summary.jobId === job.jobId)!.error).toMatch(
      /^Background polling failed/,
    );
  });
});

describe('cancelling a research job', () => {
  it('cancels an unfinished job and fetches its last results; a finished one is left alone', () => {
    const env = setup();
    const { job } = env.start();
    expect(
      cancelJob(
        env.ports,
        job.jobId,
        () => 'ann',
        () => SETTINGS,
      ),
    ).toBe(true);
    expect(env.service.state.cancels).toBe(1);
    expect(env.jobs().get(job.jobId)!.status).toBe('cancelled');
    expect(
      cancelJob(
        env.ports,
        job.jobId,
        () => 'ann',
        () => SETTINGS,
      ),
    ).toBe(false);
    expect(env.service.state.cancels).toBe(1);
  });

  it('refuses a job this document does not hold', () => {
    expect(() =>
      cancelJob(
        setup().ports,
        'nope',
        () => 'ann',
        () => SETTINGS,
      ),
    ).toThrow('not in this spreadsheet');
  });
});
