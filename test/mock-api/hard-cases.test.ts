// Hard-case fixtures by slug and query, and hard cases sprinkled among normal records.

import type {
  Company,
  CompanySearchResponse,
  ContactResult,
  ProfileRecord,
  ScrapedProfile,
} from '../../src/core/api/types';
import {
  EXTRA_FIELDS,
  HARD_TEXT,
  LONG_SUMMARY_LENGTH,
  MISSING_PROFILE_RECORD_FIELDS,
  NULLED_PROFILE_RECORD_ARRAYS,
  NULLED_SCRAPED_ARRAYS,
  personForQuery,
  RTL_PLACE,
  searchCompanies,
  TEXT_QUIRKS,
} from '../../dev/mock-api/data';
import { profileQuery, startTestMock, type TestMock } from './harness';

let mock: TestMock;
beforeAll(async () => {
  mock = await startTestMock({ seed: 1 });
});
afterAll(() => mock.close());

const url = (slug: string) => `https://www.network.com/in/${slug}`;
const scrape = async (slug: string) =>
  (await mock.get<ScrapedProfile>(`/api/enrich/scrape?${profileQuery(url(slug))}`)).body;
const enrich = async (slug: string) =>
  (await mock.get<ProfileRecord>(`/api/enrich/network?${profileQuery(url(slug))}`)).body;

describe('hard-case fixture', () => {
  test('the scraped profile holds every text hard case at once', async () => {
    const record = await scrape('hard-case');
    expect(record.profile.headline).toBe(HARD_TEXT.formula);
    expect(record.profile.title).toBe(HARD_TEXT.plus);
    expect(record.experience[0].employee_title).toBe(HARD_TEXT.plus);
    expect(record.experience[0].employer_name).toBe(HARD_TEXT.minus);
    expect(record.skills.slice(0, 2)).toEqual([HARD_TEXT.at, HARD_TEXT.dateLike]);
    expect(record.experience[0].employee_description).toBe(HARD_TEXT.emoji);
    expect(record.profile.name).toBe(HARD_TEXT.cjkFullName);
    expect(record.profile.location).toContain(RTL_PLACE.city);
    expect(record.education[0].institute_name).toBe(HARD_TEXT.rtlSchool);
    expect(record.profile.summary).toHaveLength(LONG_SUMMARY_LENGTH);
    expect(record.profile.summary.startsWith(HARD_TEXT.newlines)).toBe(true);
  });

  test('the profile record too, with the leading-zero zip and the date-like size range', async () => {
    const record = await enrich('hard-case');
    const current = record.experience?.[0];
    expect(record.headline).toBe(HARD_TEXT.formula);
    expect(record.active_experience_title).toBe(HARD_TEXT.plus);
    expect(current?.company_name).toBe(HARD_TEXT.minus);
    expect(current?.company_size_range).toBe('1-10');
    expect(current?.company_hq_zipcode).toBe('00501');
    expect(current?.description).toBe(HARD_TEXT.emoji);
    expect([record.first_name, record.last_name, record.full_name]).toEqual(['芳', '王', '王芳']);
    expect(record.location_city).toBe('دبي');
    expect(record.education?.[0].institution_name).toBe('האוניברסיטה העברית בירושלים');
    expect(record.summary).toHaveLength(60_000);
    expect(record.summary).toContain('\r\n');
  });

  test('contacts of the hard case start with =, + , - and @', async () => {
    const result = (await mock.get(`/api/enrich/contacts?${profileQuery(url('hard-case'))}`)).body
      .data[0] as ContactResult;
    expect(result.contacts.map((contact) => contact.value.charAt(0))).toEqual(['=', '+', '-', '@']);
    expect(result.contacts[1].value).toBe('+14155550100');
  });

  test('a "hard case" query puts the fixture first in company search, people search and research', async () => {
    const companies = (
      await mock.get<CompanySearchResponse>('/api/search/companies?query=hard%20case&acceptance_threshold=100')
    ).body.results;
    expect(companies[0].company_name).toBe(HARD_TEXT.formula);
    expect(companies[0].employee_count_range).toBe('1-10');
    expect(companies[0].network_speciality).toBe(HARD_TEXT.plus);
    expect(companies[0].external_category).toBe(HARD_TEXT.minus);
    expect(companies[0].network_industry?.startsWith('@')).toBe(true);
    expect(companies[0].network_company_description).toContain('🚀');
    expect(companies[0].network_company_description).toContain('\n');

    const people = (await mock.get('/api/search?query=a%20hard%20case&limit=2')).body.results as ProfileRecord[];
    expect(people[0].headline).toBe(HARD_TEXT.formula);

    const started = await mock.post('/api/search/deep_research', { query: 'hard case people', limit: 3 });
    await mock.control.advanceClock(10 * 60_000);
    const job = (await mock.get(`/api/search/deep_research/${started.body.job_id}`)).body;
    expect(job.results[0].full_name).toBe('王芳');
  });
});

