// A run's refresh schedule: every week or month, rows older than some days, within a cap of credits. Due refreshes
// are started by the one background trigger, so a refresh starts at the first trigger at or after its time.
import type { RefreshEvery, RefreshSchedule } from '../contract';
import { checkedText, olderThanDaysProblem } from './checked';

export type ScheduleResult = { ok: true; schedule: RefreshSchedule | null } | { ok: false; message: string };

const EVERY: readonly RefreshEvery[] = ['week', 'month'];
const WEEK_MS = 7 * 86_400_000;

/** A schedule from the sidebar, or null to stop refreshing; anything else is refused with one sentence. */
export function readSchedule(value: unknown): ScheduleResult {
  if (value === null || value === undefined) return { ok: true, schedule: null };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, message: 'Give a schedule such as {every: "week", olderThanDays: 7, maxCredits: 500}.' };
  }
  const { every, olderThanDays, maxCredits } = value as Partial<Record<keyof RefreshSchedule, unknown>>;
  const found = EVERY.find((known) => known === every);
  if (found === undefined) return { ok: false, message: 'Refresh every "week" or every "month".' };
  const daysProblem = olderThanDaysProblem(olderThanDays);
  if (daysProblem !== null) return { ok: false, message: daysProblem };
  if (typeof maxCredits !== 'number' || !Number.isSafeInteger(maxCredits) || maxCredits < 1) {
    return { ok: false, message: 'Cap each refresh at a whole number of credits, 1 or more.' };
  }
  return { ok: true, schedule: { every: found, olderThanDays: olderThanDays as number, maxCredits } };
}

/**
 * When the refresh after `lastAt` (epoch ms; the last refresh, or when the schedule was set) is due: a week later,
 * or the same day and time of the next month (UTC), on its last day when it is shorter (31 January → 28 February).
 */
export function nextAt(schedule: Pick<RefreshSchedule, 'every'>, lastAt: number): number {
  if (schedule.every === 'week') return lastAt + WEEK_MS;
  const last = new Date(lastAt);
  const [year, month] = [last.getUTCFullYear(), last.getUTCMonth() + 1];
  const daysInNext = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(lastAt);
  next.setUTCFullYear(year, month, Math.min(last.getUTCDate(), daysInNext));
  return next.getTime();
}

/** The schedule as a run's summary shows it. */
export interface ScheduleSummary extends RefreshSchedule {
  /** ISO 8601 UTC, seconds. */
  nextAt: string;
}

export function scheduleSummary(schedule: RefreshSchedule | null, lastAt: number): ScheduleSummary | null {
  return schedule === null ? null : { ...schedule, nextAt: checkedText(nextAt(schedule, lastAt)) };
}

export function isDue(schedule: Pick<RefreshSchedule, 'every'>, lastAt: number, now: number): boolean {
  return now >= nextAt(schedule, lastAt);
}

export interface CappedRows<T> {
  /** The oldest rows whose credits fit the cap. */
  rows: T[];
  /** Rows left for a later refresh. */
  left: number;
  /** What the cap did, for the run's message; null when every row fits. */
  message: string | null;
}

/** The oldest rows a scheduled refresh may take within maxCredits (rows given oldest first). */
export function fitToCap<T>(rowsOldestFirst: readonly T[], creditsPerRow: number, maxCredits: number): CappedRows<T> {
  const fitting = creditsPerRow <= 0 ? rowsOldestFirst.length : Math.floor(maxCredits / creditsPerRow);
  const rows = rowsOldestFirst.slice(0, Math.max(0, fitting));
  const left = rowsOldestFirst.length - rows.length;
  if (left === 0) return { rows, left, message: null };
  const all = rowsOldestFirst.length * creditsPerRow;
  const taken = rows.length === 0 ? 'none' : `the ${rows.length} oldest`;
  return {
    rows,
    left,
    message:
      `Refreshed ${taken} of ${rowsOldestFirst.length} rows due: all of them would cost ${all} credits, ` +
      `more than the schedule's cap of ${maxCredits}.`,
  };
}
