import { addSpend, affordable, spendAsOf, usageView } from '../../src/core/ledger';

const at = (iso: string) => Date.parse(iso);

describe('the credits ledger', () => {
  it('adds spend by UTC day and month, and starts again on a new day and a new month', () => {
    let record = addSpend(null, 3, at('2025-03-31T22:00:00Z'));
    record = addSpend(record, 4, at('2025-03-31T23:59:59Z'));
    expect(spendAsOf(record, at('2025-03-31T23:59:59Z'))).toEqual({
      day: '2025-03-31',
      today: 7,
      month: '2025-03',
      thisMonth: 7,
    });
    expect(spendAsOf(record, at('2025-04-01T00:00:00Z'))).toMatchObject({ today: 0, thisMonth: 0 });
    record = addSpend(record, 2, at('2025-04-01T00:30:00Z'));
    record = addSpend(record, 5, at('2025-04-02T08:00:00Z'));
    expect(spendAsOf(record, at('2025-04-02T09:00:00Z'))).toMatchObject({ today: 5, thisMonth: 7 });
  });

  it('stays one small record however long the document lives', () => {
    let record: string | null = null;
    for (let day = 0; day < 400; day++) record = addSpend(record, 1_000, Date.UTC(2025, 0, 1) + day * 86_400_000);
    // Day 399 is 2026-02-04: only that day and the four days of its month are left.
    expect(record).toBe(JSON.stringify({ day: '2026-02-04', today: 1_000, month: '2026-02', thisMonth: 4_000 }));
  });

  it('gives back a reservation, never below zero', () => {
    const now = at('2025-05-05T12:00:00Z');
    const reserved = addSpend(null, 20, now);
    expect(spendAsOf(addSpend(reserved, -12, now), now).today).toBe(8);
    expect(spendAsOf(addSpend(reserved, -50, now), now).today).toBe(0);
  });

  it('reads a damaged record as no spend', () => {
    const now = at('2025-05-05T12:00:00Z');
    expect(spendAsOf('{"day": 5}', now).today).toBe(0);
    expect(spendAsOf('not json', now).thisMonth).toBe(0);
  });

  it("allows what is left of the day's budget, and everything without one", () => {
    const spend = spendAsOf(addSpend(null, 90, 0), 0);
    expect(affordable(spend, 100, 30)).toBe(10);
    expect(affordable(spend, 50, 30)).toBe(0);
    expect(affordable(spend, null, 30)).toBe(30);
  });

  it('shows the formulas and the caller by day and month', () => {
    const now = at('2025-05-05T12:00:00Z');
    expect(usageView(spendAsOf(addSpend(null, 4, now), now), spendAsOf(null, now), 50)).toEqual({
      day: '2025-05-05',
      month: '2025-05',
      formulas: { today: 4, month: 4 },
      mine: { today: 0, month: 0 },
      formulaBudget: 50,
    });
  });
});
