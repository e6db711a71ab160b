// The three per-row operations the fetch engine serves (the per-row formulas and enrichment runs): how a normalized
// input becomes a request, whether the tier paces it, and what one fetch costs.
import { CREDIT_COSTS } from '../api/credits';
import {
  prepareNormalizedContactLookup,
  prepareNormalizedProfileRecord,
  prepareNormalizedScrape,
  type ApiEndpoint,
  type Prepared,
} from '../api/operations';
import type { ContactLookup, ContactLookupResponse, ProfileRecord, ScrapedProfile } from '../api/types';

export interface FetchSpec<T> {
  /** Names the operation in cache keys: 'scrape', 'profileRecord' or 'contacts'. */
  operation: string;
  /** `normalized` is what the input normalizer gave (see ../input); it is not checked again. */
  prepare(endpoint: ApiEndpoint, normalized: string): Prepared<T>;
  /** Paced to the key's scrape tier (5 / 15 / 150 / 300 a minute). */
  paced: boolean;
  /** Credits one fetch costs (for previews): scrape 2, profile record 1, contacts 1. */
  creditsPerFetch: number;
}

export const FETCH_SPECS: {
  scrape: FetchSpec<ScrapedProfile>;
  profileRecord: FetchSpec<ProfileRecord>;
  /** The normalized input is the JSON of a ContactLookup, so an email and a phone never share a cache entry. */
  contacts: FetchSpec<ContactLookupResponse>;
} = {
  scrape: {
    operation: 'scrape',
    prepare: prepareNormalizedScrape,
    paced: true,
    creditsPerFetch: CREDIT_COSTS.scrape.perRequest,
  },
  profileRecord: {
    operation: 'profileRecord',
    prepare: prepareNormalizedProfileRecord,
    paced: false,
    creditsPerFetch: CREDIT_COSTS.profileRecord.perRequest,
  },
  contacts: {
    operation: 'contacts',
    prepare: (endpoint, normalized) =>
      prepareNormalizedContactLookup(endpoint, JSON.parse(normalized) as ContactLookup),
    paced: false,
    creditsPerFetch: CREDIT_COSTS.contacts.perRequest,
  },
};
