// The research jobs of one document, kept in document properties (shared by its editors): one small JSON entry per
// job, far under the 9 KB value limit, and at most MAX_JOBS of them, far under the 500 KB store limit.
import { FINISHED_JOB_STATUSES, type JobStatus } from '../api/types';
import type { KeyValue } from '../ports';
import { capStoredText, utf8Length } from '../text';
import type { JobSummary, ResearchColumns } from '../contract';

const JOB_PREFIX = 'research.job.';
/** Room held for a job about to be started (see holdRoom). */
const ROOM_KEY = 'research.room';
export const MAX_JOBS = 40;
/** What a document's properties hold at most, keys and values in UTF-8 (docs/platform.md). */
const STORE_BYTES = 500 * 1024;
/** Free room beyond which a job's entry (under 9 KB) fits even if other executions write meanwhile. */
const SURE_ROOM_BYTES = 100 * 1024;

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

/** The job as saved: texts from the service capped, so an entry always fits the 9 KB a property may hold. */
export function storedForm(job: JobRecord): JobRecord {
  return { ...job, message: capStoredText(job.message), error: job.error === null ? null : capStoredText(job.error) };
}

export function isFinishedJobStatus(status: JobStatus): boolean {
  return FINISHED_JOB_STATUSES.includes(status);
}

export class JobRegistry {
  private roomHeld = false;

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
    return this.all().filter((job) => !isFinishedJobStatus(job.status));
  }

  /**
   * Holds the room a job like `placeholder` takes, so a full store is found before the service starts the job;
   * false when there is no room. A store far from full (as read) surely has the room, and holding it would cost two
   * round trips; nearer full, the room is held by writing the placeholder. releaseRoom gives it back just before the
   * real job is saved.
   */
  holdRoom(placeholder: JobRecord): boolean {
    const entry = JSON.stringify(storedForm(placeholder));
    const used = Object.entries(this.store.getAll()).reduce((sum, [key, value]) => sum + utf8Length(key + value), 0);
    if (used + utf8Length(ROOM_KEY + entry) <= STORE_BYTES - SURE_ROOM_BYTES) return true;
    try {
      this.store.set(ROOM_KEY, entry);
      this.roomHeld = true;
      return true;
    } catch {
      return false;
    }
  }

  releaseRoom(): void {
    if (this.roomHeld) this.store.delete(ROOM_KEY);
    this.roomHeld = false;
  }

  save(job: JobRecord): void {
    this.store.set(JOB_PREFIX + job.jobId, JSON.stringify(storedForm(job)));
  }

  /** Drops the oldest finished jobs beyond MAX_JOBS (their sheets stay); unfinished jobs are never dropped. */
  prune(): void {
    const jobs = this.all();
    let excess = jobs.length - MAX_JOBS;
    for (const job of jobs.reverse()) {
      if (excess <= 0) break;
      if (!isFinishedJobStatus(job.status)) continue;
      this.store.delete(JOB_PREFIX + job.jobId);
      excess--;
    }
  }
}

/**
 * Only the fields of a JobSummary (src/core/contract.ts), for the sidebar; `mine: false` when `viewer` (the caller's
 * user id, null for one who never started anything) did not start the job.
 */
export function toJobSummary(job: JobRecord, userError: string | null = null, viewer?: string | null): JobSummary {
  const summary: JobSummary = {
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
  return viewer === undefined || job.startedBy === viewer ? summary : { ...summary, mine: false };
}

const PERSONAL_ERROR_PREFIX = 'research.error.';
/** Where a user's failures were kept before, all in one entry that could outgrow the 9 KB a property may hold. */
const LEGACY_PERSONAL_ERRORS_PREFIX = 'research.errors.';

/**
 * Failures one user met polling this document's jobs (another key's job, a poll that failed), kept in the document's
 * properties so they show for that user without marking the job for everyone else. One capped entry per user and
 * job: however many jobs fail at once, no entry nears the property limit. Writes only what changes; read it through
 * readOnce (src/core/store-snapshot.ts) so its reads cost one read of the store.
 */
export class PersonalJobErrors {
  private readonly prefix: string;

  constructor(
    private readonly documentStore: KeyValue,
    private readonly userId: string,
  ) {
    this.prefix = `${PERSONAL_ERROR_PREFIX}${userId}.`;
  }

  all(): Record<string, string> {
    return Object.fromEntries(
      Object.entries(this.documentStore.getAll())
        .filter(([key]) => key.startsWith(this.prefix))
        .map(([key, message]) => [key.slice(this.prefix.length), message]),
    );
  }

  set(jobId: string, message: string | null): void {
    const key = this.prefix + jobId;
    const stored = this.documentStore.get(key);
    const next = message === null ? null : capStoredText(message);
    if (next === stored) return;
    if (next === null) this.documentStore.delete(key);
    else this.documentStore.set(key, next);
  }

  /** Forgets the failures of jobs that have ended or left the registry: they no longer matter. */
  retain(jobIds: readonly string[]): void {
    const kept = new Set(jobIds);
    for (const jobId of Object.keys(this.all())) if (!kept.has(jobId)) this.documentStore.delete(this.prefix + jobId);
    const legacy = LEGACY_PERSONAL_ERRORS_PREFIX + this.userId;
    if (this.documentStore.get(legacy) !== null) this.documentStore.delete(legacy);
  }
}
