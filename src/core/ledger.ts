// The add-on's own record of credits spent in a document, by UTC day and month: by the document's formulas (which
// bill the spreadsheet owner's key) and by each user's own sidebar work. A spender's record holds only its current
// day and month, so it stays a few dozen bytes however long the document lives; an older day or month is simply
// replaced when the next spend comes.
import type { UsageView } from './contract';

/** What one spender spent in the current day and month. */
export interface Spend {
  /** YYYY-MM-DD (UTC) */
  day: string;
  today: number;
  /** YYYY-MM (UTC) */
  month: string;
  thisMonth: number;
}

export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

export function utcMonth(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 7);
}

/** The record as stored, read as of `now`: a past day or month counts 0; a damaged record counts as none. */
export function spendAsOf(stored: string | null | undefined, now: number): Spend {
  const day = utcDay(now);
  const month = utcMonth(now);
  const record = parseSpend(stored);
  return {
    day,
    today: record !== null && record.day === day ? record.today : 0,
    month,
    thisMonth: record !== null && record.month === month ? record.thisMonth : 0,
  };
}

/** The stored record after spending `credits` (negative to give back a reservation) at `now`. */
export function addSpend(stored: string | null | undefined, credits: number, now: number): string {
  const spend = spendAsOf(stored, now);
  const record: Spend = {
    ...spend,
    today: Math.max(0, spend.today + credits),
    thisMonth: Math.max(0, spend.thisMonth + credits),
  };
  return JSON.stringify(record);
}

/** How much of `wanted` a daily budget still allows today; everything without a budget. */
export function affordable(spend: Spend, budget: number | null, wanted: number): number {
  return budget === null ? wanted : Math.max(0, Math.min(wanted, budget - spend.today));
}

export function usageView(formulas: Spend, mine: Spend, formulaBudget: number | null): UsageView {
  return {
    day: formulas.day,
    month: formulas.month,
    formulas: { today: formulas.today, month: formulas.thisMonth },
    mine: { today: mine.today, month: mine.thisMonth },
    formulaBudget,
  };
}

function parseSpend(stored: string | null | undefined): Spend | null {
  if (stored === null || stored === undefined) return null;
  try {
    const value = JSON.parse(stored) as Partial<Spend>;
    const { day, today, month, thisMonth } = value ?? {};
    const count = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
    return typeof day === 'string' && typeof month === 'string' && count(today) && count(thisMonth)
      ? { day, today, month, thisMonth }
      : null;
  } catch {
    return null;
  }
}
