// GET /api/search/companies and GET /api/search: shapes, criteria, thresholds, limits, validation, credits.

import type { Company, CompanySearchResponse, ProfileRecord, PeopleSearchResponse } from '../../src/core/api/types';
import { criteriaForQuery, profileRecordForQuery, peopleMatchCount, searchCompanies } from '../../dev/mock-api/data';
import { DEMO_KEY, newKey, startTestMock, type TestMock } from './harness';
import { COMPANY_KEYS, PROFILE_RECORD_KEYS } from './record-keys';

let mock: TestMock;
beforeAll(async () => {
  mock = await startTestMock({ seed: 1 });
});
afterAll(() => mock.close());
beforeEach(() => mock.control.reset());

const BERLIN = 'fintech startups in Berlin with 50+ employees';
const companies = (params: string) => mock.get<CompanySearchResponse>(`/api/search/companies?${params}`);

describe('company search', () => {
  test('default limit 30, criteria from the query, 1 credit per result', async () => {
    const answer = await companies(`query=${encodeURIComponent(BERLIN)}`);
    expect(answer.status).toBe(200);
    const { results, total, query } = answer.body;
    expect(query).toBe(BERLIN);
    expect(results).toHaveLength(30);
    // Every match at the default threshold, not only the 30 returned.
    expect(total).toBe(searchCompanies(1, BERLIN, 73, 30).matches);
    expect(criteriaForQuery(BERLIN)).toEqual([
      'Is a fintech company',
      'Is a startup',
      'Based in Berlin',
      'Has 50+ employees',
    ]);
    for (const company of results) {
      expect(Object.keys(company.criteria)).toEqual(criteriaForQuery(BERLIN));
      for (const verdict of Object.values(company.criteria)) expect(['YES', 'MAYBE', 'NO']).toContain(verdict);
      expect(Number.isInteger(company.id)).toBe(true);
      expect(company.employee_count_range).toMatch(/^\d+-\d+$|^\d+\+$/);
      expect(company.headquarters).toContain('Berlin');
    }
    expect((await mock.control.getKey(DEMO_KEY)).credits).toBe(10_000 - 30);
    expect(await mock.control.creditsCharged()).toBe(30);
  });

  test('every Company field appears; the optional ones on some results only', async () => {
    const { results } = (await companies(`query=${encodeURIComponent(BERLIN)}&limit=100&acceptance_threshold=0`)).body;
    const required = COMPANY_KEYS.filter(
      (key) =>
        !['year_founded', 'external_category', 'network_industry', 'network_speciality', 'network_headcount'].includes(
          key,
        ),
    );
    for (const company of results) expect(Object.keys(company)).toEqual(expect.arrayContaining(required));
    for (const optional of [
      'year_founded',
      'external_category',
      'network_industry',
      'network_speciality',
      'network_headcount',
    ] as const) {
      const present = results.filter((company: Company) => optional in company).length;
      expect(present).toBeGreaterThan(0);
      expect(present).toBeLessThan(results.length);
    }
  });

  test('deterministic per query and equal to the exported generator', async () => {
    const first = await companies(`query=${encodeURIComponent(BERLIN)}&limit=5`);
    const second = await companies(`query=${encodeURIComponent(BERLIN)}&limit=5`);
    expect(second.text).toBe(first.text);
    expect(first.body.results).toEqual(searchCompanies(1, BERLIN, 73, 5).results);
  });

  test('a higher threshold returns fewer, better results', async () => {
    const totals = [];
    for (const threshold of [0, 50, 73, 90, 99]) {
      const { total, results } = (await companies(`query=ai&limit=100&acceptance_threshold=${threshold}`)).body;
      totals.push(total);
      expect(results.length).toBe(Math.min(100, total));
    }
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(totals[0]).toBeGreaterThan(totals[4]);
  });

  test('criteria fall back to two when the query names none', () => {
    expect(criteriaForQuery('hello world')).toEqual(['Matches "hello world"', 'Is an active company']);
    expect(criteriaForQuery('AI companies in New York founded after 2015 B2B hiring')).toEqual([
      'Is an AI company',
      'Based in New York',
      'Founded after 2015',
      'Sells to businesses (B2B)',
    ]);
  });

  test('"no results" queries return nothing and cost nothing', async () => {
    const answer = await companies('query=no%20results%20please');
    expect(answer.body).toEqual({ results: [], total: 0, query: 'no results please' });
    expect(await mock.control.creditsCharged()).toBe(0);
  });

  test.each([
    ['limit above 100', 'limit=101'],
    ['limit 0', 'limit=0'],
    ['fractional limit', 'limit=2.5'],
    ['text limit', 'limit=ten'],
    ['threshold above 100', 'acceptance_threshold=101'],
    ['negative threshold', 'acceptance_threshold=-1'],
    ['fractional threshold', 'acceptance_threshold=7.5'],
  ])('400 for %s', async (_, params) => {
    const answer = await mock.get(`/api/search/companies?query=ai&${params}`);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.detail).toBe('string');
  });

  test('limit 100 and threshold bounds are accepted', async () => {
    expect((await companies('query=ai&limit=100&acceptance_threshold=100')).status).toBe(200);
    expect((await companies('query=ai&limit=1&acceptance_threshold=0')).body.results).toHaveLength(1);
  });

  test('422 FastAPI style when query is missing', async () => {
    const answer = await companies('limit=5');
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ detail: [{ loc: ['query', 'query'], msg: 'Field required', type: 'missing' }] });
  });

  test('402 when credits are fewer than the results it would return; nothing charged', async () => {
    const key = await newKey(mock, 'poor', 4);
    const answer = await mock.get(`/api/search/companies?query=ai&limit=5`, key);
    expect(answer.status).toBe(402);
    expect(answer.body).toEqual({ detail: 'Insufficient credits.' });
    expect((await mock.control.getKey(key)).credits).toBe(4);
    expect((await mock.get(`/api/search/companies?query=ai&limit=4`, key)).status).toBe(200);
    expect((await mock.control.getKey(key)).credits).toBe(0);
  });
});

