// Research jobs as the sidebar and the trigger drive them: started with the caller's key once this document has room
// to keep the job, polled under the document lock with the key of whoever polls (a trigger polls the jobs its user
// started), and listed with each user's own failures. The platform comes in through ResearchPorts.
import { UserError } from '../user-error';
import { BACKGROUND_RUN_BUDGET_MS } from '../background';
import { ApiClient } from '../api/client';
import { noKeyError, type ApiResult } from '../api/errors';
import { MAX_JOB_ID_LENGTH } from '../api/limits';
import type { StartResearchResponse } from '../api/types';
import type { JobSummary, ResearchRequest } from '../contract';
import { RESEARCH_COLUMNS } from '../fields/defaults';
import { headerFor } from '../fields/flatten';
import { withLock } from '../lock';
import type { Book, Clock, Http, KeyValue, Lock } from '../ports';
import type { Settings } from '../settings';
import { rememberingTable, type SheetTable } from '../sheet-table';
import { readOnce } from '../store-snapshot';
import { errorMessage, MAX_STORED_TEXT } from '../text';
import { pollJob, type ResearchSheets } from './poll';
import { isFinishedJobStatus, JobRegistry, PersonalJobErrors, toJobSummary, type JobRecord } from './registry';
import { validateResearchRequest } from './request';
import { companionSheetName, legacyCompanionSheetName, researchSheetName } from './sheet-name';

export interface ResearchPorts {
  /** Document properties: the jobs and each user's failures on them. */
  store: KeyValue;
  /** The document lock. */
  lock: Lock;
  clock: Clock;
  http: Http;
  /** The results sheets. */
  book: Book;
  /** Tells the user that a job completed. */
  announce(message: string): void;
}

/** A sidebar or trigger poll that finds the lock taken skips this round rather than wait. */
export const POLL_LOCK_WAIT_MS = 500;
/** Cancelling is a user's click: worth waiting for a running poll to finish. */
const CANCEL_LOCK_WAIT_MS = 20_000;

const STORE_FULL =
  'This spreadsheet has no room left to keep another research job (its document properties are full), so none was started.';

/** The client for the key of the user running this execution (a trigger runs as its creator); no key is an error. */
function userClient(ports: ResearchPorts, settings: Settings): ApiClient {
  if (settings.apiKey === null) throw new UserError(noKeyError().message);
  const { http, clock } = ports;
  return new ApiClient({ http, clock, apiKey: settings.apiKey, baseUrl: settings.baseUrl });
}

/**
 * Starts a job with the caller's key and keeps it; answers it with why its setup failed, if it did. Room first: a
 * job the service started but this document could not keep would run unseen, and a retry would start a second one.
 */
export function startJob(
  ports: ResearchPorts,
  request: ResearchRequest,
  settings: Settings,
  userId: () => string,
): { job: JobRecord; setupFailure: string | null } {
  const { query, limit, columns } = validateResearchRequest(request);
  const newJob = (started: StartResearchResponse): JobRecord => {
    const now = new Date(ports.clock.now()).toISOString();
    const { job_id: jobId, status, message } = started;
    // The placeholder only measures room: a name as long as Sheets allows, without looking for it among the sheets.
    const sheetName =
      started === PLACEHOLDER_START
        ? 'x'.repeat(MAX_SHEET_NAME_LENGTH)
        : researchSheetName(query, jobId, (name) => ports.book.hasSheet(name));
    const counts = { ...NEW_JOB_COUNTS, createdAt: now, updatedAt: now };
    return {
      ...counts,
      jobId,
      query,
      limit,
      columns,
      status,
      message,
      sheetName,
      startedBy,
      baseUrl: settings.baseUrl,
    };
  };
  const jobs = new JobRegistry(ports.store);
  jobs.prune();
  const startedBy = userId();
  const placeholder = newJob(PLACEHOLDER_START);
  const client = userClient(ports, settings);
  if (!jobs.holdRoom(placeholder)) throw new UserError(STORE_FULL);
  let started: ApiResult<StartResearchResponse>;
  try {
    started = client.startResearch({ query, limit });
  } finally {
    jobs.releaseRoom();
  }
  if (!started.ok) throw new UserError(started.error.message);
  const job = newJob(started.value);
  jobs.save(job);
  jobs.prune();
  return { job, setupFailure: setUpSheet(ports, job) };
}

