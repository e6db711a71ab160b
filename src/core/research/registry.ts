// The research jobs of one document, kept in document properties (shared by its editors): one small JSON entry per
// job, far under the 9 KB value limit, and at most MAX_JOBS of them, far under the 500 KB store limit.
import { FINISHED_JOB_STATUSES, type JobStatus } from '../api/types';
import type { KeyValue } from '../ports';
import type { JobSummary, ResearchColumns } from '../contract';

const JOB_PREFIX = 'research.job.';
export const MAX_JOBS = 40;

export interface JobRecord extends JobSummary {
  limit: number;
  columns: ResearchColumns;
  /** Who started the job (an opaque id of theirs, see the server): their trigger polls it, with their key. */
  startedBy: string;
  /** The service the job lives on; a user whose settings point elsewhere cannot follow it. */
  baseUrl: string;
  /** The first results page (page_size RESULTS_PAGE_SIZE) not yet written in full. */
  nextPage: number;
}

function parseJob(text: string | null): JobRecord | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as JobRecord;
  } catch {
    return null;
  }
}

export function isFinished(status: JobStatus): boolean {
  return FINISHED_JOB_STATUSES.includes(status);
}

export class JobRegistry {
  constructor(private readonly store: KeyValue) {}

  get(jobId: string): JobRecord | null {
    return parseJob(this.store.get(JOB_PREFIX + jobId));
  }

  /** Newest first, from one read of the store. */
  all(): JobRecord[] {
    return Object.entries(this.store.getAll())
      .filter(([key]) => key.startsWith(JOB_PREFIX))
      .map(([, text]) => parseJob(text))
      .filter((job): job is JobRecord => job !== null)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  unfinished(): JobRecord[] {
    return this.all().filter((job) => !isFinished(job.status));
  }

  /** Texts from the service are capped, so an entry always fits the 9 KB a property may hold. */
  save(job: JobRecord): void {
    const capped = { ...job, message: capText(job.message), error: job.error === null ? null : capText(job.error) };
    this.store.set(JOB_PREFIX + job.jobId, JSON.stringify(capped));
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

/** Only the fields of a JobSummary (src/core/contract.ts), for the sidebar. */
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

const MAX_SERVICE_TEXT = 500;

function capText(text: string): string {
  return text.length <= MAX_SERVICE_TEXT ? text : `${text.slice(0, MAX_SERVICE_TEXT - 1)}…`;
}

const PERSONAL_ERRORS_PREFIX = 'research.errors.';

/**
 * Failures one user met polling this document's jobs (another key's job, a poll that failed), kept per user in the
 * document's properties so they show for that user without marking the job for everyone else.
 */
export class PersonalJobErrors {
  private readonly key: string;

  constructor(
    private readonly documentStore: KeyValue,
    userId: string,
  ) {
    this.key = PERSONAL_ERRORS_PREFIX + userId;
  }

  all(): Record<string, string> {
    try {
      return JSON.parse(this.documentStore.get(this.key) ?? '{}') as Record<string, string>;
    } catch {
      return {};
    }
  }

  set(jobId: string, message: string | null): void {
    this.write({ ...this.all(), [jobId]: message === null ? undefined : capText(message) });
  }

  /** Forgets the failures of jobs that have ended or left the registry: they no longer matter. */
  retain(jobIds: readonly string[]): void {
    const errors = this.all();
    this.write(Object.fromEntries(jobIds.filter((jobId) => jobId in errors).map((jobId) => [jobId, errors[jobId]])));
  }

  private write(errors: Record<string, string | undefined>): void {
    const kept = Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined);
    if (kept.length === 0) this.documentStore.delete(this.key);
    else this.documentStore.set(this.key, JSON.stringify(Object.fromEntries(kept)));
  }
}
