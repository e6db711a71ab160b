// The demo data holds together, as a newcomer trying the playground would check it: a search finds companies where
// the query says, a verdict is YES only when the record shows the criterion holds, an email leads to that person's
// own profile, and a profile is named as its URL spells it.

import type {
  Company,
  CompanySearchResponse,
  ContactLookupResponse,
  ContactResult,
  ProfileRecordMatchData,
  ProfileRecord,
  PeopleSearchResponse,
  ScrapedProfile,
} from '../../src/core/api/types';
import { profileQuery, startTestMock, type TestMock } from './harness';

let mock: TestMock;
beforeAll(async () => {
  mock = await startTestMock({ seed: 1 });
});
afterAll(() => mock.close());
beforeEach(() => mock.control.reset());

const companies = async (query: string, threshold = 0): Promise<Company[]> =>
  (
    await mock.get<CompanySearchResponse>(
      `/api/search/companies?query=${encodeURIComponent(query)}&limit=100&acceptance_threshold=${threshold}`,
    )
  ).body.results;
const scrape = async (url: string) => (await mock.get<ScrapedProfile>(`/api/enrich/scrape?${profileQuery(url)}`)).body;
const contacts = async (params: string) =>
  (await mock.get<ContactLookupResponse>(`/api/enrich/contacts?${params}`)).body.data[0] as ContactResult;

/** [fewest, most] employees an employee_count_range such as "11-50" or "10001+" allows. */
function sizeBounds(range: string): [number, number] {
  const [low, high] = range.split(/[-+]/).map(Number);
  return [low, Number.isFinite(high) ? high : Infinity];
}

