import {
  isJobFinished,
  isOwnUnfinished,
  jobCancelOutcome,
  jobProgress,
  JOB_STATUS_LABELS,
  mergeJobs,
  pollTarget,
  rowsText,
  shortenBrief,
} from '../../src/sidebar/jobs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fakeJob } from '../browser/fake-server';

const at = (minute: number) => `2025-06-02T09:${String(minute).padStart(2, '0')}:00.000Z`;

test('merging keeps the newest job first and jobs the answer left out', () => {
  const older = fakeJob({ jobId: 'a', query: 'a', createdAt: at(1), updatedAt: at(1) });
  const newer = fakeJob({ jobId: 'b', query: 'b', createdAt: at(2), updatedAt: at(2) });
  expect(mergeJobs([older], [newer]).map((job) => job.jobId)).toEqual(['b', 'a']);
});

test('merging ignores a summary older than the one held (a poll that answers after a cancel)', () => {
  const cancelled = fakeJob({ jobId: 'a', query: 'a', status: 'cancelled', updatedAt: at(5) });
  const stale = fakeJob({ jobId: 'a', query: 'a', status: 'processing', updatedAt: at(4) });
  const fresh = fakeJob({ jobId: 'a', query: 'a', status: 'cancelled', message: 'Cancelled.', updatedAt: at(6) });
  expect(mergeJobs([cancelled], [stale])[0]).toBe(cancelled);
  expect(mergeJobs([cancelled], [fresh])[0]).toBe(fresh);
});

test('one sentence at each stage: nothing found yet, written of found so far, written of all found', () => {
  const text = (status: Parameters<typeof fakeJob>[0]['status'], rowsWritten = 0, finalResultsCount = 0) =>
    rowsText(fakeJob({ jobId: 'a', query: 'a', status, rowsWritten, finalResultsCount }));
  expect(text('pending')).toBe('No profiles found yet');
  expect(text('searching')).toBe('No profiles found yet');
  expect(text('processing', 3, 12)).toBe('3 rows written of 12 profiles found so far');
  expect(text('processing', 1, 1)).toBe('1 row written of 1 profile found so far');
  expect(text('processing', 1_200, 1_000)).toBe('1,200 rows written of 1,200 profiles found so far');
  expect(text('completed', 12, 12)).toBe('12 of 12 rows written');
  expect(text('completed', 1, 1)).toBe('1 of 1 row written');
  expect(text('cancelled', 4, 10)).toBe('4 of 10 rows written');
  expect(text('completed')).toBe('No profiles found');
});

describe('the bar says what the line beside it says', () => {
  const job = (status: Parameters<typeof fakeJob>[0]['status'], rowsWritten: number, finalResultsCount: number) =>
    fakeJob({ jobId: 'a', query: 'a', status, rowsWritten, finalResultsCount, chunksProcessed: 1, totalChunks: 4 });

  it('while running: rows written of results found, not chunks', () => {
    expect(jobProgress(job('processing', 3, 12))).toEqual({ value: 3, max: 12 });
    expect(jobProgress(job('searching', 0, 0))).toBe('indeterminate');
    // Every result found so far is written: how many more will come is not known.
    expect(jobProgress(job('processing', 12, 12))).toBe('indeterminate');
  });

  it('full once completed, even with no results', () => {
    expect(jobProgress(job('completed', 12, 12))).toEqual({ value: 12, max: 12 });
    expect(jobProgress(job('completed', 0, 0))).toEqual({ value: 1, max: 1 });
  });

  it('what was reached when cancelled or failed', () => {
    expect(jobProgress(job('cancelled', 5, 20))).toEqual({ value: 5, max: 20 });
    expect(jobProgress(job('error', 0, 0))).toEqual({ value: 0, max: 1 });
  });
});

test('a poll asks for every unfinished job in one call unless some are a teammate’s; then for the user’s own in turn', () => {
  const mine = fakeJob({ jobId: 'mine', query: 'a', status: 'processing' });
  const alsoMine = fakeJob({ jobId: 'also', query: 'a', status: 'pending' });
  const theirs = fakeJob({ jobId: 'theirs', query: 'b', status: 'processing', mine: false });
  const done = fakeJob({ jobId: 'done', query: 'c', status: 'completed', mine: false });
  expect(pollTarget([mine, alsoMine, done], 0)).toBeNull();
  expect([0, 1, 2].map((turn) => pollTarget([mine, theirs, alsoMine], turn))).toEqual(['mine', 'also', 'mine']);
});

test('the status names are the README’s', () => {
  const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
  const research = readme.slice(
    readme.indexOf('## Research jobs'),
    readme.indexOf('\n## ', readme.indexOf('## Research jobs') + 1),
  );
  for (const label of Object.values(JOB_STATUS_LABELS)) expect(research).toContain(`**${label}**`);
});

test('a long brief is cut at a word, on one line', () => {
  expect(shortenBrief('Heads of data\nat fintech startups in Berlin', 24)).toBe('Heads of data at fintech…');
  expect(shortenBrief('short')).toBe('short');
});

test('completed, error and cancelled jobs are finished; the user’s unfinished ones are polled', () => {
  const statuses = Object.keys(JOB_STATUS_LABELS) as Array<keyof typeof JOB_STATUS_LABELS>;
  const finished = statuses.filter((status) => isJobFinished(fakeJob({ jobId: 'a', query: 'a', status })));
  expect(finished.sort()).toEqual(['cancelled', 'completed', 'error']);
  expect(isOwnUnfinished(fakeJob({ jobId: 'a', query: 'a', status: 'processing' }))).toBe(true);
  expect(isOwnUnfinished(fakeJob({ jobId: 'a', query: 'a', status: 'processing', mine: false }))).toBe(false);
  expect(isOwnUnfinished(fakeJob({ jobId: 'a', query: 'a', status: 'completed' }))).toBe(false);
});

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
