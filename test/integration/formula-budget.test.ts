// The owner's daily formula budget and the usage ledger through the built bundle: formulas fetch until the budget is
// reached, answer the rest with one sentence, keep answering from the cache, and start again the next UTC day. Also
// the day's UrlFetch quota, which is said as such and never retried.
import type { UsageView } from '../../src/core/contract';
import { fillDocumentStore } from './faults-helpers';
import { addonWithKey, formula, type LoadedAddon, OWNER, TEAMMATE, useIntegrationMock } from './harness';

const mock = useIntegrationMock(11);

const url = (slug: string) => `https://www.network.com/in/${slug}`;
const column = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => [url(`${prefix}-${i}`)]);
/** 2025-03-31 23:00 UTC: an hour before a new UTC day and a new month. */
const LATE_EVENING = Date.UTC(2025, 2, 31, 23, 0, 0);
const HOUR = 60 * 60 * 1000;
type Rows = unknown[][];

const BUDGET_SENTENCE =
  "#ERROR: The spreadsheet owner's daily formula budget of 10 credits is reached; cached rows still show, and the rest can be fetched after midnight UTC or once the owner raises the budget.";

async function withBudget(budget: number, startTime = LATE_EVENING): Promise<LoadedAddon> {
  const addon = await addonWithKey(mock, { startTime });
  addon.env.properties.user(OWNER).FORMULA_DAILY_BUDGET = String(budget);
  return addon;
}

async function apiRequests() {
  return (await mock.control.requests()).filter((entry) => entry.path.startsWith('/api/'));
}

const usage = (addon: LoadedAddon, user = OWNER) => addon.bundle.callFromSidebar('getUsage', [], user) as UsageView;

describe("the owner's daily formula budget", () => {
  it('fetches a range until the budget is reached and answers the rest with one sentence', async () => {
    const addon = await withBudget(10);
    const rows = formula(addon, 'ENRICH_PROFILE', [column('budget', 15), 'full_name']) as Rows;
    const fetched = rows.filter((row) => !String(row[0]).startsWith('#ERROR'));
    expect(fetched).toHaveLength(10);
    expect(rows.filter((row) => row[0] === BUDGET_SENTENCE)).toHaveLength(5);
    expect(await mock.control.creditsCharged()).toBe(10);
    expect(usage(addon)).toEqual({
      day: '2025-03-31',
      month: '2025-03',
      formulas: { today: 10, month: 10 },
      mine: { today: 0, month: 0 },
      formulaBudget: 10,
    });
  });

  it('keeps answering from the cache past the budget, without a request', async () => {
    const addon = await withBudget(10);
    const input = column('cached', 15);
    const first = formula(addon, 'ENRICH_PROFILE', [input, 'full_name']) as Rows;
    await mock.control.clearLog();
    const again = formula(addon, 'ENRICH_PROFILE', [input, 'full_name'], OWNER) as Rows;
    expect(again).toEqual(first);
    expect(await apiRequests()).toHaveLength(0);
    // A single cell that is cached answers; one that is not says the budget is reached.
    const cachedRow = first.findIndex((row) => !String(row[0]).startsWith('#ERROR'));
    expect(formula(addon, 'ENRICH_PROFILE', [input[cachedRow][0], 'full_name'])).toEqual([first[cachedRow]]);
    const lateRow = first.findIndex((row) => row[0] === BUDGET_SENTENCE);
    expect(() => formula(addon, 'ENRICH_PROFILE', [input[lateRow][0], 'full_name'])).toThrow(
      BUDGET_SENTENCE.replace('#ERROR: ', ''),
    );
    expect(await apiRequests()).toHaveLength(0);
  });

  it('counts scrapes at 2 credits, and refuses a search whose limit no longer fits', async () => {
    const addon = await withBudget(10);
    const rows = formula(addon, 'SCRAPE_PROFILE', [column('scrape', 8), 'name']) as Rows;
    expect(rows.filter((row) => !String(row[0]).startsWith('#ERROR'))).toHaveLength(5);
    expect(await mock.control.creditsCharged()).toBe(10);
    expect(() => formula(addon, 'SEARCH_PEOPLE', ['data engineers in Lisbon', 3])).toThrow(/daily formula budget/);
    expect(await apiRequests()).toHaveLength(5);
  });

  it('starts again on the next UTC day, with the cached rows still cached', async () => {
    const addon = await withBudget(10);
    const input = column('next-day', 15);
    formula(addon, 'ENRICH_PROFILE', [input, 'full_name']);
    addon.env.clock.advance(1.5 * HOUR);
    await mock.control.clearLog();
    const nextDay = formula(addon, 'ENRICH_PROFILE', [input, 'full_name']) as Rows;
    expect(nextDay.filter((row) => String(row[0]).startsWith('#ERROR'))).toHaveLength(0);
    expect(await apiRequests()).toHaveLength(5);
    expect(usage(addon, TEAMMATE)).toEqual({
      day: '2025-04-01',
      month: '2025-04',
      formulas: { today: 5, month: 5 },
      mine: { today: 0, month: 0 },
      formulaBudget: 10,
    });
  });

  it('counts what formulas spend without a budget too', async () => {
    const addon = await addonWithKey(mock, { startTime: LATE_EVENING });
    formula(addon, 'FIND_CONTACTS', [[['ann@example.com'], ['bob@example.com']], 'email']);
    expect(usage(addon).formulas).toEqual({ today: 2, month: 2 });
  });
});

