// The refresh part of a run's request, and what its preview says a refresh would fetch and cost.
import type { EnrichOperation } from '../contract';
import { olderThanDaysProblem } from './checked';
import { economyCredits } from './economy';

export interface RefreshRequest {
  olderThanDays: number;
  /** Scrape runs only: ask each row's profile record first, and scrape again only rows it shows changed. */
  economy: boolean;
}

export type RefreshResult = { ok: true; refresh: RefreshRequest | null } | { ok: false; message: string };

/** The request's `refresh`: absent for a plain run, else {olderThanDays, economy?}; refused with one sentence. */
export function readRefresh(value: unknown, operation: EnrichOperation): RefreshResult {
  if (value === null || value === undefined) return { ok: true, refresh: null };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'Give the refresh as {olderThanDays: 30}.' };
  }
  const { olderThanDays, economy } = value as Partial<Record<keyof RefreshRequest, unknown>>;
  const problem = olderThanDaysProblem(olderThanDays);
  if (problem !== null) return { ok: false, message: problem };
  if (economy !== undefined && economy !== null && typeof economy !== 'boolean') {
    return { ok: false, message: 'Economy must be true or false.' };
  }
  if (economy === true && operation !== 'scrape') {
    return { ok: false, message: 'Economy refresh is for scrape runs only.' };
  }
  return { ok: true, refresh: { olderThanDays: olderThanDays as number, economy: economy === true } };
}

export interface RefreshPreview {
  /** Distinct inputs of the rows due again. */
  rows: number;
  /** Fetching each of them again (never from the cache). */
  credits: number;
  /** Economy only: [no row changed, every row changed]. */
  economyCredits?: [number, number];
}

export function refreshPreview(refresh: RefreshRequest, rows: number, creditsPerFetch: number): RefreshPreview {
  const preview: RefreshPreview = { rows, credits: rows * creditsPerFetch };
  if (refresh.economy) preview.economyCredits = economyCredits(rows);
  return preview;
}
