// What can go wrong with an API call, as one readable sentence for a spreadsheet user. Every sentence built from
// text the service or the network sent is passed through redactSecrets, so no message can carry the API key.
import { isRecord, parseJson } from '../json';
import type { HttpOutcome } from '../ports';
import { isNetworkError } from '../ports';
import { shorten } from '../text';

export type ApiErrorKind =
  | 'invalid_input'
  | 'no_key'
  | 'unauthorized'
  | 'no_credits'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'validation'
  | 'rate_limited'
  | 'server'
  | 'unavailable'
  | 'malformed'
  | 'network'
  | 'daily_quota'
  | 'not_allowed'
  | 'legacy_format'
  | 'out_of_time';

export interface ApiError {
  kind: ApiErrorKind;
  /** The HTTP status, when the service answered. */
  status?: number;
  /** One sentence for the user; never contains the API key. */
  message: string;
  /** For rate_limited: how long the service asked us to wait. */
  retryAfterMs?: number;
}

/**
 * The one failure shape from a user's input to the API's answer: input refused by a normaliser (../input) or a parser
 * of arguments (invalid_input), a call that could not be prepared, a call that failed. Callers hand it on as it is.
 */
export interface ApiFailure {
  ok: false;
  error: ApiError;
}

export type ApiResult<T> = { ok: true; value: T; credits: number } | ApiFailure;

/** The operations of the API; error wording and credit costs depend on which one failed. */
export type OperationName =
  | 'scrape'
  | 'companySearch'
  | 'contacts'
  | 'startResearch'
  | 'jobStatus'
  | 'cancelResearch'
  | 'peopleSearch'
  | 'profileRecord';

const SETTINGS_PLACE = 'Extensions → sheet-enrich → Settings';
const MAX_DETAIL_LENGTH = 160;
const VALUE_PLACES = ['query', 'body', 'path', 'header'];

/**
 * Which failures an operation may send again. 'transient' (429, 5xx, no connection) is for calls that are safe to
 * repeat. 'rateLimitOnly' is for calls that may have done their work before a 5xx or a lost connection (starting a
 * research job: a second attempt would start a second job); a 429 refused the call before anything was done.
 * A malformed 200 is never retried: it may have been charged.
 */
export type RetryMode = 'transient' | 'rateLimitOnly';

const RETRYABLE_KINDS: Readonly<Record<RetryMode, readonly ApiErrorKind[]>> = {
  transient: ['rate_limited', 'server', 'unavailable', 'network'],
  rateLimitOnly: ['rate_limited'],
};

export function isRetryable(error: ApiError, retry: RetryMode): boolean {
  return RETRYABLE_KINDS[retry].includes(error.kind);
}

function failure(kind: ApiErrorKind, message: string, extra: Partial<ApiError> = {}): ApiFailure {
  return { ok: false, error: { kind, message, ...extra } };
}

export function invalidInput(message: string): ApiFailure {
  return failure('invalid_input', message);
}

/** For callers, which check for a key before building any request. */
export function noKeyError(): ApiError {
  return { kind: 'no_key', message: `No API key is set. Add one in ${SETTINGS_PLACE}.` };
}

/**
 * For formulas, which run with the spreadsheet owner's settings (docs/platform.md): whoever reads the cell may be an
 * editor whose own key would change nothing.
 */
export function ownerHasNoKeyError(): ApiError {
  return {
    kind: 'no_key',
    message: `The spreadsheet's owner has no API key set; formulas use the owner's settings, so the owner must add a key in ${SETTINGS_PLACE}.`,
  };
}

/**
 * Google counts every UrlFetch request against a daily quota per account (20,000 on consumer accounts, shared by all
 * its scripts) and resets it 24 hours after the day's first request (docs/platform.md). Retrying cannot help.
 */
export function dailyQuotaUsedUp(): ApiFailure {
  return failure(
    'daily_quota',
    "This Google account has used up its day's quota of web requests, so nothing was sent; Google resets it 24 hours after the day's first request, so try again then.",
  );
}

/**
 * The user did not allow "Connect to an external service" (granular consent, src/core/scopes.ts); retrying cannot
 * help. The same sentence serves formulas (the owner's consent) and runs (the user's own), so it names both.
 */
export function notAllowedToConnect(): ApiFailure {
  return failure(
    'not_allowed',
    'sheet-enrich is not allowed to connect to the service, so nothing was sent; whoever it runs for (for formulas, the spreadsheet\'s owner) must open Extensions → sheet-enrich → Settings… and allow "Connect to an external service" when Google asks.',
  );
}

export function outOfTime(): ApiFailure {
  return failure('out_of_time', 'Ran out of time before the service answered; recalculate to try again.');
}

export function malformed(detail: string): ApiFailure {
  return failure('malformed', `The service sent an answer that could not be read (${detail}).`);
}

export function legacyFormat(): ApiFailure {
  return failure(
    'legacy_format',
    'The service answered in the old (legacy) record format, which sheet-enrich does not read; try again later.',
  );
}

/**
 * Removes the key, anything shaped like a key (lk_…) or a bearer token, and the key's last 12 characters, from text
 * that came from outside.
 */
function redactSecrets(text: string, apiKey: string): string {
  let redacted = text;
  for (const secret of [apiKey, apiKey.slice(-12)]) {
    if (secret.length >= 4) redacted = redacted.split(secret).join('…');
  }
  return redacted.replace(/\blk_\S*/g, 'lk_…').replace(/(bearer\s+)\S+/gi, '$1…');
}

const PROFILE_NOT_FOUND = 'Profile not found (404): the service has no profile at this URL.';
const JOB_WORDING: Partial<Record<number, string>> = {
  403: 'This research job was started with another API key, so yours may not read it (403).',
  404: 'This research job no longer exists (404).',
};

