// The prepared operations: what goes on the wire (URLs, query encoding, headers, bodies), no request at all for
// invalid input, and what an operation makes of its answer: the value or the error, the credits, whether it may be
// sent again.
import {
  buildUrl,
  prepareCancelResearch,
  prepareCompanySearch,
  prepareJobStatus,
  prepareNormalizedContactLookup,
  prepareNormalizedProfileRecord,
  prepareNormalizedScrape,
  preparePeopleSearch,
  prepareStartResearch,
  type Operation,
  type Prepared,
} from '../../../src/core/api/operations';
import {
  API_KEY,
  BASE_URL,
  jobStatus,
  json,
  legacyProfile,
  profileRecord,
  queryOf,
  scrapedProfile,
  setup,
} from './fakes';
import { findContactsOnce, profileRecordOnce, scrapeOnce } from '../../support/per-row-calls';

const ok = () => json(200, {});

describe('requests', () => {
  it('sends the key as a bearer token and asks for JSON', () => {
    const { client, http } = setup(() => json(200, scrapedProfile()));
    scrapeOnce(client, 'network.com/in/Ada');
    expect(http.requests).toEqual([
      {
        url: `${BASE_URL}/api/enrich/scrape?network_url=${encodeURIComponent('https://www.network.com/in/ada')}`,
        method: 'get',
        headers: { Authorization: `Bearer ${API_KEY}`, Accept: 'application/json' },
      },
    ]);
  });

  it('encodes every query value and ignores a trailing slash on the base URL', () => {
    expect(
      buildUrl('https://api.test/', '/p', [
        ['q', 'a&b=c d/é+'],
        ['n', 5],
        ['flag', false],
        ['absent', undefined],
      ]),
    ).toBe('https://api.test/p?q=a%26b%3Dc%20d%2F%C3%A9%2B&n=5&flag=false');
  });

  it('sends a phone number with + as %2B, and emails and URLs normalised', () => {
    const { client, http } = setup(() => json(200, { data: [] }));
    findContactsOnce(client, '+1 (415) 555-0100');
    findContactsOnce(client, ' Ada@Example.com ');
    findContactsOnce(client, 'uk.network.com/in/Ada/?x=1');
    expect(http.requests.map((request) => request.url.split('?')[1])).toEqual([
      'phone=%2B14155550100',
      'email=ada%40example.com',
      'network_url=https%3A%2F%2Fwww.network.com%2Fin%2Fada',
    ]);
  });

  it('searches companies with query and limit, and leaves out a threshold not given', () => {
    const { client, http } = setup(() => json(200, { results: [], total: 0, query: 'q' }));
    client.searchCompanies({ query: ' fintech in Berlin ', limit: 10 });
    client.searchCompanies({ query: 'fintech', limit: 100, acceptanceThreshold: 0 });
    expect(http.requests[0].url).toMatch(/^https:\/\/api\.test\/api\/search\/companies\?/);
    expect(queryOf(http.requests[0])).toEqual({ query: 'fintech in Berlin', limit: '10' });
    expect(queryOf(http.requests[1])).toEqual({ query: 'fintech', limit: '100', acceptance_threshold: '0' });
  });

  it('sends legacy=false on the three endpoints whose format changed', () => {
    const { client, http } = setup((request) =>
      request.url.includes('/api/search?')
        ? json(200, { results: [], total: 0, query: 'q', search_id: 's' })
        : request.url.includes('deep_research')
          ? json(200, jobStatus())
          : json(200, profileRecord()),
    );
    client.searchPeople({ query: 'cto', limit: 5 });
    client.getResearchJob('job-1');
    profileRecordOnce(client, 'network.com/in/ada');
    expect(http.requests.map(queryOf)).toEqual([
      { query: 'cto', limit: '5', legacy: 'false' },
      { legacy: 'false' },
      { network_url: 'https://www.network.com/in/ada', legacy: 'false' },
    ]);
    expect(http.requests[0].url).toMatch(/^https:\/\/api\.test\/api\/search\?/);
    expect(http.requests[2].url).toMatch(/^https:\/\/api\.test\/api\/enrich\/network\?/);
  });

  it('asks for a page of a job with its page size (25 unless given)', () => {
    const { client, http } = setup(() => json(200, jobStatus()));
    client.getResearchJob('job-1', { page: 2 });
    client.getResearchJob('job-1', { page: 1, pageSize: 100 });
    expect(http.requests[0].url).toBe(`${BASE_URL}/api/search/deep_research/job-1?page=2&page_size=25&legacy=false`);
    expect(queryOf(http.requests[1])).toEqual({ page: '1', page_size: '100', legacy: 'false' });
  });

  it('posts research starts and cancellations as JSON', () => {
    const { client, http } = setup((request) =>
      request.url.endsWith('/cancel')
        ? json(200, { success: true, message: 'Cancelled' })
        : json(200, { job_id: 'job-1' }),
    );
    client.startResearch({ query: ' CTOs in Lisbon ', limit: 50 });
    client.cancelResearch('job-1');
    expect(http.requests).toEqual([
      {
        url: `${BASE_URL}/api/search/deep_research`,
        method: 'post',
        headers: { Authorization: `Bearer ${API_KEY}`, Accept: 'application/json', 'Content-Type': 'application/json' },
        body: '{"query":"CTOs in Lisbon","limit":50}',
      },
      expect.objectContaining({ url: `${BASE_URL}/api/search/deep_research/job-1/cancel`, method: 'post', body: '{}' }),
    ]);
  });
});

