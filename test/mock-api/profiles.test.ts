// GET /api/enrich/scrape and GET /api/enrich/network: shapes, URL rules, private/missing profiles, legacy, determinism.

import type { ProfileRecord, ScrapedProfile } from '../../src/core/api/types';
import {
  legacyProfileForSlug,
  profileRecordForSlug,
  personForQuery,
  personForSlug,
  scrapedProfileForSlug,
} from '../../dev/mock-api/data';
import { profileSlug } from '../../dev/mock-api/profile-url';
import { DEMO_KEY, profileQuery, startTestMock, type TestMock } from './harness';
import {
  DEPARTMENT_BREAKDOWN_KEYS,
  COLLECTION_FIELD_CHANGE_KEYS,
  MANAGEMENT_LEVEL_BREAKDOWN_KEYS,
  PROFILE_RECORD_AWARD_KEYS,
  PROFILE_RECORD_CERTIFICATION_KEYS,
  PROFILE_RECORD_COURSE_KEYS,
  PROFILE_RECORD_EDUCATION_KEYS,
  PROFILE_RECORD_EXPERIENCE_KEYS,
  PROFILE_RECORD_GITHUB_REPO_KEYS,
  PROFILE_RECORD_LANGUAGE_KEYS,
  PROFILE_RECORD_MATCH_DATA_KEYS,
  PROFILE_RECORD_ORGANIZATION_KEYS,
  PROFILE_RECORD_PATENT_KEYS,
  PROFILE_RECORD_KEYS,
  PROFILE_RECORD_PROJECT_KEYS,
  PROFILE_RECORD_PUBLICATION_KEYS,
  PROJECTED_ADDITIONAL_SALARY_KEYS,
  RECENT_EXPERIENCE_CHANGE_KEYS,
  ROOT_FIELD_CHANGE_KEYS,
  SCRAPED_EDUCATION_KEYS,
  SCRAPED_EXPERIENCE_KEYS,
  SCRAPED_POST_KEYS,
  SCRAPED_PROFILE_CORE_KEYS,
  SCRAPED_PROFILE_KEYS,
  STOCK_TICKER_KEYS,
} from './record-keys';

let mock: TestMock;
beforeAll(async () => {
  mock = await startTestMock({ seed: 1 });
});
afterAll(() => mock?.close());
beforeEach(() => mock.control.reset());

const SLUG = 'anna-schmidt-1a2b3c4';
const URL_OF = (slug: string) => `https://www.network.com/in/${slug}`;

function expectKeys(record: object, keys: readonly string[]): void {
  expect(Object.keys(record)).toEqual(expect.arrayContaining([...keys]));
}

/** A current-job holder without quirks, so its record is complete. */
function normalSlug(): string {
  for (let i = 0; ; i++) {
    const person = personForSlug(1, `normal-person-${i}`);
    if (person.quirks.length === 0 && person.positions[0].to === null) return person.slug;
  }
}

