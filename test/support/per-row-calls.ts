// The per-row calls (scrape, profile record, contact lookup) as the formulas and enrichment runs make them: the cell
// normalised by the matching formula's own rule (bad input answers invalid_input and sends nothing), then the fetch
// spec's operation. The client has no per-row methods: in the add-on these calls only go out in the fetch engine's
// batches; the tests send them alone or in batches of their own through execute.
import type { ApiClient } from '../../src/core/api/client';
import type { ApiResult } from '../../src/core/api/errors';
import type { ExecuteOptions } from '../../src/core/api/execute';
import type { ApiEndpoint, Prepared } from '../../src/core/api/operations';
import type { ContactLookupResponse, ProfileRecord, ScrapedProfile } from '../../src/core/api/types';
import type { FetchSpec } from '../../src/core/fetch/specs';
import { enrichProfileLookup, findContactsLookup, scrapeProfileLookup } from '../../src/core/formulas/lookups';
import type { InputResult } from '../../src/core/input';

interface PerRowLookup<T> {
  normalize(cell: unknown): InputResult<string>;
  fetch: FetchSpec<T>;
}

function prepareCell<T>(lookup: PerRowLookup<T>, endpoint: ApiEndpoint, cell: unknown): Prepared<T> {
  const normalized = lookup.normalize(cell);
  return normalized.ok ? lookup.fetch.prepare(endpoint, normalized.value) : normalized;
}

export function prepareScrapeCell(endpoint: ApiEndpoint, profileUrl: unknown): Prepared<ScrapedProfile> {
  return prepareCell(scrapeProfileLookup, endpoint, profileUrl);
}

export function prepareProfileRecordCell(endpoint: ApiEndpoint, profileUrl: unknown): Prepared<ProfileRecord> {
  return prepareCell(enrichProfileLookup, endpoint, profileUrl);
}

/** `lookup` as a FIND_CONTACTS cell holds it: a profile URL, an email address or a phone number. */
export function prepareContactLookupCell(endpoint: ApiEndpoint, lookup: unknown): Prepared<ContactLookupResponse> {
  return prepareCell(findContactsLookup, endpoint, lookup);
}

export function scrapeOnce(
  client: ApiClient,
  profileUrl: unknown,
  options?: ExecuteOptions,
): ApiResult<ScrapedProfile> {
  return client.execute([prepareScrapeCell(client.endpoint, profileUrl)], options)[0];
}

export function profileRecordOnce(
  client: ApiClient,
  profileUrl: unknown,
  options?: ExecuteOptions,
): ApiResult<ProfileRecord> {
  return client.execute([prepareProfileRecordCell(client.endpoint, profileUrl)], options)[0];
}

export function findContactsOnce(
  client: ApiClient,
  lookup: unknown,
  options?: ExecuteOptions,
): ApiResult<ContactLookupResponse> {
  return client.execute([prepareContactLookupCell(client.endpoint, lookup)], options)[0];
}
