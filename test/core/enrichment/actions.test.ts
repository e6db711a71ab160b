// A user's clicks on enrichment runs, in memory: the sheet of test/core/enrichment/fakes.ts, the registry in a memory
// store, a lock another execution can hold, and the fake clock, Http and cache of the fetch engine's tests.
import {
  BUSY,
  cancelRun,
  hasRunsToContinue,
  pauseRun,
  previewRun,
  resumeRun,
  retryFailedRows,
  runningRunsOf,
  runsNamed,
  runSummaries,
  startRun,
  workOnRuns,
} from '../../../src/core/enrichment/actions';
import { OPERATIONS } from '../../../src/core/enrichment/operations';
import { RunRegistry, type RunRecord } from '../../../src/core/enrichment/registry';
import { errorStatus, OK_STATUS } from '../../../src/core/enrichment/status';
import { checkedHeaderOf, statusHeaderOf } from '../../../src/core/refresh/checked';
import type { RunPorts } from '../../../src/core/enrichment/work';
import type { Settings } from '../../../src/core/settings';
import { memoryStore } from '../../support/memory';
import { API_KEY, BASE_URL, FakeClock, FakeHttp } from '../api/fakes';
import { CountingCache, profileAnswer, profileUrl, sha256 } from '../fetch/fakes';
import { memoryBook } from './fakes';

const STATUS_HEADER = statusHeaderOf('profile');

const SPEC = OPERATIONS.profile;
const SETTINGS: Settings = { apiKey: API_KEY, baseUrl: BASE_URL, tier: '3', formulaDailyBudget: null };
const urls = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => profileUrl(`${prefix}-${i}`));
const request = (inputA1: string, sheetName = 'Leads') => ({
  sheetName,
  inputA1,
  operation: 'profile',
  fields: ['full_name'],
});

function setup(inputs: readonly string[]) {
  const clock = new FakeClock();
  const http = new FakeHttp(profileAnswer, clock);
  const cache = new CountingCache(clock);
  const lock = { held: false, heldElsewhere: false };
  const book = memoryBook(() => lock.held);
  book.addSheet('Leads', [['Profile'], ...inputs.map((input) => [input])]);
  const store = memoryStore();
  let ids = 0;
  const spends: { userId: string; credits: number }[] = [];
  const ports: RunPorts<string> = {
    store,
    lock: {
      tryLock: () => !lock.heldElsewhere && (lock.held = true),
      release: () => void (lock.held = false),
    },
    clock,
    newId: () => `0000-id-${++ids}-${'x'.repeat(20)}`,
    fetchContext: (settings) => ({ settings, http, clock, cache, hash: sha256 }),
    sheet: book.port,
    recordSpend: (userId, credits) => spends.push({ userId, credits }),
  };
  const registry = new RunRegistry(store);
  const start = (inputA1 = `A2:A${inputs.length + 1}`, userId = 'ann') =>
    startRun(ports, request(inputA1), SETTINGS, () => userId);
  /** Works on every run of ann's until they end. */
  const work = () => workOnRuns(ports, registry.all(), { userId: 'ann', settings: () => SETTINGS, stopBy: Infinity });
  return { clock, http, cache, lock, book, store, ports, registry, spends, start, work };
}

