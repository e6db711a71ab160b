// Pure rules about enrichment runs: which runs the open sidebar keeps going, what a card's lines say, and what the
// answer to a pause, resume, retry or cancel says happened (only what the answer shows).
import {
  actionOutcome,
  durationText,
  isOwnRunning,
  isRunFinished,
  mergeRuns,
  runCancelOutcome,
  runOutcomeText,
  runProgress,
  runProgressText,
  runToContinue,
} from '../../src/sidebar/runs';
import type { RunStatus } from '../../src/core/contract';
import { fakeRun } from '../browser/fake-server';

const STATUSES: RunStatus[] = ['running', 'paused', 'completed', 'cancelled', 'error'];

test('completed, cancelled and error runs are finished; running and paused ones are not', () => {
  const finished = STATUSES.filter((status) => isRunFinished(fakeRun({ runId: 'r', status })));
  expect(finished).toEqual(['completed', 'cancelled', 'error']);
});

test('only the user’s own running runs are kept going', () => {
  const own = STATUSES.filter((status) => isOwnRunning(fakeRun({ runId: 'r', status })));
  expect(own).toEqual(['running']);
  expect(isOwnRunning(fakeRun({ runId: 'r', mine: false }))).toBe(false);
});

test('the loop continues the user’s own running runs in turn, never a teammate’s or a paused one', () => {
  const runs = [
    fakeRun({ runId: 'a' }),
    fakeRun({ runId: 'theirs', mine: false }),
    fakeRun({ runId: 'paused', status: 'paused' }),
    fakeRun({ runId: 'b' }),
  ];
  expect([0, 1, 2].map((turn) => runToContinue(runs, turn))).toEqual(['a', 'b', 'a']);
  expect(runToContinue([fakeRun({ runId: 'x', status: 'paused' })], 0)).toBeNull();
});

test('merging keeps a run the answer left out and ignores an answer older than the one held', () => {
  const held = fakeRun({ runId: 'a', status: 'cancelled', updatedAt: '2025-06-02T09:05:00.000Z' });
  const other = fakeRun({ runId: 'b', createdAt: '2025-06-02T09:00:00.000Z' });
  const stale = fakeRun({ runId: 'a', status: 'running', updatedAt: '2025-06-02T09:04:00.000Z' });
  const merged = mergeRuns([held], [stale, other]);
  expect(merged.map((run) => run.runId)).toEqual(['b', 'a']);
  expect(merged[1]).toBe(held);
});

test('the bar goes as far as the rows done; full once completed, what was reached once cancelled', () => {
  expect(runProgress(fakeRun({ runId: 'r', total: 50, done: 20 }))).toEqual({ value: 20, max: 50 });
  expect(runProgress(fakeRun({ runId: 'r', status: 'completed', total: 0, done: 0 }))).toEqual({ value: 1, max: 1 });
  expect(runProgress(fakeRun({ runId: 'r', status: 'cancelled', total: 50, done: 7 }))).toEqual({ value: 7, max: 50 });
  expect(runProgress(fakeRun({ runId: 'r', total: 0, done: 0 }))).toBe('indeterminate');
});

test('the time left shows only while the run runs with rows left and a known time', () => {
  const running = fakeRun({ runId: 'r', total: 10, done: 4, etaSeconds: 400 });
  expect(runProgressText(running)).toContain(`${durationText(400)} left`);
  for (const still of [
    { ...running, status: 'paused' as const },
    { ...running, etaSeconds: null },
    { ...running, done: 10 },
  ]) {
    expect(runProgressText(still)).not.toContain('left');
  }
});

test('counts read with thousands separators, and one row or credit in the singular', () => {
  const line = runProgressText(fakeRun({ runId: 'r', total: 1, done: 1, creditsSpent: 1, creditsEstimated: 1 }));
  expect(line).toBe('1 of 1 row done · 1 of 1 credit');
  expect(runProgressText(fakeRun({ runId: 'r', total: 12_000, done: 1_500, etaSeconds: null }))).toMatch(
    /^1,500 of 12,000 rows done/,
  );
});

test('outcomes leave out zeros; durations read as people say them', () => {
  expect(runOutcomeText(fakeRun({ runId: 'r', ok: 118, notFound: 2, failed: 0, invalid: 3 }))).toBe(
    '118 OK · 2 not found · 3 invalid',
  );
  expect(runOutcomeText(fakeRun({ runId: 'r' }))).toBe('');
  expect([30, 60, 150, 3600, 4800].map(durationText)).toEqual([
    'under a minute',
    'about 1 minute',
    'about 3 minutes',
    'about 1 hour',
    'about 1 hour 20 minutes',
  ]);
  expect(durationText(Number.NaN)).toBe('under a minute');
});

test('a run’s cancel, pause, resume and retry say what the answer shows', () => {
  expect(runCancelOutcome(fakeRun({ runId: 'r', status: 'cancelled' }))).toEqual(['Run cancelled.', 'success']);
  expect(runCancelOutcome(fakeRun({ runId: 'r', status: 'running' }))[0]).toBe(
    'The cancel is not confirmed yet: the run still shows as Running. Try again in a moment.',
  );
  expect(runCancelOutcome(fakeRun({ runId: 'r', status: 'completed' }))[1]).toBe('info');
  expect(actionOutcome('pause', fakeRun({ runId: 'r', status: 'paused' }))).toEqual(['Run paused.', 'success']);
  expect(actionOutcome('pause', fakeRun({ runId: 'r', status: 'running' }))).toEqual([
    'The pause is not confirmed yet: the run still shows as Running.',
    'error',
  ]);
  expect(actionOutcome('resume', fakeRun({ runId: 'r', status: 'running' }))).toEqual(['Run resumed.', 'success']);
  expect(actionOutcome('retry', fakeRun({ runId: 'r', status: 'running' }))[1]).toBe('success');
  expect(actionOutcome('retry', fakeRun({ runId: 'r', status: 'completed' }))[1]).toBe('error');
});
