// Research jobs over Apps Script: the registry in document properties, results sheets and the document lock. The
// background dispatcher (src/server/background.ts) continues a job with the key of the user who started it.
import { documentStore, userStore } from '../adapters/properties';
import { urlFetchHttp } from '../adapters/http';
import { documentLock, systemClock } from '../adapters/runtime';
import { sheetNamed, sheetTable } from '../adapters/sheet-table';
import { ApiClient } from '../core/api/client';
import { noKeyError } from '../core/api/errors';
import type { BackgroundWork } from '../core/background';
import { RESEARCH_COLUMNS } from '../core/fields/defaults';
import { headerFor } from '../core/fields/flatten';
import { pollJob, type ResearchSheets } from '../core/research/poll';
import { rememberingTable, type SheetTable } from '../core/sheet-table';
import {
  isFinishedJobStatus,
  JobRegistry,
  PersonalJobErrors,
  toJobSummary,
  type JobRecord,
} from '../core/research/registry';
import { validateResearchRequest } from '../core/research/request';
import { companionSheetName, researchSheetName } from '../core/research/sheet-name';
import { readOnce } from '../core/store-snapshot';
import { errorMessage, MAX_STORED_TEXT } from '../core/text';
import { MAX_JOB_ID_LENGTH } from '../core/api/limits';
import type { ApiResult } from '../core/api/errors';
import type { StartResearchResponse } from '../core/api/types';
import { arrangeBackgroundWork, backgroundProblem } from './background';
import { ADDON_NAME } from './config';
import type { JobSummary, ResearchRequest } from '../core/contract';
import { currentSettings } from './settings';
import type { Settings } from '../core/settings';
import type { KeyValue } from '../core/ports';
import { currentUserId, knownUserId } from './user';

/** Executions end at 6 minutes; a sidebar poll stops asking for pages well before. */
const POLL_BUDGET_MS = 4.5 * 60 * 1000;
/** A sidebar or trigger poll that finds the lock taken skips this round rather than wait. */
const POLL_LOCK_WAIT_MS = 500;
/** Cancelling is a user's click: worth waiting for a running poll to finish. */
const CANCEL_LOCK_WAIT_MS = 20_000;

const registry = (store: KeyValue = documentStore()) => new JobRegistry(store);
const spreadsheet = () => SpreadsheetApp.getActiveSpreadsheet();

/** Research as background work: a user's trigger polls the jobs that user started, with their key. */
export const researchWork: BackgroundWork = {
  kind: 'research',
  hasWork: (userId) => {
    // Only jobs the trigger can follow: with no key, or on another base URL, it could only fail.
    const settings = currentSettings();
    if (settings.apiKey === null) return false;
    return registry()
      .unfinished()
      .some((job) => job.startedBy === userId && job.baseUrl === settings.baseUrl);
  },
  run: (userId, stopBy) => pollOwnJobs(userId, stopBy),
};

/** The client for the key of the user running this execution (a trigger runs as its creator); no key is an error. */
function userClient(settings: Settings): ApiClient {
  if (settings.apiKey === null) throw new Error(noKeyError().message);
  return new ApiClient({ http: urlFetchHttp, clock: systemClock, apiKey: settings.apiKey, baseUrl: settings.baseUrl });
}

