// The research jobs of one document, kept in document properties (shared by its editors): one small JSON entry per
// job, far under the 9 KB value limit, and at most MAX_JOBS of them, far under the 500 KB store limit.
import { FINISHED_JOB_STATUSES, type JobStatus } from '../api/types';
import type { KeyValue } from '../ports';
import type { JobSummary, ResearchColumns } from '../../server/contract';

const JOB_PREFIX = 'research.job.';
export const MAX_JOBS = 40;

export interface JobRecord extends JobSummary {
  limit: number;
  columns: ResearchColumns;
  /** Who started the job: their trigger polls it, with their key. */
  startedBy: string;
  /** The first results page (page_size RESULTS_PAGE_SIZE) not yet written in full. */
  nextPage: number;
}

export function isFinished(status: JobStatus): boolean {
  return FINISHED_JOB_STATUSES.includes(status);
}

export class JobRegistry {
  constructor(private readonly store: KeyValue) {}

  get(jobId: string): JobRecord | null {
    const text = this.store.get(JOB_PREFIX + jobId);
    if (text === null) return null;
    try {
      return JSON.parse(text) as JobRecord;
    } catch {
      return null;
    }
  }

  /** Newest first. */
  all(): JobRecord[] {
    return this.store
      .keys()
      .filter((key) => key.startsWith(JOB_PREFIX))
      .map((key) => this.get(key.slice(JOB_PREFIX.length)))
      .filter((job): job is JobRecord => job !== null)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  unfinished(): JobRecord[] {
    return this.all().filter((job) => !isFinished(job.status));
  }

  save(job: JobRecord): void {
    this.store.set(JOB_PREFIX + job.jobId, JSON.stringify(job));
  }

  /** Drops the oldest finished jobs beyond MAX_JOBS (their sheets stay); unfinished jobs are never dropped. */
  prune(): void {
    const jobs = this.all();
    let excess = jobs.length - MAX_JOBS;
    for (const job of jobs.reverse()) {
      if (excess <= 0) break;
      if (!isFinished(job.status)) continue;
      this.store.delete(JOB_PREFIX + job.jobId);
      excess--;
    }
  }
}

/** Only the fields of CONTRACT §4, for the sidebar. */
export function toSummary(job: JobRecord, userError: string | null = null): JobSummary {
  return {
    jobId: job.jobId,
    query: job.query,
    status: job.status,
    message: job.message,
    sheetName: job.sheetName,
    rowsWritten: job.rowsWritten,
    finalResultsCount: job.finalResultsCount,
    chunksProcessed: job.chunksProcessed,
    totalChunks: job.totalChunks,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    error: job.error ?? userError,
  };
}

const PERSONAL_ERRORS_KEY = 'RESEARCH_ERRORS';

/**
 * Failures one user met polling a job (another key's job, a network error), kept in that user's own properties so
 * they show for them without marking the job for everyone else.
 */
export class PersonalJobErrors {
  constructor(private readonly userStore: KeyValue) {}

  all(): Record<string, string> {
    try {
      return JSON.parse(this.userStore.get(PERSONAL_ERRORS_KEY) ?? '{}') as Record<string, string>;
    } catch {
      return {};
    }
  }

  set(jobId: string, message: string | null): void {
    const errors = this.all();
    if (message === null) delete errors[jobId];
    else errors[jobId] = message;
    if (Object.keys(errors).length === 0) this.userStore.delete(PERSONAL_ERRORS_KEY);
    else this.userStore.set(PERSONAL_ERRORS_KEY, JSON.stringify(errors));
  }
}
