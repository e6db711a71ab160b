// One poll of one research job: read result pages from the saved cursor, upsert them into the results sheet by
// profile id (pages of a running job grow, and a profile may come twice), up to PROFILES_PER_WRITE at a time, and
// save the cursor after every write that changed it, so a poll cut short by the time limit resumes where it
// stopped, without loss or duplicates.
import type { ApiClient } from '../api/client';
import type { ApiError } from '../api/errors';
import { MAX_PAGE_SIZE } from '../api/limits';
import type { JobStatusResponse, ProfileRecord } from '../api/types';
import { planWrite } from '../cells';
import { RESEARCH_COLUMNS } from '../fields/defaults';
import { collectionColumns, flattenCollection, flattenRecord, headerFor } from '../fields/flatten';
import type { CompanionCollection } from '../fields/flatten';
import type { Clock } from '../ports';
import { appendRowsOfNewKeys, upsertRows, type SheetTable } from '../sheet-table';
import { isFinishedJobStatus, storedForm, type JobRecord } from './registry';

/** Always ask for a page (without `page` the service returns every result, every time), the largest it serves. */
export const RESULTS_PAGE_SIZE = MAX_PAGE_SIZE;

/** The results sheet and its companions; opened only when there is something to write. */
export interface ResearchSheets {
  results(): SheetTable;
  companion(collection: CompanionCollection): SheetTable;
}

export interface PollContext {
  client: ApiClient;
  clock: Clock;
  sheets: ResearchSheets;
  /** Epoch ms after which no new page is requested. */
  stopBy: number;
}

export interface PollOutcome {
  job: JobRecord;
  /** A failure that concerns only the user who polled (another key's job, a network error): not saved on the job. */
  userError: string | null;
}

/** The first column of every companion row (see collectionColumns). */
const COMPANION_KEY = 'profile_id';

/**
 * Pages read before they are written together: every write is a few round trips per sheet whatever its rows, and
 * pages read but not yet written when an execution ends are only read again (reading a page costs no credit).
 */
export const PROFILES_PER_WRITE = 1_000;

export function pollJob(start: JobRecord, context: PollContext, save: (job: JobRecord) => void): PollOutcome {
  let job = { ...start };
  /** Where the pages read so far leave the job, and their profiles, not yet written. */
  let read = { job, profiles: [] as ProfileRecord[] };
  const flush = () => {
    const rowsWritten = writeProfiles(job, read.profiles, context.sheets) ?? job.rowsWritten;
    const polled = storedForm({ ...read.job, rowsWritten });
    // A poll that learns nothing new saves nothing: an open sidebar polling a quiet job spends no property writes.
    if (JSON.stringify(polled) !== JSON.stringify(job)) {
      job = { ...polled, updatedAt: new Date(context.clock.now()).toISOString() };
      save(job);
    }
    read = { job, profiles: [] };
  };
  while (context.clock.now() < context.stopBy) {
    const answer = context.client.getResearchJob(
      job.jobId,
      { page: read.job.nextPage, pageSize: RESULTS_PAGE_SIZE },
      { deadline: context.stopBy },
    );
    if (!answer.ok) {
      flush();
      return failed(job, answer.error, context, save);
    }
    // A full page is final (the cursor moves past it); the next is worth asking for now unless the service says
    // there is nothing beyond it yet.
    const full = answer.value.results.length >= RESULTS_PAGE_SIZE;
    const readOn = full && !endsHere(answer.value, read.job.nextPage);
    read = {
      job: afterPage(read.job, answer.value, full, readOn),
      profiles: [...read.profiles, ...answer.value.results],
    };
    if (!readOn || read.profiles.length >= PROFILES_PER_WRITE) flush();
    if (!readOn) break;
  }
  if (read.profiles.length > 0) flush();
  return { job, userError: null };
}

/**
 * Whether the results so far end with this page. The pagination's member names are our reading of the API
 * (docs/api.md), so only a page that also counts the results found so far, none beyond it, is believed.
 */
function endsHere(status: JobStatusResponse, page: number): boolean {
  const pagination = status.pagination;
  if (pagination === undefined || pagination.has_more) return false;
  return pagination.total_results > 0 && pagination.total_results <= page * RESULTS_PAGE_SIZE;
}

/** The job as one more page leaves it (its rows not counted yet). */
function afterPage(job: JobRecord, status: JobStatusResponse, full: boolean, readOn: boolean): JobRecord {
  // A partial page may still grow, so it is read again next time. A job saved as finished is never polled again:
  // until its last page is written it stays unfinished here.
  const drained = !(readOn && isFinishedJobStatus(status.status));
  return {
    ...job,
    status: drained ? status.status : 'processing',
    message: drained ? status.message : 'Writing the results to the sheet.',
    finalResultsCount: status.final_results_count,
    chunksProcessed: status.chunks_processed,
    totalChunks: status.total_chunks,
    error: drained && status.status === 'error' ? status.error || status.message || 'The research job failed.' : null,
    nextPage: full ? job.nextPage + 1 : job.nextPage,
  };
}

/**
 * Writes pages; returns how many profiles the results sheet holds then (null when there was nothing to write).
 * Counting the sheet rather than adding up inserts keeps the count right when an execution ended between writing a
 * page and saving the cursor, and the next poll finds that page's rows already there.
 */
function writeProfiles(job: JobRecord, read: ProfileRecord[], sheets: ResearchSheets): number | null {
  if (read.length === 0) return null;
  // A profile may come twice in the pages: its companion entries must still be appended once.
  const profiles = [...new Map(read.map((profile) => [String(profile.id), profile] as const)).values()];
  const columns = RESEARCH_COLUMNS[job.columns];
  const rows = planWrite(
    columns,
    profiles.map((profile) => flattenRecord(profile, columns)),
  );
  // Companions first: a profile's entries are appended only while its id is new to the companion sheet, so if a poll
  // stopped between the two writes, the next one neither loses nor repeats them.
  for (const collection of ['experience', 'education'] as const) {
    const entryColumns = collectionColumns(collection);
    const entries = profiles.flatMap((profile) => flattenCollection(profile, collection));
    if (entries.length === 0) continue;
    const plan = planWrite(entryColumns, entries);
    appendRowsOfNewKeys(sheets.companion(collection), COMPANION_KEY, {
      fields: entryColumns.map(headerFor),
      formats: plan.formats,
      rows: plan.rows,
    });
  }
  return upsertRows(sheets.results(), 'id', { fields: columns.map(headerFor), ...rows }).keys;
}

function failed(job: JobRecord, error: ApiError, context: PollContext, save: (job: JobRecord) => void): PollOutcome {
  if (error.kind !== 'not_found') return { job, userError: error.message };
  // The job is gone for everyone: end it, so no trigger keeps asking.
  const ended: JobRecord = {
    ...job,
    status: 'error',
    error: error.message,
    updatedAt: new Date(context.clock.now()).toISOString(),
  };
  save(ended);
  return { job: ended, userError: null };
}
