import { fitToCap, isDue, nextAt, readSchedule, scheduleSummary } from '../../../src/core/refresh/schedule';

const at = (iso: string) => Date.parse(iso);

describe('reading a schedule', () => {
  it('accepts a weekly or monthly schedule, and null to stop', () => {
    expect(readSchedule({ every: 'week', olderThanDays: 7, maxCredits: 500 })).toEqual({
      ok: true,
      schedule: { every: 'week', olderThanDays: 7, maxCredits: 500 },
    });
    expect(readSchedule({ every: 'month', olderThanDays: 0, maxCredits: 1, extra: 1 })).toEqual({
      ok: true,
      schedule: { every: 'month', olderThanDays: 0, maxCredits: 1 },
    });
    expect(readSchedule(null)).toEqual({ ok: true, schedule: null });
  });

  it.each([
    ['not an object', 'weekly'],
    ['a list', ['week']],
    ['an unknown cadence', { every: 'day', olderThanDays: 7, maxCredits: 10 }],
    ['no cadence', { olderThanDays: 7, maxCredits: 10 }],
    ['negative days', { every: 'week', olderThanDays: -1, maxCredits: 10 }],
    ['fractional days', { every: 'week', olderThanDays: 1.5, maxCredits: 10 }],
    ['no cap', { every: 'week', olderThanDays: 7 }],
    ['a zero cap', { every: 'week', olderThanDays: 7, maxCredits: 0 }],
    ['a text cap', { every: 'week', olderThanDays: 7, maxCredits: '100' }],
  ])('refuses %s in one sentence', (_, value) => {
    const result = readSchedule(value);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^[A-Z][^\n]*\.$/);
  });
});

describe('when the next refresh is due', () => {
  it('is a week after the last for a weekly schedule', () => {
    expect(nextAt({ every: 'week' }, at('2026-11-27T20:07:07Z'))).toBe(at('2026-12-04T20:07:07Z'));
  });

  it.each([
    ['2026-11-27T20:07:07Z', '2026-12-27T20:07:07Z'],
    ['2026-12-15T08:00:00Z', '2027-01-15T08:00:00Z'],
    ['2026-01-31T10:00:00Z', '2026-02-28T10:00:00Z'],
    ['2028-01-31T10:00:00Z', '2028-02-29T10:00:00Z'],
    ['2026-03-31T10:00:00Z', '2026-04-30T10:00:00Z'],
  ])('is the same day next month for a monthly schedule: %s → %s', (last, next) => {
    expect(nextAt({ every: 'month' }, at(last))).toBe(at(next));
  });

  it('is due from that time on', () => {
    const last = at('2026-11-01T00:00:00Z');
    expect(isDue({ every: 'week' }, last, at('2026-11-07T23:59:59Z'))).toBe(false);
    expect(isDue({ every: 'week' }, last, at('2026-11-08T00:00:00Z'))).toBe(true);
    expect(isDue({ every: 'month' }, last, at('2026-11-30T00:00:00Z'))).toBe(false);
    expect(isDue({ every: 'month' }, last, at('2026-12-01T00:00:00Z'))).toBe(true);
  });

  it("is shown in the run's summary", () => {
    const schedule = { every: 'week' as const, olderThanDays: 7, maxCredits: 100 };
    expect(scheduleSummary(schedule, at('2026-11-27T20:07:07.500Z'))).toEqual({
      ...schedule,
      nextAt: '2026-12-04T20:07:07Z',
    });
    expect(scheduleSummary(null, 0)).toBeNull();
  });
});

describe('fitting a refresh to its cap', () => {
  const rows = ['oldest', 'older', 'old', 'recent'];

  it('takes every row when all fit', () => {
    expect(fitToCap(rows, 2, 8)).toEqual({ rows, left: 0, message: null });
  });

  it('takes the oldest rows that fit and says so', () => {
    const capped = fitToCap(rows, 2, 5);
    expect(capped.rows).toEqual(['oldest', 'older']);
    expect(capped.left).toBe(2);
    expect(capped.message).toBe(
      "Refreshed the 2 oldest of 4 rows due: all of them would cost 8 credits, more than the schedule's cap of 5.",
    );
  });

  it('takes none when not one row fits', () => {
    const capped = fitToCap(rows, 3, 2);
    expect(capped.rows).toEqual([]);
    expect(capped.message).toMatch(/^Refreshed none of 4 rows due/);
  });
});
