import { mergeJobs, rowsText, shortenBrief } from '../../src/sidebar/jobs';
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

test('the row count names the count found, "so far" while the job runs', () => {
  expect(
    rowsText(fakeJob({ jobId: 'a', query: 'a', status: 'processing', rowsWritten: 3, finalResultsCount: 12 })),
  ).toBe('3 of 12 rows written so far');
  expect(
    rowsText(fakeJob({ jobId: 'a', query: 'a', status: 'completed', rowsWritten: 12, finalResultsCount: 12 })),
  ).toBe('12 of 12 rows written');
  expect(rowsText(fakeJob({ jobId: 'a', query: 'a', rowsWritten: 1 }))).toBe('1 row written');
});

test('a long brief is cut at a word, on one line', () => {
  expect(shortenBrief('Heads of data\nat fintech startups in Berlin', 24)).toBe('Heads of data at fintech…');
  expect(shortenBrief('short')).toBe('short');
});
