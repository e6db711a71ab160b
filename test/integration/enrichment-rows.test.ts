// An enrichment run follows its rows: rows sorted or inserted while it runs keep their values beside their inputs (new
// inputs in inserted rows are enriched once the user accepts what they cost beyond the preview), and API text that
// Sheets would read as a formula, number or date arrives as the text it is.
jest.setTimeout(30_000);
import type { GasEnvironment } from '../../dev/gas-fakes';
import { HARD_CASE_SLUG, HARD_TEXT, profileRecordForSlug, scrapedProfileForSlug } from '../../dev/mock-api/data';
import type { RunSummary } from '../../src/core/contract';
import { sidebar, useIntegrationMock } from './harness';
import {
  columnByHeader,
  continueUntilDone,
  inputSheet,
  preview,
  SCRAPE_PATH,
  start,
  url,
  useBridgedAddons,
  values,
} from './enrichment-helpers';

const SEED = 17;
const KEY = 'lk_test_enrichment_rows_0000000000d5e6';

const mock = useIntegrationMock(SEED);

const addon = useBridgedAddons(mock, KEY);

/** Runs `edit` once, right after the add-on's `n`-th fetchAll answered: its answers are in hand, not yet written. */
function editAfterFetch(env: GasEnvironment, n: number, edit: () => void): void {
  const real = env.globals.UrlFetchApp as GoogleAppsScript.URL_Fetch.UrlFetchApp;
  let calls = 0;
  env.globals.UrlFetchApp = {
    fetch: real.fetch.bind(real),
    fetchAll: (requests: Array<GoogleAppsScript.URL_Fetch.URLFetchRequest | string>) => {
      const responses = real.fetchAll(requests);
      if (++calls === n) edit();
      return responses;
    },
  };
}

const slugs = Array.from({ length: 60 }, (_, i) => `row-${String(i + 1).padStart(2, '0')}`);
const nameOf = (slug: string) => scrapedProfileForSlug(SEED, slug).profile.name;

/** Each input row holds its own profile's name and OK, whatever row it is on now. */
function expectNamesBesideInputs(env: GasEnvironment, headerRow: number, lastRow: number): string[] {
  const grid = values(env, 'Leads');
  const header = grid[headerRow - 1];
  const [nameColumn, statusColumn] = [header.indexOf('name'), header.indexOf('sheet-enrich scrape status')];
  const inputs = grid.slice(headerRow, lastRow).map((row) => String(row[0]));
  const slugOf = (input: string) => input.slice(url('').length);
  expect(grid.slice(headerRow, lastRow).map((row) => [row[0], row[nameColumn], row[statusColumn]])).toEqual(
    inputs.map((input) => [input, nameOf(slugOf(input)), 'OK']),
  );
  return inputs.map(slugOf);
}

