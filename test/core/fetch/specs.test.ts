// The three per-row operations the fetch engine serves: what request a normalized input becomes, which are paced to
// the tier, and what one fetch costs.
import type { Prepared } from '../../../src/core/api/operations';
import { FETCH_SPECS, type FetchSpec } from '../../../src/core/fetch/specs';
import { API_KEY, BASE_URL, queryOf } from '../api/fakes';

const endpoint = { baseUrl: BASE_URL, apiKey: API_KEY };
const profileUrl = 'https://www.network.com/in/ada';

function operationOf<T>(prepared: Prepared<T>) {
  if (!prepared.ok) throw new Error(prepared.error.message);
  return prepared.operation;
}

describe('FETCH_SPECS', () => {
  it('names each spec after the API operation it prepares, so cache keys and costs agree', () => {
    for (const [key, spec] of Object.entries(FETCH_SPECS) as Array<[string, FetchSpec<unknown>]>) {
      const normalized = key === 'contacts' ? JSON.stringify({ network_url: profileUrl }) : profileUrl;
      expect(spec.operation).toBe(key);
      expect(operationOf(spec.prepare(endpoint, normalized)).name).toBe(key);
    }
  });

  it('paces scrapes only: the tier limits scrapes a minute, not the other calls', () => {
    expect(FETCH_SPECS.scrape.paced).toBe(true);
    expect(FETCH_SPECS.profileRecord.paced).toBe(false);
    expect(FETCH_SPECS.contacts.paced).toBe(false);
  });

  it('costs 2 credits a scrape, 1 a profile record and 1 a contact lookup', () => {
    expect(FETCH_SPECS.scrape.creditsPerFetch).toBe(2);
    expect(FETCH_SPECS.profileRecord.creditsPerFetch).toBe(1);
    expect(FETCH_SPECS.contacts.creditsPerFetch).toBe(1);
  });

  it('asks for the profile at the normalized URL', () => {
    const scrape = operationOf(FETCH_SPECS.scrape.prepare(endpoint, profileUrl)).request;
    expect(scrape.url).toMatch(new RegExp(`^${BASE_URL}/api/enrich/scrape\\?`));
    expect(queryOf(scrape)).toEqual({ network_url: profileUrl });
    const record = operationOf(FETCH_SPECS.profileRecord.prepare(endpoint, profileUrl)).request;
    expect(record.url).toMatch(new RegExp(`^${BASE_URL}/api/enrich/network\\?`));
    expect(queryOf(record)).toEqual({ network_url: profileUrl, legacy: 'false' });
  });

  it('reads a contact lookup from its JSON, sending its one parameter by its own name', () => {
    const byPhone = operationOf(FETCH_SPECS.contacts.prepare(endpoint, JSON.stringify({ phone: '+14155550100' })));
    expect(byPhone.request.url).toMatch(new RegExp(`^${BASE_URL}/api/enrich/contacts\\?`));
    expect(queryOf(byPhone.request)).toEqual({ phone: '+14155550100' });
    const byEmail = operationOf(FETCH_SPECS.contacts.prepare(endpoint, JSON.stringify({ email: 'ada@example.com' })));
    expect(queryOf(byEmail.request)).toEqual({ email: 'ada@example.com' });
  });
});
