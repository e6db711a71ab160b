// Prepared API calls. Each prepare function validates its input first and answers invalid_input instead of an
// operation, so no request is ever built (or paid for) for bad input; the three per-row operations
// (prepareNormalized*) take input that the caller's normaliser (../input) has already accepted. An operation carries
// the request and knows how to read the answer and what the call cost, so many of them can be sent together with
// Http.fetchAll.
import { parseJson } from '../json';
import type { HttpOutcome, HttpRequest } from '../ports';
import { isNetworkError } from '../ports';
import { shorten } from '../text';
import { creditsUsed } from './credits';
import {
  describeFailure,
  invalidInput,
  legacyFormat,
  malformed,
  type ApiFailure,
  type OperationName,
  type RetryMode,
} from './errors';
import {
  DEFAULT_PAGE_SIZE,
  JOB_ID,
  MAX_ACCEPTANCE_THRESHOLD,
  MAX_PAGE_SIZE,
  MAX_RESEARCH_LIMIT,
  MAX_RESEARCH_QUERY_LENGTH,
  MAX_SEARCH_LIMIT,
  MAX_URL_LENGTH,
} from './limits';
import {
  readCancelResearch,
  readCompanySearch,
  readContactLookup,
  readJobStatus,
  readPeopleSearch,
  readProfileRecord,
  readScrapedProfile,
  readStartResearch,
  UnreadableAnswer,
} from './read';
import type {
  CancelResearchResponse,
  CompanySearchResponse,
  ContactLookup,
  ContactLookupResponse,
  JobStatusResponse,
  ProfileRecord,
  PeopleSearchResponse,
  ScrapedProfile,
  StartResearchRequest,
  StartResearchResponse,
} from './types';

/** Where the API is and who calls it. */
export interface ApiEndpoint {
  /** Such as https://api.example.com (a trailing slash is ignored). */
  baseUrl: string;
  apiKey: string;
}

export interface Operation<T> {
  readonly name: OperationName;
  readonly request: HttpRequest;
  /** The value, or the error this answer means for this operation (including a network failure). */
  parse(outcome: HttpOutcome): { ok: true; value: T } | ApiFailure;
  /** Credits a successful call used. */
  credits(value: T): number;
  /** Which failures may be sent again: see RetryMode. */
  readonly retry: RetryMode;
}

export type Prepared<T> = { ok: true; operation: Operation<T> } | ApiFailure;

export interface CompanySearchParams {
  query: string;
  /** 1 to 100; callers send DEFAULT_SEARCH_LIMIT when the user gives none. */
  limit: number;
  /** 0 to 100; left out of the request when not given, so the service applies its default (73). */
  acceptanceThreshold?: number;
}

export interface PeopleSearchParams {
  query: string;
  /** 1 to 100. */
  limit: number;
}

export interface JobPage {
  /** 1-based. */
  page: number;
  /** 1 to 100; the service's default is 25. */
  pageSize?: number;
}

type QueryValue = string | number | boolean | undefined;

interface OperationSpec<T> {
  name: OperationName;
  method: 'get' | 'post';
  path: string;
  query?: Array<[string, QueryValue]>;
  body?: unknown;
  read(body: unknown): T;
  /** For per-result costs. */
  resultCount?(value: T): number;
  /** 'transient' unless the call may not be repeated. */
  retry?: RetryMode;
}

// ---------- the operations ----------

/** For a URL normalizeProfileUrl already gave: nothing is checked again. */
export function prepareNormalizedScrape(endpoint: ApiEndpoint, networkUrl: string): Prepared<ScrapedProfile> {
  return operation(endpoint, {
    name: 'scrape',
    method: 'get',
    path: '/api/enrich/scrape',
    query: [['network_url', networkUrl]],
    read: readScrapedProfile,
  });
}

