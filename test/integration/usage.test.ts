// getUsage through the built bundle: what this document's formulas spent and what the caller's own enrichment runs
// spent, by UTC day and month, and the owner's daily formula budget they spend under, as the Settings panel shows
// them.
import type { SettingsInput, UsageView } from '../../src/core/contract';
import { continueUntilDone, inputSheet, start, url } from './enrichment-helpers';
import { addonWithKey, formula, type LoadedAddon, OWNER, sidebar, TEAMMATE, useIntegrationMock } from './harness';

const mock = useIntegrationMock(13);

const MAY_FIRST = Date.UTC(2025, 4, 1, 9, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

describe('getUsage', () => {
  it("shows the formulas' credits to everyone, and each user's own runs to that user only", async () => {
    const addon = await addonWithKey(mock, { startTime: MAY_FIRST, clock: 'virtual' });
    formula(addon, 'ENRICH_PROFILE', [[[url('usage-a')], [url('usage-b')]], 'full_name']);
    inputSheet(addon.env, 'Leads', 'Profile URL', [url('run-a'), url('run-b'), url('run-c')]);
    const run = start(addon, { sheetName: 'Leads', inputA1: 'A1:A4', operation: 'profile' });
    const done = continueUntilDone(addon, run.runId);
    expect(done.creditsSpent).toBe(3);

    const owner = sidebar<UsageView>(addon, 'getUsage', [], OWNER);
    expect(owner).toEqual({
      day: '2025-05-01',
      month: '2025-05',
      formulas: { today: 2, month: 2 },
      mine: { today: 3, month: 3 },
      formulaBudget: null,
    });
    expect(sidebar<UsageView>(addon, 'getUsage', [], TEAMMATE).mine).toEqual({ today: 0, month: 0 });

    addon.env.clock.advance(DAY);
    expect(sidebar<UsageView>(addon, 'getUsage', [], OWNER)).toMatchObject({
      day: '2025-05-02',
      formulas: { today: 0, month: 2 },
      mine: { today: 0, month: 3 },
    });
  });

  it("keeps the ledger small: a user's first spend of a month removes the records of users idle this month", async () => {
    const addon = await addonWithKey(mock, { startTime: MAY_FIRST, clock: 'virtual' });
    const april = JSON.stringify({ day: '2025-04-30', today: 7, month: '2025-04', thisMonth: 90 });
    addon.env.properties.document().USAGE_USER_someone_idle = april;
    inputSheet(addon.env, 'Leads', 'Profile URL', [url('prune-a')]);
    continueUntilDone(addon, start(addon, { sheetName: 'Leads', inputA1: 'A1:A2', operation: 'profile' }).runId);
    const records = Object.keys(addon.env.properties.document()).filter((key) => key.startsWith('USAGE_USER_'));
    expect(records).toHaveLength(1);
    expect(sidebar<UsageView>(addon, 'getUsage', [], OWNER).mine).toEqual({ today: 1, month: 1 });
  });
});

describe("getUsage against the owner's daily formula budget", () => {
  const settings = (addon: LoadedAddon, input: SettingsInput, user = OWNER) =>
    sidebar(addon, 'saveSettings', [input], user);
  const formulasToday = (addon: LoadedAddon, user = OWNER) => {
    const { formulas, formulaBudget } = sidebar<UsageView>(addon, 'getUsage', [], user);
    return { today: formulas.today, formulaBudget };
  };

  it("shows the owner's spend against their budget to the owner and to a teammate, up to the budget", async () => {
    const addon = await addonWithKey(mock, { startTime: MAY_FIRST, clock: 'virtual' });
    settings(addon, { formulaDailyBudget: 5 });
    // A teammate's own budget is theirs: it does not apply to the owner's formulas.
    addon.env.properties.user(TEAMMATE).FORMULA_DAILY_BUDGET = '999';
    formula(addon, 'ENRICH_PROFILE', [[[url('budget-a')], [url('budget-b')]], 'full_name']);
    expect(formulasToday(addon)).toEqual({ today: 2, formulaBudget: 5 });
    expect(formulasToday(addon, TEAMMATE)).toEqual({ today: 2, formulaBudget: 5 });

    const more = formula(addon, 'ENRICH_PROFILE', [[1, 2, 3, 4, 5].map((n) => [url(`budget-more-${n}`)]), 'full_name']);
    expect((more as unknown[][]).filter((row) => String(row[0]).includes('daily formula budget'))).toHaveLength(2);
    expect(formulasToday(addon, TEAMMATE)).toEqual({ today: 5, formulaBudget: 5 });

    // The owner raises it: they see it at once; the teammate once the formulas spend under it.
    settings(addon, { formulaDailyBudget: 50 });
    expect(formulasToday(addon)).toEqual({ today: 5, formulaBudget: 50 });
    expect(formulasToday(addon, TEAMMATE).formulaBudget).toBe(5);
    formula(addon, 'ENRICH_PROFILE', [url('budget-c'), 'full_name']);
    expect(formulasToday(addon, TEAMMATE)).toEqual({ today: 6, formulaBudget: 50 });
  });

  it('says there is no budget when the owner removes it, and counts from zero the next UTC day', async () => {
    const addon = await addonWithKey(mock, { startTime: MAY_FIRST, clock: 'virtual' });
    settings(addon, { formulaDailyBudget: 20 });
    formula(addon, 'ENRICH_PROFILE', [url('no-budget-a'), 'full_name']);
    settings(addon, { formulaDailyBudget: null });
    formula(addon, 'ENRICH_PROFILE', [url('no-budget-b'), 'full_name']);
    expect(formulasToday(addon)).toEqual({ today: 2, formulaBudget: null });
    expect(formulasToday(addon, TEAMMATE)).toEqual({ today: 2, formulaBudget: null });
    addon.env.clock.advance(DAY);
    expect(formulasToday(addon, TEAMMATE)).toEqual({ today: 0, formulaBudget: null });
  });
});
