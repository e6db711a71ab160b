import { isNetworkError, type HttpOutcome } from '../../src/core/ports';

test('an outcome without an HTTP answer is a network error, whatever else it carries', () => {
  expect(isNetworkError({ networkError: 'Connection reset' })).toBe(true);
  expect(isNetworkError({ networkError: '', dailyQuota: true })).toBe(true);
});

test('any HTTP answer, an error status included, is not a network error', () => {
  const answers: HttpOutcome[] = [
    { status: 200, headers: {}, body: '{}' },
    { status: 503, headers: { 'retry-after': '2' }, body: '' },
  ];
  for (const answer of answers) expect(isNetworkError(answer)).toBe(false);
});
