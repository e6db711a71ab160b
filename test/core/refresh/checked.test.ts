import { sheetsMayParse } from '../../../src/core/cells';
import {
  checkedCell,
  checkedHeaderOf,
  checkedText,
  olderThanDaysProblem,
  parseChecked,
  staleRows,
  statusHeaderOf,
} from '../../../src/core/refresh/checked';

const at = (iso: string) => Date.parse(iso);
const DAY = 86_400_000;

describe('headers', () => {
  it.each([
    ['scrape', 'sheet-enrich scrape checked', 'sheet-enrich scrape status'],
    ['profile', 'sheet-enrich profile checked', 'sheet-enrich profile status'],
    ['contacts', 'sheet-enrich contacts checked', 'sheet-enrich contacts status'],
  ] as const)('%s', (operation, checked, status) => {
    expect(checkedHeaderOf(operation)).toBe(checked);
    expect(statusHeaderOf(operation)).toBe(status);
  });
});

describe('checked text', () => {
  it('is ISO 8601 UTC to the second, milliseconds dropped, never rounded up', () => {
    expect(checkedText(at('2026-11-27T20:07:07.999Z'))).toBe('2026-11-27T20:07:07Z');
    expect(checkedText(at('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05Z');
  });

  it('is text Sheets could parse, so the writer writes it literally', () => {
    expect(sheetsMayParse(checkedText(at('2026-11-27T20:07:07Z')))).toBe(true);
  });

  it('reads back to the second it stands for', () => {
    const fetchedAt = at('2026-11-27T20:07:07.450Z');
    expect(parseChecked(checkedText(fetchedAt))).toBe(at('2026-11-27T20:07:07Z'));
  });

  it('is given to fetched rows only', () => {
    const fetchedAt = at('2026-11-27T20:07:07Z');
    for (const status of ['OK', 'NOT FOUND', 'PRIVATE'])
      expect(checkedCell(status, fetchedAt)).toBe('2026-11-27T20:07:07Z');
    for (const status of ['INVALID: "x" is not a profile URL.', 'ERROR: The service failed.', '', null]) {
      expect(checkedCell(status, fetchedAt)).toBe('');
    }
  });
});

describe('parsing a checked cell', () => {
  it('takes a Date a user typed as the instant it holds', () => {
    const typed = new Date(at('2026-03-04T09:00:00Z'));
    expect(parseChecked(typed)).toBe(typed.getTime());
  });

  it('tolerates milliseconds and surrounding spaces', () => {
    expect(parseChecked(' 2026-11-27T20:07:07.123Z ')).toBe(at('2026-11-27T20:07:07.000Z'));
  });

  it.each([
    ['blank', ''],
    ['null', null],
    ['a number', 46000],
    ['an invalid Date', new Date(NaN)],
    ['an impossible day', '2026-02-30T10:00:00Z'],
    ['an impossible hour', '2026-02-10T24:00:00Z'],
    ['a date without time', '2026-02-10'],
    ['a time without zone', '2026-02-10T10:00:00'],
    ['words', 'last week'],
  ])('%s is never checked', (_, cell) => {
    expect(parseChecked(cell)).toBeNull();
  });
});

describe('stale rows', () => {
  const now = at('2026-11-27T12:00:00Z');
  const daysAgo = (days: number) => checkedText(now - days * DAY);

  it('are the done rows checked before now − olderThanDays, oldest first', () => {
    const statuses = ['OK', 'NOT FOUND', 'PRIVATE', 'OK', 'OK'];
    const checked = [daysAgo(10), daysAgo(40), daysAgo(31), daysAgo(29), daysAgo(30)];
    expect(staleRows(statuses, checked, now, 30)).toEqual([1, 2]);
  });

  it('counts a done row without a readable checked time as the oldest of all', () => {
    const statuses = ['OK', 'OK', 'OK', 'OK'];
    const checked = [daysAgo(50), '', 'garbage', daysAgo(60)];
    expect(staleRows(statuses, checked, now, 7)).toEqual([1, 2, 3, 0]);
  });

  it('with 0 days takes every done row checked before the refresh started', () => {
    const statuses = ['OK', 'OK', 'PRIVATE'];
    const checked = [daysAgo(0.001), daysAgo(365), checkedText(now - 1000)];
    expect(staleRows(statuses, checked, now, 0)).toEqual([1, 0, 2]);
  });

  it('asked again during the refresh, leaves out the rows it has fetched since it started', () => {
    const startedAt = at('2026-11-27T12:00:00.700Z');
    const statuses = ['OK', 'NOT FOUND', 'OK', 'OK'];
    const before = [daysAgo(3), daysAgo(2), daysAgo(1), daysAgo(40)];
    expect(staleRows(statuses, before, startedAt, 0)).toEqual([3, 0, 1, 2]);
    // Rows 3 and 0 fetched again, the first in the refresh's first second (dated 12:00:00, before startedAt).
    const during = [checkedText(startedAt + 100), daysAgo(2), daysAgo(1), checkedText(startedAt + 5_000)];
    expect(staleRows(statuses, during, startedAt, 0)).toEqual([1, 2]);
    expect(staleRows(statuses, during, startedAt, 30)).toEqual([]);
  });

  it('leaves rows that were not fetched to the plain run', () => {
    const statuses = ['INVALID: "x" is not a profile URL.', 'ERROR: The service failed.', '', 'OK'];
    expect(staleRows(statuses, ['', '', '', ''], now, 0)).toEqual([3]);
  });

  it('keeps row order between rows checked at the same time', () => {
    const statuses = ['OK', 'OK', 'OK'];
    const same = daysAgo(100);
    expect(staleRows(statuses, [same, same, same], now, 1)).toEqual([0, 1, 2]);
  });
});

describe('olderThanDays', () => {
  it.each([0, 1, 365])('accepts %p', (days) => expect(olderThanDaysProblem(days)).toBeNull());
  it.each([-1, 1.5, '7', NaN, Infinity, null])('refuses %p in one sentence', (days) => {
    expect(olderThanDaysProblem(days)).toMatch(/^[A-Z][^.]*\.$/);
  });
});
