// Pure rules about research job summaries: what counts as finished or as the user's own, how a fresh answer updates
// the list, what the card says and how far its bar goes.
import { FINISHED_JOB_STATUSES, type JobStatus } from '../core/api/types';
import type { JobSummary } from '../core/contract';
import type { Tone } from './status-line';
import { count, mergeNewest, progressOf, type Progress } from './summaries';

export function isJobFinished(job: JobSummary): boolean {
  return FINISHED_JOB_STATUSES.includes(job.status);
}

/** Unfinished and started by this user: the work the open sidebar keeps polling. */
export function isOwnUnfinished(job: JobSummary): boolean {
  return !isJobFinished(job) && job.mine !== false;
}

export function mergeJobs(current: readonly JobSummary[], incoming: readonly JobSummary[]): JobSummary[] {
  return mergeNewest(current, incoming, (job) => job.jobId);
}

/**
 * What the next poll asks for: null (every unfinished job, in one call) when all of them are the user's own, else
 * one of the user's own in turn, so a teammate's job is never polled with this user's key.
 */
export function pollTarget(jobs: readonly JobSummary[], turn: number): string | null {
  const unfinished = jobs.filter((job) => !isJobFinished(job));
  const own = unfinished.filter(isOwnUnfinished);
  if (own.length === unfinished.length) return null;
  return own.length === 0 ? null : own[turn % own.length].jobId;
}

/** The names the README gives the statuses. */
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  pending: 'Pending',
  searching: 'Searching',
  processing: 'Processing',
  completed: 'Completed',
  error: 'Error',
  cancelled: 'Cancelled',
};

/**
 * How far the job is, in one sentence true at each stage: nothing found yet; while it runs, rows written of the
 * profiles the service validated so far ("3 rows written of 12 profiles found so far": how many it will end with is
 * not known); once it ended, rows written of all it found ("12 of 12 rows written").
 */
export function rowsText(job: JobSummary): string {
  const found = Math.max(job.finalResultsCount, job.rowsWritten);
  const finished = isJobFinished(job);
  if (found === 0) return finished ? 'No profiles found' : 'No profiles found yet';
  const written = job.rowsWritten.toLocaleString('en-US');
  if (finished) return `${written} of ${count(found, 'row')} written`;
  return `${written} ${job.rowsWritten === 1 ? 'row' : 'rows'} written of ${count(found, 'profile')} found so far`;
}

/**
 * The bar beside rowsText: rows written of the results found; full once completed. While the job runs and every
 * result found is written, the total is still unknown (the service finds more): the bar then only says "working".
 */
export function jobProgress(job: JobSummary): Progress {
  if (!isJobFinished(job) && job.rowsWritten >= job.finalResultsCount) return 'indeterminate';
  const state = job.status === 'completed' ? 'completed' : isJobFinished(job) ? 'ended' : 'running';
  return progressOf(job.rowsWritten, job.finalResultsCount, state);
}

/** The brief cut at a word boundary, so a long one does not fill the card. */
export function shortenBrief(query: string, maxLength = 140): string {
  const oneLine = query.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= maxLength) return oneLine;
  // One character more, so a word ending exactly at the limit is kept whole.
  const lastSpace = oneLine.slice(0, maxLength + 1).lastIndexOf(' ');
  return `${oneLine.slice(0, lastSpace > maxLength / 2 ? lastSpace : maxLength).trimEnd()}…`;
}

/** What the answer to a cancel says happened: only a job that now shows as cancelled reads "cancelled". */
export function jobCancelOutcome(job: JobSummary): [string, Tone] {
  if (job.status === 'cancelled') return ['Research cancelled.', 'success'];
  if (isJobFinished(job))
    return [`The research had already ended (${JOB_STATUS_LABELS[job.status]}); nothing was cancelled.`, 'info'];
  const why = job.error === null ? '' : ` ${job.error}`;
  return [
    `The cancel is not confirmed yet: the job still shows as ${JOB_STATUS_LABELS[job.status]}.${why} Try again in a moment.`,
    'error',
  ];
}
