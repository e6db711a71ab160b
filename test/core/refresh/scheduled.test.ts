// Scheduled refreshes in memory: which runs keep a user's trigger, a due refresh started within its cap (the oldest
// rows) with what it did on the schedule, nothing before it is due, and why nothing started without a key.
import { scheduleRun, startRun, workOnRuns } from '../../../src/core/enrichment/actions';
import { RunRegistry } from '../../../src/core/enrichment/registry';
import type { RunPorts } from '../../../src/core/enrichment/work';
import { scheduledRunsOf, startDueRefreshes } from '../../../src/core/refresh/scheduled';
import type { Settings } from '../../../src/core/settings';
import { memoryStore } from '../../support/memory';
import { API_KEY, BASE_URL, FakeClock, FakeHttp } from '../api/fakes';
import { memoryBook } from '../enrichment/fakes';
import { CountingCache, profileAnswer, profileUrl, sha256 } from '../fetch/fakes';

const SETTINGS: Settings = { apiKey: API_KEY, baseUrl: BASE_URL, tier: '2', formulaDailyBudget: null };
const DAY_MS = 86_400_000;
const ROWS = 6;
const request = { sheetName: 'Leads', inputA1: `A1:A${ROWS + 1}`, operation: 'profile', fields: ['full_name'] };

function setup() {
  const clock = new FakeClock();
  const http = new FakeHttp(profileAnswer, clock);
  const cache = new CountingCache(clock);
  const book = memoryBook();
  book.addSheet('Leads', [['Profile'], ...Array.from({ length: ROWS }, (_, i) => [profileUrl(`s-${i}`)])]);
  const store = memoryStore();
  let ids = 0;
  const ports: RunPorts<string> = {
    store,
    lock: { tryLock: () => true, release: () => undefined },
    clock,
    newId: () => `0000-id-${++ids}-${'x'.repeat(20)}`,
    fetchContext: (settings) => ({ settings, http, clock, cache, hash: sha256 }),
    sheet: book.port,
    recordSpend: () => undefined,
  };
  const registry = new RunRegistry(store);
  const work = () => workOnRuns(ports, registry.all(), { userId: 'ann', settings: () => SETTINGS, stopBy: Infinity });
  const run = startRun(ports, request, SETTINGS, () => 'ann');
  work();
  return { clock, http, ports, registry, run, work };
}

describe('scheduled refreshes', () => {
  it('keep their owner’s trigger, start when due within the cap, oldest rows first, and say so', () => {
    const env = setup();
    expect(scheduledRunsOf(env.registry.all(), 'ann')).toEqual([]);
    const schedule = { every: 'week', olderThanDays: 0, maxCredits: 3 };
    expect(scheduleRun(env.ports, env.run.runId, schedule, () => 'ann').schedule).toMatchObject({ owner: 'ann' });
    expect(scheduledRunsOf(env.registry.all(), 'ann').map((run) => run.runId)).toEqual([env.run.runId]);
    expect(scheduledRunsOf(env.registry.all(), 'bob')).toEqual([]);

    const sent = env.http.requests.length;
    env.clock.time += 6 * DAY_MS;
    startDueRefreshes(env.ports, 'ann', () => SETTINGS);
    expect(env.http.requests.length).toBe(sent);

    env.clock.time += DAY_MS;
    startDueRefreshes(env.ports, 'ann', () => SETTINGS);
    env.work();
    const refreshed = env.registry.get(env.run.runId)!;
    // 3 credits hold 3 profile records of the 6 rows due.
    expect(refreshed.refresh).toMatchObject({ maxRows: 3, refreshed: 3 });
    expect(refreshed.status).toBe('completed');
    expect(refreshed.schedule!.lastOutcome).toMatch(/^Refreshed the 3 oldest of 6 rows due/);
    expect(refreshed.schedule!.lastAt).toBe(env.clock.now());

    expect(scheduleRun(env.ports, env.run.runId, null, () => 'ann').schedule).toBeNull();
    expect(scheduledRunsOf(env.registry.all(), 'ann')).toEqual([]);
  });

  it('start nothing without the owner’s key, and say why', () => {
    const env = setup();
    scheduleRun(env.ports, env.run.runId, { every: 'month', olderThanDays: 0, maxCredits: 100 }, () => 'ann');
    env.clock.time += 32 * DAY_MS;
    const sent = env.http.requests.length;
    startDueRefreshes(env.ports, 'ann', () => ({ ...SETTINGS, apiKey: null }));
    expect(env.http.requests.length).toBe(sent);
    expect(env.registry.get(env.run.runId)!.schedule!.lastOutcome).toMatch(/^No scheduled refresh: No API key/);
  });

  it('refuse a schedule that is not one, in one sentence', () => {
    const env = setup();
    expect(() => scheduleRun(env.ports, env.run.runId, { every: 'day' }, () => 'ann')).toThrow(
      'Refresh every "week" or every "month".',
    );
  });
});
