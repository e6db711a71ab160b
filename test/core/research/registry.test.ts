import {
  JobRegistry,
  MAX_JOBS,
  PersonalJobErrors,
  toJobSummary,
  type JobRecord,
} from '../../../src/core/research/registry';
import { memoryStore } from '../../support/memory';

function job(jobId: string, createdAt: string, status: JobRecord['status'] = 'completed'): JobRecord {
  return {
    jobId,
    query: `q ${jobId}`,
    status,
    message: '',
    sheetName: `S ${jobId}`,
    rowsWritten: 0,
    finalResultsCount: 0,
    chunksProcessed: 0,
    totalChunks: 0,
    createdAt,
    updatedAt: createdAt,
    error: null,
    limit: 10,
    columns: 'essentials',
    startedBy: 'ann-id',
    baseUrl: 'https://api.enrich.example',
    nextPage: 1,
  };
}

describe('JobRegistry', () => {
  it('holds room for a job by writing it only when the store is within 100 KB of full', () => {
    const calls: string[] = [];
    const spy = (store: ReturnType<typeof memoryStore>) => ({
      ...store,
      set: (key: string, value: string) => (calls.push(`set ${key}`), store.set(key, value)),
      delete: (key: string) => (calls.push(`delete ${key}`), store.delete(key)),
    });
    const roomy = new JobRegistry(spy(memoryStore({ other: 'x'.repeat(390 * 1024) })));
    expect(roomy.holdRoom(job('a', '2026-01-01T00:00:00.000Z'))).toBe(true);
    roomy.releaseRoom();
    expect(calls).toEqual([]);
    // 2-byte characters count twice.
    const nearlyFull = new JobRegistry(spy(memoryStore({ other: 'é'.repeat(200 * 1024) })));
    expect(nearlyFull.holdRoom(job('a', '2026-01-01T00:00:00.000Z'))).toBe(true);
    nearlyFull.releaseRoom();
    expect(calls).toEqual(['set research.room', 'delete research.room']);
  });

  it('lists jobs newest first and keeps each entry small', () => {
    const store = memoryStore();
    const registry = new JobRegistry(store);
    registry.save(job('a', '2026-01-01T00:00:00.000Z'));
    registry.save({ ...job('b', '2026-01-02T00:00:00.000Z', 'processing'), query: 'q'.repeat(2000) });
    expect(registry.all().map((j) => j.jobId)).toEqual(['b', 'a']);
    expect(registry.unfinished().map((j) => j.jobId)).toEqual(['b']);
    for (const key of Object.keys(store.getAll())) expect(Buffer.byteLength(store.data[key])).toBeLessThan(9 * 1024);
  });

  it('prunes the oldest finished jobs, never unfinished ones', () => {
    const registry = new JobRegistry(memoryStore());
    registry.save(job('old-running', '2020-01-01T00:00:00.000Z', 'searching'));
    for (let i = 0; i < MAX_JOBS + 5; i++)
      registry.save(job(`j${i}`, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()));
    registry.prune();
    const ids = registry.all().map((j) => j.jobId);
    expect(ids).toHaveLength(MAX_JOBS);
    expect(ids).toContain('old-running');
    expect(ids).not.toContain('j0');
    expect(ids).toContain(`j${MAX_JOBS + 4}`);
  });

  it('summaries say mine: false only to a viewer who did not start the job', () => {
    const started = job('a', '2026-01-01T00:00:00.000Z');
    expect('mine' in toJobSummary(started, null, 'ann-id')).toBe(false);
    expect(toJobSummary(started, null, 'bob-id').mine).toBe(false);
    expect(toJobSummary(started, null, null).mine).toBe(false);
  });

  it('summaries carry only the contract fields and show a personal error when the job has none', () => {
    const summary = toJobSummary(job('a', '2026-01-01T00:00:00.000Z'), 'Started with another API key.');
    expect(Object.keys(summary).sort()).toEqual(
      [
        'chunksProcessed',
        'createdAt',
        'error',
        'finalResultsCount',
        'jobId',
        'message',
        'query',
        'rowsWritten',
        'sheetName',
        'status',
        'totalChunks',
        'updatedAt',
      ].sort(),
    );
    expect(summary.error).toBe('Started with another API key.');
  });
});