/** Whether a minted profile URL (/in/first-last-1a2b3c4) spells the name: first name first, last name last. */
function spells(url: string, name: string): boolean {
  const [first, last] = new URL(url).pathname.split('/')[2].split('-');
  const words = name.split(' ').map((word) =>
    word
      .normalize('NFKD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase(),
  );
  return words[0] === first && (words.at(-1) === last || words.slice(1).join('') === last);
}

function verdictsOf(results: Company[], criterion: string): Array<{ company: Company; verdict: string }> {
  return results.map((company) => ({ company, verdict: company.criteria[criterion] }));
}

describe('company search', () => {
  test('"B2B SaaS in Lyon" finds software companies in Lyon, and says YES only where the record agrees', async () => {
    const results = await companies('B2B SaaS in Lyon');
    expect(results).toHaveLength(100);
    for (const company of results) {
      expect(company.headquarters).toBe('Lyon, Auvergne-Rhône-Alpes, France');
      expect(company.hq_country).toBe('France');
      expect(company.criteria['Based in Lyon']).toBe('YES');
    }
    // Most are SaaS companies; the near misses are judged NO, and the record's industry says which.
    const saas = verdictsOf(results, 'Is a SaaS company');
    expect(saas.filter(({ verdict }) => verdict === 'YES').length).toBeGreaterThan(70);
    expect(saas.some(({ verdict }) => verdict === 'NO')).toBe(true);
    for (const { company, verdict } of saas) {
      if (company.network_industry && !company.network_industry.startsWith('@')) {
        expect(company.network_industry === 'Software Development').toBe(verdict === 'YES');
      }
    }
    // Who it sells to is in its description: businesses for B2B, people otherwise.
    for (const { company, verdict } of verdictsOf(results, 'Sells to businesses (B2B)')) {
      const customers = / for ([a-z ]+)\. Headquartered/.exec(company.network_company_description)?.[1];
      if (customers === undefined) continue;
      const business = ['banks', 'retailers', 'hospitals', 'developers', 'manufacturers', 'small businesses'];
      expect(verdict).toBe(business.includes(customers) ? 'YES' : 'NO');
    }
  });

  test('the default threshold keeps results with more YES than NO, the best meeting every criterion', async () => {
    const strict = await companies('B2B SaaS startups in Lyon', 73);
    expect(strict.length).toBeGreaterThan(10);
    for (const company of strict) {
      const verdicts = Object.values(company.criteria);
      const count = (wanted: string) => verdicts.filter((verdict) => verdict === wanted).length;
      expect(count('YES')).toBeGreaterThan(count('NO'));
    }
    const first = strict[0].criteria;
    expect(Object.values(first).every((verdict) => verdict === 'YES')).toBe(true);
  });

  test('size, age and startup verdicts follow the range and the year the record shows', async () => {
    const results = await companies('fintech startups in Berlin with 50+ employees founded after 2015');
    let checked = 0;
    for (const company of results) {
      const [fewest, most] = sizeBounds(company.employee_count_range);
      const size = company.criteria['Has 50+ employees'];
      if (size === 'YES') expect(fewest).toBeGreaterThanOrEqual(50);
      if (size === 'NO') expect(most).toBeLessThan(50);
      if (size === 'MAYBE') expect([fewest < 50, most >= 50]).toEqual([true, true]);
      const startup = company.criteria['Is a startup'];
      if (startup === 'YES') {
        expect(most).toBeLessThanOrEqual(500);
        expect(company.company_type).toBe('private');
      }
      if (company.year_founded !== undefined) {
        checked++;
        // "founded after 2015" is the fifth criterion: the service evaluates at most four.
        if (startup === 'YES') expect(Number(company.year_founded)).toBeGreaterThanOrEqual(2015);
      }
    }
    expect(checked).toBeGreaterThan(0);
    expect(new Set(verdictsOf(results, 'Has 50+ employees').map(({ verdict }) => verdict))).toEqual(
      new Set(['YES', 'MAYBE', 'NO']),
    );
    const founded = await companies('AI companies founded after 2015');
    for (const company of founded.filter((c) => c.year_founded !== undefined)) {
      expect(company.criteria['Founded after 2015']).toBe(Number(company.year_founded) > 2015 ? 'YES' : 'NO');
    }
  });

  test('a country finds companies across its cities; a legal form fits the country', async () => {
    const results = await companies('AI companies in Germany');
    const cities = new Set(results.map((company) => company.headquarters.split(',')[0]));
    expect([...cities].sort()).toEqual(['Berlin', 'Dresden', 'Munich']);
    for (const company of results) expect(company.company_name).not.toMatch(/ (Inc\.|Ltd|SAS|B\.V\.)$/);
  });
});

describe('people', () => {
  test('a profile is named as its URL spells it', async () => {
    const named: Array<[string, RegExp]> = [
      ['anna-schmidt-1a2b3c4', /^Anna (\p{L}+ )?Schmidt$/u],
      ['ada-lovelace', /^Ada (\p{L}+ )?Lovelace$/u],
      ['jos%C3%A9-garc%C3%ADa_99', /^José (\p{L}+ )?García$/u],
      ['mary-ann-smith-0f0f0f0', /^Mary Ann Smith$/],
    ];
    for (const [slug, name] of named) {
      const profile = await scrape(`https://www.network.com/in/${slug}`);
      expect(profile.profile.name).toMatch(name);
    }
  });

  test('a people search finds people where the query says, and lists only the criteria they meet', async () => {
    const query = 'product managers at fintech companies in Berlin';
    const { results } = (
      await mock.get<PeopleSearchResponse>(`/api/search?query=${encodeURIComponent(query)}&limit=50`)
    ).body;
    const inBerlin = results.filter((record: ProfileRecord) => record.location_city === 'Berlin');
    expect(inBerlin.length).toBeGreaterThan(45);
    for (const record of results as ProfileRecord[]) {
      // The mock serves one match object per record.
      const matched = (record.match_data as ProfileRecordMatchData | null)?.matched_criteria ?? [];
      expect(matched.includes('Based in Berlin')).toBe(record.location_city === 'Berlin');
      expect(spells(record.network_url ?? '', record.full_name ?? '')).toBe(true);
    }
  });
});

describe('why a person matched', () => {
  const search = async (query: string) =>
    (await mock.get<PeopleSearchResponse>(`/api/search?query=${encodeURIComponent(query)}&limit=40`)).body
      .results as ProfileRecord[];
  const matchOf = (record: ProfileRecord) => record.match_data as ProfileRecordMatchData;

  test('the role is a criterion a title meets by its words, seniority aside; plural industries count', async () => {
    const query = 'heads of talent at fintechs in Berlin';
    for (const record of await search(query)) {
      const matched = matchOf(record).matched_criteria ?? [];
      const title = record.active_experience_title ?? '';
      expect(matched.includes('Title fits "heads of talent"')).toBe(/talent/i.test(title));
      expect(matched.includes('Is a fintech company')).toBe(
        record.experience?.[0]?.company_industry === 'Financial Services',
      );
    }
  });

  test('the score rises with the share of criteria met', async () => {
    const scores = new Map<number, number[]>();
    for (const record of await search('data engineers at fintech startups in Berlin')) {
      const { matched_criteria, similarity_score } = matchOf(record);
      const met = matched_criteria?.length ?? 0;
      scores.set(met, [...(scores.get(met) ?? []), similarity_score ?? 0]);
    }
    const counts = [...scores.keys()].sort();
    expect(counts.length).toBeGreaterThan(1);
    for (let i = 1; i < counts.length; i++) {
      expect(Math.max(...scores.get(counts[i - 1])!)).toBeLessThan(Math.min(...scores.get(counts[i])!));
    }
  });
});

describe('contact lookup', () => {
  test("an email leads to that person's own profile, named as the address says", async () => {
    const result = await contacts('email=lars.andersson%40example.com');
    expect(result.contacts[0]).toMatchObject({ type: 'email', value: 'lars.andersson@example.com' });
    const li = result.social.find((link) => link.type === 'li')?.link ?? '';
    expect(li).toMatch(/^https:\/\/www\.network\.com\/in\/lars-andersson-[0-9a-f]{7}$/);
    const profile = await scrape(li);
    expect(profile.profile.name).toMatch(/^Lars (\p{L}+ )?Andersson$/u);
    expect(profile.profile.network_url).toBe(`${li}/`);
    // The same person's other links use their name too.
    for (const link of result.social.filter((entry) => entry.type !== 'li')) {
      expect(link.link).toMatch(/lars[._]andersson$/);
    }
  });

  test('a profile URL or a phone leads to a profile whose contacts carry its name', async () => {
    const byUrl = await contacts(profileQuery('https://www.network.com/in/sofia-rossi-2b4d6f8'));
    expect(byUrl.social.find((link) => link.type === 'li')?.link).toBe(
      'https://www.network.com/in/sofia-rossi-2b4d6f8',
    );
    const byPhone = await contacts('phone=%2B14155550142');
    const li = byPhone.social.find((link) => link.type === 'li')?.link ?? '';
    const [first, last] = new URL(li).pathname.split('/')[2].split('-');
    expect(spells(li, (await scrape(li)).profile.name)).toBe(true);
    const work = byPhone.contacts.find((contact) => contact.type === 'email' && contact.subType === 'work');
    if (work) expect(work.value.startsWith(`${first}.${last}@`)).toBe(true);
  });
});
