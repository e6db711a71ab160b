// Faults under enrichment runs, through the built bundle in the fakes against the mock API: a column enriched by
// scrape, profile record and contacts meets storms of 500s and 503s, 429s with Retry-After, dropped connections and
// unreadable answers (from the start and again midway); executions the time limit stops between two writes of a
// chunk; another execution taking the document lock mid-run; the day's UrlFetch quota; a document store close to
// full; a run whose entry nears the 9 KB a property may hold. The user's ordinary steps (Resume, Retry failed rows,
// the sidebar continuing) finish each run: no row lost or duplicated, no cell changed, no key leaked, nothing paid
// twice but what a dropped connection makes so (README "Caching and recalculation").
jest.setTimeout(180_000);
import { problemsOf, type FaultLab } from './faults-helpers';
import { enrichmentScenario, type LookupFormula, type PlatformFault, type Storm } from './faults-scenarios';
import { addonWithKey, useIntegrationMock, OWNER } from './harness';
import { inputSheet, url, values } from './enrichment-helpers';

const SEED = 19;
const ROWS = 30;
const CREDITS_PER_FETCH: Record<LookupFormula, number> = { SCRAPE_PROFILE: 2, FIND_CONTACTS: 1, ENRICH_PROFILE: 1 };
const QUOTA_SENTENCE = /^This Google account has used up its day's quota of web requests, so nothing was sent; /;

const mock = useIntegrationMock(SEED);
const lab: FaultLab = { mock, seed: SEED, addon: (options) => addonWithKey(mock, options) };

/** What rows' ERROR statuses said while the storm lasted (before Retry failed rows cleared them). */
const SAID: Partial<Record<Storm, RegExp>> = {
  'server errors':
    /^The service (had an internal error \(500\)|is temporarily unavailable \(503\)); try again later\.$/,
  'unreadable bodies': /^The service sent an answer that could not be read \(not JSON, HTTP 200\)\.$/,
};

describe.each([
  ['profile scrape', 'SCRAPE_PROFILE'],
  ['contacts', 'FIND_CONTACTS'],
  ['profile record', 'ENRICH_PROFILE'],
] as Array<[string, LookupFormula]>)('a %s run', (_operation, formula) => {
  it.each(['server errors', 'rate limits', 'unreadable bodies'] as Storm[])(
    '%s, from the start and midway: every row ends OK with its values, once, paid once',
    async (storm) => {
      const outcome = await enrichmentScenario(lab, {
        scenario: `${formula} run ${storm}`,
        formula,
        rows: ROWS,
        storm,
        midway: { afterFetchAll: 2, storm },
      });
      expect(problemsOf(outcome)).toEqual([]);
      const said = SAID[storm];
      if (said) {
        expect(outcome.errors.length).toBeGreaterThan(0);
        for (const error of outcome.errors) expect(error).toMatch(said);
      } else expect(outcome.errors).toEqual([]);
    },
  );

  it.each(['time limit', 'lock', 'full store'] as PlatformFault[])(
    '%s: every row ends OK with its values, once, paid once',
    async (platform) => {
      const outcome = await enrichmentScenario(lab, {
        scenario: `${formula} run ${platform}`,
        formula,
        rows: ROWS,
        platform,
      });
      expect(problemsOf(outcome)).toEqual([]);
      expect(outcome.errors).toEqual([]);
    },
  );

  it('the day’s UrlFetch quota: the run pauses with the sentence; resumed the next day, every row ends OK', async () => {
    const outcome = await enrichmentScenario(lab, {
      scenario: `${formula} run quota`,
      formula,
      rows: ROWS,
      platform: 'quota',
    });
    expect(problemsOf(outcome)).toEqual([]);
    expect(outcome.errors).toEqual([expect.stringMatching(QUOTA_SENTENCE)]);
  });

  it('dropped connections, from the start and midway: every row ends OK; the lost batches’ answers are paid twice', async () => {
    const outcome = await enrichmentScenario(lab, {
      scenario: `${formula} run drops`,
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
});

describe('a run’s entry near the 9 KB a property may hold', () => {
  it('190 fields (columns past the sheet’s 26), paused by the quota and resumed: every row ends OK', async () => {
    const outcome = await enrichmentScenario(lab, {
      scenario: 'run of 190 fields, quota',
      formula: 'ENRICH_PROFILE',
      rows: ROWS,
      extraFields: 187,
      platform: 'quota',
    });
    expect(problemsOf(outcome)).toEqual([]);
    expect(outcome.errors).toEqual([expect.stringMatching(QUOTA_SENTENCE)]);
    // The run's entry, the quota's sentence in it, came within 3 KB of the limit, and stayed under it.
    expect(outcome.largestPropertyBytes).toBeGreaterThan(6 * 1024);
    expect(outcome.largestPropertyBytes).toBeLessThan(9 * 1024);
  });

  it('more fields than an entry can keep are refused in one sentence, before anything is written', async () => {
    const addon = await addonWithKey(mock, { key: 'lk_faults_many_fields_0000000000f1e2', clock: 'virtual' });
    inputSheet(addon.env, 'Leads', 'Profile URL', [url('ada'), url('bob')]);
    const fields = Array.from({ length: 300 }, (_, i) => `experience.${i + 1}.company_name`);
    const request = { sheetName: 'Leads', inputA1: 'A1:A3', operation: 'profile', fields };
    for (const name of ['previewEnrichment', 'startEnrichment']) {
      expect(() => addon.bundle.callFromSidebar(name, [request], OWNER)).toThrow(
        'These 300 fields are more than one run can keep; choose fewer, or split them over two runs.',
      );
    }
    expect(values(addon.env, 'Leads')).toEqual([['Profile URL'], [url('ada')], [url('bob')]]);
    expect(addon.env.spreadsheet.namedRanges()).toEqual([]);
    expect(Object.keys(addon.env.properties.document())).toEqual([]);
    expect(await mock.control.log()).toEqual([]);
  });
});
