import { CREDIT_COSTS } from '../../../src/core/api/credits';
import { economyCredits } from '../../../src/core/refresh/economy';
import { readRefresh, refreshPreview } from '../../../src/core/refresh/request';

describe('the refresh of a request', () => {
  it('is absent for a plain run', () => {
    expect(readRefresh(undefined, 'scrape')).toEqual({ ok: true, refresh: null });
    expect(readRefresh(null, 'profile')).toEqual({ ok: true, refresh: null });
  });

  it('takes olderThanDays, and economy for scrape runs', () => {
    expect(readRefresh({ olderThanDays: 0 }, 'contacts')).toEqual({
      ok: true,
      refresh: { olderThanDays: 0, economy: false },
    });
    expect(readRefresh({ olderThanDays: 30, economy: true }, 'scrape')).toEqual({
      ok: true,
      refresh: { olderThanDays: 30, economy: true },
    });
  });

  it.each([
    ['not an object', 30, 'scrape'],
    ['no days', {}, 'scrape'],
    ['negative days', { olderThanDays: -3 }, 'scrape'],
    ['days as text', { olderThanDays: '30' }, 'scrape'],
    ['economy as text', { olderThanDays: 30, economy: 'yes' }, 'scrape'],
    ['economy for a profile run', { olderThanDays: 30, economy: true }, 'profile'],
    ['economy for a contacts run', { olderThanDays: 30, economy: true }, 'contacts'],
  ] as const)('refuses %s in one sentence', (_, value, operation) => {
    const result = readRefresh(value, operation);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/^[A-Z][^\n]*\.$/);
  });
});

describe("a refresh's preview", () => {
  const scrapeCredits = CREDIT_COSTS.scrape.perRequest;

  it('counts the rows due and what fetching each again costs', () => {
    expect(refreshPreview({ olderThanDays: 7, economy: false }, 12, scrapeCredits)).toEqual({
      rows: 12,
      credits: 12 * scrapeCredits,
    });
  });

  it('adds the range of an economy refresh', () => {
    expect(refreshPreview({ olderThanDays: 7, economy: true }, 12, scrapeCredits)).toEqual({
      rows: 12,
      credits: 12 * scrapeCredits,
      economyCredits: economyCredits(12),
    });
  });
});
