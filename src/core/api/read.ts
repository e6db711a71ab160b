// Readers of successful answers: they check the shape the rest of the add-on relies on, fill what the API marks as
// optional or "not shown", and refuse (rather than misread) anything else, including the legacy record format.
import { isRecord } from '../json';
import { JOB_ID } from './limits';
import {
  SOCIAL_CODES,
  type CancelResearchResponse,
  type CompanySearchResponse,
  type Contact,
  type ContactError,
  type ContactLookupResponse,
  type ContactResult,
  type JobStatus,
  type JobStatusResponse,
  type ProfileRecord,
  type Pagination,
  type PeopleSearchResponse,
  type ScrapedProfile,
  type Social,
  type StartResearchResponse,
} from './types';

/** Thrown by the readers; the operation turns it into a malformed or legacy_format error. */
export class UnreadableAnswer extends Error {
  constructor(
    readonly kind: 'malformed' | 'legacy_format',
    detail: string,
  ) {
    super(detail);
  }
}

const JOB_STATUSES: readonly JobStatus[] = ['pending', 'searching', 'processing', 'completed', 'error', 'cancelled'];
const SCRAPED_LISTS = ['experience', 'education', 'skills', 'languages', 'certifications', 'honors', 'posts'] as const;

function object(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new UnreadableAnswer('malformed', `${what} is not an object`);
  return value;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new UnreadableAnswer('malformed', `${what} is not a list`);
  return value;
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

function numberOr(value: unknown, fallback: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
}

export function readScrapedProfile(body: unknown): ScrapedProfile {
  const answer = object(body, 'the answer');
  object(answer.profile, 'profile');
  const lists: Record<string, unknown[]> = {};
  for (const name of SCRAPED_LISTS) lists[name] = answer[name] == null ? [] : list(answer[name], name);
  return { ...answer, ...lists, location: text(answer.location) } as unknown as ScrapedProfile;
}

export function readCompanySearch(body: unknown): CompanySearchResponse {
  const answer = object(body, 'the answer');
  const results = list(answer.results, 'results').map((company, i) => object(company, `result ${i + 1}`));
  return {
    ...answer,
    results,
    total: numberOr(answer.total, results.length),
    query: text(answer.query),
  } as unknown as CompanySearchResponse;
}

export function readContactLookup(body: unknown): ContactLookupResponse {
  const answer = object(body, 'the answer');
  return { data: list(answer.data, 'data').map((element, i) => readContactElement(object(element, `data ${i + 1}`))) };
}

function readContactElement(element: Record<string, unknown>): ContactResult | ContactError {
  if (element.error === true) return { error: true, message: text(element.message), details: text(element.details) };
  const contacts: Contact[] = (element.contacts == null ? [] : list(element.contacts, 'contacts'))
    .filter(isRecord)
    .filter((contact) => (contact.type === 'email' || contact.type === 'phone') && text(contact.value) !== '')
    .map((contact) => {
      const rating = text(contact.rating);
      return {
        type: contact.type as Contact['type'],
        value: text(contact.value),
        subType: text(contact.subType),
        ...(rating === '' ? {} : { rating }),
      };
    });
  const social: Social[] = (element.social == null ? [] : list(element.social, 'social'))
    .filter(isRecord)
    .filter((link) => SOCIAL_CODES.some((code) => code === link.type) && text(link.link) !== '')
    .map((link) => ({ type: link.type as Social['type'], link: text(link.link), rating: text(link.rating) }));
  return { contacts, social };
}

/**
 * A profile record always carries `full_name` (possibly null) and dates its experience entries with
 * `date_from_year`; a legacy record (`name`, `profile_url`, a `company` string, string dates) has neither.
 */
function checkedProfileRecord(value: unknown, what: string): ProfileRecord {
  const record = object(value, what);
  const experience = record.experience;
  const datedExperience =
    experience == null ||
    (Array.isArray(experience) && experience.every((entry) => isRecord(entry) && 'date_from_year' in entry));
  if (!('full_name' in record) || !datedExperience) {
    throw new UnreadableAnswer('legacy_format', `${what} is in the legacy format`);
  }
  return record as unknown as ProfileRecord;
}

export function readPeopleSearch(body: unknown): PeopleSearchResponse {
  const answer = object(body, 'the answer');
  const results = list(answer.results, 'results').map((record, i) => checkedProfileRecord(record, `result ${i + 1}`));
  return {
    ...answer,
    results,
    total: numberOr(answer.total, results.length),
    query: text(answer.query),
    search_id: text(answer.search_id),
  } as PeopleSearchResponse;
}

/** The profile record itself, or (our reading, docs/api.md) the record wrapped in `profile`, `data` or `result`. */
export function readProfileRecord(body: unknown): ProfileRecord {
  const answer = object(body, 'the answer');
  const wrapped = [answer.profile, answer.data, answer.result].find(isRecord);
  return checkedProfileRecord('id' in answer || wrapped === undefined ? answer : wrapped, 'the profile');
}

export function readStartResearch(body: unknown): StartResearchResponse {
  const answer = object(body, 'the answer');
  const jobId = text(answer.job_id);
  if (jobId === '') throw new UnreadableAnswer('malformed', 'no job_id');
  // A job id our own status requests would refuse could never be polled.
  if (!JOB_ID.test(jobId)) throw new UnreadableAnswer('malformed', 'job_id is not a valid job id');
  return {
    ...answer,
    job_id: jobId,
    status: readJobStatusValue(answer.status ?? 'pending'),
    message: text(answer.message),
  };
}

function readJobStatusValue(value: unknown): JobStatus {
  const status = JOB_STATUSES.find((known) => known === value);
  if (status === undefined) throw new UnreadableAnswer('malformed', `unknown job status ${JSON.stringify(value)}`);
  return status;
}

/**
 * Tolerant where the API is undocumented: the profiles may come as `results` or `profiles`, the error as text or
 * as an object with a message, and missing counters read as 0.
 */
export function readJobStatus(body: unknown, requestedJobId: string): JobStatusResponse {
  const answer = object(body, 'the answer');
  const profiles = answer.results ?? answer.profiles ?? [];
  const status: JobStatusResponse = {
    job_id: text(answer.job_id, requestedJobId),
    status: readJobStatusValue(answer.status),
    message: text(answer.message),
    created_at: numberOr(answer.created_at, 0),
    total_results_found: numberOr(answer.total_results_found, 0),
    final_results_count: numberOr(answer.final_results_count, 0),
    filtered_results_count: numberOr(answer.filtered_results_count, 0),
    chunks_processed: numberOr(answer.chunks_processed, 0),
    total_chunks: numberOr(answer.total_chunks, 0),
    results: list(profiles, 'results').map((record, i) => checkedProfileRecord(record, `result ${i + 1}`)),
  };
  if (isRecord(answer.pagination)) status.pagination = readPagination(answer.pagination);
  const error = readJobError(answer.error);
  if (error !== undefined) status.error = error;
  return status;
}

function readPagination(pagination: Record<string, unknown>): Pagination {
  const page = numberOr(pagination.page, 1);
  const pageSize = numberOr(pagination.page_size, 0);
  const totalResults = numberOr(pagination.total_results, 0);
  const totalPages = numberOr(pagination.total_pages, pageSize > 0 ? Math.ceil(totalResults / pageSize) : 0);
  const hasMore = typeof pagination.has_more === 'boolean' ? pagination.has_more : page < totalPages;
  return {
    ...pagination,
    page,
    page_size: pageSize,
    total_results: totalResults,
    total_pages: totalPages,
    has_more: hasMore,
  };
}

function readJobError(error: unknown): string | undefined {
  if (typeof error === 'string') return error === '' ? undefined : error;
  if (isRecord(error)) return text(error.message) || text(error.detail) || JSON.stringify(error);
  return undefined;
}

export function readCancelResearch(body: unknown): CancelResearchResponse {
  const answer = object(body, 'the answer');
  if (typeof answer.success !== 'boolean') throw new UnreadableAnswer('malformed', 'no success flag');
  return { success: answer.success, message: text(answer.message) };
}