describe('a run follows its rows', () => {
  const request = { sheetName: 'Leads', inputA1: 'A1:A61', operation: 'scrape' as const, fields: ['name'] };

  it('rows sorted while a batch is out keep their values beside their inputs', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', slugs.map(url));
    const shown = preview(loaded, request);
    const run = start(loaded, request);
    const sheet = loaded.env.spreadsheet.sheet('Leads');
    // The user sorts the whole table (outputs and status included), Z to A, while the first batch is out.
    editAfterFetch(loaded.env, 1, () =>
      sheet.sortRows({ row: 2, column: 1, numRows: 60, numColumns: sheet.lastColumn() }, [
        { column: 1, ascending: false },
      ]),
    );
    expect(continueUntilDone(loaded, run.runId)).toMatchObject({ status: 'completed', ok: 60, failed: 0 });
    const order = expectNamesBesideInputs(loaded.env, 1, 61);
    expect(order).toEqual([...slugs].reverse());
    expect(await mock.control.creditsCharged()).toBe(shown.credits);
  });

  it('rows inserted inside the run, and above it, are followed; the new inputs, beyond the preview, once resumed', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', slugs.map(url));
    const shown = preview(loaded, request);
    const run = start(loaded, request);
    const sheet = loaded.env.spreadsheet.sheet('Leads');
    editAfterFetch(loaded.env, 1, () => {
      // Two rows above the header push the whole run down; three inside it hold new inputs.
      sheet.insertRows(0, 2);
      sheet.write('A1', [['A note above the table']]);
      sheet.insertRows(12, 3);
      sheet.write('A13', [[url('new-1')], [url('new-2')], [url('new-3')]]);
    });
    // The preview's credits are spent: the run pauses rather than spend more, and says what the rest would cost.
    const paused = continueUntilDone(loaded, run.runId);
    expect(paused).toMatchObject({ status: 'paused', total: 63, done: 60, ok: 60, creditsSpent: shown.credits });
    expect(paused.error).toBe(
      '3 rows are left that the estimate does not cover; they would cost 6 credits, and Resume raises the estimate by 6.',
    );
    expect(await mock.control.creditsCharged()).toBe(shown.credits);
    const raise = Number(/raises the estimate by (\d+)\.$/.exec(paused.error!)![1]);

    const resumed = sidebar<RunSummary>(loaded, 'resumeEnrichment', [run.runId]);
    expect(resumed).toMatchObject({ status: 'running', error: null, creditsEstimated: shown.credits + raise });
    expect(resumed.message).toBe(
      `Enriching: 60 of 63 rows done. Resume raised the estimate by ${raise} credits for rows it did not cover.`,
    );
    const done = continueUntilDone(loaded, run.runId);
    expect(done).toMatchObject({ status: 'completed', total: 63, ok: 63, creditsSpent: shown.credits + raise });
    expect(await mock.control.creditsCharged()).toBe(shown.credits + raise);
    const enriched = expectNamesBesideInputs(loaded.env, 3, 66);
    expect(enriched.filter((slug) => slug.startsWith('new-'))).toEqual(['new-1', 'new-2', 'new-3']);
    expect(values(loaded.env, 'Leads', 'A1:C1')).toEqual([['A note above the table', '', '']]);
    const paid = await mock.control.requests({ path: SCRAPE_PATH, status: 200 });
    expect(paid).toHaveLength(63);
  });
});

describe('text stays text', () => {
  it('formula-, number- and date-looking API text arrives as the text it is', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', [url(HARD_CASE_SLUG)]);
    const fields = ['headline', 'title', 'experience.1.employer_name', 'skills.1', 'skills.2'];
    continueUntilDone(
      loaded,
      start(loaded, { sheetName: 'Leads', inputA1: 'A1:A2', operation: 'scrape', fields }).runId,
    );
    const scraped = scrapedProfileForSlug(SEED, HARD_CASE_SLUG);
    expect([scraped.profile.headline, scraped.profile.title]).toEqual([HARD_TEXT.formula, HARD_TEXT.plus]);
    expect(values(loaded.env, 'Leads', 'B2:F2')).toEqual([
      [HARD_TEXT.formula, HARD_TEXT.plus, HARD_TEXT.minus, HARD_TEXT.at, HARD_TEXT.dateLike],
    ]);
    expect(loaded.env.spreadsheet.sheet('Leads').formulas('B2:F2')).toEqual([['', '', '', '', '']]);

    const zip = 'experience.1.company_hq_zipcode';
    const profile = { sheetName: 'Leads', inputA1: 'A1:A2', operation: 'profile' as const, fields: [zip] };
    continueUntilDone(loaded, start(loaded, { ...profile, overwrite: true }).runId);
    expect(profileRecordForSlug(SEED, HARD_CASE_SLUG).experience?.[0].company_hq_zipcode).toBe(
      HARD_TEXT.leadingZeroZip,
    );
    expect(columnByHeader(loaded.env, 'Leads', zip, 2)).toEqual([HARD_TEXT.leadingZeroZip]);
  });
});