describe('invalid input sends nothing', () => {
  const cases: Array<[string, (client: ReturnType<typeof setup>['client']) => { ok: boolean }, RegExp]> = [
    ['scrape of a non-profile URL', (c) => scrapeOnce(c, 'example.com/foo'), /is not a profile URL/],
    [
      'profile record of a non-profile URL',
      (c) => profileRecordOnce(c, 'https://www.network.com/company/x'),
      /is not a profile URL/,
    ],
    ['contacts by a bad email', (c) => findContactsOnce(c, 'ada@'), /not a valid email/],
    ['contacts by a bad phone', (c) => findContactsOnce(c, '12'), /not a phone number/],
    [
      'contacts by text that is none of the three',
      (c) => findContactsOnce(c, 'Ada Lovelace'),
      /is not a profile URL, an email address or a phone number/,
    ],
    ['company search, empty query', (c) => c.searchCompanies({ query: '  ', limit: 10 }), /search query is empty/],
    [
      'company search, limit 0',
      (c) => c.searchCompanies({ query: 'x', limit: 0 }),
      /limit must be a whole number from 1 to 100 \(got 0\)/,
    ],
    ['company search, limit 101', (c) => c.searchCompanies({ query: 'x', limit: 101 }), /got 101/],
    ['company search, limit 2.5', (c) => c.searchCompanies({ query: 'x', limit: 2.5 }), /got 2\.5/],
    ['company search, limit as text', (c) => c.searchCompanies({ query: 'x', limit: '10' as never }), /got "10"/],
    [
      'company search, threshold 101',
      (c) => c.searchCompanies({ query: 'x', limit: 5, acceptanceThreshold: 101 }),
      /acceptance threshold must be a whole number from 0 to 100/,
    ],
    [
      'company search, threshold -1',
      (c) => c.searchCompanies({ query: 'x', limit: 5, acceptanceThreshold: -1 }),
      /acceptance threshold/,
    ],
    [
      'company search, query too long for a URL',
      (c) => c.searchCompanies({ query: 'é'.repeat(400), limit: 5 }),
      /too long/,
    ],
    [
      'people search, limit 0',
      (c) => c.searchPeople({ query: 'x', limit: 0 }),
      /limit must be a whole number from 1 to 100/,
    ],
    ['people search, empty query', (c) => c.searchPeople({ query: '', limit: 5 }), /search query is empty/],
    ['research, empty query', (c) => c.startResearch({ query: '', limit: 10 }), /research query is empty/],
    [
      'research, query too long',
      (c) => c.startResearch({ query: 'x'.repeat(2001), limit: 10 }),
      /too long \(2001 characters; at most 2000\)/,
    ],
    ['research, limit 1001', (c) => c.startResearch({ query: 'x', limit: 1001 }), /from 1 to 1000/],
    ['job status, empty id', (c) => c.getResearchJob(''), /job id is empty/],
    ['job status, path characters', (c) => c.getResearchJob('../admin'), /job id has characters/],
    ['job status, page 0', (c) => c.getResearchJob('job-1', { page: 0 }), /page must be a whole number 1 or more/],
    [
      'job status, page size 101',
      (c) => c.getResearchJob('job-1', { page: 1, pageSize: 101 }),
      /page size must be a whole number from 1 to 100/,
    ],
    ['cancel, bad id', (c) => c.cancelResearch('a/b'), /job id has characters/],
  ];

  it.each(cases)('%s', (_name, call, message) => {
    const { client, http } = setup(ok);
    const result = call(client);
    expect(result).toEqual({ ok: false, error: { kind: 'invalid_input', message: expect.stringMatching(message) } });
    expect(http.requests).toHaveLength(0);
  });
});

