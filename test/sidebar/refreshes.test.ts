// What a card says about refreshing: which runs can be refreshed, the latest refresh's outcome with its kinds in a
// fixed order, the schedule in one line, and a refresh preview's prices (both for economy) and time.
import type { EnrichmentPreview, RunSummary } from '../../src/core/contract';
import {
  canRefresh,
  creditRangeText,
  ECONOMY_CAVEAT,
  refreshCost,
  refreshCostLines,
  refreshOutcomeText,
  scheduleText,
  whenText,
} from '../../src/sidebar/refreshes';
import { durationText } from '../../src/sidebar/runs';
import { fakeRun } from '../browser/fake-server';

const run = (fields: Partial<RunSummary> = {}) => fakeRun({ runId: 'r', status: 'completed', ...fields });

test('finished runs can be refreshed (a cancelled one only with rows done); running, paused and others’ cannot', () => {
  expect(canRefresh(run())).toBe(true);
  expect(canRefresh(run({ status: 'error', done: 0 }))).toBe(true);
  expect(canRefresh(run({ status: 'cancelled', done: 3 }))).toBe(true);
  expect(canRefresh(run({ status: 'cancelled', done: 0 }))).toBe(false);
  expect(canRefresh(run({ status: 'running' }))).toBe(false);
  expect(canRefresh(run({ status: 'paused' }))).toBe(false);
  expect(canRefresh(run({ mine: false }))).toBe(false);
});

test('the outcome lists the kinds in a fixed order whatever order they come in, with thousands separators', () => {
  const changesByKind = { changed: 1_200, 'profile gone': 2, 'new phone': 1, 'new title': 9, 'new employer': 17 };
  expect(refreshOutcomeText(run({ refreshed: 81_200, changes: 1_229, changesByKind }))).toBe(
    '81,200 rows refreshed · 1,229 changed: 17 new employer, 9 new title, 1 new phone, 2 profile gone, 1,200 changed',
  );
  expect(refreshOutcomeText(run({ refreshed: 1, changes: 0 }))).toBe('1 row refreshed · no changes');
  expect(refreshOutcomeText(run({ refreshed: 0 }))).toBe('');
});

test('a time reads as weekday, day, month and clock in the user’s zone', () => {
  expect(whenText(new Date(2026, 10, 30, 9, 5).toISOString())).toBe('Mon 30 Nov, 09:05');
  expect(whenText(new Date(2027, 0, 2, 23, 0).toISOString())).toBe('Sat 2 Jan, 23:00');
  expect(whenText('not a time')).toBe('');
});

test('a schedule in one line; 0 days reads as all rows', () => {
  const nextAt = new Date(2026, 10, 30, 9, 0).toISOString();
  const schedule = { every: 'week' as const, olderThanDays: 7, maxCredits: 500, nextAt, lastOutcome: null };
  expect(scheduleText(schedule)).toBe(
    'Refreshes every week · rows older than 7 days · at most 500 credits · next Mon 30 Nov, 09:00',
  );
  expect(scheduleText({ ...schedule, every: 'month', olderThanDays: 0, maxCredits: 1, nextAt: '' })).toBe(
    'Refreshes every month · all rows · at most 1 credit',
  );
});

const preview = (fields: Partial<EnrichmentPreview>): EnrichmentPreview => ({
  rows: 20,
  blank: 0,
  invalid: 0,
  duplicates: 0,
  cached: 0,
  alreadyDone: 8,
  toFetch: 12,
  credits: 24,
  estimatedSeconds: 150,
  columns: [],
  outputA1: 'B1:F21',
  invalidSamples: [],
  ...fields,
});

test('a full refresh costs its preview’s credits; economy shows the full price and its range, and what it may miss', () => {
  const full = refreshCost(preview({ refresh: { rows: 12, credits: 24 } }), run());
  expect(full).toEqual({ rows: 12, fullCredits: 24, economy: null, maxCredits: 24, seconds: 150 });
  expect(refreshCostLines(full)).toEqual([`12 rows to refresh · ${durationText(150)}`, 'Full refresh: 24 credits']);

  const economy = refreshCost(
    preview({ credits: 36, refresh: { rows: 12, credits: 36, economyCredits: [12, 36] } }),
    run({ operation: 'scrape' }),
  );
  // A full scrape of 12 rows is 12 × 2 credits, whatever the economy figures are.
  expect(economy).toEqual({ rows: 12, fullCredits: 24, economy: [12, 36], maxCredits: 36, seconds: 150 });
  expect(refreshCostLines(economy)).toEqual([
    `12 rows to refresh · ${durationText(150)}`,
    'Full refresh: 24 credits',
    'Economy: 12–36 credits',
    ECONOMY_CAVEAT,
  ]);
  expect(refreshCostLines({ ...economy, rows: 0 })).toEqual(['No rows are due: every row was checked more recently.']);
});

test('a credit range collapses when both ends agree', () => {
  expect(creditRangeText([1_000, 3_000])).toBe('1,000–3,000 credits');
  expect(creditRangeText([1, 1])).toBe('1 credit');
});
