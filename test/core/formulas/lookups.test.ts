import {
  enrichProfileLookup,
  findContactsLookup,
  runLookup,
  scrapeProfileLookup,
} from '../../../src/core/formulas/lookups';
import { MIN_BATCH_ESTIMATE_MS } from '../../../src/core/fetch/engine';
import { deadlineOf, type FormulaContext } from '../../../src/core/formulas/context';
import { UserError } from '../../../src/core/user-error';
import { queryOf } from '../api/fakes';
import { formulaSetup, profileApi, url } from './fakes';
import { scrapedProfile } from '../fields/samples';

function setup(options: Parameters<typeof formulaSetup>[1] = {}) {
  return formulaSetup(profileApi, options);
}

/** The context of an execution that has only `leftMs` before its deadline. */
function withTimeLeft(context: FormulaContext, now: number, leftMs: number): FormulaContext {
  return { ...context, startedAt: context.startedAt - (deadlineOf(context) - now - leftMs) };
}

describe('per-row lookups', () => {
  it('gives one row per cell, blank rows for blanks, and fetches each profile once across variants', () => {
    const { http, context } = setup();
    const input = [[url('ann')], [''], ['http://network.com/in/ANN/?trk=x'], [url('bob')]];
    const rows = runLookup(scrapeProfileLookup, context(), input, 'name, headline', '') as unknown[][];
    expect(rows.map((row) => row[0])).toEqual(['ann', '', 'ann', 'bob']);
    expect(rows[1]).toEqual(['', '']);
    expect(http.requests).toHaveLength(2);
    expect(http.batches).toHaveLength(1);
  });

  it('serves a repeated call and other fields of the same profile from the cache', () => {
    const { http, context } = setup();
    runLookup(enrichProfileLookup, context(), url('ann'), '', '');
    runLookup(enrichProfileLookup, context(), 'https://uk.network.com/in/Ann', 'skills, headline', '');
    expect(http.requests).toHaveLength(1);
  });

  it('rejects bad input before any request: a single cell throws, a range reports the row', () => {
    const { http, context } = setup();
    expect(() => runLookup(scrapeProfileLookup, context(), 'example.com/jane', '', '')).toThrow(/is not a profile URL/);
    expect(() => runLookup(scrapeProfileLookup, context(), url('ann'), 'headlin', '')).toThrow(
      /Did you mean "headline"/,
    );
    expect(() => runLookup(scrapeProfileLookup, context(), url('ann'), '', 'maybe')).toThrow(UserError);
    expect(http.requests).toHaveLength(0);
    const rows = runLookup(scrapeProfileLookup, context(), [['nope'], [url('ann')]], 'name', '') as unknown[][];
    expect(rows[0][0]).toMatch(/^#ERROR: "nope" is not a profile URL/);
    expect(rows[1]).toEqual(['ann']);
  });

  it('tells whoever reads the cell that the spreadsheet owner must set a key, and sends nothing', () => {
    const { http, context } = setup({ apiKey: null });
    expect(() => runLookup(scrapeProfileLookup, context(), url('ann'), '', '')).toThrow(
      "The spreadsheet's owner has no API key set; formulas use the owner's settings, so the owner must add a key in " +
        'Extensions → sheet-enrich → Settings.',
    );
    expect(http.requests).toHaveLength(0);
  });

  it('reports an API failure in its row and keeps the others', () => {
    const { context } = setup();
    const rows = runLookup(
      scrapeProfileLookup,
      context(),
      [[url('missing-x')], [url('bob')]],
      'name',
      '',
    ) as unknown[][];
    expect(rows[0][0]).toMatch(/^#ERROR: .*not found/i);
    expect(rows[1]).toEqual(['bob']);
  });

  it('turns the contact lookup in-body error into the row error, and caches it (it was charged)', () => {
    const { http, context } = setup();
    const rows = runLookup(
      findContactsLookup,
      context(),
      [['x@nobody.example'], ['+1 (415) 555-0100']],
      'email',
      '',
    ) as unknown[][];
    expect(rows[0][0]).toMatch(/^#ERROR: No profile found/);
    expect(rows[1][0]).not.toMatch(/#ERROR/);
    expect(queryOf(http.requests[1]).phone).toBe('+14155550100');
    expect(http.requests[1].url).toContain('phone=%2B14155550100');
    runLookup(findContactsLookup, context(), [['X@Nobody.example'], ['+1 415 555 0100']], 'email', '');
    expect(http.requests).toHaveLength(2);
  });

  it('refuses a phone number Sheets turned into a number, before any request, saying how to keep it text', () => {
    const { http, context } = setup();
    const sentence =
      'Sheets turned the phone number 14155550100 into a number, which drops a leading + or 0: type it with an ' +
      "apostrophe in front ('+14155550100), or format the column as plain text (Format → Number → Plain text) and " +
      'type it again.';
    expect(() => runLookup(findContactsLookup, context(), 14155550100, 'email', '')).toThrow(sentence);
    const rows = runLookup(
      findContactsLookup,
      context(),
      [[14155550100], ['+1 (415) 555-0100']],
      'email',
      '',
    ) as unknown[][];
    expect(rows[0][0]).toBe(`#ERROR: ${sentence}`);
    expect(rows[1][0]).not.toMatch(/#ERROR/);
    expect(http.requests.map((request) => queryOf(request).phone)).toEqual(['+14155550100']);
  });

  it('looks up a phone copied as a tel: link like the same phone typed', () => {
    const { http, context } = setup();
    runLookup(findContactsLookup, context(), [['tel:+1-415-555-0100'], ['+1 (415) 555-0100']], 'email', '');
    expect(http.requests.map((request) => queryOf(request).phone)).toEqual(['+14155550100']);
  });

  it('fetches a profile copied from a browser sub-page as the profile itself', () => {
    const { http, context } = setup();
    const input = [
      [url('ann')],
      ['https://www.network.com/in/ann/details/experience/'],
      [url('ann/recent-activity/all/')],
    ];
    const rows = runLookup(scrapeProfileLookup, context(), input, 'name', '') as unknown[][];
    expect(rows).toEqual([['ann'], ['ann'], ['ann']]);
    expect(http.requests.map((request) => queryOf(request).network_url)).toEqual([url('ann')]);
  });

  it('paces scrapes to the tier and says when to recalculate for the rest', () => {
    const { http, context } = setup({ tier: 'free' });
    const input = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((slug) => [url(slug)]);
    const rows = runLookup(scrapeProfileLookup, context(), input, 'name', '') as unknown[][];
    expect(http.requests).toHaveLength(5);
    expect(rows.slice(0, 5).map((row) => row[0])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(rows[5][0]).toMatch(/^#ERROR: Your tier allows 5 profile scrapes a minute; recalculate in a minute/);
  });

  it('stops starting batches before the 30-second limit and fills the rest on recalculation', () => {
    const { clock, http, context } = setup({ batchMs: 9_000 });
    const input = Array.from({ length: 120 }, (_, i) => [url(`p${i}`)]);
    const started = clock.now();
    const rows = runLookup(enrichProfileLookup, context(), input, 'full_name', '') as unknown[][];
    // A fresh document's batches start at 10 and double. Two 9-s batches end at 18 s; a third, assumed to take 9 s
    // as the last one did, would end after the 26-s deadline (30 s less the 4-s margin), so it is not started.
    expect(clock.now() - started).toBe(18_000);
    expect(http.batches.map((batch) => batch.length)).toEqual([10, 20]);
    const missing = rows.filter((row) => String(row[0]).startsWith('#ERROR: Not fetched within the 30 seconds'));
    expect(missing).toHaveLength(90);
    // The recalculation goes on from the learnt size: 40, then the most a batch carries (50), and fills every row.
    const again = runLookup(enrichProfileLookup, context(), input, 'full_name', '') as unknown[][];
    expect(again.filter((row) => String(row[0]).startsWith('#ERROR'))).toEqual([]);
    expect(http.batches.map((batch) => batch.length)).toEqual([10, 20, 40, 50]);
    expect(new Set(http.requests.map((r) => r.url)).size).toBe(http.requests.length);
  });

  it('caches each batch as it answers, so a formula killed during a later batch pays for nothing twice', () => {
    let killing = true;
    const killable = formulaSetup((request, callNumber) => {
      // The platform stops the execution at 30 s while the third batch is in flight (at its 21st request).
      if (killing && callNumber > 50) {
        killable.clock.time += 30_000;
        throw new Error('Exceeded maximum execution time');
      }
      return profileApi(request);
    });
    const { http, context } = killable;
    const input = Array.from({ length: 60 }, (_, i) => [url(`p${i}`)]);
    expect(() => runLookup(enrichProfileLookup, context(), input, 'full_name', '')).toThrow(/Exceeded maximum/);
    // The batches of 10 and 20 answered; the third (the 30 left) was in flight when the execution was stopped.
    expect(http.batches.map((batch) => batch.length)).toEqual([10, 20, 30]);

    killing = false;
    const sentBefore = http.requests.length;
    const rows = runLookup(enrichProfileLookup, context(), input, 'full_name', '') as unknown[][];
    expect(rows.map((row) => row[0])).toEqual(input.map((_, i) => `p${i}`));
    const resent = http.requests.slice(sentBefore).map((request) => queryOf(request).network_url);
    expect(resent).toEqual(input.slice(30).map(([profile]) => profile));
  });

  it(`starts no batch with less than ${MIN_BATCH_ESTIMATE_MS} ms left, however quick the last one was`, () => {
    const { clock, http, context } = setup({ batchMs: 300 });
    const input = Array.from({ length: 60 }, (_, i) => [url(`p${i}`)]);
    const notFetched = (rows: unknown[][]) =>
      rows.filter((row) => String(row[0]).startsWith('#ERROR: Not fetched within the 30 seconds')).length;

    const tooLate = withTimeLeft(context(), clock.now(), MIN_BATCH_ESTIMATE_MS - 100);
    expect(notFetched(runLookup(enrichProfileLookup, tooLate, input, 'full_name', '') as unknown[][])).toBe(60);
    expect(http.requests).toHaveLength(0);

    // Time for the first batch; after its 300 ms, less than the floor is left for a second one.
    const justInTime = withTimeLeft(context(), clock.now(), MIN_BATCH_ESTIMATE_MS + 100);
    const rows = runLookup(enrichProfileLookup, justInTime, input, 'full_name', '') as unknown[][];
    expect(http.batches).toHaveLength(1);
    expect(notFetched(rows)).toBe(60 - http.batches[0].length);
  });
});

describe('per-row lookups: rows line up', () => {
  it('prints headers only when include_headers is TRUE, with or without fields', () => {
    const { context } = setup();
    for (const lookup of [scrapeProfileLookup, enrichProfileLookup]) {
      const withDefaults = runLookup(lookup, context(), url('ann'), '', '') as unknown[][];
      expect(withDefaults).toHaveLength(1);
      expect(withDefaults[0]).toHaveLength(lookup.defaults().length);
      expect(withDefaults[0]).toContain('ann');
      const withHeaders = runLookup(lookup, context(), url('ann'), '', true) as unknown[][];
      expect(withHeaders).toEqual([lookup.defaults().map((field) => field.name), withDefaults[0]]);
    }
    expect(runLookup(findContactsLookup, context(), 'ann@example.com', undefined, undefined)).toHaveLength(1);
    expect(runLookup(scrapeProfileLookup, context(), url('ann'), [['headline', 'name']], '')).toEqual([
      [scrapedProfile.profile.headline, 'ann'],
    ]);
    expect(runLookup(scrapeProfileLookup, context(), url('ann'), 'name', true)).toEqual([['name'], ['ann']]);
  });

  it('lines output rows up with input rows: row n of the output is input n, headers or not', () => {
    const { context } = setup();
    const slugs = ['ann', '', 'bob', 'nope', 'cy'];
    const input = slugs.map((slug) => [slug === '' || slug === 'nope' ? slug : url(slug)]);
    const rows = runLookup(scrapeProfileLookup, context(), input, '', '') as unknown[][];
    // The fake API names each profile after its slug; `name` is the first default column, where errors show too.
    expect(scrapeProfileLookup.defaults()[0].name).toBe('name');
    expect(rows.map((row) => row[0])).toEqual([
      'ann',
      '',
      'bob',
      expect.stringMatching(/^#ERROR: "nope" is not a profile URL/),
      'cy',
    ]);
    const withHeaders = runLookup(scrapeProfileLookup, context(), input, '', 'TRUE') as unknown[][];
    expect(withHeaders).toEqual([scrapeProfileLookup.defaults().map((field) => field.name), ...rows]);
  });

  it('gives one row per single cell, so a call filled down a column lines up', () => {
    const { http, context } = setup();
    const column = ['ann', 'bob', 'cy'].map((slug) => runLookup(scrapeProfileLookup, context(), url(slug), '', ''));
    for (const [index, slug] of ['ann', 'bob', 'cy'].entries()) {
      const rows = column[index] as unknown[][];
      expect(rows).toHaveLength(1);
      expect(rows[0]).toContain(slug);
    }
    expect(runLookup(scrapeProfileLookup, context(), '', '', '')).toBe('');
    expect(http.requests).toHaveLength(3);
  });

  it('refuses a range of several columns and a missing first argument, before any request', () => {
    const { http, context } = setup();
    expect(() => runLookup(scrapeProfileLookup, context(), [[url('ann'), url('bob')]], '', '')).toThrow(
      'SCRAPE_PROFILE takes one column of profile URLs (such as A2:A100), so that each output row lines up with its ' +
        'input row; this range has 2 columns.',
    );
    expect(() => runLookup(findContactsLookup, context(), [['a@b.example'], ['c@d.example', '']], '', '')).toThrow(
      /^FIND_CONTACTS takes one column of profile URLs, emails or phone numbers .* 2 columns\.$/,
    );
    expect(() => runLookup(scrapeProfileLookup, context(), undefined, undefined, undefined)).toThrow(
      'SCRAPE_PROFILE needs a profile URL, or a range of them: =SCRAPE_PROFILE(profile_url, [fields], [include_headers]).',
    );
    expect(() => runLookup(enrichProfileLookup, context(), undefined, '', '')).toThrow(/^ENRICH_PROFILE needs /);
    expect(() => runLookup(findContactsLookup, context(), undefined, '', '')).toThrow(
      /^FIND_CONTACTS needs a profile URL, an email or a phone number, or a range of them: =FIND_CONTACTS\(lookup/,
    );
    expect(http.requests).toHaveLength(0);
  });
});
