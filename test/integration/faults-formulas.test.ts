// Faults under the formulas, through the built bundle in the fakes against the mock API: SCRAPE_PROFILE, FIND_CONTACTS
// and ENRICH_PROFILE ranges and both searches meet storms of 500s and 503s, 429s with Retry-After, dropped
// connections, unreadable answers (broken JSON, empty bodies, HTML pages), a held document lock, the day's UrlFetch
// quota, a document store close to full and Sheets' 30-second limit. Each is recalculated until every row is in: no
// row lost or duplicated, no cell changed, no key leaked, nothing paid twice but what the platform makes so (README
// "Caching and recalculation": a dropped connection, a batch still in flight at 30 s).
jest.setTimeout(120_000);
import { problemsOf, type FaultLab } from './faults-helpers';
import {
  formulaScenario,
  searchScenario,
  type LookupFormula,
  type PlatformFault,
  type SearchFormula,
  type Storm,
} from './faults-scenarios';
import { addonWithKey, useIntegrationMock } from './harness';

const SEED = 17;
const ROWS = 30;
const CREDITS_PER_FETCH: Record<LookupFormula, number> = { SCRAPE_PROFILE: 2, FIND_CONTACTS: 1, ENRICH_PROFILE: 1 };

const mock = useIntegrationMock(SEED);
const lab: FaultLab = { mock, seed: SEED, addon: (options) => addonWithKey(mock, options) };

/** What rows said while the fault lasted (before a recalculation cleared them). */
const SAID: Record<Storm | PlatformFault, RegExp | null> = {
  'server errors':
    /^The service (had an internal error \(500\)|is temporarily unavailable \(503\)); try again later\.$/,
  'rate limits':
    /^(The service is rate limiting requests \(429\); try again in \d+ s|Not fetched within the 30 seconds .*)\.$/,
  'unreadable bodies': /^The service sent an answer that could not be read \(not JSON, HTTP 200\)\.$/,
  'dropped connections': null,
  lock: /^Not fetched within the 30 seconds a formula may run; recalculate to fetch the rest/,
  quota: /^This Google account has used up its day's quota of web requests, so nothing was sent; /,
  'full store': null,
  'time limit': /^Exceeded maximum execution time$/,
};

/** Rows said what the fault was (when it outlasted the call's own retries, `shown`), in the sentence for it. */
function expectSaid(errors: string[], fault: Storm | PlatformFault, shown: boolean): void {
  if (shown) expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) expect(error).toMatch(SAID[fault]!);
}

describe.each(['SCRAPE_PROFILE', 'FIND_CONTACTS', 'ENRICH_PROFILE'] as LookupFormula[])(
  '%s over a range',
  (formula) => {
    it.each(['server errors', 'rate limits', 'unreadable bodies'] as Storm[])(
      '%s: rows say so in one sentence until a recalculation fills them, exactly, once, paid once',
      async (storm) => {
        const outcome = await formulaScenario(lab, { scenario: `${formula} ${storm}`, formula, rows: ROWS, storm });
        expect(problemsOf(outcome)).toEqual([]);
        expectSaid(outcome.errors, storm, storm !== 'rate limits');
      },
    );

    it.each(['lock', 'quota', 'full store'] as PlatformFault[])(
      '%s: every row arrives exactly, once, paid once',
      async (platform) => {
        const outcome = await formulaScenario(lab, {
          scenario: `${formula} ${platform}`,
          formula,
          rows: ROWS,
          platform,
        });
        expect(problemsOf(outcome)).toEqual([]);
        expectSaid(outcome.errors, platform, platform === 'quota');
      },
    );

    // The platform's costs, which README "Caching and recalculation" states: fetchAll fails as a whole when one
    // connection drops, after the service answered (and billed) the others; and a batch in flight when Sheets stops the
    // formula at 30 s is billed and lost.
    it('dropped connections: every row arrives; what is paid twice is the lost batches’ other answers', async () => {
      const outcome = await formulaScenario(lab, {
        scenario: `${formula} drops`,
        formula,
        rows: ROWS,
        storm: 'dropped connections',
        midway: { afterFetchAll: 2, storm: 'dropped connections' },
      });
      const { creditsPaidTwice } = outcome.figures;
      expect(problemsOf(outcome, { creditsPaidTwice })).toEqual([]);
      // The 8 other answers of the first batch (10) that lost two connections, and 4 of the batch that lost two more
      // midway.
      expect(creditsPaidTwice).toBe((8 + 4) * CREDITS_PER_FETCH[formula]);
    });

    it('the 30-second limit mid-batch: every row arrives; the batch in flight is paid twice', async () => {
      const outcome = await formulaScenario(lab, {
        scenario: `${formula} time limit`,
        formula,
        rows: ROWS,
        platform: 'time limit',
      });
      expect(problemsOf(outcome, { creditsPaidTwice: 20 * CREDITS_PER_FETCH[formula] })).toEqual([]);
      expectSaid(outcome.errors, 'time limit', true);
    });
  },
);

describe.each(['SEARCH_COMPANIES', 'SEARCH_PEOPLE'] as SearchFormula[])('%s', (formula) => {
  it.each(['server errors', 'rate limits', 'dropped connections', 'unreadable bodies'] as Storm[])(
    '%s: the cell says so in one sentence until a recalculation answers; the answer is then cached',
    async (storm) => {
      const outcome = await searchScenario(lab, { scenario: `${formula} ${storm}`, formula, storm });
      expect(problemsOf(outcome)).toEqual([]);
    },
  );
});