/**
 * From here on the job exists: a failure must not read as "not started" (a retry would start it twice). The open
 * sidebar still polls it, a poll creates a missing sheet, and the failure shows on the job for this user.
 */
function setUpSheet(ports: ResearchPorts, job: JobRecord): string | null {
  try {
    // Created without moving the user: they stay on the sheet they work in ("Open sheet" goes to it).
    ports.book.table(job.sheetName).writeHeaders(1, RESEARCH_COLUMNS[job.columns].map(headerFor));
    return null;
  } catch (error) {
    const failure = `The job started, but setting it up failed (${errorMessage(error)}); keep the sidebar open until it ends.`;
    new PersonalJobErrors(ports.store, job.startedBy).set(job.jobId, failure);
    return failure;
  }
}

/** What a job holds before its first poll. */
const NEW_JOB_COUNTS = {
  rowsWritten: 0,
  finalResultsCount: 0,
  chunksProcessed: 0,
  totalChunks: 0,
  error: null,
  nextPage: 1,
} as const;

/** Sheets refuses a longer sheet name. */
const MAX_SHEET_NAME_LENGTH = 100;

/** A start answer as long as one can be, to hold a job's room before the service is asked. */
const PLACEHOLDER_START: StartResearchResponse = {
  job_id: 'x'.repeat(MAX_JOB_ID_LENGTH),
  status: 'pending',
  message: 'x'.repeat(MAX_STORED_TEXT),
};

/**
 * Every job, each with the viewer's own failure on it while it runs: a personal failure (another key's job, a poll
 * that failed), else on the jobs they started the background's problem (`problem`, asked only for a known user).
 */
export function listJobs(shared: KeyValue, viewer: string | null, problem: () => string | null): JobSummary[] {
  // A user who never started or polled a job has no failures and no background.
  const errors = viewer === null ? {} : new PersonalJobErrors(shared, viewer).all();
  const background = viewer === null ? null : problem();
  const personalError = (job: JobRecord) =>
    isFinishedJobStatus(job.status) ? null : (errors[job.jobId] ?? (job.startedBy === viewer ? background : null));
  return new JobRegistry(shared).all().map((job) => toJobSummary(job, personalError(job), viewer));
}

/** The job of that id in this document; one sentence when there is none. */
export function requireJob(jobs: JobRegistry, jobId: unknown): JobRecord {
  const job = typeof jobId === 'string' ? jobs.get(jobId) : null;
  if (job === null) throw new UserError('That research job is not in this spreadsheet.');
  return job;
}

/** The sidebar's poll: the given job, or every unfinished one, with the current user's key. */
export function pollFromSidebar(
  ports: ResearchPorts,
  jobId: string | undefined,
  userId: () => string,
  settings: () => Settings,
): void {
  const jobs = new JobRegistry(readOnce(ports.store));
  const targets =
    jobId === undefined ? jobs.unfinished() : [requireJob(jobs, jobId)].filter((j) => !isFinishedJobStatus(j.status));
  pollJobs(ports, targets, { userId: userId(), settings, lockWaitMs: POLL_LOCK_WAIT_MS });
}

/** Cancels an unfinished job with the user's key, then polls it for its last results; false when it had ended. */
export function cancelJob(
  ports: ResearchPorts,
  jobId: string,
  userId: () => string,
  settings: () => Settings,
): boolean {
  const job = requireJob(new JobRegistry(ports.store), jobId);
  if (isFinishedJobStatus(job.status)) return false;
  const own = settings();
  const answer = userClient(ports, own).cancelResearch(jobId);
  // 409: it completed meanwhile; the poll below fetches its last results either way.
  if (!answer.ok && answer.error.kind !== 'conflict') throw new UserError(answer.error.message);
  pollJobs(ports, [job], { userId: userId(), settings: () => own, lockWaitMs: CANCEL_LOCK_WAIT_MS });
  return true;
}

