// Everything a formula needs, as ports, so the formulas run the same in Apps Script and in unit tests.
import { ApiClient } from '../api/client';
import { noKeyError } from '../api/errors';
import type { Cache, Clock, Hash, Http } from '../ports';
import type { Settings } from '../settings';
import { FormulaError } from './args';

/** Sheets stops a custom function after 30 s; answers must be in hand a little before. */
export const FORMULA_TIME_LIMIT_MS = 30_000;
const SAFETY_MARGIN_MS = 4_000;

export interface FormulaContext {
  settings: Settings;
  http: Http;
  clock: Clock;
  cache: Cache;
  hash: Hash;
  /** When this execution began (epoch ms). */
  startedAt: number;
}

export function deadlineOf(context: FormulaContext): number {
  return context.startedAt + FORMULA_TIME_LIMIT_MS - SAFETY_MARGIN_MS;
}

/** The client for the settings' key; no key is an error before anything is sent. */
export function clientFor(context: FormulaContext): ApiClient {
  const { apiKey, baseUrl } = context.settings;
  if (apiKey === null) throw new FormulaError(noKeyError().message);
  return new ApiClient({ http: context.http, clock: context.clock, apiKey, baseUrl });
}
