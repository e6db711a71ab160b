// Every endpoint's success against the mock API, with the credits each call reports, the mock charged and the credit
// table of docs/api.md gives.
import { CREDIT_COSTS } from '../../src/core/api/credits';
import { prepareJobStatus, preparePeopleSearch } from '../../src/core/api/operations';
import type { ApiResult, OperationName } from '../../src/core/api/errors';
import type { ContactError, ContactResult } from '../../src/core/api/types';
import { contactLookup, peopleMatchCount, searchCompanies } from '../../dev/mock-api/data';
import {
  errorOf,
  KEY,
  KEY_HINT,
  MOCK_SEED,
  profileUrl,
  STARTING_CREDITS,
  useMockApi,
  valueOf,
  withUrl,
} from './harness';
import {
  findContactsOnce,
  prepareContactLookupCell,
  prepareProfileRecordCell,
  prepareScrapeCell,
  profileRecordOnce,
  scrapeOnce,
} from '../support/per-row-calls';

const api = useMockApi();

async function creditsLeft(): Promise<number> {
  return (await api.control.getKey(KEY)).credits;
}

describe('scrape', () => {
  it('returns the scraped profile for 2 credits', async () => {
    const { client } = api.connect();
    const result = scrapeOnce(client, 'uk.network.com/in/Ada-Lovelace/?trk=x');
    const profile = valueOf(result);
    expect(typeof profile.profile.name).toBe('string');
    expect(Array.isArray(profile.experience)).toBe(true);
    expect(result.ok && result.credits).toBe(CREDIT_COSTS.scrape.perRequest);
    const [logged] = await api.control.requests({ path: '/api/enrich/scrape' });
    expect(logged).toMatchObject({
      query: { network_url: profileUrl('ada-lovelace') },
      status: 200,
      credits: 2,
      key: KEY_HINT,
    });
    expect(await creditsLeft()).toBe(STARTING_CREDITS - 2);
  });

  it('reads profiles whose arrays are null or fields missing', () => {
    const { client } = api.connect();
    for (const slug of ['hard-null-arrays', 'hard-missing-fields', 'hard-extra-fields', 'hard-case']) {
      const profile = valueOf(scrapeOnce(client, profileUrl(slug)));
      expect(Array.isArray(profile.skills)).toBe(true);
      expect(Array.isArray(profile.honors)).toBe(true);
    }
  });
});

describe('company search', () => {
  it('returns companies for 1 credit each, with and without a threshold', async () => {
    const { client } = api.connect();
    const loose = client.searchCompanies({ query: 'fintech startups in Berlin', limit: 10, acceptanceThreshold: 0 });
    const strict = client.searchCompanies({ query: 'fintech startups in Berlin', limit: 10 });
    const looseValue = valueOf(loose);
    // Every company the mock accepts at threshold 0, best 10 first: exactly what it serves for this seed.
    expect(looseValue.results).toEqual(searchCompanies(MOCK_SEED, 'fintech startups in Berlin', 0, 10).results);
    expect(looseValue.query).toBe('fintech startups in Berlin');
    expect(typeof looseValue.results[0].company_name).toBe('string');
    expect(
      Object.values(looseValue.results[0].criteria).every((verdict) => ['YES', 'MAYBE', 'NO'].includes(verdict)),
    ).toBe(true);
    const reported = [loose, strict].map((result) => (result.ok ? result.credits : NaN));
    expect(reported).toEqual([looseValue.results.length, valueOf(strict).results.length]);
    const logged = await api.control.requests({ path: '/api/search/companies' });
    expect(logged.map((entry) => entry.credits)).toEqual(reported);
    expect(logged[1].query).not.toHaveProperty('acceptance_threshold');
    expect(await creditsLeft()).toBe(STARTING_CREDITS - reported[0] - reported[1]);
  });

  it('costs nothing when nothing matches', async () => {
    const { client } = api.connect();
    const result = client.searchCompanies({ query: 'no results anywhere', limit: 10 });
    expect(result).toEqual({ ok: true, credits: 0, value: expect.objectContaining({ results: [] }) });
    expect(await api.control.creditsCharged()).toBe(0);
  });
});