describe('a prepared operation', () => {
  const endpoint = { baseUrl: BASE_URL, apiKey: API_KEY };

  function operationOf<T>(prepared: Prepared<T>): Operation<T> {
    if (!prepared.ok) throw new Error(prepared.error.message);
    return prepared.operation;
  }

  const search = () => operationOf(prepareCompanySearch(endpoint, { query: 'fintech', limit: 10 }));

  it('may be sent again after any transient failure, except starting research: after a 429 only', () => {
    expect(operationOf(prepareStartResearch(endpoint, { query: 'CTOs', limit: 10 })).retry).toBe('rateLimitOnly');
    for (const operation of [
      search(),
      operationOf(preparePeopleSearch(endpoint, { query: 'cto', limit: 5 })),
      operationOf(prepareJobStatus(endpoint, 'job-1')),
      operationOf(prepareCancelResearch(endpoint, 'job-1')),
      operationOf(prepareNormalizedScrape(endpoint, 'https://www.network.com/in/ada')),
      operationOf(prepareNormalizedProfileRecord(endpoint, 'https://www.network.com/in/ada')),
      operationOf(prepareNormalizedContactLookup(endpoint, { email: 'ada@example.com' })),
    ]) {
      expect(operation.retry).toBe('transient');
    }
  });

  it('charges a search per result it returned, and a scrape the same whatever it holds', () => {
    const companies = search();
    expect(companies.credits({ results: [{}, {}, {}], total: 40, query: 'q' } as never)).toBe(3);
    expect(companies.credits({ results: [], total: 0, query: 'q' } as never)).toBe(0);
    const scrape = operationOf(prepareNormalizedScrape(endpoint, 'https://www.network.com/in/ada'));
    expect(scrape.credits(scrapedProfile() as never)).toBe(2);
  });

  it('reads any 2xx answer, and describes any other status for its operation', () => {
    expect(search().parse(json(201, { results: [], total: 0, query: 'q' }))).toEqual({
      ok: true,
      value: { results: [], total: 0, query: 'q' },
    });
    expect(search().parse(json(302, {}))).toEqual({
      ok: false,
      error: { kind: 'malformed', status: 302, message: 'The service sent an unexpected answer (HTTP 302).' },
    });
    const job = operationOf(prepareJobStatus(endpoint, 'job-1'));
    expect(job.parse(json(404, {}))).toMatchObject({ ok: false, error: { kind: 'not_found' } });
    expect(job.parse({ networkError: 'socket hang up' })).toMatchObject({ ok: false, error: { kind: 'network' } });
  });

  it('answers malformed for text that is not JSON or not the expected shape, legacy_format for a legacy record', () => {
    expect(search().parse({ status: 200, headers: {}, body: 'oops' })).toMatchObject({
      ok: false,
      error: { kind: 'malformed', message: expect.stringMatching(/not JSON, HTTP 200/) },
    });
    expect(search().parse(json(200, { results: {} }))).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    const record = operationOf(prepareNormalizedProfileRecord(endpoint, 'https://www.network.com/in/ada'));
    expect(record.parse(json(200, legacyProfile()))).toMatchObject({ ok: false, error: { kind: 'legacy_format' } });
  });

  it('reads a job status for the job it asked about when the answer leaves the id out', () => {
    const { job_id: _left, ...withoutId } = jobStatus();
    const parsed = operationOf(prepareJobStatus(endpoint, 'job-7')).parse(json(200, withoutId));
    expect(parsed.ok && parsed.value.job_id).toBe('job-7');
  });
});

describe('limits of what is sent', () => {
  const endpoint = { baseUrl: BASE_URL, apiKey: API_KEY };

  it('accepts a job id of 128 letters, digits, - and _, and refuses one of 129', () => {
    expect(prepareJobStatus(endpoint, 'a-_9'.repeat(32)).ok).toBe(true);
    expect(prepareCancelResearch(endpoint, 'a'.repeat(129))).toMatchObject({
      ok: false,
      error: { kind: 'invalid_input', message: 'The research job id has characters a job id never has.' },
    });
  });

  it('counts a research query’s length without the spaces around it', () => {
    const query = ` ${'x'.repeat(2000)} `;
    const prepared = prepareStartResearch(endpoint, { query, limit: 1000 });
    expect(prepared.ok && prepared.operation.request.body).toBe(JSON.stringify({ query: query.trim(), limit: 1000 }));
  });

  it('asks for all results so far when no page is given', () => {
    const prepared = prepareJobStatus(endpoint, 'job-1');
    expect(prepared.ok && queryOf(prepared.operation.request)).toEqual({ legacy: 'false' });
  });

  it('refuses a people search too long for a URL, before anything is sent', () => {
    expect(preparePeopleSearch(endpoint, { query: 'é'.repeat(400), limit: 5 })).toEqual({
      ok: false,
      error: { kind: 'invalid_input', message: 'The request is too long to send; shorten the query.' },
    });
  });

  it('shortens a bad limit given as long text in its message', () => {
    const prepared = prepareCompanySearch(endpoint, { query: 'x', limit: 'a very long limit given as text' as never });
    expect(prepared.ok || prepared.error.message).toMatch(
      /^The limit must be a whole number from 1 to 100 \(got ".{1,20}"\)\.$/,
    );
  });

  it('names the type of a limit that is neither a number nor text', () => {
    const prepared = preparePeopleSearch(endpoint, { query: 'x', limit: null as never });
    expect(prepared.ok || prepared.error.message).toBe('The limit must be a whole number from 1 to 100 (got object).');
  });
});