describe('JobRegistry text from the service', () => {
  it('caps a long message or error so the entry still fits a property', () => {
    const store = memoryStore();
    const registry = new JobRegistry(store);
    registry.save({
      ...job('a', '2026-01-01T00:00:00.000Z', 'error'),
      message: 'm'.repeat(20_000),
      error: 'e'.repeat(20_000),
    });
    const saved = registry.get('a')!;
    expect(saved.message.length).toBeLessThanOrEqual(500);
    expect(saved.error!.length).toBeLessThanOrEqual(500);
    expect(saved.error!.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(store.data['research.job.a'])).toBeLessThan(9 * 1024);
  });
});

describe('PersonalJobErrors', () => {
  it("keeps each user's failures apart, per document, and forgets those of ended jobs", () => {
    const store = memoryStore();
    const ann = new PersonalJobErrors(store, 'ann-id');
    const bob = new PersonalJobErrors(store, 'bob-id');
    ann.set('j1', 'Started with another API key (403).');
    ann.set('j2', 'x'.repeat(5_000));
    bob.set('j1', 'Network down.');
    expect(ann.all().j1).toBe('Started with another API key (403).');
    expect(ann.all().j2.length).toBeLessThanOrEqual(500);
    expect(bob.all()).toEqual({ j1: 'Network down.' });
    ann.set('j1', null);
    expect(Object.keys(ann.all())).toEqual(['j2']);
    ann.retain(['j1']);
    expect(ann.all()).toEqual({});
    expect(bob.all()).toEqual({ j1: 'Network down.' });
    expect(Object.keys(store.getAll())).toHaveLength(1);
  });

  // One entry per user used to hold all their failures: about 37 network errors (each naming the URL) passed the
  // 9 KB a property may hold, and the sidebar's poll failed with "Argument too large: value". The bundle's test of
  // that case: test/integration/background.test.ts.
  it('never writes an entry near the property limit, however many jobs fail at once', () => {
    const store = memoryStore();
    const writes: Array<[string, string]> = [];
    const counted = {
      ...store,
      set: (key: string, value: string) => (writes.push([key, value]), store.set(key, value)),
    };
    const errors = new PersonalJobErrors(counted, '3f0c6d8e-6a51-4c1e-9a7b-1f2d3c4b5a69');
    const url = 'https://api.enrich.example/api/search/deep_research/';
    const failure = (jobId: string) =>
      `Could not reach the service (Address unavailable: ${url}${jobId}?page=1&page_size=100); check the connection and try again.`;
    const jobIds = Array.from({ length: 200 }, (_, i) => `dr_${String(i).padStart(4, '0')}_7c1e9b2a4d6f8e0a`);
    for (const jobId of jobIds) errors.set(jobId, failure(jobId) + ' ' + 'é'.repeat(2_000));
    expect(Object.keys(errors.all())).toHaveLength(200);
    for (const [key, value] of writes) expect(Buffer.byteLength(key + value)).toBeLessThan(9 * 1024);
  });

  it('writes only what changes, and drops the entry of the older one-entry format', () => {
    const store = memoryStore({ 'research.errors.ann-id': '{"j9":"old"}' });
    const errors = new PersonalJobErrors(store, 'ann-id');
    errors.set('j1', 'Network down.');
    const writes = jest.fn();
    const watched = new PersonalJobErrors({ ...store, set: writes, delete: writes }, 'ann-id');
    watched.set('j1', 'Network down.');
    watched.set('j2', null);
    expect(writes).not.toHaveBeenCalled();
    errors.retain(['j1']);
    expect(store.getAll()).toEqual({ 'research.error.ann-id.j1': 'Network down.' });
  });
});
