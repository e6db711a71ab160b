// The service's endpoints. Each handler validates, checks credits, and answers; the server charges a 200's credits.

import { peopleMatchCount, personForSlug, Random, searchCompanies, type ContactQuery } from './data';
import { failure, integerParam, missingField, ok, strictInteger, validationError, type Reply } from './http';
import { MAX_RESEARCH_LIMIT, type ResearchJob } from './jobs';
import { profileSlug } from './profile-url';
import type { MockState } from './state';

export interface ApiRequest {
  key: string;
  query: URLSearchParams;
  body: string;
  /** Decoded path parameters, in pattern order. */
  params: string[];
  state: MockState;
}

export interface ApiRoute {
  method: 'GET' | 'POST';
  pattern: RegExp;
  handle(request: ApiRequest): Reply;
}

const CREDITS = { scrape: 2, contacts: 1, profileRecord: 1, perCompany: 1, perPerson: 1 } as const;

const INSUFFICIENT_CREDITS = failure(402, 'Insufficient credits.');
const PROFILE_PRIVATE = failure(403, 'This profile is private or restricted.');
const PROFILE_NOT_FOUND = failure(404, 'Profile not found.');

// ---------- shared parameter checks ----------

/** A required, non-blank text query parameter, or FastAPI's 422. */
function requiredText(query: URLSearchParams, name: string): string | Reply {
  const value = query.get(name);
  if (value === null) return missingField('query', name);
  if (value.trim() === '')
    return validationError(['query', name], 'String should have at least 1 character', 'string_too_short');
  return value;
}

const TRUE_WORDS = ['true', '1', 'yes', 'on'];
const FALSE_WORDS = ['false', '0', 'no', 'off'];

