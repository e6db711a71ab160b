// The checked column of a living list: beside each operation's status column, when each fetched row's answer was
// fetched (ISO 8601 UTC text, seconds). A refresh reads it back to find the rows due again.
import type { EnrichOperation } from '../contract';
import { isFinal, statusKind } from '../enrichment/status';

const DAY_MS = 86_400_000;

/** The status column of an operation's runs, as the living-lists contract names it. */
export function statusHeaderOf(operation: EnrichOperation): string {
  return `sheet-enrich ${operation} status`;
}

/** The checked column, written beside the status column of the same operation. */
export function checkedHeaderOf(operation: EnrichOperation): string {
  return `sheet-enrich ${operation} checked`;
}

/** `2026-11-27T20:07:07Z`: a fetch time (epoch ms) as the checked cell holds it, milliseconds dropped. */
export function checkedText(fetchedAt: number): string {
  return new Date(Math.floor(fetchedAt / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The checked cell a settled row gets: its fetch time for a fetched answer (OK, NOT FOUND, PRIVATE), else blank
 * (INVALID, ERROR and blank rows were not fetched). An answer from the cache passes the time it was fetched.
 */
export function checkedCell(status: unknown, fetchedAt: number): string {
  return isFinal(statusKind(status)) ? checkedText(fetchedAt) : '';
}

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,3})?Z$/;

/**
 * A checked cell read back, as epoch ms: our text (milliseconds tolerated), or a Date that Sheets returns for a
 * date the user typed. Anything else, an impossible date included, is null: never checked.
 */
export function parseChecked(cell: unknown): number | null {
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.getTime();
  if (typeof cell !== 'string') return null;
  const match = ISO_TIME.exec(cell.trim());
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  return utcTime(year, month, day, hour, minute, second);
}

/** Epoch ms of a UTC date and time given as read (month 1-12); null when it is no such time (30 February, 24:00). */
export function utcTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number | null {
  const time = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(time);
  // Date.UTC rolls impossible parts over (30 February is 2 March): the parts must come back as given.
  const exact =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return exact ? time : null;
}

/** One sentence when olderThanDays is not a whole number ≥ 0, else null. */
export function olderThanDaysProblem(value: unknown): string | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? null
    : 'Refresh rows older than a whole number of days, 0 or more.';
}

/**
 * The done rows (OK, NOT FOUND, PRIVATE) a refresh started at `startedAt` fetches again: those checked before
 * startedAt − olderThanDays days (for 0, every row checked before the refresh started), and every one without a
 * readable checked time. Indexes into `statuses`, oldest first (never checked first, then by checked time, ties in
 * row order), so a cap on credits keeps the oldest.
 *
 * Asked again later with the same startedAt, it gives the rows still to do: a row this refresh fetched is dated at
 * or after the second it started, so the status and checked columns alone carry a refresh across executions.
 */
export function staleRows(
  statuses: readonly unknown[],
  checkedCells: readonly unknown[],
  startedAt: number,
  olderThanDays: number,
): number[] {
  // In whole seconds, as checked cells are: a row fetched in the refresh's first second is not older than it.
  const cutoff = Math.floor(startedAt / 1000) * 1000 - olderThanDays * DAY_MS;
  const due: Array<{ index: number; checkedAt: number }> = [];
  statuses.forEach((status, index) => {
    if (!isFinal(statusKind(status))) return;
    const checkedAt = parseChecked(checkedCells[index]);
    if (checkedAt === null || checkedAt < cutoff) {
      due.push({ index, checkedAt: checkedAt ?? -Infinity });
    }
  });
  // Array.prototype.sort is stable (ES2019), so equal times keep row order.
  return due.sort((a, b) => a.checkedAt - b.checkedAt || a.index - b.index).map(({ index }) => index);
}