describe("the day's UrlFetch quota", () => {
  const QUOTA_SENTENCE =
    "This Google account has used up its day's quota of web requests, so nothing was sent; Google resets it 24 hours after the day's first request, so try again then.";

  function countFetchAlls(addon: LoadedAddon): { calls: number } {
    const counter = { calls: 0 };
    const real = addon.env.globals.UrlFetchApp as GoogleAppsScript.URL_Fetch.UrlFetchApp;
    addon.env.globals.UrlFetchApp = {
      fetch: real.fetch.bind(real),
      fetchAll: (requests: GoogleAppsScript.URL_Fetch.URLFetchRequest[]) => {
        counter.calls++;
        return real.fetchAll(requests);
      },
    };
    return counter;
  }

  it('says the quota is used up and when it resets, and does not retry', async () => {
    const addon = await addonWithKey(mock, { dailyUrlFetchQuota: 0 });
    const counter = countFetchAlls(addon);
    expect(() => formula(addon, 'SCRAPE_PROFILE', [url('quota')])).toThrow(QUOTA_SENTENCE);
    expect(counter.calls).toBe(1);
    const rows = formula(addon, 'ENRICH_PROFILE', [column('quota', 30), 'full_name']) as Rows;
    expect(rows.every((row) => row[0] === `#ERROR: ${QUOTA_SENTENCE}`)).toBe(true);
    expect(counter.calls).toBe(2);
    expect(await apiRequests()).toHaveLength(0);
  });
});

describe('formulas with a full document store', () => {
  const fillStore = (addon: LoadedAddon) => fillDocumentStore(addon.env, 20);

  it('still answer without a budget (the count is only for the usage panel)', async () => {
    const addon = await addonWithKey(mock);
    fillStore(addon);
    const rows = formula(addon, 'ENRICH_PROFILE', [column('full-store', 2), 'full_name']) as Rows;
    expect(rows.filter((row) => String(row[0]).startsWith('#ERROR'))).toEqual([]);
    expect(await mock.control.creditsCharged()).toBe(2);
  });

  it('send nothing with a budget, since what they spend could not be counted against it', async () => {
    const addon = await withBudget(10);
    fillStore(addon);
    const rows = formula(addon, 'ENRICH_PROFILE', [column('full-budget', 2), 'full_name']) as Rows;
    expect(rows).toEqual([[BUDGET_SENTENCE], [BUDGET_SENTENCE]]);
    expect(await mock.control.creditsCharged()).toBe(0);
  });
});