describe('starting a run', () => {
  it('previews what it would cost without sending anything', () => {
    const env = setup(urls('p', 4));
    const preview = previewRun(env.ports, request('A2:A5'), SETTINGS);
    expect(preview).toMatchObject({ credits: 4 * SPEC.fetch.creditsPerFetch });
    expect(env.http.requests).toHaveLength(0);
    expect(env.book.writes).toHaveLength(0);
  });

  it('saves the entry, writes the headers and names the rows; the starter pays and owns it', () => {
    const env = setup(urls('s', 3));
    const run = env.start();
    expect(run).toMatchObject({ status: 'running', startedBy: 'ann', total: 3, done: 0, baseUrl: BASE_URL });
    expect(run.runId).not.toContain('-');
    expect(env.registry.get(run.runId)).toEqual(run);
    expect(env.book.sheets.get('Leads')![0]).toEqual([
      'Profile',
      'full_name',
      STATUS_HEADER,
      checkedHeaderOf('profile'),
    ]);
    expect(env.book.named.get(run.rangeName)).toEqual({ sheet: 'Leads', headerRow: 1, lastRow: 4, inputColumn: 1 });
    expect(env.book.writes.every((write) => write.underLock)).toBe(true);
    expect(env.http.requests).toHaveLength(0);
  });

  it('is refused without a key, before the user gets an id', () => {
    const env = setup(urls('k', 2));
    const userId = jest.fn(() => 'ann');
    expect(() => startRun(env.ports, request('A2:A3'), { ...SETTINGS, apiKey: null }, userId)).toThrow(/key/i);
    expect(userId).not.toHaveBeenCalled();
    expect(env.registry.all()).toEqual([]);
  });

  it('refuses rows an unfinished run enriches, and starts once that run is cancelled', () => {
    const env = setup(urls('o', 6));
    // A run's rows start at its header row: the row above its first input.
    const first = env.start('A2:A3');
    expect(() => env.start('A3:A5')).toThrow(`A run is already enriching these rows (${first.inputA1})`);
    expect(env.start('A5:A7').status).toBe('running');
    cancelRun(env.ports, first.runId);
    expect(env.start('A2:A3').status).toBe('running');
  });

  it('answers busy when another execution keeps the lock', () => {
    const env = setup(urls('b', 2));
    env.lock.heldElsewhere = true;
    expect(() => env.start()).toThrow(BUSY);
    expect(env.registry.all()).toEqual([]);
  });
});

describe('changing a run', () => {
  it('pauses a running run, resumes it, and cancels it; a finished run stays as it is', () => {
    const env = setup(urls('c', 2));
    const { runId } = env.start();
    expect(pauseRun(env.ports, runId).status).toBe('paused');
    expect(resumeRun(env.ports, runId, () => SETTINGS).status).toBe('running');
    expect(cancelRun(env.ports, runId).status).toBe('cancelled');
    expect(pauseRun(env.ports, runId).status).toBe('cancelled');
  });

  it('raises the estimate on resume to cover rows added since, unless the cache answers them', () => {
    const env = setup(urls('r', 3));
    const run = env.start();
    pauseRun(env.ports, run.runId);
    env.book.named.set(run.rangeName, { ...env.book.named.get(run.rangeName)!, lastRow: 6 });
    env.book.sheets.get('Leads')!.push(...urls('added', 2).map((url) => [url]));
    const resumed = resumeRun(env.ports, run.runId, () => SETTINGS);
    expect(resumed.creditsEstimated - run.creditsEstimated).toBe(2 * SPEC.fetch.creditsPerFetch);
    expect(resumed.creditsAdded).toBe(2 * SPEC.fetch.creditsPerFetch);

    env.work();
    const done = env.registry.get(run.runId)!;
    expect(done).toMatchObject({ status: 'completed', ok: 5 });
    expect(resumeRun(env.ports, run.runId, () => SETTINGS)).toEqual(done);
  });

  it('retries the rows that failed, not the final ones, and raises the estimate by what they cost', () => {
    const env = setup(urls('e', 4));
    const run = env.start();
    env.work();
    const cells = env.book.sheets.get('Leads')!;
    cells[1][2] = errorStatus('The service timed out.');
    cells[3][2] = errorStatus('The service timed out.');
    const retried = retryFailedRows(env.ports, run.runId);
    expect(retried).toMatchObject({ status: 'running', ok: 2, done: 2 });
    expect(retried.creditsEstimated - env.registry.get(run.runId)!.creditsSpent).toBe(2 * SPEC.fetch.creditsPerFetch);
    expect(env.book.rowsBy('Leads', STATUS_HEADER).map(([, status]) => status)).toEqual(['', OK_STATUS, '', OK_STATUS]);

    env.work();
    expect(env.registry.get(run.runId)).toMatchObject({ status: 'completed', ok: 4 });
    const writes = env.book.writes.length;
    expect(retryFailedRows(env.ports, run.runId).status).toBe('completed');
    expect(env.book.writes).toHaveLength(writes);
  });

  it('cannot retry a run whose rows were deleted', () => {
    const env = setup(urls('g', 2));
    const run = env.start();
    env.book.port.removeRows(run.rangeName);
    expect(() => retryFailedRows(env.ports, run.runId)).toThrow(/deleted/);
  });
});

