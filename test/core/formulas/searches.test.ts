import type { HttpRequest } from '../../../src/core/ports';
import { NOT_EVALUATED, searchCompanies, searchPeople } from '../../../src/core/formulas/searches';
import { json, queryOf } from '../api/fakes';
import { formulaSetup } from './fakes';
import { companies, profileRecord } from '../fields/samples';

function api(request: HttpRequest) {
  const query = queryOf(request);
  if (query.query === 'nothing') return json(200, { results: [], total: 0, query: query.query });
  if (request.url.includes('/api/search/companies')) {
    return json(200, { results: companies.slice(0, Number(query.limit)), total: companies.length, query: query.query });
  }
  return json(200, {
    results: [profileRecord],
    total: 1,
    query: query.query,
    search_id: '3f1c0a5e-8d1b-4c55-9d0e-1a2b3c4d5e6f',
  });
}

const setup = () => formulaSetup(api, { tier: 'free' });

describe('SEARCH_COMPANIES', () => {
  it('sends limit 10 by default, prints headers and one column per criterion', () => {
    const { http, context } = setup();
    const rows = searchCompanies(context(), 'fintech  in Berlin', '', '', '', '');
    expect(queryOf(http.requests[0])).toMatchObject({ query: 'fintech in Berlin', limit: '10' });
    expect(queryOf(http.requests[0]).acceptance_threshold).toBeUndefined();
    const criteria = rows[0].filter((header) => String(header).startsWith('criteria.'));
    // One column per criterion the results were judged on, in the order met; 'has soc 2' is 'Has SOC 2' again.
    expect(criteria).toEqual([
      'criteria.Sells to hospitals, in the U.S.',
      'criteria.Has SOC 2',
      'criteria.Founded after 2015',
    ]);
    expect(rows).toHaveLength(Math.min(10, companies.length) + 1);
  });

  it('caches by query, limit and threshold: the default threshold written out is the same search', () => {
    const { http, context } = setup();
    searchCompanies(context(), 'fintech in Berlin', 5, '', 'company_name', '');
    searchCompanies(context(), 'Fintech in Berlin ', 5, 73, 'company_website', false);
    expect(http.requests).toHaveLength(1);
    searchCompanies(context(), 'fintech in Berlin', 5, 80, 'company_name', '');
    expect(http.requests).toHaveLength(2);
  });

  it('validates limit, threshold and query before any request', () => {
    const { http, context } = setup();
    expect(() => searchCompanies(context(), 'x', 101, '', '', '')).toThrow(
      'limit must be a whole number from 1 to 100.',
    );
    expect(() => searchCompanies(context(), 'x', 2.5, '', '', '')).toThrow(/limit/);
    expect(() => searchCompanies(context(), 'x', '', 120, '', '')).toThrow(
      'acceptance_threshold must be a whole number from 0 to 100.',
    );
    expect(() => searchCompanies(context(), '', '', '', '', '')).toThrow(/query/);
    expect(http.requests).toHaveLength(0);
  });

  it('says NOT EVALUATED where the service did not judge a criterion, instead of a blank', () => {
    const { context } = setup();
    const fields = 'company_name, criteria.Founded after 2015, criteria.Is profitable';
    expect(searchCompanies(context(), 'health software', 2, '', fields, '')).toEqual([
      ['company_name', 'criteria.Founded after 2015', 'criteria.Is profitable'],
      ['Medisoft', NOT_EVALUATED, NOT_EVALUATED],
      ['Carebyte', 'YES', NOT_EVALUATED],
    ]);
    // The default columns end with one per criterion either company was judged on.
    const defaults = searchCompanies(context(), 'health software', 2, '', '', false);
    expect(defaults.map((row) => row.slice(-3))).toEqual([
      ['YES', 'MAYBE', NOT_EVALUATED],
      ['NO', 'NO', 'YES'],
    ]);
  });

  it('refuses a missing query with the usage', () => {
    const { http, context } = setup();
    expect(() => searchCompanies(context(), undefined, undefined, undefined, undefined, undefined)).toThrow(
      'SEARCH_COMPANIES needs a query: =SEARCH_COMPANIES(query, [limit], [acceptance_threshold], [fields], [include_headers]).',
    );
    expect(() => searchPeople(context(), undefined, undefined, undefined, undefined)).toThrow(
      'SEARCH_PEOPLE needs a query: =SEARCH_PEOPLE(query, [limit], [fields], [include_headers]).',
    );
    expect(http.requests).toHaveLength(0);
  });

  it('says so when nothing matched and headers are off', () => {
    const { context } = setup();
    expect(searchCompanies(context(), 'nothing', '', '', 'company_name', false)).toEqual([
      ['No companies matched; a lower acceptance_threshold returns more.'],
    ]);
    expect(searchCompanies(context(), 'nothing', '', '', 'company_name', true)).toEqual([['company_name']]);
  });
});

describe('SEARCH_PEOPLE', () => {
  it('returns profile records flattened with chosen fields', () => {
    const { http, context } = setup();
    expect(searchPeople(context(), 'data engineers', 3, 'full_name, experience.1.company_name', '')).toEqual([
      ['full_name', 'experience.1.company_name'],
      [profileRecord.full_name, profileRecord.experience![0].company_name],
    ]);
    expect(queryOf(http.requests[0])).toMatchObject({ query: 'data engineers', limit: '3', legacy: 'false' });
  });
});