export function startResearch(request: ResearchRequest): JobSummary {
  const { query, limit, columns } = validateResearchRequest(request);
  const settings = currentSettings();
  const book = spreadsheet();
  const newJob = (started: StartResearchResponse): Omit<JobRecord, 'startedBy' | 'baseUrl'> => {
    const now = new Date(systemClock.now()).toISOString();
    const { job_id: jobId, status, message } = started;
    const sheetName = researchSheetName(query, jobId, (name) => book.getSheetByName(name) !== null);
    return {
      ...NEW_JOB_COUNTS,
      jobId,
      query,
      limit,
      columns,
      status,
      message,
      sheetName,
      createdAt: now,
      updatedAt: now,
    };
  };
  const jobs = registry();
  jobs.prune();
  const startedBy = currentUserId();
  const placeholder = { ...newJob(PLACEHOLDER_START), startedBy, baseUrl: settings.baseUrl };
  // Room first: a job the service started but this document could not keep would run unseen, and a retry would start
  // a second one.
  const client = userClient(settings);
  if (!jobs.holdRoom(placeholder)) throw new Error(STORE_FULL);
  let started: ApiResult<StartResearchResponse>;
  try {
    started = client.startResearch({ query, limit });
  } finally {
    jobs.releaseRoom();
  }
  if (!started.ok) throw new Error(started.error.message);
  const job: JobRecord = { ...newJob(started.value), startedBy, baseUrl: settings.baseUrl };
  const { jobId } = job;
  jobs.save(job);
  jobs.prune();
  // From here on the job exists: a failure must not read as "not started" (a retry would start it twice). The
  // open sidebar still polls it, a poll creates a missing sheet, and the failure shows on the job for this user.
  let setupFailure: string | null = null;
  try {
    // Created without moving the user: they stay on the sheet they work in ("Open sheet" goes to it).
    const sheet = sheetNamed(book, job.sheetName);
    sheetTable(sheet).writeHeaders(1, RESEARCH_COLUMNS[columns].map(headerFor));
  } catch (error) {
    setupFailure = `The job started, but setting it up failed (${errorMessage(error)}); keep the sidebar open until it ends.`;
    new PersonalJobErrors(documentStore(), startedBy).set(jobId, setupFailure);
  }
  arrangeBackgroundWork();
  return toJobSummary(job, setupFailure ?? backgroundProblem());
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

/** A start answer as long as one can be, to hold a job's room before the service is asked. */
const PLACEHOLDER_START: StartResearchResponse = {
  job_id: 'x'.repeat(MAX_JOB_ID_LENGTH),
  status: 'pending',
  message: 'x'.repeat(MAX_STORED_TEXT),
};

const STORE_FULL =
  'This spreadsheet has no room left to keep another research job (its document properties are full), so none was started.';

/** Reads each property store once: the document's (jobs and failures) and the user's (their id and problem). */
export function listResearchJobs(): JobSummary[] {
  const shared = readOnce(documentStore());
  const mine = readOnce(userStore());
  const userId = knownUserId(mine);
  // A user who never started or polled a job has no failures and no background.
  const errors = userId === null ? {} : new PersonalJobErrors(shared, userId).all();
  const problem = userId === null ? null : backgroundProblem(mine);
  // A personal failure (another key's job, a poll that failed) stops mattering once the job has ended.
  const personalError = (job: JobRecord) =>
    isFinishedJobStatus(job.status) ? null : (errors[job.jobId] ?? (job.startedBy === userId ? problem : null));
  return registry(shared)
    .all()
    .map((job) => toJobSummary(job, personalError(job), userId));
}

/** The sidebar's poll: the given job, or every unfinished one, with the current user's key. */
export function pollResearch(jobId?: string): JobSummary[] {
  const jobs = registry(readOnce(documentStore()));
  const targets =
    jobId === undefined ? jobs.unfinished() : [requireJob(jobs, jobId)].filter((j) => !isFinishedJobStatus(j.status));
  pollJobs(targets, currentUserId(), POLL_LOCK_WAIT_MS, systemClock.now() + POLL_BUDGET_MS);
  arrangeBackgroundWork();
  return listResearchJobs();
}

/** The trigger's poll: the jobs this user started. A failure shows on them, as installed triggers e-mail nobody. */
function pollOwnJobs(userId: string, stopBy: number): void {
  const own = registry()
    .unfinished()
    .filter((job) => job.startedBy === userId);
  try {
    pollJobs(own, userId, POLL_LOCK_WAIT_MS, stopBy);
  } catch (error) {
    const errors = new PersonalJobErrors(readOnce(documentStore()), userId);
    for (const job of own) errors.set(job.jobId, `Background polling failed: ${errorMessage(error)}`);
  }
}

export function cancelResearch(jobId: string): JobSummary {
  const jobs = registry();
  const job = requireJob(jobs, jobId);
  if (!isFinishedJobStatus(job.status)) {
    const answer = userClient(currentSettings()).cancelResearch(jobId);
    // 409: it completed meanwhile; the poll below fetches its last results either way.
    if (!answer.ok && answer.error.kind !== 'conflict') throw new Error(answer.error.message);
    pollJobs([job], currentUserId(), CANCEL_LOCK_WAIT_MS, systemClock.now() + POLL_BUDGET_MS);
    arrangeBackgroundWork();
  }
  return listResearchJobs().find((summary) => summary.jobId === jobId)!;
}

export function openResearchSheet(jobId: string): void {
  const job = requireJob(registry(), jobId);
  const sheet = spreadsheet().getSheetByName(job.sheetName);
  if (sheet === null) throw new Error(`The results sheet "${job.sheetName}" was deleted or renamed.`);
  spreadsheet().setActiveSheet(sheet);
}

function requireJob(jobs: JobRegistry, jobId: string): JobRecord {
  const job = typeof jobId === 'string' ? jobs.get(jobId) : null;
  if (job === null) throw new Error('That research job is not in this spreadsheet.');
  return job;
}

/** Polls the targets with the current user's key, under the document lock (skipped when another poll holds it). */
function pollJobs(targets: JobRecord[], userId: string, lockWaitMs: number, stopBy: number): void {
  if (targets.length === 0) return;
  const lock = documentLock();
  if (!lock.tryLock(lockWaitMs)) return;
  try {
    // Read under the lock: another execution may have moved a cursor since the targets were listed.
    const shared = readOnce(documentStore());
    const settings = currentSettings();
    const api = userClient(settings);
    const jobs = registry(shared);
    const errors = new PersonalJobErrors(shared, userId);
    for (const target of targets) {
      const job = jobs.get(target.jobId) ?? target;
      if (isFinishedJobStatus(job.status)) continue;
      if (job.baseUrl !== settings.baseUrl) {
        errors.set(job.jobId, `This job was started on ${job.baseUrl}; set that base URL in Settings to follow it.`);
        continue;
      }
      const outcome = pollJob(job, { client: api, clock: systemClock, sheets: sheetsOf(job), stopBy }, (saved) =>
        jobs.save(saved),
      );
      errors.set(job.jobId, outcome.userError);
      if (outcome.job.status === 'completed') {
        spreadsheet().toast(`"${outcome.job.sheetName}" is complete: ${outcome.job.rowsWritten} rows.`, ADDON_NAME);
      }
    }
    errors.retain(jobs.unfinished().map((job) => job.jobId));
  } finally {
    lock.release();
  }
}

/** The sheets of one job for one poll: each opened (or created) once, and remembered across the poll's pages. */
function sheetsOf(job: JobRecord): ResearchSheets {
  const opened = new Map<string, SheetTable>();
  const open = (name: string): SheetTable => {
    let table = opened.get(name);
    if (table === undefined) opened.set(name, (table = rememberingTable(sheetTable(sheetNamed(spreadsheet(), name)))));
    return table;
  };
  return {
    results: () => open(job.sheetName),
    companion: (collection) =>
      open(companionSheetName(job.sheetName, collection === 'experience' ? 'Experience' : 'Education')),
  };
}