describe('contact lookup', () => {
  it('looks up by profile URL, email and phone for 1 credit each, sending + as %2B', async () => {
    const { client } = api.connect();
    const endpoint = client.endpoint;
    const results = client.execute([
      prepareContactLookupCell(endpoint, 'network.com/in/ada-lovelace'),
      prepareContactLookupCell(endpoint, 'Ada@Example.com'),
      prepareContactLookupCell(endpoint, '+1 (415) 555-0100'),
    ]);
    const served = [
      contactLookup(MOCK_SEED, { kind: 'network_url', slug: 'ada-lovelace' }),
      contactLookup(MOCK_SEED, { kind: 'email', email: 'ada@example.com' }),
      contactLookup(MOCK_SEED, { kind: 'phone', phone: '+14155550100' }),
    ];
    expect(results.map((result) => valueOf(result).data)).toEqual(served.map((answer) => answer.data));
    for (const [element] of served.map((answer) => answer.data as ContactResult[])) {
      expect(element.contacts).not.toEqual([]);
      expect(element.social).not.toEqual([]);
    }
    expect(results.map((result) => result.ok && result.credits)).toEqual([1, 1, 1]);
    const logged = await api.control.requests({ path: '/api/enrich/contacts' });
    expect(logged.map((entry) => entry.query)).toEqual([
      { network_url: profileUrl('ada-lovelace') },
      { email: 'ada@example.com' },
      { phone: '+14155550100' },
    ]);
    expect(logged.map((entry) => entry.credits)).toEqual([1, 1, 1]);
  });

  it('returns the in-body error object as data, and charges for it', async () => {
    const { client } = api.connect();
    const result = findContactsOnce(client, 'ghost@nobody.example');
    expect(result).toEqual({
      ok: true,
      credits: 1,
      value: {
        data: [{ error: true, message: 'No profile found', details: expect.any(String) } satisfies ContactError],
      },
    });
    expect(await api.control.creditsCharged()).toBe(1);
  });

  it('returns the empty result, and charges for it', async () => {
    const { client } = api.connect();
    const result = findContactsOnce(client, profileUrl('empty-ada'));
    expect(result).toEqual({ ok: true, credits: 1, value: { data: [{ contacts: [], social: [] }] } });
    expect(await api.control.creditsCharged()).toBe(1);
  });
});

