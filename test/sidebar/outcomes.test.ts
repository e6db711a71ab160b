// What the sidebar says after a cancel, pause, resume or retry comes from the answer: only work that now shows as
// cancelled (or paused, or running) is said to be so.
import { jobCancelOutcome } from '../../src/sidebar/jobs';
import { actionOutcome, runCancelOutcome } from '../../src/sidebar/runs';
import { fakeJob, fakeRun } from '../browser/fake-server';

test('a research cancel reads "cancelled" only when the job shows as cancelled', () => {
  expect(jobCancelOutcome(fakeJob({ jobId: 'a', query: 'q', status: 'cancelled' }))).toEqual([
    'Research cancelled.',
    'success',
  ]);
  expect(jobCancelOutcome(fakeJob({ jobId: 'a', query: 'q', status: 'completed' }))).toEqual([
    'The research had already ended (Completed); nothing was cancelled.',
    'info',
  ]);
  const [text, kind] = jobCancelOutcome(
    fakeJob({ jobId: 'a', query: 'q', status: 'processing', error: 'The spreadsheet was busy.' }),
  );
  expect(kind).toBe('error');
  expect(text).toBe(
    'The cancel is not confirmed yet: the job still shows as Processing. The spreadsheet was busy. Try again in a moment.',
  );
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
  expect(actionOutcome('retry', fakeRun({ runId: 'r', status: 'completed' }))[1]).toBe('error');
});
