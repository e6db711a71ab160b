// Faults under research polls, through the built bundle in the fakes against the mock API: a job of two result pages
// whose status polls meet storms of 500s and 503s, 429s with Retry-After, dropped connections and unreadable answers
// (on the first page, and again after it), polls the time limit stops between two writes of a page, another execution
// holding the document lock, the day's UrlFetch quota between two pages, and a document store close to full. Polled
// on (as the sidebar and the trigger do), every job ends with each profile once, exactly as the API sent it, and its
// companion rows once: nothing lost, duplicated or changed, no key leaked, nothing paid twice.
jest.setTimeout(120_000);
import { problemsOf, type FaultLab } from './faults-helpers';
import { researchScenario, type PlatformFault, type Storm } from './faults-scenarios';
import { addonWithKey, useIntegrationMock } from './harness';

const SEED = 23;
/** Two pages of 100. */
const RESULTS = 150;

const mock = useIntegrationMock(SEED);
const lab: FaultLab = { mock, seed: SEED, addon: (options) => addonWithKey(mock, options) };

/** What the job showed its user while the fault lasted; null: nothing (the poll's own retries got through). */
const SAID: Record<Storm | PlatformFault, RegExp | null> = {
  'server errors':
    /^The service (had an internal error \(500\)|is temporarily unavailable \(503\)); try again later\.$/,
  'rate limits': /^The service is rate limiting requests \(429\); try again in \d+ s\.$/,
  'dropped connections': null,
  'unreadable bodies': /^The service sent an answer that could not be read \(not JSON, HTTP 200\)\.$/,
  'time limit': null,
  lock: null,
  quota: /^This Google account has used up its day's quota of web requests, so nothing was sent; /,
  'full store': null,
};

function expectSaid(errors: string[], fault: Storm | PlatformFault): void {
  const said = SAID[fault];
  if (said === null) expect(errors).toEqual([]);
  else {
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(error).toMatch(said);
  }
}

describe('a research job polled through', () => {
  it.each(['server errors', 'rate limits', 'dropped connections', 'unreadable bodies'] as Storm[])(
    '%s on the first page and after it: each profile once, exactly, companions once',
    async (storm) => {
      const outcome = await researchScenario(lab, {
        scenario: `research ${storm}`,
        limit: RESULTS,
        storm,
        midway: { afterFetchAll: 1, storm },
      });
      expect(problemsOf(outcome)).toEqual([]);
      expectSaid(outcome.errors, storm);
    },
  );

  it.each(['time limit', 'lock', 'quota', 'full store'] as PlatformFault[])(
    '%s: each profile once, exactly, companions once',
    async (platform) => {
      const outcome = await researchScenario(lab, { scenario: `research ${platform}`, limit: RESULTS, platform });
      expect(problemsOf(outcome)).toEqual([]);
      expectSaid(outcome.errors, platform);
    },
  );
});
