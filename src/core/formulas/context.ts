// Everything a formula needs, as ports, so the formulas run the same in Apps Script and in unit tests.
import { ApiClient } from '../api/client';
import { ownerHasNoKeyError } from '../api/errors';
import type { FetchContext } from '../fetch/engine';
import { UserError } from '../user-error';

/** Sheets stops a custom function after 30 s; answers must be in hand a little before. */
export const FORMULA_TIME_LIMIT_MS = 30_000;
const SAFETY_MARGIN_MS = 4_000;

/** What the formulas of a document spend, counted against the owner's daily budget (see ../ledger). */
export interface FormulaSpending {
  /** Reserves up to `wanted` credits for this call before anything is sent: what it may spend (0 once spent up). */
  reserve(wanted: number): number;
  /** Replaces the reservation with what the call spent. */
  settle(reserved: number, spent: number): void;
  /** True when the last reservation got nothing because the ledger was busy, not because the budget is spent. */
  ledgerBusy(): boolean;
}

export interface FormulaContext extends FetchContext {
  /** When this execution began (epoch ms). */
  startedAt: number;
  /** Absent in tests that neither count nor limit what formulas spend. */
  spending?: FormulaSpending;
}

export function deadlineOf(context: FormulaContext): number {
  return context.startedAt + FORMULA_TIME_LIMIT_MS - SAFETY_MARGIN_MS;
}

/** No key is an error before anything is sent. */
export function requireKey(context: FormulaContext): string {
  const { apiKey } = context.settings;
  if (apiKey === null) throw new UserError(ownerHasNoKeyError().message);
  return apiKey;
}

/** The client for the spreadsheet owner's key (formulas run with the owner's settings); no key is a UserError. */
export function formulaClient(context: FormulaContext): ApiClient {
  const apiKey = requireKey(context);
  return new ApiClient({ http: context.http, clock: context.clock, apiKey, baseUrl: context.settings.baseUrl });
}
