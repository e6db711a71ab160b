import { MAX_RUNS, RunRegistry, runMessage, toRunSummary, type RunRecord } from '../../../src/core/enrichment/registry';
import { memoryStore } from '../../support/memory';

function run(runId: string, createdAt: string, status: RunRecord['status'] = 'completed'): RunRecord {
  return {
    runId,
    sheetName: 'Leads',
    inputA1: 'A2:A9',
    operation: 'scrape',
    status,
    fields: ['name'],
    overwrite: false,
    refresh: null,
    schedule: null,
    rangeName: `sheetEnrichRun_${runId}`,
    total: 8,
    done: 3,
    ok: 2,
    notFound: 1,
    failed: 0,
    invalid: 0,
    creditsEstimated: 16,
    creditsAdded: 0,
    creditsSpent: 4,
    message: '',
    error: null,
    createdAt,
    updatedAt: createdAt,
    startedBy: 'ann',
    baseUrl: 'https://api.enrich.example',
    tier: '2',
    lease: null,
  };
}

describe('RunRegistry', () => {
  it('writes an entry only when it changed, moving updatedAt with the change', () => {
    const store = memoryStore();
    const writes: string[] = [];
    const registry = new RunRegistry({ ...store, set: (key, value) => (writes.push(key), store.set(key, value)) });
    const first = registry.save(run('a', 'T0'), null, 'T1');
    expect(first.updatedAt).toBe('T1');
    // Built in another key order, saying the same: no write.
    const same = Object.fromEntries(Object.entries(first).reverse()) as unknown as RunRecord;
    expect(registry.save({ ...same, updatedAt: 'T9' }, registry.get('a'), 'T2')).toEqual(first);
    expect(writes).toHaveLength(1);
    const changed = registry.save({ ...first, done: 4 }, registry.get('a'), 'T3');
    expect(changed).toMatchObject({ done: 4, updatedAt: 'T3' });
    expect(writes).toHaveLength(2);
  });

  it('reads an entry saved before Resume could raise estimates as never raised', () => {
    const store = memoryStore();
    const { creditsAdded, ...older } = run('a', 'T0');
    expect(creditsAdded).toBe(0);
    store.set('enrichment.run.a', JSON.stringify({ ...older }));
    expect(new RunRegistry(store).get('a')).toEqual(run('a', 'T0'));
  });

  it('keeps entries small whatever the sentences', () => {
    const store = memoryStore();
    new RunRegistry(store).save(
      { ...run('a', 'T0'), message: 'm'.repeat(20_000), error: 'e'.repeat(20_000) },
      null,
      'T1',
    );
    expect(Buffer.byteLength(Object.values(store.data)[0])).toBeLessThan(9 * 1024);
  });

  it('lists newest first and prunes the oldest finished runs, never unfinished ones', () => {
    const registry = new RunRegistry(memoryStore());
    registry.save(run('old-paused', '2020-01-01T00:00:00.000Z', 'paused'), null, 'T');
    for (let i = 0; i < MAX_RUNS + 3; i++) {
      registry.save(run(`r${i}`, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString()), null, 'T');
    }
    const dropped = registry.prune().map((r) => r.runId);
    expect(dropped).toEqual(['r0', 'r1', 'r2', 'r3']);
    const ids = registry.all().map((r) => r.runId);
    expect(ids).toHaveLength(MAX_RUNS);
    expect(ids[0]).toBe(`r${MAX_RUNS + 2}`);
    expect(ids).toContain('old-paused');
  });

  it('summaries carry only the contract fields', () => {
    expect(Object.keys(toRunSummary(run('a', 'T0'), 'ann')).sort()).toEqual(
      [
        'runId',
        'sheetName',
        'inputA1',
        'operation',
        'status',
        'total',
        'done',
        'ok',
        'notFound',
        'failed',
        'invalid',
        'creditsEstimated',
        'creditsSpent',
        'etaSeconds',
        'message',
        'error',
        'createdAt',
        'updatedAt',
        'fields',
        'refreshed',
        'changes',
        'changesByKind',
        'schedule',
      ].sort(),
    );
  });

  it('says whose a run is, and shows the viewer’s background problem on their unfinished runs only', () => {
    const problem = 'Background updates failed.';
    const own = toRunSummary(run('a', 'T0', 'running'), 'ann', problem);
    expect(own).toMatchObject({ error: problem });
    expect('mine' in own).toBe(false); // one's own work carries exactly the contract's fields
    expect(toRunSummary(run('a', 'T0', 'running'), 'bob', problem)).toMatchObject({ mine: false, error: null });
    expect(toRunSummary(run('a', 'T0', 'completed'), 'ann', problem)).toMatchObject({ error: null });
    expect(toRunSummary(run('a', 'T0', 'running'), null, problem)).toMatchObject({ mine: false, error: null });
    expect(toRunSummary({ ...run('a', 'T0', 'paused'), error: 'Out of credits.' }, 'ann', problem).error).toBe(
      'Out of credits.',
    );
  });

  it('estimates the time left at the starter’s tier while running', () => {
    // 5 rows left at tier 2 (150 scrapes a minute): 2 seconds.
    expect(toRunSummary(run('a', 'T0', 'running'), 'ann').etaSeconds).toBe(2);
    expect(toRunSummary({ ...run('a', 'T0', 'running'), tier: 'free' }, 'ann').etaSeconds).toBe(60);
    expect(toRunSummary(run('a', 'T0', 'paused'), 'ann').etaSeconds).toBeNull();
    expect(toRunSummary({ ...run('a', 'T0', 'running'), done: 8 }, 'ann').etaSeconds).toBeNull();
  });
});

describe('runMessage', () => {
  const counts = { total: 63, done: 61, ok: 61, notFound: 0, failed: 0, invalid: 0 };

  it('says when Resume raised the estimate, while running and once done', () => {
    expect(runMessage('running', counts)).toBe('Enriching: 61 of 63 rows done.');
    expect(runMessage('running', { ...counts, creditsAdded: 6 })).toBe(
      'Enriching: 61 of 63 rows done. Resume raised the estimate by 6 credits for rows it did not cover.',
    );
    expect(runMessage('completed', { ...counts, done: 63, ok: 63, creditsAdded: 6 })).toBe(
      'Done: 63 OK, 0 not found or private, 0 failed, 0 invalid. ' +
        'Resume raised the estimate by 6 credits for rows it did not cover.',
    );
    expect(runMessage('paused', { ...counts, creditsAdded: 6 })).toBe('Paused at 61 of 63 rows.');
  });
});
