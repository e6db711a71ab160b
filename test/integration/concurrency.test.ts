// Concurrent executions through the built bundle: a filled-down column of formulas recalculating as interleaved
// executions (env.interleave, seeded), beside a research poll holding the document lock and first actions of a new
// user. Cache and properties are shared with no transactions; nothing may be lost, paid twice or passed.
import type { InterleaveResult } from '../../dev/gas-fakes';
import type { Tier } from '../../src/core/api/types';
import { SCRAPES_PER_MINUTE } from '../../src/core/api/types';
import type { UsageView } from '../../src/core/contract';
import { continueRuns, inputSheet, SCRAPE_PATH, start, useBridgedAddons } from './enrichment-helpers';
import { addonWithKey, formula, OWNER, sidebar, TEAMMATE, type LoadedAddon, useIntegrationMock } from './harness';

const mock = useIntegrationMock(17);

const SEEDS = [1, 2, 3];
const CELLS = 60;
const MAY_FIRST = Date.UTC(2025, 4, 1, 9, 0, 0);
const url = (slug: string) => `https://www.network.com/in/${slug}`;
const BUSY_SENTENCE =
  "The spreadsheet owner's daily formula budget could not be checked while another action in this document was saving; recalculate in a moment (cached rows still show).";

/** Each cell of a filled-down column is its own formula execution, recalculating at once with the others. */
function recalculateColumn(addon: LoadedAddon, seed: number, prefix: string): InterleaveResult<unknown> {
  return addon.env.interleave({
    seed,
    executions: Array.from(
      { length: CELLS },
      (_, i) => () => formula(addon, 'ENRICH_PROFILE', [url(`${prefix}-${i}`), 'full_name']),
    ),
  });
}

const formulasToday = (addon: LoadedAddon) => sidebar<UsageView>(addon, 'getUsage', [], OWNER).formulas.today;
const errorsOf = (result: InterleaveResult<unknown>) =>
  result.outcomes.flatMap((outcome) => ('error' in outcome ? [(outcome.error as Error).message] : []));
const nested = (result: InterleaveResult<unknown>) =>
  result.trace.filter((step) => step.event === 'start' && step.inside !== undefined);

describe("the formulas' ledger with interleaved executions", () => {
  it.each(SEEDS)('equals what the service charged, without a budget (seed %i)', async (seed) => {
    const addon = await addonWithKey(mock, { startTime: MAY_FIRST, clock: 'virtual' });
    const result = recalculateColumn(addon, seed, `ledger-${seed}`);
    expect(nested(result).length).toBeGreaterThan(10);
    expect(errorsOf(result)).toEqual([]);
    const charged = await mock.control.creditsCharged();
    expect(charged).toBe(CELLS);
    expect(formulasToday(addon)).toBe(charged);
  });

  it.each(SEEDS)('equals what the service charged while a research poll holds the lock (seed %i)', async (seed) => {
    const addon = await addonWithKey(mock, { startTime: MAY_FIRST, clock: 'virtual' });
    const releasePoll = addon.env.locks.holdDocumentLock();
    const result = recalculateColumn(addon, seed, `held-${seed}`);
    expect(errorsOf(result)).toEqual([]);
    const charged = await mock.control.creditsCharged();
    expect(charged).toBe(CELLS);
    expect(formulasToday(addon)).toBe(charged);
    // No formula wrote the shared record without the lock: each counted in an entry of its own.
    expect(addon.env.properties.document().USAGE_FORMULAS).toBeUndefined();
    // Once the lock is free, the next count folds every formula's own entry into the record.
    releasePoll();
    formula(addon, 'ENRICH_PROFILE', [url(`held-${seed}-after`), 'full_name']);
    const pending = Object.keys(addon.env.properties.document()).filter((key) => key.startsWith('USAGE_FORMULAS_'));
    expect(pending).toEqual([]);
    expect(formulasToday(addon)).toBe(await mock.control.creditsCharged());
  });
});