describe('people search', () => {
  test('profile records in the envelope, default limit 10, 1 credit per result', async () => {
    const answer = await mock.get<PeopleSearchResponse>('/api/search?query=product%20managers%20in%20Berlin');
    expect(answer.status).toBe(200);
    const { results, total, query, search_id: searchId } = answer.body;
    expect(results).toHaveLength(10);
    expect(total).toBe(peopleMatchCount(1, 'product managers in Berlin'));
    expect(query).toBe('product managers in Berlin');
    expect(searchId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    results.forEach((record: ProfileRecord, i: number) => {
      expect(record).toEqual(profileRecordForQuery(1, 'product managers in Berlin', i));
      expect(record.match_data).toEqual({ similarity_score: expect.any(Number), matched_criteria: expect.any(Array) });
    });
    expect(Object.keys(results.find((record) => Object.keys(record).length === 97) ?? {})).toEqual(
      expect.arrayContaining([...PROFILE_RECORD_KEYS]),
    );
    expect(await mock.control.creditsCharged()).toBe(10);
  });

  test('limit 1-100, legacy shape on request, 422 without query', async () => {
    expect((await mock.get('/api/search?query=x&limit=0')).status).toBe(400);
    expect((await mock.get('/api/search?query=x&limit=101')).status).toBe(400);
    expect((await mock.get('/api/search?query=x&limit=100')).body.results).toHaveLength(100);
    const missing = await mock.get('/api/search?limit=3');
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toEqual({ loc: ['query', 'query'], msg: 'Field required', type: 'missing' });
    const legacy = (await mock.get('/api/search?query=x&limit=2&legacy=true')).body;
    expect(legacy.results[0].profile_url).toMatch(/^https:\/\/www\.network\.com\/in\//);
    expect(legacy.results[0].full_name).toBeUndefined();
  });

  test('402 when credits are fewer than the results', async () => {
    const key = await newKey(mock, 'people-poor', 2);
    expect((await mock.get('/api/search?query=x&limit=3', key)).status).toBe(402);
    expect((await mock.get('/api/search?query=x&limit=2', key)).status).toBe(200);
  });
});