describe('people search and profile record (legacy=false)', () => {
  it('searches people for 1 credit per result, asking for profile records (legacy=false)', async () => {
    const { client } = api.connect();
    const result = client.searchPeople({ query: 'CTOs in Lisbon', limit: 5 });
    const value = valueOf(result);
    expect(value.results).toHaveLength(5);
    expect(value.results[0]).toHaveProperty('full_name');
    expect(value.search_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.ok && result.credits).toBe(5);
    const [logged] = await api.control.requests({ path: '/api/search' });
    expect(logged).toMatchObject({ query: { query: 'CTOs in Lisbon', limit: '5', legacy: 'false' }, credits: 5 });
  });

  it('returns the profile record for 1 credit', async () => {
    const { client } = api.connect();
    const result = profileRecordOnce(client, 'network.com/in/ada-lovelace');
    expect(valueOf(result).experience?.[0]).toHaveProperty('date_from_year');
    expect(result.ok && result.credits).toBe(CREDIT_COSTS.profileRecord.perRequest);
    const [logged] = await api.control.requests({ path: '/api/enrich/network' });
    expect(logged).toMatchObject({ query: { network_url: profileUrl('ada-lovelace'), legacy: 'false' }, credits: 1 });
  });

  it('reads profile records with null arrays, missing or extra fields, and many results', async () => {
    const { client } = api.connect();
    for (const slug of ['hard-null-arrays', 'hard-missing-fields', 'hard-extra-fields', 'hard-case']) {
      expect(valueOf(profileRecordOnce(client, profileUrl(slug)))).toHaveProperty('full_name');
    }
    const people = valueOf(client.searchPeople({ query: 'hard case engineers', limit: 100 })).results;
    expect(people).toHaveLength(Math.min(100, peopleMatchCount(MOCK_SEED, 'hard case engineers')));
    const jobId = valueOf(client.startResearch({ query: 'product managers in Europe', limit: 300 })).job_id;
    await api.control.advanceClock(15 * 60_000);
    expect(valueOf(client.getResearchJob(jobId)).results).toHaveLength(300);
  });

  it('recognises an answer in the legacy format instead of misreading it', async () => {
    const { client } = api.connect();
    const endpoint = client.endpoint;
    const toLegacy = (url: string) => url.replace('legacy=false', 'legacy=true');
    const job = valueOf(client.startResearch({ query: 'CTOs in Lisbon', limit: 3 }));
    await api.control.advanceClock(15 * 60_000);
    const [people, record, status] = [
      preparePeopleSearch(endpoint, { query: 'CTOs', limit: 3 }),
      prepareProfileRecordCell(endpoint, profileUrl('ada')),
      prepareJobStatus(endpoint, job.job_id),
    ].map((prepared) => client.execute<unknown>([withUrl<unknown>(prepared, toLegacy)])[0]);
    for (const result of [people, record, status]) expect(errorOf(result).kind).toBe('legacy_format');
    expect(valueOf(client.getResearchJob(job.job_id)).results).toHaveLength(3);
  });
});

describe('scrape batches', () => {
  it('answers a batch in order, each valid entry charged once', async () => {
    const { client } = api.connect();
    const slugs = ['ada', 'grace', 'private-alan', 'missing-bob', 'linus'];
    const results = client.execute(slugs.map((slug) => prepareScrapeCell(client.endpoint, profileUrl(slug))));
    expect(results.map((result) => (result.ok ? 'ok' : result.error.kind))).toEqual([
      'ok',
      'ok',
      'forbidden',
      'not_found',
      'ok',
    ]);
    expect(await api.control.creditsCharged()).toBe(6);
  });
});

describe('credits', () => {
  it('each call reports what the mock charged, as the credit table of docs/api.md says', async () => {
    const { client } = api.connect();
    const started = client.startResearch({ query: 'CTOs in Lisbon', limit: 3 });
    const jobId = valueOf(started).job_id;
    const calls: Array<[OperationName, ApiResult<unknown>]> = [
      ['startResearch', started],
      ['scrape', scrapeOnce(client, profileUrl('ada'))],
      [
        'companySearch',
        client.searchCompanies({ query: 'fintech startups in Berlin', limit: 7, acceptanceThreshold: 0 }),
      ],
      ['contacts', findContactsOnce(client, '+44 20 7946 0958')],
      ['jobStatus', client.getResearchJob(jobId)],
      ['cancelResearch', client.cancelResearch(jobId)],
      ['peopleSearch', client.searchPeople({ query: 'CTOs', limit: 4 })],
      ['profileRecord', profileRecordOnce(client, profileUrl('ada'))],
    ];
    const reported = calls.map(([, result]) => (result.ok ? result.credits : NaN));
    const fromTable = calls.map(([name, result]) => {
      const value = valueOf(result) as { results?: unknown[] };
      return CREDIT_COSTS[name].perRequest + CREDIT_COSTS[name].perResult * (value.results?.length ?? 0);
    });
    expect(reported).toEqual([0, 2, 7, 1, 0, 0, 4, 1]);
    expect(fromTable).toEqual(reported);
    expect((await api.control.log()).map((entry) => entry.credits)).toEqual(reported);
    expect(await creditsLeft()).toBe(STARTING_CREDITS - 15);
  });
});
