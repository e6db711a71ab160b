// The run loop in memory: the run's rows in a grid, the registry in a memory store, a lock another execution can
// hold, the fake clock and Http of the client's tests, the fetch engine's cache.
import { OPERATIONS } from '../../../src/core/enrichment/operations';
import { NO_COUNTS } from '../../../src/core/enrichment/progress';
import { RunRegistry, type RunRecord } from '../../../src/core/enrichment/registry';
import { statusHeaderOf } from '../../../src/core/refresh/checked';
import { LEASE_MS, ROWS_GONE, workOnRun, type RunPorts } from '../../../src/core/enrichment/work';
import { fetchFresh } from '../../../src/core/fetch/engine';
import type { HttpOutcome, HttpRequest } from '../../../src/core/ports';
import type { Settings } from '../../../src/core/settings';
import { memoryStore } from '../../support/memory';
import { API_KEY, BASE_URL, FakeClock, FakeHttp, json } from '../api/fakes';
import { CountingCache, profileAnswer, profileUrl, sha256 } from '../fetch/fakes';
import { memoryBook } from './fakes';

const STATUS_HEADER = statusHeaderOf('profile');

const SPEC = OPERATIONS.profile;
const SETTINGS: Settings = { apiKey: API_KEY, baseUrl: BASE_URL, tier: '3', formulaDailyBudget: null };
const MINUTE = 60_000;
const slugs = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

/** A sheet whose row 1 is the header row and column A the run's inputs, named as the run's rows. */
function memorySheet(inputs: readonly string[], lockHeld: () => boolean) {
  const book = memoryBook(lockHeld);
  const cells = book.addSheet('Leads', [['Profile'], ...inputs.map((input) => [input])]);
  book.port.nameRows('sheetEnrichRun_r1', { sheet: 'Leads', headerRow: 1, lastRow: inputs.length + 1, inputColumn: 1 });
  const rowsBy = (...headers: string[]) => book.rowsBy('Leads', ...headers);
  return { sheet: book.port, cells, writes: book.writes, state: book.state, rowsBy };
}

function runRecord(overrides: Partial<RunRecord> = {}): RunRecord {
  return {
    runId: 'r1',
    sheetName: 'Leads',
    inputA1: 'A2:A',
    operation: 'profile',
    status: 'running',
    fields: ['full_name'],
    overwrite: false,
    refresh: null,
    schedule: null,
    rangeName: 'sheetEnrichRun_r1',
    ...NO_COUNTS,
    creditsEstimated: 1_000,
    creditsAdded: 0,
    creditsSpent: 0,
    message: '',
    error: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    startedBy: 'ann',
    baseUrl: BASE_URL,
    tier: '3',
    lease: null,
    ...overrides,
  };
}

function setup(
  inputSlugs: readonly string[],
  run: Partial<RunRecord> = {},
  respond: (request: HttpRequest, callNumber: number) => HttpOutcome = profileAnswer,
) {
  const clock = new FakeClock();
  const http = new FakeHttp(respond, clock);
  http.batchMs = 1_000;
  const cache = new CountingCache(clock);
  const lock = {
    held: false,
    heldElsewhere: false,
    /** Every try: how long it would wait, and whether it got the lock. */
    tries: [] as { waitMs: number; got: boolean }[],
    /** Called after a try that waited and did not get the lock (the other execution may let it go then). */
    onMissedWait: (): void => undefined,
  };
  const sheet = memorySheet(inputSlugs.map(profileUrl), () => lock.held);
  const store = memoryStore();
  const registry = new RunRegistry(store);
  registry.save(runRecord(run), null, '2024-01-01T00:00:00.000Z');
  const spends: { userId: string; credits: number; underLock: boolean }[] = [];
  let ids = 0;
  const ports: RunPorts<string> = {
    store,
    lock: {
      tryLock: (waitMs) => {
        const got = !lock.heldElsewhere && (lock.held = true);
        lock.tries.push({ waitMs, got });
        if (!got && waitMs > 0) lock.onMissedWait();
        return got;
      },
      release: () => void (lock.held = false),
    },
    clock,
    newId: () => `lease-${++ids}`,
    fetchContext: (settings) => ({ settings, http, clock, cache, hash: sha256 }),
    sheet: sheet.sheet,
    recordSpend: (userId, credits) => spends.push({ userId, credits, underLock: lock.held }),
  };
  const work = (settings: Partial<Settings> = {}) =>
    workOnRun(ports, 'r1', { userId: 'ann', settings: { ...SETTINGS, ...settings }, stopBy: clock.now() + 4 * MINUTE });
  return { clock, http, cache, lock, sheet, store, registry, spends, ports, work, saved: () => registry.get('r1')! };
}