describe('the answer cache with interleaved executions', () => {
  const FILLED_DOWN = 200;
  const profileUrls = (seed: number) => Array.from({ length: FILLED_DOWN }, (_, i) => url(`filled-${seed}-${i}`));
  const fillDown = (addon: LoadedAddon, seed: number, urls: string[]) =>
    addon.env.interleave({
      seed,
      executions: urls.map((profileUrl) => () => formula(addon, 'ENRICH_PROFILE', [profileUrl, 'network_url'])),
    });
  /** What each cell shows: the profile URL of the answer it got (its one value). */
  const shown = (result: InterleaveResult<unknown>) =>
    result.outcomes.map((outcome) => ('error' in outcome ? String(outcome.error) : String(outcome.value)));

  it.each(SEEDS)(
    'keeps every answer: the second pass spends nothing, each cell its own profile (seed %i)',
    async (seed) => {
      const addon = await addonWithKey(mock, { startTime: MAY_FIRST, clock: 'virtual' });
      const urls = profileUrls(seed);
      const first = fillDown(addon, seed, urls);
      expect(nested(first).length).toBeGreaterThan(30);
      expect(await mock.control.creditsCharged()).toBe(FILLED_DOWN);
      expect(shown(first)).toEqual(urls);
      // Recalculated again, interleaved otherwise: every answer comes from the cache.
      const second = fillDown(addon, seed + 100, urls);
      expect(await mock.control.creditsCharged()).toBe(FILLED_DOWN);
      expect(shown(second)).toEqual(urls);
    },
  );
});

describe("the owner's daily budget with interleaved executions", () => {
  const BUDGET = 20;

  async function withBudget(): Promise<LoadedAddon> {
    const addon = await addonWithKey(mock, { startTime: MAY_FIRST, clock: 'virtual' });
    addon.env.properties.user(OWNER).FORMULA_DAILY_BUDGET = String(BUDGET);
    return addon;
  }

  it.each(SEEDS)('is never passed, and the ledger equals what was charged (seed %i)', async (seed) => {
    const addon = await withBudget();
    const result = recalculateColumn(addon, seed, `budget-${seed}`);
    const charged = await mock.control.creditsCharged();
    expect(charged).toBeLessThanOrEqual(BUDGET);
    expect(charged).toBeGreaterThan(0);
    expect(formulasToday(addon)).toBe(charged);
    for (const message of errorsOf(result)) expect(message).toMatch(/daily formula budget/);
  });

  it('is never passed while a research poll holds the lock: nothing is sent, and each formula says why', async () => {
    const addon = await withBudget();
    const releasePoll = addon.env.locks.holdDocumentLock();
    const result = recalculateColumn(addon, 5, 'budget-held');
    expect(await mock.control.creditsCharged()).toBe(0);
    expect(errorsOf(result)).toEqual(new Array(CELLS).fill(BUSY_SENTENCE));
    releasePoll();
    expect(formulasToday(addon)).toBe(0);
  });
});