/** `legacy`: absent or false -> the profile record; true -> legacy; anything else -> FastAPI's 422. */
function legacyFlag(query: URLSearchParams): boolean | Reply {
  const value = query.get('legacy');
  if (value === null || FALSE_WORDS.includes(value.toLowerCase())) return false;
  if (TRUE_WORDS.includes(value.toLowerCase())) return true;
  return validationError(
    ['query', 'legacy'],
    'Input should be a valid boolean, unable to interpret input',
    'bool_parsing',
  );
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

/** The slug of the `network_url` parameter, or the 400 the API gives for a missing or invalid URL. */
function profileSlugParam(query: URLSearchParams): string | Reply {
  const url = query.get('network_url');
  if (url === null || url === '') return failure(400, 'The network_url parameter is required.');
  return profileSlug(url) ?? failure(400, 'Invalid profile URL: expected https://www.network.com/in/<profile>.');
}

/**
 * Slugs starting `private-` or `missing-` stand for restricted and non-existent profiles; a profile the world
 * removed is not found either.
 */
function profileAccessProblem(state: MockState, slug: string): Reply | null {
  if (slug.startsWith('private-')) return PROFILE_PRIVATE;
  if (slug.startsWith('missing-') || state.world.isGone(slug)) return PROFILE_NOT_FOUND;
  return null;
}

function ownJob(request: ApiRequest): ResearchJob | Reply {
  const job = request.state.jobs.get(request.params[0]);
  if (!job) return failure(404, 'Job not found.');
  if (job.key !== request.key) return failure(403, 'Not authorized to access this job.');
  return job;
}

// ---------- endpoints ----------

function scrape(request: ApiRequest): Reply {
  const { state, key } = request;
  const slug = profileSlugParam(request.query);
  if (isReply(slug)) return slug;
  const slot = state.accounts.takeScrapeSlot(key);
  if (!slot.granted) {
    return {
      status: 429,
      headers: { 'Retry-After': String(slot.retryAfterSeconds) },
      body: { detail: 'Rate limit exceeded.', retry_after: slot.retryAfterSeconds },
    };
  }
  if (state.accounts.credits(key) < CREDITS.scrape) return INSUFFICIENT_CREDITS;
  state.world.noteServed(slug);
  return profileAccessProblem(state, slug) ?? ok(state.world.scrapedProfile(slug), CREDITS.scrape);
}

/** The API documents two limit rules; we use default 30, maximum 100 (docs/api.md "Our readings"). */
const COMPANY_LIMIT = { default: 30, max: 100 };
const DEFAULT_ACCEPTANCE_THRESHOLD = 73;

function companies(request: ApiRequest): Reply {
  const { state, key, query } = request;
  const text = requiredText(query, 'query');
  if (isReply(text)) return text;
  const limit = integerParam(query.get('limit'), 1, COMPANY_LIMIT.max, COMPANY_LIMIT.default);
  if (limit === null) return failure(400, `limit must be an integer from 1 to ${COMPANY_LIMIT.max}.`);
  const threshold = integerParam(query.get('acceptance_threshold'), 0, 100, DEFAULT_ACCEPTANCE_THRESHOLD);
  if (threshold === null) return failure(400, 'acceptance_threshold must be an integer from 0 to 100.');
  const outcome = searchCompanies(state.seed, text, threshold, limit);
  const cost = outcome.results.length * CREDITS.perCompany;
  if (state.accounts.credits(key) < cost) return INSUFFICIENT_CREDITS;
  // Our reading: `total` counts every match at the threshold; `results` holds the best `limit` of them.
  return ok({ results: outcome.results, total: outcome.matches, query: text }, cost);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits with optional leading '+' and separators. A '+' sent unencoded arrives as a space and fails here. */
const PHONE = /^\+?\d[\d ().-]{5,}\d$/;

const GONE_DETAILS: Record<ContactQuery['kind'], string> = {
  network_url: 'No profile is associated with this profile URL.',
  email: 'No profile is associated with this email address.',
  phone: 'No profile is associated with this phone number.',
};

/** The lookup's answer in the world as it is; special inputs (empty results, in-body errors) answer as always. */
function contactAnswer(state: MockState, lookup: ContactQuery) {
  const answer = state.world.contacts(lookup);
  if (!answer.data.some((result) => 'contacts' in result && result.contacts.length > 0)) return answer;
  const owner = state.world.contactOwner(lookup);
  if (state.world.isGone(owner)) {
    return { data: [{ error: true, message: 'No profile found', details: GONE_DETAILS[lookup.kind] }] };
  }
  state.world.noteServed(owner, lookup);
  return answer;
}

function contacts(request: ApiRequest): Reply {
  const { state, key, query } = request;
  const given = (['network_url', 'email', 'phone'] as const).filter((name) => query.has(name));
  if (given.length !== 1) return failure(400, 'Provide exactly one of network_url, email or phone.');
  let lookup: ContactQuery;
  if (given[0] === 'network_url') {
    const slug = profileSlugParam(query);
    if (isReply(slug)) return slug;
    lookup = { kind: 'network_url', slug };
  } else if (given[0] === 'email') {
    const email = query.get('email') ?? '';
    if (!EMAIL.test(email)) return failure(400, 'Invalid email address.');
    lookup = { kind: 'email', email };
  } else {
    const phone = query.get('phone') ?? '';
    if (!PHONE.test(phone)) return failure(400, 'Invalid phone number.');
    lookup = { kind: 'phone', phone };
  }
  if (state.accounts.credits(key) < CREDITS.contacts) return INSUFFICIENT_CREDITS;
  // Charged also for the empty result and the in-body error: the API bills every request.
  return ok(contactAnswer(state, lookup), CREDITS.contacts);
}

/** Our reading: a missing limit means 100. */
const DEFAULT_RESEARCH_LIMIT = 100;

/** Our reading: starting a job is free (the API prices only scrape, company search and contact lookup). */
function startResearch(request: ApiRequest): Reply {
  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    return validationError(['body'], 'JSON decode error', 'json_invalid');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return validationError(['body'], 'Input should be a valid dictionary', 'dict_type');
  }
  const { query, limit = DEFAULT_RESEARCH_LIMIT } = body as { query?: unknown; limit?: unknown };
  if (query === undefined) return missingField('body', 'query');
  if (typeof query !== 'string')
    return validationError(['body', 'query'], 'Input should be a valid string', 'string_type');
  if (query.trim() === '')
    return validationError(['body', 'query'], 'String should have at least 1 character', 'string_too_short');
  if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_RESEARCH_LIMIT) {
    return failure(400, `limit must be an integer from 1 to ${MAX_RESEARCH_LIMIT}.`);
  }
  const job = request.state.jobs.start(request.key, query, limit as number);
  return ok({ job_id: job.id, status: 'pending', message: 'Research job started.' });
}

const DEFAULT_PAGE_SIZE = 25;

