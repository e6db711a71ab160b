// Scheduled refreshes through the built bundle: the owner's trigger alone starts a due refresh, holds it to the
// schedule's cap (the oldest rows), says so on the run's card, and starts none once the schedule is stopped.
jest.setTimeout(60_000);
import type { EnrichmentRequest, RunSummary } from '../../src/core/contract';
import { type LoadedAddon, OWNER, sidebar, useIntegrationMock } from './harness';
import { continueUntilDone, inputSheet, start, url, useBridgedAddons } from './enrichment-helpers';

const SEED = 29;
const KEY = 'lk_test_refresh_schedule_000000c3d4';
const ROWS = 20;
const DAY_MS = 86_400_000;

const mock = useIntegrationMock(SEED);
const addon = useBridgedAddons(mock, KEY);

const request: EnrichmentRequest = {
  sheetName: 'Leads',
  inputA1: `A1:A${ROWS + 1}`,
  operation: 'scrape',
  fields: ['headline'],
};
const triggers = (loaded: LoadedAddon) => loaded.env.triggers.list().filter((trigger) => trigger.owner === OWNER);
const summaryOf = (loaded: LoadedAddon, runId: string) =>
  sidebar<RunSummary[]>(loaded, 'listEnrichments').find((run) => run.runId === runId)!;

function fire(loaded: LoadedAddon): void {
  const [trigger] = triggers(loaded);
  expect(loaded.bundle.fireTimeTriggers({ id: trigger.id })).toEqual([
    expect.not.objectContaining({ error: expect.anything() }),
  ]);
}

describe('a scheduled refresh', () => {
  it('starts through the trigger alone when due, within its cap, and not once stopped', async () => {
    const loaded = await addon({ credits: 10_000 });
    inputSheet(
      loaded.env,
      'Leads',
      'Profile URL',
      Array.from({ length: ROWS }, (_, i) => url(`sched-${i}`)),
    );
    const run = start(loaded, request);
    continueUntilDone(loaded, run.runId);
    const scheduled = sidebar<RunSummary>(loaded, 'scheduleRefresh', [
      run.runId,
      { every: 'week', olderThanDays: 7, maxCredits: 20 },
    ]);
    expect(scheduled.schedule).toMatchObject({ every: 'week', olderThanDays: 7, maxCredits: 20, lastOutcome: null });
    expect(Date.parse(scheduled.schedule!.nextAt) - loaded.env.clock.now()).toBeGreaterThan(7 * DAY_MS - 1_000);
    expect(triggers(loaded)).toHaveLength(1);

    // Not due yet: the trigger starts nothing.
    const charged = await mock.control.creditsCharged();
    fire(loaded);
    expect(await mock.control.creditsCharged()).toBe(charged);

    loaded.env.clock.advance(8 * DAY_MS);
    fire(loaded);
    const refreshed = summaryOf(loaded, run.runId);
    // 20 credits hold 10 scrapes: the 10 oldest rows.
    expect(refreshed).toMatchObject({ status: 'completed', refreshed: 10 });
    expect(refreshed.schedule!.lastOutcome).toMatch(/^Refreshed the 10 oldest of 20 rows due/);
    expect((await mock.control.creditsCharged()) - charged).toBe(20);

    const stopped = sidebar<RunSummary>(loaded, 'scheduleRefresh', [run.runId, null]);
    expect(stopped.schedule).toBeNull();
    loaded.env.clock.advance(8 * DAY_MS);
    if (triggers(loaded).length > 0) fire(loaded);
    expect(await mock.control.creditsCharged()).toBe(charged + 20);
    expect(triggers(loaded)).toEqual([]);
  });

  it('without its owner’s key starts nothing and says why', async () => {
    const loaded = await addon({ credits: 10_000 });
    inputSheet(
      loaded.env,
      'Leads',
      'Profile URL',
      Array.from({ length: ROWS }, (_, i) => url(`nokey-${i}`)),
    );
    const run = start(loaded, request);
    continueUntilDone(loaded, run.runId);
    sidebar(loaded, 'scheduleRefresh', [run.runId, { every: 'week', olderThanDays: 0, maxCredits: 100 }]);
    delete loaded.env.properties.user(OWNER).API_KEY;
    loaded.env.clock.advance(8 * DAY_MS);
    const charged = await mock.control.creditsCharged();
    fire(loaded);
    expect(await mock.control.creditsCharged()).toBe(charged);
    expect(summaryOf(loaded, run.runId).schedule!.lastOutcome).toMatch(/^No scheduled refresh: No API key is set\./);
  });
});
