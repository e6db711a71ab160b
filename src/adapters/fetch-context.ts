// The one place the fetch engine's platform is put together: UrlFetchApp, the system clock, the document cache
// (shared by the people of one spreadsheet), the user's lock for the tier's window (a custom function gets the owner's,
// as with user properties; research polls hold the document lock for a whole poll, so it would stall formulas) and
// SHA-256 in plain TypeScript (hashing each cache key with Utilities.computeDigest would be a service call per row).
// Formulas, enrichment previews, starts and runs use it.
import type { FetchContext } from '../core/fetch/engine';
import type { Settings } from '../core/settings';
import { sha256Hex } from '../core/sha256';
import { documentCache } from './cache';
import { urlFetchHttp } from './http';
import { paceLock, systemClock } from './runtime';

export function fetchContext(settings: Settings): FetchContext {
  return {
    settings,
    http: urlFetchHttp,
    clock: systemClock,
    cache: documentCache(),
    hash: sha256Hex,
    paceLock: paceLock(),
  };
}
