// Everything a formula needs, as ports, so the formulas run the same in Apps Script and in unit tests.
import { ApiClient } from '../api/client';
import { ownerHasNoKeyError } from '../api/errors';
import type { FetchContext } from '../fetch/engine';
import { FormulaError } from './args';

/** Sheets stops a custom function after 30 s; answers must be in hand a little before. */
export const FORMULA_TIME_LIMIT_MS = 30_000;
const SAFETY_MARGIN_MS = 4_000;

export interface FormulaContext extends FetchContext {
  /** When this execution began (epoch ms). */
  startedAt: number;
}

export function deadlineOf(context: FormulaContext): number {
  return context.startedAt + FORMULA_TIME_LIMIT_MS - SAFETY_MARGIN_MS;
}

/** No key is an error before anything is sent. */
export function requireKey(context: FormulaContext): string {
  const { apiKey } = context.settings;
  if (apiKey === null) throw new FormulaError(ownerHasNoKeyError().message);
  return apiKey;
}

/** The client for the settings' key. */
export function clientFor(context: FormulaContext): ApiClient {
  const apiKey = requireKey(context);
  return new ApiClient({ http: context.http, clock: context.clock, apiKey, baseUrl: context.settings.baseUrl });
}