function jobStatus(request: ApiRequest): Reply {
  const { query, state } = request;
  const pageText = query.get('page');
  const page = pageText === null ? null : strictInteger(pageText);
  if (pageText !== null && (page === null || page < 1)) return failure(400, 'page must be an integer of at least 1.');
  const pageSize = integerParam(query.get('page_size'), 1, 100, DEFAULT_PAGE_SIZE);
  if (pageSize === null) return failure(400, 'page_size must be an integer from 1 to 100.');
  const legacy = legacyFlag(query);
  if (isReply(legacy)) return legacy;
  const job = ownJob(request);
  if (isReply(job)) return job;

  const view = state.jobs.view(job);
  const available = view.resultsAvailable;
  const all = legacy ? state.jobs.legacyResults(job, available) : state.jobs.profileRecordResults(job, available);
  const totalPages = Math.ceil(available / pageSize);
  return ok({
    job_id: job.id,
    status: view.status,
    message: view.message,
    created_at: job.createdAtUnix,
    total_results_found: view.totalResultsFound,
    final_results_count: available,
    filtered_results_count: view.filteredResultsCount,
    chunks_processed: view.chunksProcessed,
    total_chunks: view.totalChunks,
    results: page === null ? all : all.slice((page - 1) * pageSize, page * pageSize),
    ...(page === null
      ? {}
      : {
          pagination: {
            page,
            page_size: pageSize,
            total_results: available,
            total_pages: totalPages,
            has_more: page < totalPages,
          },
        }),
    ...(view.error === undefined ? {} : { error: view.error }),
  });
}

/** Our reading: 409 for a job that has ended, completed, failed or cancelled (docs/api.md "Our readings"). */
const ALREADY_FINISHED: Record<string, string> = {
  completed: 'Job already completed.',
  error: 'Job already failed.',
  cancelled: 'Job already cancelled.',
};

function cancelJob(request: ApiRequest): Reply {
  const job = ownJob(request);
  if (isReply(job)) return job;
  const outcome = request.state.jobs.cancel(job);
  if (!outcome.cancelled) return failure(409, ALREADY_FINISHED[outcome.status]);
  return ok({ success: true, message: 'Job cancelled; results found so far are kept.' });
}

const PEOPLE_LIMIT = { default: 10, max: 100 };

/** Our reading of the unshown parameters: query, limit (default 10, 1-100), legacy; 1 credit per result. */
function people(request: ApiRequest): Reply {
  const { state, key, query } = request;
  const text = requiredText(query, 'query');
  if (isReply(text)) return text;
  const limit = integerParam(query.get('limit'), 1, PEOPLE_LIMIT.max, PEOPLE_LIMIT.default);
  if (limit === null) return failure(400, `limit must be an integer from 1 to ${PEOPLE_LIMIT.max}.`);
  const legacy = legacyFlag(query);
  if (isReply(legacy)) return legacy;
  const pool = peopleMatchCount(state.seed, text);
  const matches = pool - state.world.goneAmong(text, pool);
  const count = Math.min(limit, matches);
  if (state.accounts.credits(key) < count * CREDITS.perPerson) return INSUFFICIENT_CREDITS;
  const results = state.world.findPeople(text, count, pool).map(({ person, match }) => {
    state.world.noteServed(person.slug);
    return legacy ? state.world.legacyProfile(person) : state.world.profileRecord(person, match);
  });
  const searchId = new Random(state.seed, 'search-id', text, limit).uuid();
  return ok({ results, total: matches, query: text, search_id: searchId }, count * CREDITS.perPerson);
}

/** Our reading: `network_url` (same rules as scrape) and `legacy`; 1 credit; one record as the body. */
function profileRecord(request: ApiRequest): Reply {
  const { state, key, query } = request;
  const slug = profileSlugParam(query);
  if (isReply(slug)) return slug;
  const legacy = legacyFlag(query);
  if (isReply(legacy)) return legacy;
  if (state.accounts.credits(key) < CREDITS.profileRecord) return INSUFFICIENT_CREDITS;
  state.world.noteServed(slug);
  const problem = profileAccessProblem(state, slug);
  if (problem) return problem;
  const person = personForSlug(state.seed, slug);
  const record = legacy ? state.world.legacyProfile(person) : state.world.profileRecord(person);
  return ok(record, CREDITS.profileRecord);
}

export const API_ROUTES: readonly ApiRoute[] = [
  { method: 'GET', pattern: /^\/api\/enrich\/scrape$/, handle: scrape },
  { method: 'GET', pattern: /^\/api\/search\/companies$/, handle: companies },
  { method: 'GET', pattern: /^\/api\/enrich\/contacts$/, handle: contacts },
  { method: 'POST', pattern: /^\/api\/search\/deep_research$/, handle: startResearch },
  { method: 'GET', pattern: /^\/api\/search\/deep_research\/([^/]+)$/, handle: jobStatus },
  { method: 'POST', pattern: /^\/api\/search\/deep_research\/([^/]+)\/cancel$/, handle: cancelJob },
  { method: 'GET', pattern: /^\/api\/search$/, handle: people },
  { method: 'GET', pattern: /^\/api\/enrich\/network$/, handle: profileRecord },
];
