// A run that needs more web requests than a day's quota says how many days it takes on each kind of account.
import { DAILY_WEB_REQUESTS, dailyQuotaSentence, daysOfQuota } from '../../../src/core/enrichment/daily-quota';

test('a day of either quota covering the requests says nothing', () => {
  expect(dailyQuotaSentence(0)).toBeNull();
  expect(dailyQuotaSentence(DAILY_WEB_REQUESTS.consumer)).toBeNull();
});

test('days are whole days of a full quota, at least one', () => {
  expect(daysOfQuota(1, 20_000)).toBe(1);
  expect(daysOfQuota(20_000, 20_000)).toBe(1);
  expect(daysOfQuota(20_001, 20_000)).toBe(2);
  expect(daysOfQuota(30_000, 20_000)).toBe(2);
  expect(daysOfQuota(250_000, 100_000)).toBe(3);
});

test('30,000 requests take two days on a consumer account and fit in a Workspace day', () => {
  const sentence = dailyQuotaSentence(30_000);
  expect(sentence).toContain('needs 30,000 web requests, more than the 20,000 a day');
  expect(sentence).toContain('consumer account (such as gmail.com), where it takes at least 2 days');
  expect(sentence).toContain('Workspace account (100,000 a day) it fits in a day');
  expect(sentence).toMatch(/shared with your other scripts: when it runs out the run pauses, and Resume/);
});

test('past a Workspace day too, both say how many days', () => {
  const sentence = dailyQuotaSentence(250_001);
  expect(sentence).toContain('where it takes at least 13 days');
  expect(sentence).toContain('(100,000 a day) it takes at least 3 days');
});