export function prepareCompanySearch(
  endpoint: ApiEndpoint,
  params: CompanySearchParams,
): Prepared<CompanySearchResponse> {
  const problem =
    queryProblem(params.query, 'search query') ??
    rangeProblem('limit', params.limit, 1, MAX_SEARCH_LIMIT) ??
    (params.acceptanceThreshold === undefined
      ? undefined
      : rangeProblem('acceptance threshold', params.acceptanceThreshold, 0, MAX_ACCEPTANCE_THRESHOLD));
  if (problem) return invalidInput(problem);
  return operation(endpoint, {
    name: 'companySearch',
    method: 'get',
    path: '/api/search/companies',
    query: [
      ['query', params.query.trim()],
      ['limit', params.limit],
      ['acceptance_threshold', params.acceptanceThreshold],
    ],
    read: readCompanySearch,
    resultCount: (answer) => answer.results.length,
  });
}

/** For a lookup classifyLookup already gave (one normalised value): nothing is checked again. */
export function prepareNormalizedContactLookup(
  endpoint: ApiEndpoint,
  lookup: ContactLookup,
): Prepared<ContactLookupResponse> {
  const [name, value] = Object.entries(lookup)[0] as [string, string];
  return operation(endpoint, {
    name: 'contacts',
    method: 'get',
    path: '/api/enrich/contacts',
    query: [[name, value]],
    read: readContactLookup,
  });
}

export function prepareStartResearch(
  endpoint: ApiEndpoint,
  request: StartResearchRequest,
): Prepared<StartResearchResponse> {
  const problem =
    queryProblem(request.query, 'research query', MAX_RESEARCH_QUERY_LENGTH) ??
    rangeProblem('limit', request.limit, 1, MAX_RESEARCH_LIMIT);
  if (problem) return invalidInput(problem);
  return operation(endpoint, {
    name: 'startResearch',
    method: 'post',
    path: '/api/search/deep_research',
    body: { query: request.query.trim(), limit: request.limit },
    read: readStartResearch,
    // The POST may have started the job before a 5xx or a dropped connection; a second one would start another.
    retry: 'rateLimitOnly',
  });
}

/** Without a page, the service returns all results so far; with one, that page and a pagination object. */
export function prepareJobStatus(endpoint: ApiEndpoint, jobId: string, page?: JobPage): Prepared<JobStatusResponse> {
  const problem =
    jobIdProblem(jobId) ??
    (page === undefined
      ? undefined
      : (rangeProblem('page', page.page, 1, Number.MAX_SAFE_INTEGER) ??
        (page.pageSize === undefined ? undefined : rangeProblem('page size', page.pageSize, 1, MAX_PAGE_SIZE))));
  if (problem) return invalidInput(problem);
  return operation(endpoint, {
    name: 'jobStatus',
    method: 'get',
    path: `/api/search/deep_research/${encodeURIComponent(jobId)}`,
    query: [
      ['page', page?.page],
      ['page_size', page ? (page.pageSize ?? DEFAULT_PAGE_SIZE) : undefined],
      ['legacy', false],
    ],
    read: (body) => readJobStatus(body, jobId),
  });
}

export function prepareCancelResearch(endpoint: ApiEndpoint, jobId: string): Prepared<CancelResearchResponse> {
  const problem = jobIdProblem(jobId);
  if (problem) return invalidInput(problem);
  return operation(endpoint, {
    name: 'cancelResearch',
    method: 'post',
    path: `/api/search/deep_research/${encodeURIComponent(jobId)}/cancel`,
    read: readCancelResearch,
  });
}

/** This endpoint's parameters are undocumented; we send query, limit and legacy=false (docs/api.md). */
export function preparePeopleSearch(endpoint: ApiEndpoint, params: PeopleSearchParams): Prepared<PeopleSearchResponse> {
  const problem =
    queryProblem(params.query, 'search query') ?? rangeProblem('limit', params.limit, 1, MAX_SEARCH_LIMIT);
  if (problem) return invalidInput(problem);
  return operation(endpoint, {
    name: 'peopleSearch',
    method: 'get',
    path: '/api/search',
    query: [
      ['query', params.query.trim()],
      ['limit', params.limit],
      ['legacy', false],
    ],
    read: readPeopleSearch,
    resultCount: (answer) => answer.results.length,
  });
}

