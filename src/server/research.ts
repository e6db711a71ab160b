// Research jobs over Apps Script: the registry in document properties, results sheets, the document lock, and the
// background trigger of the user who started a job.
import { documentStore, userStore } from '../adapters/properties';
import { urlFetchHttp } from '../adapters/http';
import { documentLock, systemClock } from '../adapters/runtime';
import { sheetNamed, sheetTable } from '../adapters/sheet-table';
import { ensurePollTrigger, removePollTrigger } from '../adapters/triggers';
import { ApiClient } from '../core/api/client';
import { noKeyError } from '../core/api/errors';
import { RESEARCH_COLUMNS } from '../core/fields/defaults';
import { headerFor } from '../core/fields/flatten';
import { pollJob, type ResearchSheets } from '../core/research/poll';
import { rememberingTable, type SheetTable } from '../core/sheet-table';
import { isFinished, JobRegistry, PersonalJobErrors, toSummary, type JobRecord } from '../core/research/registry';
import { validateResearchRequest } from '../core/research/request';
import { companionSheetName, researchSheetName } from '../core/research/sheet-name';
import { ADDON_NAME } from './config';
import type { JobSummary, ResearchRequest } from '../core/contract';
import { currentSettings } from './settings';
import type { Settings } from '../core/settings';

/** The trigger handler's name, as exposed by src/Code.ts. */
export const BACKGROUND_POLL_HANDLER = 'pollResearchInBackground';

/** Executions end at 6 minutes; a poll stops asking for pages well before. */
const POLL_BUDGET_MS = 4.5 * 60 * 1000;
/** A sidebar or trigger poll that finds the lock taken skips this round rather than wait. */
const POLL_LOCK_WAIT_MS = 500;
/** Cancelling is a user's click: worth waiting for a running poll to finish. */
const CANCEL_LOCK_WAIT_MS = 20_000;

const USER_ID_KEY = 'RESEARCH_USER_ID';

const registry = () => new JobRegistry(documentStore());
const personalErrors = () => new PersonalJobErrors(documentStore(), currentUser());
const spreadsheet = () => SpreadsheetApp.getActiveSpreadsheet();

/**
 * An opaque id of the user running this execution, kept in their own properties. Session's user e-mail would need
 * another OAuth scope and may be empty; this is readable wherever the user's properties are, triggers included.
 */
function currentUser(): string {
  const store = userStore();
  let id = store.get(USER_ID_KEY);
  if (id === null) store.set(USER_ID_KEY, (id = Utilities.getUuid()));
  return id;
}

/** The failures this user met on this document's jobs; a user who never started or polled a job has none. */
function personalErrorsSeen(): Record<string, string> {
  const id = userStore().get(USER_ID_KEY);
  return id === null ? {} : new PersonalJobErrors(documentStore(), id).all();
}

function clientFor(settings: Settings): ApiClient {
  if (settings.apiKey === null) throw new Error(noKeyError().message);
  return new ApiClient({ http: urlFetchHttp, clock: systemClock, apiKey: settings.apiKey, baseUrl: settings.baseUrl });
}

export function startResearch(request: ResearchRequest): JobSummary {
  const { query, limit, columns } = validateResearchRequest(request);
  const settings = currentSettings();
  const startedBy = currentUser();
  const started = clientFor(settings).startResearch({ query, limit });
  if (!started.ok) throw new Error(started.error.message);
  const { job_id: jobId, status, message } = started.value;
  const book = spreadsheet();
  const now = new Date(systemClock.now()).toISOString();
  const job: JobRecord = {
    jobId,
    query,
    limit,
    columns,
    status,
    message,
    sheetName: researchSheetName(query, jobId, (name) => book.getSheetByName(name) !== null),
    rowsWritten: 0,
    finalResultsCount: 0,
    chunksProcessed: 0,
    totalChunks: 0,
    createdAt: now,
    updatedAt: now,
    error: null,
    startedBy,
    baseUrl: settings.baseUrl,
    nextPage: 1,
  };
  const jobs = registry();
  jobs.save(job);
  jobs.prune();
  // From here on the job exists: a failure must not read as "not started" (a retry would start it twice). The
  // open sidebar still polls it, a poll creates a missing sheet, and the failure shows on the job for this user.
  try {
    // Created without moving the user: they stay on the sheet they work in ("Open sheet" goes to it).
    const sheet = sheetNamed(book, job.sheetName);
    sheetTable(sheet).writeHeaders(1, RESEARCH_COLUMNS[columns].map(headerFor));
    ensurePollTrigger(BACKGROUND_POLL_HANDLER);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const failure = `The job started, but setting it up failed (${reason}); keep the sidebar open until it ends.`;
    personalErrors().set(jobId, failure);
    return toSummary(job, failure);
  }
  return toSummary(job);
}

export function listResearchJobs(): JobSummary[] {
  const errors = personalErrorsSeen();
  // A personal failure (another key's job, a poll that failed) stops mattering once the job has ended.
  return registry()
    .all()
    .map((job) => toSummary(job, isFinished(job.status) ? null : (errors[job.jobId] ?? null)));
}

/** The sidebar's poll: the given job, or every unfinished one, with the current user's key. */
export function pollResearch(jobId?: string): JobSummary[] {
  const jobs = registry();
  const targets =
    jobId === undefined ? jobs.unfinished() : [requireJob(jobs, jobId)].filter((j) => !isFinished(j.status));
  pollJobs(targets, POLL_LOCK_WAIT_MS);
  return listResearchJobs();
}

/** The trigger's poll: the jobs this user started. The trigger goes once none of them is unfinished. */
export function pollResearchInBackground(): void {
  const user = currentUser();
  const own = registry()
    .unfinished()
    .filter((job) => job.startedBy === user);
  try {
    pollJobs(own, POLL_LOCK_WAIT_MS);
  } catch (error) {
    // Installed triggers send no failure e-mail: the failure shows on the user's jobs in the sidebar instead.
    const reason = error instanceof Error ? error.message : String(error);
    const errors = personalErrors();
    for (const job of own) errors.set(job.jobId, `Background polling failed: ${reason}`);
  }
}

export function cancelResearch(jobId: string): JobSummary {
  const jobs = registry();
  const job = requireJob(jobs, jobId);
  if (!isFinished(job.status)) {
    const answer = clientFor(currentSettings()).cancelResearch(jobId);
    // 409: it completed meanwhile; the poll below fetches its last results either way.
    if (!answer.ok && answer.error.kind !== 'conflict') throw new Error(answer.error.message);
    pollJobs([job], CANCEL_LOCK_WAIT_MS);
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

function pollJobs(targets: JobRecord[], lockWaitMs: number): void {
  if (targets.length > 0) {
    const lock = documentLock();
    if (!lock.tryLock(lockWaitMs)) return;
    try {
      const stopBy = systemClock.now() + POLL_BUDGET_MS;
      const settings = currentSettings();
      const api = clientFor(settings);
      const jobs = registry();
      const errors = personalErrors();
      for (const target of targets) {
        // Re-read under the lock: another execution may have moved the cursor since the list was taken.
        const job = jobs.get(target.jobId) ?? target;
        if (isFinished(job.status)) continue;
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
    } finally {
      lock.release();
    }
  }
  const unfinished = registry().unfinished();
  personalErrors().retain(unfinished.map((job) => job.jobId));
  const user = currentUser();
  if (!unfinished.some((job) => job.startedBy === user)) removePollTrigger(BACKGROUND_POLL_HANDLER);
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