const ok = (slug: string) => [profileUrl(slug), slug, 'OK'];

describe('workOnRun', () => {
  it('answers a run from the cache: nothing sent, nothing spent, every row written', () => {
    const inputs = slugs('c', 12);
    const run = setup(inputs);
    const normalized = inputs.map((slug) => {
      const result = SPEC.normalize(profileUrl(slug));
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    });
    fetchFresh(SPEC.fetch, run.ports.fetchContext(SETTINGS), normalized, { deadline: run.clock.now() + MINUTE });
    run.http.requests.length = 0;
    run.work();
    expect(run.http.requests).toHaveLength(0);
    expect(run.spends).toEqual([]);
    expect(run.sheet.rowsBy('full_name', STATUS_HEADER)).toEqual(inputs.map(ok));
    expect(run.saved()).toMatchObject({ status: 'completed', creditsSpent: 0, total: 12, done: 12, ok: 12 });
    expect(run.saved().lease).toBeNull();
  });

  it('fetches in chunks and writes each chunk by input value, under the lock, even after the rows were sorted', () => {
    const inputs = slugs('f', 25);
    let sorted = false;
    const run = setup(inputs, {}, (request, callNumber) => {
      // The user sorts the column (Z to A) while the second batch is out: its answers must follow their rows.
      if (callNumber === 11 && !sorted) {
        sorted = true;
        const rows = run.sheet.cells.splice(1);
        run.sheet.cells.push(...rows.reverse());
      }
      return profileAnswer(request);
    });
    run.work();
    // The engine's first batch in a fresh document is 10, then it grows: two chunks, each paid and recorded.
    expect(run.http.batches.map((batch) => batch.length)).toEqual([10, 15]);
    expect(run.spends).toEqual([
      { userId: 'ann', credits: 10, underLock: true },
      { userId: 'ann', credits: 15, underLock: true },
    ]);
    expect(sorted).toBe(true);
    expect(run.sheet.rowsBy('full_name', STATUS_HEADER)).toEqual([...inputs].reverse().map(ok));
    // The missing headers first; each chunk writes its values, its checked times, then (last, so a status never
    // claims values not yet in) its statuses.
    expect(run.sheet.writes.map(({ block }) => [block.row === 1 ? 'header' : 'rows', block.column])).toEqual([
      ['header', 2],
      ['rows', 2],
      ['rows', 4],
      ['rows', 3],
      ['rows', 2],
      ['rows', 4],
      ['rows', 3],
    ]);
    expect(run.sheet.writes.every((write) => write.underLock)).toBe(true);
    expect(run.saved()).toMatchObject({ status: 'completed', creditsSpent: 25, total: 25, done: 25, ok: 25 });
  });

  it('pauses the run at a 402 without marking any row, and says why', () => {
    const run = setup(slugs('n', 30), {}, () => json(402, { detail: 'Insufficient credits' }));
    run.work();
    expect(run.http.batches).toHaveLength(1);
    expect(run.saved()).toMatchObject({
      status: 'paused',
      error: 'The API key is out of credits (402). Add credits to the account, then try again.',
      done: 0,
      creditsSpent: 0,
      lease: null,
    });
    expect(run.sheet.rowsBy(STATUS_HEADER).every(([, status]) => status === '')).toBe(true);
    expect(run.spends).toEqual([]);
  });

  it('leaves a run alone while another execution holds its lease, and takes it once the lease lapsed', () => {
    const run = setup(slugs('l', 5));
    const leased = run.registry.save(
      { ...run.saved(), lease: { token: 'elsewhere', until: run.clock.now() + MINUTE } },
      run.saved(),
      '2024-01-01T00:00:01.000Z',
    );
    const before = { ...run.store.data };
    run.work();
    expect(run.store.data).toEqual(before);
    expect(run.sheet.state.reads).toEqual([]);
    expect(run.http.requests).toHaveLength(0);
    expect(run.saved()).toEqual(leased);

    run.clock.time = leased.lease!.until + 1;
    run.work();
    expect(run.saved()).toMatchObject({ status: 'completed', done: 5, lease: null });
  });

  it('stops inside its estimate and pauses with the sentence on the rows it does not cover', () => {
    const run = setup(slugs('b', 8), { creditsEstimated: 5 });
    run.work();
    expect(run.http.requests).toHaveLength(5);
    expect(run.saved()).toMatchObject({
      status: 'paused',
      creditsSpent: 5,
      done: 5,
      error:
        '3 rows are left that the estimate does not cover; they would cost 3 credits, ' +
        'and Resume raises the estimate by 3.',
    });
    expect(run.sheet.rowsBy(STATUS_HEADER).filter(([, status]) => status === 'OK')).toHaveLength(5);
  });

  it('does nothing while another execution holds the document lock', () => {
    const run = setup(slugs('k', 3));
    run.lock.heldElsewhere = true;
    const before = { ...run.store.data };
    run.work();
    expect(run.store.data).toEqual(before);
    expect(run.sheet.state.reads).toEqual([]);
    expect(run.http.requests).toHaveLength(0);
  });

  it('pauses without a key, and ends with one sentence when the rows were deleted', () => {
    const noKey = setup(slugs('x', 2));
    noKey.work({ apiKey: null });
    expect(noKey.saved()).toMatchObject({ status: 'paused', lease: null });
    expect(noKey.saved().error).toMatch(/key/i);
    expect(noKey.http.requests).toHaveLength(0);

    const gone = setup(slugs('g', 2));
    gone.sheet.sheet.removeRows('sheetEnrichRun_r1');
    gone.work();
    expect(gone.saved()).toMatchObject({ status: 'error', error: ROWS_GONE, lease: null });
    expect(gone.http.requests).toHaveLength(0);
  });

  describe('when another execution takes the lock while the first batch is out', () => {
    const missedWaits = (run: ReturnType<typeof setup>) => run.lock.tries.filter((t) => !t.got && t.waitMs > 0);
    const lockedAtFirstRequest = (inputs: string[]) => {
      const run = setup(inputs, {}, (request, callNumber) => {
        if (callNumber === 1) run.lock.heldElsewhere = true;
        return profileAnswer(request);
      });
      return run;
    };

    it('sends no more in that call, keeps what the batch cost aside, and the next execution counts it once', () => {
      const inputs = slugs('h', 25);
      const run = lockedAtFirstRequest(inputs);
      run.work();
      expect(run.http.batches.map((batch) => batch.length)).toEqual([10]);
      expect(missedWaits(run)).toHaveLength(1);
      expect(run.spends).toEqual([]);
      expect(run.saved()).toMatchObject({ creditsSpent: 0, done: 0, lease: { token: 'lease-1' } });
      expect(run.store.data['enrichment.uncounted.r1']).toBe('10');

      // The lock is let go; once the claim lapsed, the next execution counts the 10, then answers those rows from the
      // cache and fetches the rest.
      run.lock.heldElsewhere = false;
      run.clock.time = run.saved().lease!.until + 1;
      run.lock.tries.length = 0;
      run.work();
      expect(missedWaits(run)).toEqual([]);
      expect(run.http.batches.map((batch) => batch.length)).toEqual([10, 15]);
      expect(run.spends).toEqual([
        { userId: 'ann', credits: 10, underLock: true },
        { userId: 'ann', credits: 15, underLock: true },
      ]);
      expect(run.saved()).toMatchObject({ status: 'completed', creditsSpent: 25, done: 25, ok: 25, lease: null });
      expect(run.sheet.rowsBy('full_name', STATUS_HEADER)).toEqual(inputs.map(ok));
      expect(run.store.data['enrichment.uncounted.r1']).toBeUndefined();
    });

    it('counts it as it gives the claim back when the lock is free again by then', () => {
      const run = lockedAtFirstRequest(slugs('r', 25));
      run.lock.onMissedWait = () => void (run.lock.heldElsewhere = false);
      run.work();
      expect(run.http.batches.map((batch) => batch.length)).toEqual([10]);
      expect(missedWaits(run)).toHaveLength(1);
      expect(run.spends).toEqual([{ userId: 'ann', credits: 10, underLock: true }]);
      expect(run.saved()).toMatchObject({ status: 'running', creditsSpent: 10, done: 0, lease: null });
      expect(run.store.data['enrichment.uncounted.r1']).toBeUndefined();
    });
  });

  it(`claims the run for ${LEASE_MS} ms with a fresh token and gives the claim back when done`, () => {
    const run = setup(slugs('t', 2));
    const leases: unknown[] = [];
    const save = run.store.set;
    run.store.set = (key, value) => {
      leases.push((JSON.parse(value) as RunRecord).lease);
      save(key, value);
    };
    const start = run.clock.now();
    run.work();
    expect(leases[0]).toEqual({ token: 'lease-1', until: start + LEASE_MS });
    expect(leases[leases.length - 1]).toBeNull();
  });
});
