import type { HttpRequest } from '../../../src/core/ports';
import { ENRICH_PROFILE, FIND_CONTACTS, runLookup, SCRAPE_PROFILE } from '../../../src/core/formulas/lookups';
import { FormulaError } from '../../../src/core/formulas/args';
import { json, queryOf } from '../api/fakes';
import { formulaSetup } from './context';
import { contactLookup, contactNotFound, modernProfile, scrapedProfile } from '../fields/samples';

/** Answers a scrape with the sample profile renamed after the slug; slugs "missing-…" are 404. */
function profileApi(request: HttpRequest) {
  const query = queryOf(request);
  if (request.url.includes('/api/enrich/contacts')) {
    return json(200, query.email?.endsWith('@nobody.example') ? contactNotFound : contactLookup);
  }
  const slug = (query.network_url ?? '').split('/in/')[1];
  if (slug.startsWith('missing-')) return json(404, { detail: 'Profile not found.' });
  if (request.url.includes('/api/enrich/network')) return json(200, { ...modernProfile, full_name: slug });
  return json(200, { ...scrapedProfile, profile: { ...scrapedProfile.profile, name: slug } });
}

function setup(options: Parameters<typeof formulaSetup>[1] = {}) {
  return formulaSetup(profileApi, options);
}

const url = (slug: string) => `https://www.network.com/in/${slug}`;

describe('per-row lookups', () => {
  it('gives one row per cell, blank rows for blanks, and fetches each profile once across variants', () => {
    const { http, context } = setup();
    const input = [[url('ann')], [''], ['http://network.com/in/ANN/?trk=x'], [url('bob')]];
    const rows = runLookup(SCRAPE_PROFILE, context(), input, 'name, headline', '') as unknown[][];
    expect(rows.map((row) => row[0])).toEqual(['ann', '', 'ann', 'bob']);
    expect(rows[1]).toEqual(['', '']);
    expect(http.requests).toHaveLength(2);
    expect(http.batches).toHaveLength(1);
  });

  it('prints headers by default without fields, and not by default with fields', () => {
    const { context } = setup();
    const withDefaults = runLookup(SCRAPE_PROFILE, context(), url('ann'), '', '') as unknown[][];
    expect(withDefaults[0][0]).toBe('name');
    expect(withDefaults).toHaveLength(2);
    expect(runLookup(SCRAPE_PROFILE, context(), url('ann'), [['headline', 'name']], '')).toEqual([
      [scrapedProfile.profile.headline, 'ann'],
    ]);
    expect(runLookup(SCRAPE_PROFILE, context(), url('ann'), 'name', true)).toEqual([['name'], ['ann']]);
  });

  it('serves a repeated call and other fields of the same profile from the cache', () => {
    const { http, context } = setup();
    runLookup(ENRICH_PROFILE, context(), url('ann'), '', '');
    runLookup(ENRICH_PROFILE, context(), 'https://uk.network.com/in/Ann', 'skills, headline', '');
    expect(http.requests).toHaveLength(1);
  });

  it('rejects bad input before any request: a single cell throws, a range reports the row', () => {
    const { http, context } = setup();
    expect(() => runLookup(SCRAPE_PROFILE, context(), 'example.com/jane', '', '')).toThrow(/is not a profile URL/);
    expect(() => runLookup(SCRAPE_PROFILE, context(), url('ann'), 'headlin', '')).toThrow(/Did you mean "headline"/);
    expect(() => runLookup(SCRAPE_PROFILE, context(), url('ann'), '', 'maybe')).toThrow(FormulaError);
    expect(http.requests).toHaveLength(0);
    const rows = runLookup(SCRAPE_PROFILE, context(), [['nope'], [url('ann')]], 'name', '') as unknown[][];
    expect(rows[0][0]).toMatch(/^#ERROR: "nope" is not a profile URL/);
    expect(rows[1]).toEqual(['ann']);
  });

  it('says where to set a key when none is set, and sends nothing', () => {
    const { http, context } = setup({ apiKey: null });
    expect(() => runLookup(SCRAPE_PROFILE, context(), url('ann'), '', '')).toThrow(/No API key is set.*Settings/);
    expect(http.requests).toHaveLength(0);
  });

  it('reports an API failure in its row and keeps the others', () => {
    const { context } = setup();
    const rows = runLookup(SCRAPE_PROFILE, context(), [[url('missing-x')], [url('bob')]], 'name', '') as unknown[][];
    expect(rows[0][0]).toMatch(/^#ERROR: .*not found/i);
    expect(rows[1]).toEqual(['bob']);
  });

  it('turns the contact lookup in-body error into the row error, and caches it (it was charged)', () => {
    const { http, context } = setup();
    const rows = runLookup(FIND_CONTACTS, context(), [['x@nobody.example'], ['+1 (415) 555-0100']], 'email', '') as unknown[][];
    expect(rows[0][0]).toMatch(/^#ERROR: No profile found/);
    expect(rows[1][0]).not.toMatch(/#ERROR/);
    expect(queryOf(http.requests[1]).phone).toBe('+14155550100');
    expect(http.requests[1].url).toContain('phone=%2B14155550100');
    runLookup(FIND_CONTACTS, context(), [['X@Nobody.example'], ['+1 415 555 0100']], 'email', '');
    expect(http.requests).toHaveLength(2);
  });

  it('paces scrapes to the tier and says when to recalculate for the rest', () => {
    const { http, context } = setup({ tier: 'free' });
    const input = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((slug) => [url(slug)]);
    const rows = runLookup(SCRAPE_PROFILE, context(), input, 'name', '') as unknown[][];
    expect(http.requests).toHaveLength(5);
    expect(rows.slice(0, 5).map((row) => row[0])).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(rows[5][0]).toMatch(/^#ERROR: Your tier allows 5 profile scrapes a minute; recalculate in a minute/);
  });

  it('stops starting batches before the 30-second limit and fills the rest on recalculation', () => {
    const { clock, http, context } = setup({ batchMs: 9_000 });
    const input = Array.from({ length: 120 }, (_, i) => [url(`p${i}`)]);
    const started = clock.now();
    const rows = runLookup(ENRICH_PROFILE, context(), input, 'full_name', '') as unknown[][];
    expect(clock.now() - started).toBeLessThan(30_000);
    expect(http.batches.length).toBeLessThan(3);
    const missing = rows.filter((row) => String(row[0]).startsWith('#ERROR: Not fetched within the 30 seconds'));
    expect(missing.length).toBe(120 - http.requests.length);
    const again = runLookup(ENRICH_PROFILE, context(), input, 'full_name', '') as unknown[][];
    expect(again.filter((row) => String(row[0]).startsWith('#ERROR')).length).toBeLessThan(missing.length);
    expect(new Set(http.requests.map((r) => r.url)).size).toBe(http.requests.length);
  });
});
