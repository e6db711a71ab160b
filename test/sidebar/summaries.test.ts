// Rules shared by jobs and runs: folding a fresh answer into the list, whether anything the user sees moved, how far
// a bar goes, counts in words and when work started.
import { count, listChanged, mergeNewest, progressOf, startedText, type Timed } from '../../src/sidebar/summaries';

interface Item extends Timed {
  id: string;
  status: string;
}

const at = (minute: number) => `2025-06-02T09:${String(minute).padStart(2, '0')}:00.000Z`;
const item = (id: string, created: number, updated: number, status = 'running'): Item => ({
  id,
  status,
  createdAt: at(created),
  updatedAt: at(updated),
});
const merge = (current: Item[], incoming: Item[]) => mergeNewest(current, incoming, (entry) => entry.id);

test('the merged list is newest first and keeps items the answer left out', () => {
  const merged = merge([item('old', 1, 1), item('mid', 3, 3)], [item('new', 5, 5)]);
  expect(merged.map((entry) => entry.id)).toEqual(['new', 'mid', 'old']);
});

test('an answer older than the item held is ignored; one as new or newer replaces it', () => {
  const held = item('a', 1, 5, 'cancelled');
  expect(merge([held], [item('a', 1, 4)])[0]).toBe(held);
  const sameTime = item('a', 1, 5, 'completed');
  expect(merge([held], [sameTime])[0]).toBe(sameTime);
});

test('an unreadable time sorts as the oldest', () => {
  const unreadable = { ...item('x', 0, 0), createdAt: 'not a time' };
  expect(merge([unreadable], [item('y', 1, 1)]).map((entry) => entry.id)).toEqual(['y', 'x']);
});

test('a new updatedAt alone is no change; any other field, an added or a removed item is', () => {
  const before = [item('a', 1, 1)];
  expect(listChanged(before, [item('a', 1, 9)])).toBe(false);
  expect(listChanged(before, [item('a', 1, 1, 'completed')])).toBe(true);
  expect(listChanged(before, [...before, item('b', 2, 2)])).toBe(true);
  expect(listChanged(before, [])).toBe(true);
});

test('a bar: the part done while running, full once completed, what was reached once ended', () => {
  expect(progressOf(3, 10, 'running')).toEqual({ value: 3, max: 10 });
  expect(progressOf(0, 0, 'running')).toBe('indeterminate');
  expect(progressOf(3, 10, 'completed')).toEqual({ value: 10, max: 10 });
  expect(progressOf(0, 0, 'completed')).toEqual({ value: 1, max: 1 });
  expect(progressOf(4, 10, 'ended')).toEqual({ value: 4, max: 10 });
  expect(progressOf(0, 0, 'ended')).toEqual({ value: 0, max: 1 });
});

test('a bar never runs past its maximum, however the counts disagree', () => {
  for (const state of ['running', 'completed', 'ended'] as const) {
    const bar = progressOf(12, 10, state);
    expect(bar).not.toBe('indeterminate');
    if (bar !== 'indeterminate') expect(bar.value).toBeLessThanOrEqual(bar.max);
  }
});

test('counts take the singular for one only, and thousands separators', () => {
  expect([0, 1, 2].map((n) => count(n, 'row'))).toEqual(['0 rows', '1 row', '2 rows']);
  expect(count(1_234_567, 'credit')).toBe('1,234,567 credits');
  expect(count(2, 'entry', 'entries')).toBe('2 entries');
});

describe('when work started', () => {
  const now = new Date(2025, 5, 2, 18, 0);
  const today = startedText(new Date(2025, 5, 2, 14, 5).toISOString(), now);
  const earlier = startedText(new Date(2025, 4, 30, 14, 5).toISOString(), now);

  it('today: the clock time only', () => {
    expect(today).toMatch(/^Started \D*\d{1,2}\D05\b/);
    expect(today).not.toContain(',');
  });

  it('before today: the day, then the same clock time', () => {
    expect(earlier).toMatch(/^Started .*30.*, /);
    expect(earlier.endsWith(`, ${today.slice('Started '.length)}`)).toBe(true);
  });

  it('nothing when the time cannot be read', () => {
    expect(startedText('garbage', now)).toBe('');
  });
});