/** Whether the user has jobs a trigger can follow: theirs, unfinished, on their base URL, with their key set. */
export function hasJobsToFollow(ports: Pick<ResearchPorts, 'store'>, userId: string, settings: Settings): boolean {
  if (settings.apiKey === null) return false;
  return new JobRegistry(ports.store)
    .unfinished()
    .some((job) => job.startedBy === userId && job.baseUrl === settings.baseUrl);
}

/** The trigger's poll: the jobs this user started. A failure shows on them, as installed triggers e-mail nobody. */
export function pollOwnJobs(ports: ResearchPorts, userId: string, settings: () => Settings, stopBy: number): void {
  const own = new JobRegistry(ports.store).unfinished().filter((job) => job.startedBy === userId);
  try {
    pollJobs(ports, own, { userId, settings, lockWaitMs: POLL_LOCK_WAIT_MS, stopBy });
  } catch (error) {
    const errors = new PersonalJobErrors(readOnce(ports.store), userId);
    for (const job of own) errors.set(job.jobId, `Background polling failed: ${errorMessage(error)}`);
  }
}

interface Poller {
  userId: string;
  /** The poller's settings, read under the lock. */
  settings: () => Settings;
  lockWaitMs: number;
  /** Epoch ms; default: a poll's budget from now. */
  stopBy?: number;
}

/** Polls the targets with the poller's key, under the document lock (skipped when another poll holds it). */
function pollJobs(ports: ResearchPorts, targets: JobRecord[], poller: Poller): void {
  if (targets.length === 0) return;
  const stopBy = poller.stopBy ?? ports.clock.now() + BACKGROUND_RUN_BUDGET_MS;
  withLock(ports.lock, poller.lockWaitMs, null, () => {
    // Read under the lock: another execution may have moved a cursor since the targets were listed.
    const shared = readOnce(ports.store);
    const settings = poller.settings();
    const client = userClient(ports, settings);
    const jobs = new JobRegistry(shared);
    const errors = new PersonalJobErrors(shared, poller.userId);
    for (const target of targets) {
      const job = jobs.get(target.jobId) ?? target;
      if (isFinishedJobStatus(job.status)) continue;
      if (job.baseUrl !== settings.baseUrl) {
        errors.set(job.jobId, `This job was started on ${job.baseUrl}; set that base URL in Settings to follow it.`);
        continue;
      }
      const context = { client, clock: ports.clock, sheets: sheetsOf(ports.book, job), stopBy };
      const outcome = pollJob(job, context, (saved) => jobs.save(saved));
      errors.set(job.jobId, outcome.userError);
      if (outcome.job.status === 'completed') {
        ports.announce(`"${outcome.job.sheetName}" is complete: ${outcome.job.rowsWritten} rows.`);
      }
    }
    errors.retain(jobs.unfinished().map((job) => job.jobId));
  });
}

/** The sheets of one job for one poll: each opened (or created) once, and remembered across the poll's pages. */
function sheetsOf(book: Book, job: JobRecord): ResearchSheets {
  const opened = new Map<string, SheetTable>();
  const open = (name: string): SheetTable => {
    let table = opened.get(name);
    if (table === undefined) opened.set(name, (table = rememberingTable(book.table(name))));
    return table;
  };
  return {
    results: () => open(job.sheetName),
    companion: (collection) => {
      const kind = collection === 'experience' ? 'Experience' : 'Education';
      const legacy = legacyCompanionSheetName(job.sheetName, kind);
      return open(book.hasSheet(legacy) ? legacy : companionSheetName(job.sheetName, kind));
    },
  };
}
