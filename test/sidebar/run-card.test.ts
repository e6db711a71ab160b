// Run cards: the bar agrees with the line beside it, the actions follow the status, and sheet text stays text.
import { renderRunCard } from '../../src/sidebar/run-card';
import { runProgressText } from '../../src/sidebar/runs';
import { fakeRun } from '../browser/fake-server';
import { actions, elements, texts, useFakeDocument, type FakeElement } from './fake-document';

const XSS = '</script><img src=x onerror=alert(1)>';
useFakeDocument();

const render = (fields: Parameters<typeof fakeRun>[0]) => renderRunCard(fakeRun(fields)) as unknown as FakeElement;
const bar = (card: FakeElement) => elements(card).find((element) => element.tagName === 'PROGRESS');

test('a running run: rows done of the total, credits of the estimate and the time left; Pause and Cancel', () => {
  const run = fakeRun({
    runId: 'r1',
    total: 500,
    done: 120,
    creditsSpent: 236,
    creditsEstimated: 1000,
    etaSeconds: 400,
  });
  const card = renderRunCard(run) as unknown as FakeElement;
  expect(bar(card)?.getAttribute('value')).toBe('120');
  expect(bar(card)?.getAttribute('max')).toBe('500');
  expect(runProgressText(run)).toBe('120 of 500 rows done · 236 of 1,000 credits · about 7 minutes left');
  expect(texts(card)).toContain(runProgressText(run));
  expect(actions(card)).toEqual(['pause', 'cancel']);
});

test('a paused run offers Resume, Retry when rows failed, and Cancel; a 402 sentence shows', () => {
  const error = 'Out of credits (402): top up your plan, then resume.';
  const card = render({ runId: 'r2', status: 'paused', failed: 2, done: 5, error, etaSeconds: null });
  expect(actions(card)).toEqual(['resume', 'retry', 'cancel']);
  expect(texts(card)).toContain(error);
});

test('a completed run has a full bar; a cancelled one shows what it reached', () => {
  const completed = render({ runId: 'r3', status: 'completed', total: 10, done: 10, ok: 9, failed: 1 });
  expect([bar(completed)?.getAttribute('value'), bar(completed)?.getAttribute('max')]).toEqual(['10', '10']);
  expect(actions(completed)).toEqual(['retry', 'refresh', 'schedule']);
  const cancelled = render({ runId: 'r4', status: 'cancelled', total: 10, done: 4 });
  expect([bar(cancelled)?.getAttribute('value'), bar(cancelled)?.getAttribute('max')]).toEqual(['4', '10']);
  expect(actions(cancelled)).toEqual(['refresh', 'schedule']);
  expect(actions(render({ runId: 'r6', status: 'cancelled', total: 10, done: 0 }))).toEqual([]);
});

test('a refreshed run says what its latest refresh changed, and offers What changed', () => {
  const card = render({
    runId: 'r7',
    status: 'completed',
    refreshed: 812,
    changes: 41,
    changesByKind: { 'new title': 9, changed: 15, 'new employer': 17 },
  });
  expect(texts(card)).toContain('812 rows refreshed · 41 changed: 17 new employer, 9 new title, 15 changed');
  expect(actions(card)).toEqual(['refresh', 'changes', 'schedule']);
  const button = elements(card).find((element) => element.getAttribute('data-action') === 'changes');
  expect(button?.getAttribute('aria-expanded')).toBe('false');
});

test('a scheduled run shows its schedule, the last outcome, Change schedule and Stop', () => {
  const schedule = {
    every: 'week' as const,
    olderThanDays: 7,
    maxCredits: 500,
    nextAt: new Date(2026, 10, 30, 9, 0).toISOString(),
    lastOutcome: 'Refreshed 40 rows.',
  };
  const card = render({ runId: 'r8', status: 'completed', schedule });
  expect(texts(card)).toContain(
    'Refreshes every week · rows older than 7 days · at most 500 credits · next Mon 30 Nov, 09:00',
  );
  expect(texts(card)).toContain('Last scheduled refresh: Refreshed 40 rows.');
  expect(actions(card)).toEqual(['refresh', 'schedule', 'unschedule']);
  expect(texts(card)).toContain('Change schedule…');
});

test('someone else’s finished run cannot be refreshed from this sidebar', () => {
  expect(actions(render({ runId: 'r9', status: 'completed', mine: false }))).toEqual([]);
});

test('sheet names, ranges, messages and errors holding markup are text', () => {
  const card = render({ runId: 'r5', sheetName: XSS, inputA1: XSS, message: XSS, error: XSS });
  expect(new Set(elements(card).map((element) => element.tagName))).not.toContain('IMG');
  expect(texts(card).filter((text) => text.includes(XSS))).toEqual([`Profile scrape · ${XSS}!${XSS}`, XSS, XSS]);
});