describe('scrape', () => {
  test('returns every field of the scraped profile and charges 2 credits', async () => {
    const answer = await mock.get<ScrapedProfile>(`/api/enrich/scrape?${profileQuery(URL_OF(SLUG))}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    const record = answer.body;
    expectKeys(record, SCRAPED_PROFILE_KEYS);
    expectKeys(record.profile, SCRAPED_PROFILE_CORE_KEYS);
    expect(record.experience.length).toBeGreaterThan(0);
    record.experience.forEach((entry) => expectKeys(entry, SCRAPED_EXPERIENCE_KEYS));
    record.education.forEach((entry) => expectKeys(entry, SCRAPED_EDUCATION_KEYS));
    record.posts.forEach((post, i) => {
      expectKeys(post, SCRAPED_POST_KEYS);
      expect(post.order_in_profile).toBe(i + 1);
    });
    expect(typeof record.profile.num_of_connections).toBe('number');
    for (const entry of record.experience) {
      expect(entry.employer_network_id).toMatch(/^\d+$/);
      expect(entry.start_date).toMatch(/^(\d{4}-\d{2})?$/);
      expect(entry.end_date === '' ? entry.is_current : !entry.is_current).toBe(true);
    }
    expect((await mock.control.getKey(DEMO_KEY)).credits).toBe(10_000 - 2);
    expect(await mock.control.creditsCharged({ path: '/api/enrich/scrape' })).toBe(2);
  });

  test('the same slug gives the same profile whatever the URL variant', async () => {
    const variants = [
      `https://www.network.com/in/${SLUG}`,
      `http://network.com/in/${SLUG}/`,
      `https://uk.network.com/in/${SLUG.toUpperCase()}?trk=public_profile`,
      `HTTPS://WWW.NETWORK.COM/in/${SLUG}/?utm_source=x`,
    ];
    const bodies = await Promise.all(
      variants.map(async (url) => (await mock.get(`/api/enrich/scrape?${profileQuery(url)}`)).text),
    );
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0])).toEqual(scrapedProfileForSlug(1, SLUG));
  });

  test.each([
    ['missing parameter', ''],
    ['empty parameter', 'network_url='],
    ['other host', profileQuery('https://evil.example/in/someone')],
    ['look-alike host', profileQuery('https://notnetwork.com/in/someone')],
    ['host suffix trick', profileQuery('https://network.com.evil.example/in/someone')],
    ['company page', profileQuery('https://www.network.com/company/acme')],
    ['no slug', profileQuery('https://www.network.com/in/')],
    ['no scheme', profileQuery('www.network.com/in/someone')],
    ['ftp scheme', profileQuery('ftp://network.com/in/someone')],
    ['encoded slash', profileQuery('https://www.network.com/in/a%2Fb')],
    ['bad percent encoding', profileQuery('https://www.network.com/in/a%ZZ')],
  ])('400 for %s', async (_, query) => {
    const answer = await mock.get(`/api/enrich/scrape?${query}`);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.detail).toBe('string');
    expect(await mock.control.creditsCharged()).toBe(0);
  });

  test('accepts percent-encoded, underscore and digit slugs', () => {
    expect(profileSlug('https://www.network.com/in/jos%C3%A9-garc%C3%ADa_99')).toBe('josé-garcía_99');
    expect(profileSlug('https://de.network.com/in/Jos%C3%A9')).toBe('josé');
  });

  test('private and missing profiles: 403 and 404 with the service sentences, no charge', async () => {
    const privateAnswer = await mock.get(`/api/enrich/scrape?${profileQuery(URL_OF('private-jane'))}`);
    expect(privateAnswer.status).toBe(403);
    expect(privateAnswer.body).toEqual({ detail: 'This profile is private or restricted.' });
    const missingAnswer = await mock.get(`/api/enrich/scrape?${profileQuery(URL_OF('missing-joe'))}`);
    expect(missingAnswer.status).toBe(404);
    expect(missingAnswer.body).toEqual({ detail: 'Profile not found.' });
    expect(await mock.control.creditsCharged()).toBe(0);
  });

  test('other seeds give other data; the same seed the same bytes', async () => {
    const other = await startTestMock({ seed: 2 });
    const same = await startTestMock({ seed: 1 });
    try {
      const path = `/api/enrich/scrape?${profileQuery(URL_OF(SLUG))}`;
      const [a, b, c] = await Promise.all([mock.get(path), same.get(path), other.get(path)]);
      expect(b.text).toBe(a.text);
      expect(c.text).not.toBe(a.text);
    } finally {
      await other.close();
      await same.close();
    }
  });
});

