// What the per-row lookups take and give, as Sheets passes arguments: output rows line up with input rows, headers
// only when asked, and nothing that would misalign (several columns, a missing argument) is accepted.
import {
  enrichProfileLookup,
  findContactsLookup,
  runLookup,
  scrapeProfileLookup,
} from '../../../src/core/formulas/lookups';
import { formulaSetup, profileApi, url } from './context';
import { scrapedProfile } from '../fields/samples';

describe('per-row lookups: rows line up', () => {
  const setup = () => formulaSetup(profileApi);

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