describe("the tier's rate window with interleaved executions", () => {
  const bridged = useBridgedAddons(mock, 'lk_test_concurrency_tier_00000e7e');
  const ROUNDS = 4;
  const ROUND_CELLS = 20;
  /** Sheets recalculates the column now and then: 20 s of fake time between rounds. */
  const ROUND_GAP_MS = 20_000;

  /** Rounds of a filled-down scrape column recalculating interleaved, each beside `also` (a run's continue…). */
  function recalculateRounds(addon: LoadedAddon, tier: Tier, also: Array<() => unknown> = []): number {
    let nestedStarts = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const cells = Array.from(
        { length: ROUND_CELLS },
        (_, i) => () => formula(addon, 'SCRAPE_PROFILE', [url(`tier-${tier}-${round}-${i}`), 'name']),
      );
      const result = addon.env.interleave({
        seed: round + 1,
        probability: 0.1,
        executions: [...also, ...cells, ...also],
      });
      nestedStarts += nested(result).length;
      addon.env.clock.advance(ROUND_GAP_MS);
    }
    return nestedStarts;
  }

  /**
   * Pacing does not stop: the rounds send, at least one a round on average. Not how many: in the fakes a formula started inside one that holds the
   * window's lock cannot get it until the holder resumes, so it waits out its time (on Google the holder goes on and
   * releases it within two cache calls), and how many rounds' slots that leaves unused depends on where they start.
   */
  function expectPacingGoesOn(addon: Awaited<ReturnType<typeof bridged>>, tier: Tier): void {
    const sent = addon.bridge.scrapeTimes.length;
    expect(sent).toBeGreaterThanOrEqual(ROUNDS);
    expect(sent).toBeLessThanOrEqual(ROUNDS * SCRAPES_PER_MINUTE[tier]);
  }

  const rateLimited = async () => (await mock.control.requests({ path: SCRAPE_PATH, status: 429 })).length;

  it.each<Tier>(['free', '1'])(
    'is never passed by formulas at tier %s, whichever way they interleave',
    async (tier) => {
      const addon = await bridged({ tier });
      expect(recalculateRounds(addon, tier)).toBeGreaterThan(ROUNDS * 5);
      expect(addon.bridge.maxScrapesPerMinute()).toBeLessThanOrEqual(SCRAPES_PER_MINUTE[tier]);
      expect(await rateLimited()).toBe(0);
      expectPacingGoesOn(addon, tier);
    },
  );

  it('is never passed by formulas and a run continued beside them', async () => {
    const addon = await bridged({ tier: '1' });
    inputSheet(
      addon.env,
      'Leads',
      'Profile URL',
      Array.from({ length: 40 }, (_, i) => url(`tier-run-${i}`)),
    );
    const { runId } = start(addon, { sheetName: 'Leads', inputA1: 'A1:A41', operation: 'scrape', fields: ['name'] });
    recalculateRounds(addon, '1', [() => continueRuns(addon, runId)]);
    const runScrapes = addon.bridge.scrapeTimes.length;
    expect(addon.bridge.maxScrapesPerMinute()).toBeLessThanOrEqual(SCRAPES_PER_MINUTE['1']);
    expect(await rateLimited()).toBe(0);
    expect(runScrapes).toBeGreaterThanOrEqual(SCRAPES_PER_MINUTE['1']);
  });

  it('lets formulas send while a research poll holds the document lock, within the tier', async () => {
    const addon = await bridged({ tier: '1' });
    const releasePoll = addon.env.locks.holdDocumentLock();
    recalculateRounds(addon, '1');
    releasePoll();
    expectPacingGoesOn(addon, '1');
    expect(addon.bridge.maxScrapesPerMinute()).toBeLessThanOrEqual(SCRAPES_PER_MINUTE['1']);
    expect(await rateLimited()).toBe(0);
  });
});

describe("a new user's id", () => {
  it('is one id after two first actions at once, whichever way they interleave', async () => {
    let nestedInFirst = 0;
    for (let seed = 1; seed <= 24; seed++) {
      const addon = await addonWithKey(mock, { startTime: MAY_FIRST, clock: 'virtual' });
      Object.assign(addon.env.properties.user(TEAMMATE), { ...addon.env.properties.user(OWNER) });
      const start = (query: string) => () => sidebar(addon, 'startResearch', [{ query, limit: 10 }], TEAMMATE);
      // A low chance spreads where the second starts over the first one's calls.
      const result = addon.env.interleave({
        seed,
        probability: 0.15,
        executions: [start('data engineers in Lisbon'), start('nurses in Porto')],
      });
      nestedInFirst += nested(result).length;
      // Refused while the first sets the user up, the second says to try again; it never makes a second id.
      for (const message of errorsOf(result)) expect(message).toMatch(/try again in a moment/);
      const id = addon.env.properties.user(TEAMMATE).RESEARCH_USER_ID;
      const jobs = Object.entries(addon.env.properties.document()).filter(([key]) => key.startsWith('research.job.'));
      expect(jobs).toHaveLength(2 - errorsOf(result).length);
      for (const [, job] of jobs) expect((JSON.parse(job) as { startedBy: string }).startedBy).toBe(id);
    }
    expect(nestedInFirst).toBeGreaterThan(2);
  });
});
