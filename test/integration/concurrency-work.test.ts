// Background work under concurrent executions, through the built bundle: an enrichment run and a research job each
// continued by two open sidebars and the trigger at once (env.interleave, seeded). The document lock keeps their
// writes apart; nothing may be lost, written twice or paid twice.
jest.setTimeout(60_000);
import { scrapedProfileForSlug } from '../../dev/mock-api/data';
import type { InterleaveResult } from '../../dev/gas-fakes';
import type { RunSummary } from '../../src/core/contract';
import {
  columnByHeader,
  continueRuns,
  inputSheet,
  SCRAPE_PATH,
  start,
  url,
  useBridgedAddons,
} from './enrichment-helpers';
import { OWNER, sidebar, type LoadedAddon } from './harness';
import {
  expectExactSheets,
  poll,
  RESEARCH_SEED,
  researchAddon,
  start as startResearch,
  summaryOf,
  useResearchMock,
} from './research-helpers';

const SEEDS = [1, 2, 3];
const ROWS = 30;
const MAX_ROUNDS = 30;

const mock = useResearchMock();
const bridged = useBridgedAddons(mock, 'lk_test_concurrency_work_0000c0a1');

/** Fires the owner's trigger, if it still exists (it deletes itself once no work is left). */
function fireOwnTrigger(addon: LoadedAddon): void {
  const trigger = addon.env.triggers.list().find((candidate) => candidate.owner === OWNER);
  if (trigger === undefined) return;
  const [fired] = addon.bundle.fireTimeTriggers({ id: trigger.id });
  if (fired.error !== undefined) throw new Error(`The trigger failed: ${fired.error}`);
}

/** Two sidebars and the trigger continue the same work at once, interleaved as `seed` decides. */
function allAtOnce(addon: LoadedAddon, seed: number, sidebarCall: () => unknown): InterleaveResult<unknown> {
  // A low chance spreads where the others start over the first one's many calls.
  return addon.env.interleave({
    seed,
    probability: 0.05,
    executions: [sidebarCall, () => fireOwnTrigger(addon), sidebarCall],
  });
}

const nestedStarts = (result: InterleaveResult<unknown>) =>
  result.trace.filter((step) => step.event === 'start' && step.inside !== undefined).length;
const failures = (result: InterleaveResult<unknown>) =>
  result.outcomes.flatMap((outcome) => ('error' in outcome ? [String(outcome.error)] : []));

describe('an enrichment run continued by two sidebars and the trigger at once', () => {
  const runOf = (addon: LoadedAddon, runId: string) =>
    sidebar<RunSummary[]>(addon, 'listEnrichments').find((run) => run.runId === runId)!;

  it.each(SEEDS)('loses no row, writes none twice and pays for each once (seed %i)', async (seed) => {
    const addon = await bridged({ tier: 'free' });
    const slugs = Array.from({ length: ROWS }, (_, i) => `work-${seed}-${i}`);
    inputSheet(addon.env, 'Leads', 'Profile URL', slugs.map(url));
    const request = { sheetName: 'Leads', inputA1: `A1:A${ROWS + 1}`, operation: 'scrape' as const, fields: ['name'] };
    const { runId } = start(addon, request);
    let nested = 0;
    for (let round = 0; round < MAX_ROUNDS && runOf(addon, runId).status === 'running'; round++) {
      const result = allAtOnce(addon, seed * 100 + round, () => continueRuns(addon, runId));
      expect(failures(result)).toEqual([]);
      nested += nestedStarts(result);
      addon.env.clock.advance(60_000);
    }
    expect(nested).toBeGreaterThan(0);
    expect(runOf(addon, runId)).toMatchObject({ status: 'completed', ok: ROWS, error: null });
    // Every row holds its own profile, once.
    const names = slugs.map((slug) => scrapedProfileForSlug(RESEARCH_SEED, slug).profile.name);
    expect(columnByHeader(addon.env, 'Leads', 'name', ROWS + 1)).toEqual(names);
    expect(columnByHeader(addon.env, 'Leads', 'sheet-enrich scrape status', ROWS + 1)).toEqual(
      new Array(ROWS).fill('OK'),
    );
    // Each profile was asked for once, and paid once.
    const asked = (await mock.control.requests({ path: SCRAPE_PATH })).map((entry) => entry.query.network_url);
    expect([...asked].sort()).toEqual(slugs.map(url).sort());
    expect(await mock.control.creditsCharged({ path: SCRAPE_PATH })).toBe(2 * ROWS);
  });
});

describe('a research job polled by two sidebars and the trigger at once', () => {
  it.each(SEEDS)('ends with each profile once, and polls cost nothing (seed %i)', async (seed) => {
    const addon = await researchAddon(mock);
    const started = startResearch(addon, { query: `data engineers in Lisbon ${seed}`, limit: 230 });
    const chargedToStart = await mock.control.creditsCharged();
    let nested = 0;
    let summary = started;
    for (let round = 0; round < MAX_ROUNDS && summary.status !== 'completed'; round++) {
      await mock.control.advanceClock(23_000);
      addon.env.clock.advance(60_000);
      const result = allAtOnce(addon, seed * 100 + round, () => poll(addon));
      expect(failures(result)).toEqual([]);
      nested += nestedStarts(result);
      summary = summaryOf(addon, started.jobId);
    }
    expect(nested).toBeGreaterThan(0);
    expect(summary).toMatchObject({ status: 'completed', error: null });
    await expectExactSheets(mock, addon, summary);
    expect(await mock.control.creditsCharged()).toBe(chargedToStart);
  });
});
