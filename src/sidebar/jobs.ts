// Pure rules about research job summaries: what counts as finished, and how a fresh answer updates the list.
import { FINISHED_JOB_STATUSES, type JobStatus } from '../core/api/types';
import type { JobSummary } from '../core/contract';

export function isFinished(job: JobSummary): boolean {
  return FINISHED_JOB_STATUSES.includes(job.status);
}

export function anyUnfinished(jobs: readonly JobSummary[]): boolean {
  return jobs.some((job) => !isFinished(job));
}

/**
 * Folds newer summaries into the list, newest job first. A job missing from `incoming` stays, and a summary older
 * than the one held is ignored: a poll that started before a cancel may answer after it.
 */
export function mergeJobs(current: readonly JobSummary[], incoming: readonly JobSummary[]): JobSummary[] {
  const byId = new Map(current.map((job) => [job.jobId, job]));
  for (const job of incoming) {
    const held = byId.get(job.jobId);
    if (held === undefined || time(job.updatedAt) >= time(held.updatedAt)) byId.set(job.jobId, job);
  }
  return [...byId.values()].sort((a, b) => time(b.createdAt) - time(a.createdAt));
}

function time(iso: string): number {
  const millis = Date.parse(iso);
  return Number.isNaN(millis) ? 0 : millis;
}

export const STATUS_LABELS: Record<JobStatus, string> = {
  pending: 'Pending',
  searching: 'Searching',
  processing: 'Processing',
  completed: 'Completed',
  error: 'Failed',
  cancelled: 'Cancelled',
};

/** "12 of 25 rows written", or "12 rows written" while the final count is not known yet. */
export function rowsText(job: JobSummary): string {
  const rows = job.rowsWritten === 1 ? 'row' : 'rows';
  if (job.finalResultsCount === 0) return `${job.rowsWritten} ${rows} written`;
  // While a job runs, final_results_count is the number validated so far, not the number the job will end with.
  const sofar = isFinished(job) ? '' : ' so far';
  return `${job.rowsWritten} of ${job.finalResultsCount} ${rows} written${sofar}`;
}

/** The brief cut at a word boundary, so a long one does not fill the card. */
export function shortenBrief(query: string, maxLength = 140): string {
  const oneLine = query.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= maxLength) return oneLine;
  // One character more, so a word ending exactly at the limit is kept whole.
  const lastSpace = oneLine.slice(0, maxLength + 1).lastIndexOf(' ');
  return `${oneLine.slice(0, lastSpace > maxLength / 2 ? lastSpace : maxLength).trimEnd()}…`;
}

/** "14:05" for today, "3 Mar, 14:05" before; empty when the time cannot be read. */
export function startedText(iso: string, now: Date = new Date()): string {
  const started = new Date(iso);
  if (Number.isNaN(started.getTime())) return '';
  const clock = started.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (started.toDateString() === now.toDateString()) return `Started ${clock}`;
  return `Started ${started.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${clock}`;
}
