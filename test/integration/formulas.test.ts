// The five custom functions in the built bundle, run as Sheets runs them (custom-function mode: the owner's
// settings, a read-only spreadsheet), against the mock API over real HTTP.
import { addonWithKey, formula, loadAddon, OWNER, slowRequests, TEAMMATE, useIntegrationMock } from './harness';

const mock = useIntegrationMock(7);

const url = (slug: string) => `https://www.network.com/in/${slug}`;
/** The profile a URL names, in lower case ('' when it names none). */
const slugOf = (value: unknown) => /\/in\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(String(value))?.[1].toLowerCase() ?? '';
type Rows = unknown[][];

async function apiRequests(path?: string) {
  return (await mock.control.requests(path ? { path } : undefined)).filter((entry) => entry.path.startsWith('/api/'));
}

describe('SCRAPE_PROFILE', () => {
  it('returns headers and a row for one URL, billed to the owner whoever recalculates', async () => {
    const addon = await addonWithKey(mock);
    const rows = formula(addon, 'SCRAPE_PROFILE', [url('ada-lovelace'), '', true], TEAMMATE) as Rows;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(expect.arrayContaining(['name', 'headline', 'network_url']));
    expect(rows[1][rows[0].indexOf('network_url')]).toMatch(/network\.com\/in\/ada-lovelace/);
    const log = await apiRequests('/api/enrich/scrape');
    expect(log).toHaveLength(1);
    expect(log[0].key).toBe(addon.key.slice(-4));
    expect(await mock.control.creditsCharged()).toBe(2);
  });

  it('fetches a range once per distinct profile, keeps order, blanks and per-row errors', async () => {
    const addon = await addonWithKey(mock);
    const input = [
      [url('ann')],
      [''],
      ['HTTP://www.network.com/in/Ann/?utm=1'],
      ['not a url'],
      [url('bob')],
      [url('missing-carl')],
    ];
    const rows = formula(addon, 'SCRAPE_PROFILE', [input, 'network_url, name']) as Rows;
    expect(rows).toHaveLength(6);
    expect(rows[0][0]).toMatch(/\/in\/ann\/?$/);
    expect(rows[1]).toEqual(['', '']);
    expect(rows[2]).toEqual(rows[0]);
    expect(rows[3][0]).toMatch(/^#ERROR: "not a url" is not a profile URL/);
    expect(rows[4][0]).toMatch(/\/in\/bob\/?$/);
    expect(rows[5][0]).toMatch(/^#ERROR: .*not found/i);
    expect(await apiRequests('/api/enrich/scrape')).toHaveLength(3);
  });

  it('takes fields as a range of header cells, and prints headers only when asked', async () => {
    const addon = await addonWithKey(mock);
    const asText = formula(addon, 'SCRAPE_PROFILE', [url('ann'), 'headline; experience.1.employer_name']) as Rows;
    const asRange = formula(addon, 'SCRAPE_PROFILE', [
      url('ann'),
      [['headline', 'experience.1.employer_name']],
      true,
    ]) as Rows;
    expect(asText).toHaveLength(1);
    expect(asRange).toEqual([['headline', 'experience.1.employer_name'], asText[0]]);
  });

  it('round-trips: the printed headers, given back as fields, select the same columns', async () => {
    const addon = await addonWithKey(mock);
    for (const [name, input] of [
      ['SCRAPE_PROFILE', url('ann')],
      ['ENRICH_PROFILE', url('ann')],
      ['FIND_CONTACTS', 'ann@example.com'],
    ] as const) {
      const [headers, values] = formula(addon, name, [input, '', true]) as Rows;
      expect(formula(addon, name, [input, [headers], true])).toEqual([headers, values]);
    }
    const companies = formula(addon, 'SEARCH_COMPANIES', ['fintech startups in Berlin']) as Rows;
    expect(companies[0].some((header) => String(header).startsWith('criteria.'))).toBe(true);
    expect(formula(addon, 'SEARCH_COMPANIES', ['fintech startups in Berlin', '', '', [companies[0]]])).toEqual(
      companies,
    );
  });

  it('serves a second identical call, a variant URL and other fields from the cache: zero requests', async () => {
    const addon = await addonWithKey(mock);
    formula(addon, 'SCRAPE_PROFILE', [url('grace')]);
    await mock.control.clearLog();
    formula(addon, 'SCRAPE_PROFILE', [url('grace')], OWNER);
    formula(addon, 'SCRAPE_PROFILE', ['http://uk.network.com/in/GRACE/', 'skills, posts.1.title']);
    formula(addon, 'SCRAPE_PROFILE', [[[url('grace')], ['www.network.com/in/grace']]]);
    expect(await apiRequests()).toHaveLength(0);
  });

  it('keeps hard-case text exactly as the API sent it', async () => {
    const addon = await addonWithKey(mock);
    const [headers, values] = formula(addon, 'SCRAPE_PROFILE', [
      url('hard-case'),
      'headline, title, summary',
      true,
    ]) as Rows;
    expect(headers).toEqual(['headline', 'title', 'summary']);
    expect(values[0]).toBe('=HYPERLINK("http://evil.example","click")');
    expect(values[1]).toBe('+14155550100');
    // The 60,000-character summary, cut to a full cell with the 31-character marker.
    expect(values[2]).toHaveLength(50_000);
    expect(String(values[2]).slice(-31)).toBe('… [truncated 10,031 characters]');
  });
});

describe('FIND_CONTACTS', () => {
  it('looks up by URL, email or phone, and caches across the variants of each', async () => {
    const addon = await addonWithKey(mock);
    const input = [
      ['Ann@Example.com'],
      [url('ann')],
      ['+1 (415) 555-0123'],
      ['nobody@nobody.example'],
      [url('empty-x')],
    ];
    const rows = formula(addon, 'FIND_CONTACTS', [input, 'email, phone, li']) as Rows;
    expect(rows[0][0]).toMatch(/@/);
    expect(rows[3][0]).toMatch(/^#ERROR: No profile found/);
    expect(rows[4]).toEqual(['', '', '']);
    const log = await apiRequests('/api/enrich/contacts');
    expect(log.map((entry) => Object.keys(entry.query)[0])).toEqual([
      'email',
      'network_url',
      'phone',
      'email',
      'network_url',
    ]);
    expect(log[2].query.phone).toBe('+14155550123');
    expect(await mock.control.creditsCharged()).toBe(5);
    formula(addon, 'FIND_CONTACTS', [[['ann@example.com'], ['+14155550123'], ['+1 415 555 0123']], 'email']);
    expect(await apiRequests('/api/enrich/contacts')).toHaveLength(5);
  });
});

describe('SEARCH_COMPANIES and SEARCH_PEOPLE', () => {
  it('send limit 10 by default and bill one credit per result', async () => {
    const addon = await addonWithKey(mock);
    const rows = formula(addon, 'SEARCH_COMPANIES', ['fintech startups in Berlin']) as Rows;
    const [request] = await apiRequests('/api/search/companies');
    expect(request.query.limit).toBe('10');
    expect(await mock.control.creditsCharged()).toBe(rows.length - 1);
    const people = formula(addon, 'SEARCH_PEOPLE', [
      'data engineers in Lisbon',
      3,
      'full_name, network_url',
      false,
    ]) as Rows;
    expect(people).toHaveLength(3);
    const [peopleRequest] = await apiRequests('/api/search');
    expect(peopleRequest.query).toMatchObject({ limit: '3', legacy: 'false' });
  });

  it('reject a bad limit or threshold before any request', async () => {
    const addon = await addonWithKey(mock);
    expect(() => formula(addon, 'SEARCH_COMPANIES', ['x', 500])).toThrow('limit must be a whole number from 1 to 100.');
    expect(() => formula(addon, 'SEARCH_COMPANIES', ['x', 5, -1])).toThrow(
      'acceptance_threshold must be a whole number from 0 to 100.',
    );
    expect(() => formula(addon, 'SEARCH_PEOPLE', ['x', 5, 'ful_name'])).toThrow(/Did you mean "full_name"/);
    expect(await apiRequests()).toHaveLength(0);
  });

  it('answer an empty query with a sentence of its own, before any request', async () => {
    const addon = await addonWithKey(mock);
    expect(() => formula(addon, 'SEARCH_COMPANIES', [''])).toThrow(
      'The search query is empty: say what to look for, as in =SEARCH_COMPANIES("fintech startups in Berlin").',
    );
    expect(() => formula(addon, 'SEARCH_PEOPLE', [[[''], ['']]])).toThrow(/^The search query is empty: /);
    expect(await apiRequests()).toHaveLength(0);
  });
});

describe('ENRICH_PROFILE', () => {
  it('returns the profile record and sends legacy=false', async () => {
    const addon = await addonWithKey(mock);
    const rows = formula(addon, 'ENRICH_PROFILE', [
      [[url('ann')], [url('ann')]],
      'full_name, experience.1.company_name',
    ]) as Rows;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(rows[1]);
    const log = await apiRequests('/api/enrich/network');
    expect(log).toHaveLength(1);
    expect(log[0].query.legacy).toBe('false');
  });
});

describe('error sentences', () => {
  const one =
    (addon: Parameters<typeof formula>[0], slug = 'ann') =>
    () =>
      formula(addon, 'SCRAPE_PROFILE', [url(slug)]);

  it('no key set: says the owner must set one, and sends nothing', async () => {
    const addon = loadAddon();
    expect(one(addon)).toThrow(
      /^The spreadsheet's owner has no API key set; .*the owner must add a key in .*Settings\.$/,
    );
    expect(await apiRequests()).toHaveLength(0);
  });

  it('key rejected (401), out of credits (402), private, not found', async () => {
    const addon = await addonWithKey(mock);
    addon.env.properties.user(OWNER).API_KEY = 'lk_unknown_key_0000000000';
    expect(one(addon)).toThrow(/API key was rejected/);
    const poor = await addonWithKey(mock, { key: 'lk_poor_key_000000000000', credits: 1 });
    expect(one(poor)).toThrow(/credits/i);
    const rich = await addonWithKey(mock);
    expect(one(rich, 'private-zoe')).toThrow(/private/i);
    expect(one(rich, 'missing-zoe')).toThrow(/not found/i);
  });

  it('rate limited after retries, and service errors after retries', async () => {
    const addon = await addonWithKey(mock);
    await mock.control.addFaults([{ kind: 'rate_limit', retryAfterSeconds: 2, count: 10, via: 'header' }]);
    expect(one(addon, 'rl')).toThrow(/^The service is rate limiting requests \(429\); try again in \d+ s\.$/);
    await mock.control.clearFaults();
    await mock.control.addFaults([{ kind: 'status', status: 503, count: 10 }]);
    expect(one(addon, 'se')).toThrow(new Error('The service is temporarily unavailable (503); try again later.'));
    await mock.control.clearFaults();
    await mock.control.addFaults([{ kind: 'status', status: 500, count: 2 }]);
    expect(formula(addon, 'SCRAPE_PROFILE', [url('recovers'), 'name'])).toEqual([[expect.any(String)]]);
  });
});

describe('the 30-second budget', () => {
  const NETWORK = /\/api\/enrich\/network\?/;
  const NOT_FETCHED =
    '#ERROR: Not fetched within the 30 seconds a formula may run; recalculate to fetch the rest (fetched rows are cached).';
  /** The profile (slug) of each ENRICH_PROFILE request the mock received. */
  const requested = async () =>
    (await apiRequests('/api/enrich/network')).map((entry) => slugOf(entry.query.network_url));

  it('returns what it fetched in time, says how to get the rest, and a recalculation fills them', async () => {
    // Fake time moves only as the test moves it, so the call's length is exactly its batches'.
    const addon = await addonWithKey(mock, { clock: 'virtual' });
    // Every batch takes 9 s of fake time: two fit before no batch may start (8 s before the 30 s), a third does not.
    slowRequests(addon.env, NETWORK, 9_000);
    const distinct = Array.from({ length: 110 }, (_, i) => url(`budget-${i}`));
    // Ten of them twice, written differently: still one request each.
    const input = [
      ...distinct,
      ...distinct.slice(0, 10).map((u) => u.replace('https://www.', 'http://').toUpperCase()),
    ].map((u) => [u]);
    const startedAt = addon.env.clock.now();
    const first = formula(addon, 'ENRICH_PROFILE', [input, 'network_url']) as Rows;
    expect(addon.env.clock.now() - startedAt).toBe(18_000);
    expect(first).toHaveLength(120);
    const firstRequests = await requested();
    // A fresh document's batches start at 10 and double: the first 30 profiles were fetched, the other 80 are late.
    expect(firstRequests).toEqual(distinct.slice(0, 30).map(slugOf));
    const lateRows = first.flatMap((row, i) => (row[0] === NOT_FETCHED ? [i] : []));
    expect(lateRows.map((i) => slugOf(input[i][0])).sort()).toEqual(
      distinct
        .map(slugOf)
        .filter((slug) => !firstRequests.includes(slug))
        .sort(),
    );
    expect(first.filter((row) => String(row[0]).startsWith('#ERROR'))).toHaveLength(lateRows.length);

    await mock.control.clearLog();
    const second = formula(addon, 'ENRICH_PROFILE', [input, 'network_url']) as Rows;
    expect(second.filter((row) => String(row[0]).startsWith('#ERROR'))).toHaveLength(0);
    expect(second.map((row) => slugOf(row[0]))).toEqual(input.map(([u]) => slugOf(u)));
    // The recalculation asked only for the rows that were late: the answers of the batches that completed were cached.
    const secondRequests = await requested();
    expect(secondRequests.sort()).toEqual(lateRows.map((i) => slugOf(input[i][0])).sort());
    // In all: one request per distinct profile, none twice.
    const all = [...firstRequests, ...secondRequests];
    expect(all).toHaveLength(110);
    expect(new Set(all).size).toBe(110);
  });

  it('keeps the batches answered before Sheets ends a formula at 30 s', async () => {
    const addon = await addonWithKey(mock);
    // The first batch takes 9 s, the second (started at 9 s, as there seemed time for it) 25 s: Sheets ends the
    // execution at 30 s, while the formula is still running.
    slowRequests(addon.env, NETWORK, (nth) => (nth === 2 ? 25_000 : 9_000));
    const input = Array.from({ length: 110 }, (_, i) => [url(`killed-${i}`)]);
    expect(() => formula(addon, 'ENRICH_PROFILE', [input, 'network_url'])).toThrow('Exceeded maximum execution time');
    const killedCall = await requested();
    // The batches of 10 and 20 reached the service; the execution ended while the second was still in flight.
    expect(killedCall).toEqual(input.slice(0, 30).map(([u]) => slugOf(u)));

    await mock.control.clearLog();
    // Recalculated until every row is in (each recalculation fetches what fits in its 30 s).
    let late = input.length;
    for (let recalculation = 1; late > 0 && recalculation <= 3; recalculation++) {
      const again = formula(addon, 'ENRICH_PROFILE', [input, 'network_url']) as Rows;
      late = again.filter((row) => String(row[0]).startsWith('#ERROR')).length;
    }
    expect(late).toBe(0);
    // The first batch was cached as it answered: only the lost batch and the rest are asked, each once.
    const asked = await requested();
    expect(new Set(asked).size).toBe(asked.length);
    const cached = killedCall.filter((slug) => !asked.includes(slug));
    expect(cached).toEqual(input.slice(0, 10).map(([u]) => slugOf(u)));
    expect(asked.sort()).toEqual(
      input
        .slice(cached.length)
        .map(([u]) => slugOf(u))
        .sort(),
    );
  });
});

describe('the 6-hour cache', () => {
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;

  it('answers the same formula from the cache for 6 hours, then asks the service again', async () => {
    const addon = await addonWithKey(mock);
    const recalculate = () => formula(addon, 'SCRAPE_PROFILE', [url('six-hours'), 'name, headline']);
    const first = recalculate();
    expect(await apiRequests()).toHaveLength(1);

    addon.env.clock.advance(5 * HOUR + 59 * MINUTE);
    expect(recalculate()).toEqual(first);
    expect(await apiRequests()).toHaveLength(1);

    addon.env.clock.advance(2 * MINUTE); // 6 h 01 min after the answer was cached
    expect(recalculate()).toEqual(first);
    expect(await apiRequests('/api/enrich/scrape')).toHaveLength(2);
  });
});