describe('single-quirk fixtures', () => {
  test('hard-long-summary has a 60,000-character summary', async () => {
    expect((await scrape('hard-long-summary')).profile.summary).toHaveLength(60_000);
    expect((await enrich('hard-long-summary')).summary).toHaveLength(60_000);
  });

  test.each([
    ['hard-formula', (r: ProfileRecord) => r.headline, HARD_TEXT.formula],
    ['hard-plus', (r: ProfileRecord) => r.active_experience_title, HARD_TEXT.plus],
    ['hard-leading-zero-zip', (r: ProfileRecord) => r.experience?.[0].company_hq_zipcode, '00501'],
    ['hard-date-like', (r: ProfileRecord) => r.experience?.[0].company_size_range, '1-10'],
    ['hard-newlines', (r: ProfileRecord) => r.summary, HARD_TEXT.newlines],
  ])('%s', async (slug, read, expected) => {
    expect(read(await enrich(slug))).toBe(expected);
  });

  test('hard-null-arrays: null where arrays are expected (profile record and scraped profile)', async () => {
    const record = (await enrich('hard-null-arrays')) as unknown as Record<string, unknown>;
    for (const field of NULLED_PROFILE_RECORD_ARRAYS) expect(record[field]).toBeNull();
    const scraped = (await scrape('hard-null-arrays')) as unknown as Record<string, unknown>;
    for (const field of NULLED_SCRAPED_ARRAYS) expect(scraped[field]).toBeNull();
    expect((scraped.profile as Record<string, unknown>).websites).toBeNull();
  });

  test('hard-missing-fields: fields absent', async () => {
    const record = await enrich('hard-missing-fields');
    for (const field of MISSING_PROFILE_RECORD_FIELDS) expect(field in record).toBe(false);
    const scraped = await scrape('hard-missing-fields');
    expect('certifications' in scraped).toBe(false);
    expect('microblog_handle' in scraped.profile).toBe(false);
  });

  test('hard-extra-fields: unknown fields added', async () => {
    expect(await enrich('hard-extra-fields')).toMatchObject(EXTRA_FIELDS);
    const scraped = await scrape('hard-extra-fields');
    expect(scraped).toMatchObject(EXTRA_FIELDS);
    expect(scraped.profile).toMatchObject(EXTRA_FIELDS);
  });
});

describe('sprinkled hard cases', () => {
  test('about 1 in 15 search results carries one, of every kind but the long summary', async () => {
    const query = 'product people everywhere';
    const quirks = Array.from({ length: 1000 }, (_, i) => personForQuery(1, query, i).person.quirks).flat();
    expect(quirks.length).toBeGreaterThan(1000 / 15 / 2);
    expect(quirks.length).toBeLessThan((1000 / 15) * 2);
    expect(new Set(quirks)).toEqual(
      new Set([
        ...TEXT_QUIRKS.filter((quirk) => quirk !== 'long_summary'),
        'null_arrays',
        'missing_fields',
        'extra_fields',
      ]),
    );
  });

  test('they reach the served records: a text quirk at the start of a visible field', async () => {
    // formula, minus and at always land in a field every record has (headline, experience[0], skills[0]).
    const visible = (i: number, query: string) =>
      personForQuery(1, query, i).person.quirks.some((quirk) => ['formula', 'minus', 'at'].includes(quirk));
    const query = ['product people', 'sales leaders', 'engineers', 'founders', 'designers'].find((candidate) =>
      Array.from({ length: 100 }, (_, i) => i).some((i) => visible(i, candidate)),
    );
    expect(query).toBeDefined();
    const results = (await mock.get(`/api/search?query=${encodeURIComponent(query ?? '')}&limit=100`)).body
      .results as ProfileRecord[];
    const odd = (text: string | null | undefined) => /^[=\-@]/.test(text ?? '');
    expect(
      results.some((record) => [record.headline, record.experience?.[0].company_name, record.skills?.[0]].some(odd)),
    ).toBe(true);
  });

  test('company results carry them too', async () => {
    const odd = (company: Company) =>
      [company.company_name, company.network_speciality, company.external_category, company.network_industry].some(
        (text) => /^[=+\-@]/.test(text ?? ''),
      );
    const query = ['saas', 'fintech', 'ai', 'biotech', 'logistics'].find((candidate) =>
      searchCompanies(1, candidate, 0, 100).results.some(odd),
    );
    expect(query).toBeDefined();
    const { results } = (
      await mock.get<CompanySearchResponse>(`/api/search/companies?query=${query}&limit=100&acceptance_threshold=0`)
    ).body;
    expect(results.some(odd)).toBe(true);
    expect(results.some((company) => company.employee_count_range === '1-10')).toBe(true);
  });
});
