// A FormulaContext over in-memory ports, with a fresh start time for every formula call, and a per-row API that
// answers from the samples.
import { createHash } from 'node:crypto';
import type { Tier } from '../../../src/core/api/types';
import type { FormulaContext } from '../../../src/core/formulas/context';
import type { HttpRequest } from '../../../src/core/ports';
import { API_KEY, BASE_URL, FakeClock, FakeHttp, json, queryOf, type Responder } from '../api/fakes';
import { contactLookup, contactNotFound, profileRecord, scrapedProfile } from '../fields/samples';
import { memoryCache } from '../../support/memory';

export const url = (slug: string) => `https://www.network.com/in/${slug}`;

/**
 * The sample profile (scraped or record) named after the slug, and the sample contacts for any lookup; slugs
 * "missing-…" are 404, and emails at nobody.example find no one.
 */
export function profileApi(request: HttpRequest) {
  const query = queryOf(request);
  if (request.url.includes('/api/enrich/contacts')) {
    return json(200, query.email?.endsWith('@nobody.example') ? contactNotFound : contactLookup);
  }
  const slug = (query.network_url ?? '').split('/in/')[1];
  if (slug.startsWith('missing-')) return json(404, { detail: 'Profile not found.' });
  if (request.url.includes('/api/enrich/network')) return json(200, { ...profileRecord, full_name: slug });
  return json(200, { ...scrapedProfile, profile: { ...scrapedProfile.profile, name: slug } });
}

export function formulaSetup(
  respond: Responder,
  options: { tier?: Tier; batchMs?: number; apiKey?: string | null } = {},
) {
  const clock = new FakeClock();
  const http = new FakeHttp(respond, clock);
  http.batchMs = options.batchMs ?? 300;
  const cache = memoryCache();
  const context = (): FormulaContext => ({
    settings: {
      apiKey: options.apiKey === undefined ? API_KEY : options.apiKey,
      baseUrl: BASE_URL,
      tier: options.tier ?? '3',
      formulaDailyBudget: null,
    },
    http,
    clock,
    cache,
    hash: (text) => createHash('sha256').update(text).digest('hex'),
    startedAt: clock.now(),
  });
  return { clock, http, context };
}