/** Sentences that depend on what was asked; the generic sentence covers every other case. */
const OPERATION_WORDING: Partial<Record<OperationName, Partial<Record<number, string>>>> = {
  scrape: {
    403: 'This profile is private or restricted, so it cannot be scraped (403).',
    404: PROFILE_NOT_FOUND,
  },
  profileRecord: { 404: PROFILE_NOT_FOUND },
  jobStatus: JOB_WORDING,
  cancelResearch: {
    ...JOB_WORDING,
    409: 'This research job has already finished, so it cannot be cancelled (409).',
  },
};

/**
 * The advice after a 5xx or a lost connection for operations that are not retried then (RetryMode 'rateLimitOnly'):
 * the call may have done its work before it failed.
 */
const MAY_HAVE_RUN: Partial<Record<OperationName, string>> = {
  startResearch: 'the research job may have started anyway, so check the job list before starting it again',
};

/** The error an answer means for the given operation: a network failure or a status other than 2xx. */
export function describeFailure(operation: OperationName, outcome: HttpOutcome, apiKey: string): ApiFailure {
  const mayHaveRun = MAY_HAVE_RUN[operation];
  if (isNetworkError(outcome) && outcome.dailyQuota === true) return dailyQuotaUsedUp();
  if (isNetworkError(outcome) && outcome.notAllowed === true) return notAllowedToConnect();
  if (isNetworkError(outcome)) {
    const reason = detailText(redactSecrets(outcome.networkError, apiKey));
    const advice = mayHaveRun ?? 'check the connection and try again';
    return failure('network', `Could not reach the service (${reason}); ${advice}.`);
  }
  const nextStep = mayHaveRun ?? 'try again later';
  const status = outcome.status;
  const body = parseJson(outcome.body);
  const detail = body === undefined ? '' : detailText(redactSecrets(errorDetail(body), apiKey));
  const specific = OPERATION_WORDING[operation]?.[status];
  const kind = kindOfStatus(status);
  if (specific) return failure(kind, specific, { status });

  switch (status) {
    case 401:
      // Formulas use the owner's key, menus and the sidebar the user's own: the sentence holds for both.
      return failure(
        kind,
        `The API key was rejected (401): its holder can check it in ${SETTINGS_PLACE} (formulas use the spreadsheet owner's key).`,
        { status },
      );
    case 402:
      return failure(kind, 'The API key is out of credits (402). Add credits to the account, then try again.', {
        status,
      });
    case 429: {
      const retryAfterMs = retryAfter(outcome.headers['retry-after'], body);
      const when = retryAfterMs === undefined ? 'shortly' : `in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`;
      const wait = retryAfterMs === undefined ? {} : { retryAfterMs };
      return failure(kind, `The service is rate limiting requests (429); try again ${when}.`, { status, ...wait });
    }
    case 503:
      return failure(kind, `The service is temporarily unavailable (503); ${nextStep}.`, { status });
    default:
      if (status >= 500)
        return failure(kind, `The service had an internal error (${status}); ${nextStep}.`, { status });
      if (status >= 400) {
        return failure(kind, `The service rejected the request (${status})${detail ? `: ${detail}` : ''}.`, { status });
      }
      return failure(kind, `The service sent an unexpected answer (HTTP ${status}).`, { status });
  }
}

const KIND_OF_STATUS: Partial<Record<number, ApiErrorKind>> = {
  401: 'unauthorized',
  402: 'no_credits',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
  503: 'unavailable',
};

function kindOfStatus(status: number): ApiErrorKind {
  return KIND_OF_STATUS[status] ?? (status >= 500 ? 'server' : status >= 400 ? 'validation' : 'malformed');
}

/**
 * The explanation in an error body: FastAPI's `{"detail": "…"}` or its validation list
 * `{"detail": [{"loc": ["query", "limit"], "msg": "…"}]}` (read as "limit: …"), or a `message` / `error` text.
 */
function errorDetail(body: unknown): string {
  if (!isRecord(body)) return '';
  const detail = body.detail;
  if (Array.isArray(detail)) return detail.map(describeValidationIssue).filter(Boolean).join('; ');
  for (const text of [detail, body.message, body.error]) {
    if (typeof text === 'string' && text.trim()) return text;
  }
  return '';
}

function describeValidationIssue(issue: unknown): string {
  if (!isRecord(issue) || typeof issue.msg !== 'string') return '';
  const location = Array.isArray(issue.loc) ? issue.loc.map(String) : [];
  // FastAPI's loc starts with where the value was expected (query, body, path); the rest names the parameter.
  const name = (location.length > 1 && VALUE_PLACES.includes(location[0]) ? location.slice(1) : location).join('.');
  return name ? `${name}: ${issue.msg}` : issue.msg;
}

/** One line, no trailing full stop (the sentence adds its own), at most MAX_DETAIL_LENGTH characters. */
function detailText(text: string): string {
  return shorten(text.replace(/[.\s]+$/, ''), MAX_DETAIL_LENGTH);
}

/** Retry-After in seconds from the header, else `retry_after` in the body (top level or inside `detail`). */
function retryAfter(header: string | undefined, body: unknown): number | undefined {
  const candidates: unknown[] = [header];
  if (isRecord(body)) candidates.push(body.retry_after, isRecord(body.detail) ? body.detail.retry_after : undefined);
  for (const candidate of candidates) {
    const seconds = typeof candidate === 'number' ? candidate : typeof candidate === 'string' ? Number(candidate) : NaN;
    if (candidate !== '' && Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  }
  return undefined;
}