describe('profile record (GET /api/enrich/network)', () => {
  test('a normal record carries every root field of ProfileRecord (97 with the unnamed three)', async () => {
    const answer = await mock.get<ProfileRecord>(`/api/enrich/network?${profileQuery(URL_OF(normalSlug()))}`);
    expect(answer.status).toBe(200);
    expectKeys(answer.body, PROFILE_RECORD_KEYS);
    expect(Object.keys(answer.body)).toHaveLength(97);
    expect(answer.body.match_data).toBeNull();
  });

  test('every nested element carries every field of its type', async () => {
    // 100 search results cover every collection; quirky records (null arrays, missing fields) are skipped.
    const query = 'engineers and founders';
    const records = (
      await mock.get<{ results: ProfileRecord[] }>(`/api/search?query=${encodeURIComponent(query)}&limit=100`)
    ).body.results.filter((_, i) => personForQuery(1, query, i).person.quirks.length === 0);
    const seen = new Map<string, number>();
    const check = (
      name: string,
      entries: readonly object[] | null | undefined,
      keys: readonly string[],
      count?: number,
    ) => {
      for (const entry of entries ?? []) {
        expectKeys(entry, keys);
        if (count !== undefined) expect(Object.keys(entry)).toHaveLength(count);
        seen.set(name, (seen.get(name) ?? 0) + 1);
      }
    };
    for (const record of records) {
      check('experience', record.experience, PROFILE_RECORD_EXPERIENCE_KEYS, 48);
      check(
        'stock tickers',
        record.experience?.flatMap((entry) => entry.company_stock_ticker ?? []),
        STOCK_TICKER_KEYS,
      );
      check('education', record.education, PROFILE_RECORD_EDUCATION_KEYS);
      check('languages', record.languages, PROFILE_RECORD_LANGUAGE_KEYS);
      check('awards', record.awards, PROFILE_RECORD_AWARD_KEYS);
      check('certifications', record.certifications, PROFILE_RECORD_CERTIFICATION_KEYS);
      check('organizations', record.organizations, PROFILE_RECORD_ORGANIZATION_KEYS);
      check('patents', record.patents, PROFILE_RECORD_PATENT_KEYS);
      check('projects', record.projects, PROFILE_RECORD_PROJECT_KEYS);
      check('publications', record.publications, PROFILE_RECORD_PUBLICATION_KEYS);
      check('github_repos', record.github_repos, PROFILE_RECORD_GITHUB_REPO_KEYS);
      check('courses', record.courses, PROFILE_RECORD_COURSE_KEYS);
      check('match_data', record.match_data ? [record.match_data] : [], PROFILE_RECORD_MATCH_DATA_KEYS);
      check('projected_additional_salary', record.projected_additional_salary, PROJECTED_ADDITIONAL_SALARY_KEYS);
      check(
        'department breakdown',
        record.total_experience_duration_months_breakdown_department,
        DEPARTMENT_BREAKDOWN_KEYS,
      );
      check(
        'level breakdown',
        record.total_experience_duration_months_breakdown_management_level,
        MANAGEMENT_LEVEL_BREAKDOWN_KEYS,
      );
      check('root changes', record.profile_root_field_changes_summary, ROOT_FIELD_CHANGE_KEYS);
      check('collection changes', record.profile_collection_field_changes_summary, COLLECTION_FIELD_CHANGE_KEYS);
      check('recently started', record.experience_recently_started, RECENT_EXPERIENCE_CHANGE_KEYS);
      check('recently closed', record.experience_recently_closed, RECENT_EXPERIENCE_CHANGE_KEYS);
    }
    expect([...seen.keys()].sort()).toHaveLength(20);
  });

  test('values have the formats docs/api.md describes', async () => {
    const record = (await mock.get<ProfileRecord>(`/api/enrich/network?${profileQuery(URL_OF(normalSlug()))}`)).body;
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
    for (const field of [
      'created_at',
      'updated_at',
      'checked_at',
      'changed_at',
      'experience_change_last_identified_at',
      'op_created_at',
      'op_updated_at',
    ] as const) {
      expect(record[field]).toMatch(iso);
    }
    expect(record.location_country_iso2).toMatch(/^[A-Z]{2}$/);
    expect(record.location_country_iso3).toMatch(/^[A-Z]{3}$/);
    expect(record.projected_base_salary_period).toBe('ANNUAL');
    expect(record.projected_base_salary_currency).toMatch(/^[A-Z]{3}$/);
    expect(record.projected_base_salary_updated_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([0, 1]).toContain(record.is_working);
    expect(record.network_url).toMatch(/^https:\/\/www\.network\.com\/in\//);
    // normalSlug() is someone still in their first listed position: it is open and marked active.
    expect(record.experience?.[0]).toMatchObject({ date_to: null, active_experience: 1 });
    for (const entry of record.experience?.slice(1) ?? [])
      expect(entry.active_experience).toBe(entry.date_to === null ? 1 : 0);
    record.experience_recently_started?.forEach((entry) => expect(entry.date_from).toMatch(/^\d{4}-\d{2}$/));
    for (const entry of record.experience ?? []) {
      expect(Number.isInteger(entry.date_from_year)).toBe(true);
      expect(entry.date_from).toMatch(/^[A-Z][a-z]+ \d{4}$/);
    }
  });

  test('agrees with the scrape of the same URL and charges 1 credit', async () => {
    const record = (await mock.get<ProfileRecord>(`/api/enrich/network?${profileQuery(URL_OF(SLUG))}`)).body;
    const scraped = scrapedProfileForSlug(1, SLUG);
    expect(record.full_name).toBe(scraped.profile.name);
    // A slug that spells a name keeps it.
    expect([record.first_name, record.last_name]).toEqual(['Anna', 'Schmidt']);
    expect(record.experience?.map((entry) => entry.company_name)).toEqual(
      scraped.experience.map((entry) => entry.employer_name),
    );
    expect(record).toEqual(profileRecordForSlug(1, SLUG));
    expect(await mock.control.creditsCharged({ path: '/api/enrich/network' })).toBe(1);
  });

  test('legacy=true answers the simplified legacy shape; legacy=false the profile record', async () => {
    const legacy = (await mock.get(`/api/enrich/network?${profileQuery(URL_OF(SLUG))}&legacy=true`)).body;
    expect(legacy).toEqual(legacyProfileForSlug(1, SLUG));
    expect(Object.keys(legacy).length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(legacy).length).toBeLessThanOrEqual(15);
    expect(legacy.full_name).toBeUndefined();
    expect(typeof legacy.profile_url).toBe('string');
    expect(typeof legacy.skills).toBe('string');
    const experienceFields = Object.keys(legacy.experience[0]).length;
    expect(experienceFields).toBeGreaterThanOrEqual(10);
    expect(experienceFields).toBeLessThanOrEqual(15);
    expect(legacy.experience[0].start_date).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    const record = (await mock.get(`/api/enrich/network?${profileQuery(URL_OF(SLUG))}&legacy=false`)).body;
    expect(record.full_name).toBeDefined();
  });

  test('422 for a legacy value that is not a boolean', async () => {
    const answer = await mock.get(`/api/enrich/network?${profileQuery(URL_OF(SLUG))}&legacy=maybe`);
    expect(answer.status).toBe(422);
    expect(answer.body.detail[0].loc).toEqual(['query', 'legacy']);
  });

  test('same URL rules, 403 and 404 as scrape', async () => {
    expect((await mock.get('/api/enrich/network')).status).toBe(400);
    expect((await mock.get(`/api/enrich/network?${profileQuery('https://evil.example/in/x')}`)).status).toBe(400);
    expect((await mock.get(`/api/enrich/network?${profileQuery(URL_OF('private-x'))}`)).status).toBe(403);
    expect((await mock.get(`/api/enrich/network?${profileQuery(URL_OF('missing-x'))}`)).status).toBe(404);
  });
});