describe('the runs a user goes on with', () => {
  const entry = (runId: string, changes: Partial<RunRecord>) => ({ runId, ...changes }) as RunRecord;

  it('are their running runs, oldest first', () => {
    const runs = [
      entry('newest', { status: 'running', startedBy: 'ann' }),
      entry('other', { status: 'running', startedBy: 'bob' }),
      entry('paused', { status: 'paused', startedBy: 'ann' }),
      entry('oldest', { status: 'running', startedBy: 'ann' }),
    ];
    expect(runningRunsOf(runs, 'ann').map((run) => run.runId)).toEqual(['oldest', 'newest']);
  });

  it('keep a trigger only with the key set and on the runs’ base URL', () => {
    const registry = { all: () => [entry('a', { status: 'running', startedBy: 'ann', baseUrl: BASE_URL })] };
    expect(hasRunsToContinue(registry, 'ann', SETTINGS)).toBe(true);
    expect(hasRunsToContinue(registry, 'bob', SETTINGS)).toBe(false);
    expect(hasRunsToContinue(registry, 'ann', { ...SETTINGS, apiKey: null })).toBe(false);
    expect(hasRunsToContinue(registry, 'ann', { ...SETTINGS, baseUrl: 'https://elsewhere.example' })).toBe(false);
  });

  it('are worked on until stopBy, reading the settings once', () => {
    // Row 4 is the second run's header row.
    const env = setup(urls('w', 5));
    const first = env.start('A2:A3');
    const second = env.start('A5:A6');
    const settings = jest.fn(() => SETTINGS);
    workOnRuns(env.ports, env.registry.all(), { userId: 'ann', settings, stopBy: env.clock.now() });
    expect(settings).toHaveBeenCalledTimes(1);
    expect(env.http.requests).toHaveLength(0);
    workOnRuns(env.ports, env.registry.all(), { userId: 'ann', settings, stopBy: Infinity });
    expect(env.registry.get(first.runId)!.status).toBe('completed');
    expect(env.registry.get(second.runId)!.status).toBe('completed');
    expect(env.spends.reduce((sum, spend) => sum + spend.credits, 0)).toBe(4 * SPEC.fetch.creditsPerFetch);
  });
});

describe('the runs a call shows', () => {
  it('are the one named, or every run; a name this document does not hold is refused', () => {
    const env = setup(urls('n', 4));
    const first = env.start('A2:A3');
    const second = env.start('A5:A5');
    expect(runsNamed(env.registry, first.runId).map((run) => run.runId)).toEqual([first.runId]);
    expect(
      runsNamed(env.registry, undefined)
        .map((run) => run.runId)
        .sort(),
    ).toEqual([first.runId, second.runId].sort());
    expect(() => runsNamed(env.registry, 'nope')).toThrow('not in this spreadsheet');
  });

  it("show the background's problem on the viewer's runs only while one of theirs is unfinished", () => {
    const env = setup(urls('v', 2));
    const run = env.start();
    const problem = jest.fn(() => 'Background updates failed.');
    const [mine] = runSummaries(env.registry.all(), 'ann', problem);
    expect(mine.error).toBe('Background updates failed.');
    expect(runSummaries(env.registry.all(), 'bob', problem)[0].error).toBeNull();
    cancelRun(env.ports, run.runId);
    problem.mockClear();
    expect(runSummaries(env.registry.all(), 'ann', problem)[0].error).toBeNull();
    expect(problem).not.toHaveBeenCalled();
  });
});
