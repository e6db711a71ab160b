// Round trips through the built bundle: on Google every service call (a cache read, a property read, a lock) is a
// trip to Google's servers, so each formula's calls are held to a budget. `npm run bench` (l) prints the same
// operations with where their calls go; this keeps them from creeping past their budgets.
import type { JobSummary } from '../../src/core/contract';
import type { LoadedAddon } from './harness';
import { addonWithKey, formula, sidebar, useIntegrationMock } from './harness';
import { resultsAppear } from './research-helpers';

const mock = useIntegrationMock(29);

const url = (slug: string) => `https://www.network.com/in/${slug}`;
const column = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => [url(`${prefix}-${i}`)]);

/** Building a rich-text value is a call of the script's bridge, not a trip to Google: counted apart. */
const RICH_TEXT = 'SpreadsheetApp.newRichTextValue';

/** The service calls `operation` makes (rich-text values aside), and its value. */
function calls<T>(addon: LoadedAddon, operation: () => T): { value: T; count: number } {
  const { stats } = addon.env;
  const before = stats.serviceCalls - (stats.callsByName[RICH_TEXT] ?? 0);
  const value = operation();
  return { value, count: stats.serviceCalls - (stats.callsByName[RICH_TEXT] ?? 0) - before };
}

const errorCells = (value: unknown) => (value as unknown[][]).flat().filter((cell) => String(cell).startsWith('#'));

describe('service calls of a formula (the owner set no daily budget)', () => {
  it('a cold one-cell ENRICH_PROFILE and SCRAPE_PROFILE make at most 15 each; cached, at most 5', async () => {
    const addon = await addonWithKey(mock, { key: 'lk_test_round_trips_cells_000000f1a' });
    const enrich = calls(addon, () => formula(addon, 'ENRICH_PROFILE', [url('cell'), 'full_name']));
    const scrape = calls(addon, () => formula(addon, 'SCRAPE_PROFILE', [url('scraped'), 'name']));
    const cached = calls(addon, () => formula(addon, 'ENRICH_PROFILE', [url('cell'), 'full_name']));
    expect([enrich, scrape, cached].flatMap((call) => errorCells(call.value))).toEqual([]);
    expect(cached.value).toEqual(enrich.value);
    expect(enrich.count).toBeLessThanOrEqual(15);
    expect(scrape.count).toBeLessThanOrEqual(15);
    expect(cached.count).toBeLessThanOrEqual(5);
  });

  it("a cold 50-row range makes at most 18, the document's first and once its batch size is learnt", async () => {
    const addon = await addonWithKey(mock, { key: 'lk_test_round_trips_range_000000f2b' });
    // The document's very first formula also notes whose budget formulas spend under: one write, once.
    formula(addon, 'ENRICH_PROFILE', [url('before'), 'full_name']);
    const first = calls(addon, () => formula(addon, 'ENRICH_PROFILE', [column('first', 50), 'full_name']));
    const learnt = calls(addon, () => formula(addon, 'ENRICH_PROFILE', [column('learnt', 50), 'full_name']));
    const cached = calls(addon, () => formula(addon, 'ENRICH_PROFILE', [column('first', 50), 'full_name']));
    expect([first, learnt, cached].flatMap((call) => errorCells(call.value))).toEqual([]);
    expect(await mock.control.creditsCharged()).toBe(101);
    expect(first.count).toBeLessThanOrEqual(18);
    expect(learnt.count).toBeLessThanOrEqual(18);
    expect(cached.count).toBeLessThanOrEqual(5);
  });
});

describe('service calls of research', () => {
  it('startResearch makes at most 30, and its polls at most 45 per 100 rows written', async () => {
    const addon = await addonWithKey(mock, { key: 'lk_test_round_trips_research_00f3c' });
    // As a user does before their first job: Settings saves the key, which gives them their id.
    sidebar(addon, 'saveSettings', [{ apiKey: addon.key, baseUrl: mock.url, tier: '3' }]);
    const request = { query: 'heads of data at logistics companies in Europe', limit: 300, columns: 'all' };
    const started = calls(addon, () => sidebar<JobSummary>(addon, 'startResearch', [request]));
    expect(started.count).toBeLessThanOrEqual(30);
    const { jobId } = started.value;
    await resultsAppear(mock, jobId);
    await mock.control.advanceClock(60_000);
    let polled = 0;
    let summary = started.value;
    for (let polls = 0; summary.status !== 'completed' && polls < 5; polls++) {
      const poll = calls(addon, () => sidebar<JobSummary[]>(addon, 'pollResearch', [jobId]));
      polled += poll.count;
      summary = poll.value.find((entry) => entry.jobId === jobId)!;
    }
    expect(summary).toMatchObject({ status: 'completed', error: null });
    expect(summary.rowsWritten).toBeGreaterThan(200);
    expect((polled * 100) / summary.rowsWritten).toBeLessThanOrEqual(45);
  });
});