/**
 * For a URL normalizeProfileUrl already gave: nothing is checked again. The endpoint's parameters are undocumented;
 * we send network_url and legacy=false (docs/api.md).
 */
export function prepareNormalizedProfileRecord(endpoint: ApiEndpoint, networkUrl: string): Prepared<ProfileRecord> {
  return operation(endpoint, {
    name: 'profileRecord',
    method: 'get',
    path: '/api/enrich/network',
    query: [
      ['network_url', networkUrl],
      ['legacy', false],
    ],
    read: readProfileRecord,
  });
}

// ---------- building blocks ----------

function operation<T>(endpoint: ApiEndpoint, spec: OperationSpec<T>): Prepared<T> {
  const url = buildUrl(endpoint.baseUrl, spec.path, spec.query ?? []);
  if (url.length > MAX_URL_LENGTH) return invalidInput('The request is too long to send; shorten the query.');
  const request: HttpRequest = {
    url,
    method: spec.method,
    headers: { Authorization: `Bearer ${endpoint.apiKey}`, Accept: 'application/json' },
  };
  if (spec.method === 'post') {
    request.headers['Content-Type'] = 'application/json';
    request.body = JSON.stringify(spec.body ?? {});
  }
  return {
    ok: true,
    operation: {
      name: spec.name,
      request,
      parse: (outcome) => parseOutcome(spec, outcome, endpoint.apiKey),
      credits: (value) => creditsUsed(spec.name, spec.resultCount ? spec.resultCount(value) : 0),
      retry: spec.retry ?? 'transient',
    },
  };
}

function parseOutcome<T>(
  spec: OperationSpec<T>,
  outcome: HttpOutcome,
  apiKey: string,
): { ok: true; value: T } | ApiFailure {
  if (isNetworkError(outcome) || outcome.status < 200 || outcome.status >= 300) {
    return describeFailure(spec.name, outcome, apiKey);
  }
  const body = parseJson(outcome.body);
  if (body === undefined) return malformed(`not JSON, HTTP ${outcome.status}`);
  try {
    return { ok: true, value: spec.read(body) };
  } catch (error) {
    if (!(error instanceof UnreadableAnswer)) throw error;
    return error.kind === 'legacy_format' ? legacyFormat() : malformed(error.message);
  }
}

/** Query strings by hand: Apps Script has no URLSearchParams. Undefined values are left out. */
export function buildUrl(baseUrl: string, path: string, query: Array<[string, QueryValue]>): string {
  const pairs = query
    .filter((pair): pair is [string, string | number | boolean] => pair[1] !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return baseUrl.replace(/\/+$/, '') + path + (pairs.length ? '?' + pairs.join('&') : '');
}

function queryProblem(query: unknown, what: string, maxLength?: number): string | undefined {
  if (typeof query !== 'string' || query.trim() === '') return `The ${what} is empty.`;
  if (maxLength !== undefined && query.trim().length > maxLength) {
    return `The ${what} is too long (${query.trim().length} characters; at most ${maxLength}).`;
  }
  return undefined;
}

function rangeProblem(what: string, value: unknown, min: number, max: number): string | undefined {
  const valid = typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
  if (valid) return undefined;
  const range = max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `from ${min} to ${max}`;
  return `The ${what} must be a whole number ${range} (got ${describeNumber(value)}).`;
}

/** Longest piece of a bad argument a message repeats. */
const MAX_DESCRIBED_LENGTH = 20;

function describeNumber(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return JSON.stringify(shorten(value, MAX_DESCRIBED_LENGTH));
  return typeof value;
}

function jobIdProblem(jobId: unknown): string | undefined {
  if (typeof jobId !== 'string' || jobId === '') return 'The research job id is empty.';
  return JOB_ID.test(jobId) ? undefined : 'The research job id has characters a job id never has.';
}
