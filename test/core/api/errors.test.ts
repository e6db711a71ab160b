// How failures read: one sentence per status and operation, FastAPI bodies, malformed answers, and no API key in
// any message.
import type { HttpOutcome } from '../../../src/core/ports';
import type { ApiErrorKind, ApiResult } from '../../../src/core/api/errors';
import {
  dailyQuotaUsedUp,
  notAllowedToConnect,
  describeFailure,
  invalidInput,
  isRetryable,
  legacyFormat,
  malformed,
  noKeyError,
  outOfTime,
  ownerHasNoKeyError,
} from '../../../src/core/api/errors';
import { API_KEY, json, setup } from './fakes';
import { findContactsOnce, profileRecordOnce, scrapeOnce } from '../../support/per-row-calls';

type Client = ReturnType<typeof setup>['client'];

const calls: Record<string, (client: Client) => ApiResult<unknown>> = {
  scrape: (c) => scrapeOnce(c, 'network.com/in/ada'),
  companySearch: (c) => c.searchCompanies({ query: 'fintech', limit: 10 }),
  contacts: (c) => findContactsOnce(c, 'ada@example.com'),
  startResearch: (c) => c.startResearch({ query: 'CTOs', limit: 10 }),
  jobStatus: (c) => c.getResearchJob('job-1', { page: 1 }),
  cancelResearch: (c) => c.cancelResearch('job-1'),
  peopleSearch: (c) => c.searchPeople({ query: 'CTOs', limit: 10 }),
  profileRecord: (c) => profileRecordOnce(c, 'network.com/in/ada'),
};

function failWith(call: (client: Client) => ApiResult<unknown>, outcome: HttpOutcome) {
  const { client } = setup(() => outcome, { maxAttempts: 1 });
  const result = call(client);
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('error statuses', () => {
  it.each([
    [
      401,
      'unauthorized',
      "The API key was rejected (401): its holder can check it in Extensions → sheet-enrich → Settings (formulas use the spreadsheet owner's key).",
    ],
    [402, 'no_credits', 'The API key is out of credits (402). Add credits to the account, then try again.'],
    [500, 'server', 'The service had an internal error (500); try again later.'],
    [502, 'server', 'The service had an internal error (502); try again later.'],
    [503, 'unavailable', 'The service is temporarily unavailable (503); try again later.'],
  ])('%i reads the same for every operation but starting research', (status, kind, message) => {
    for (const [name, call] of Object.entries(calls)) {
      if (name === 'startResearch' && status >= 500) continue;
      expect(failWith(call, json(status, { detail: 'internal words' }))).toEqual({ kind, status, message });
    }
  });

  it.each([
    [500, 'server', 'The service had an internal error (500)'],
    [503, 'unavailable', 'The service is temporarily unavailable (503)'],
  ])('%i when starting research says the job may have started anyway', (status, kind, start) => {
    expect(failWith(calls.startResearch, json(status, {}))).toEqual({
      kind,
      status,
      message: `${start}; the research job may have started anyway, so check the job list before starting it again.`,
    });
  });

  it('says when to try again after 429, from the header or the body', () => {
    expect(failWith(calls.scrape, json(429, {}, { 'retry-after': '12' }))).toEqual({
      kind: 'rate_limited',
      status: 429,
      retryAfterMs: 12000,
      message: 'The service is rate limiting requests (429); try again in 12 s.',
    });
    expect(failWith(calls.scrape, json(429, { detail: 'Rate limit exceeded', retry_after: 2.5 })).message).toBe(
      'The service is rate limiting requests (429); try again in 3 s.',
    );
    expect(failWith(calls.scrape, json(429, 'slow down'))).toEqual({
      kind: 'rate_limited',
      status: 429,
      message: 'The service is rate limiting requests (429); try again shortly.',
    });
  });

  it('words 403 and 404 by what was asked', () => {
    expect(failWith(calls.scrape, json(403, { detail: 'Forbidden' }))).toEqual({
      kind: 'forbidden',
      status: 403,
      message: 'This profile is private or restricted, so it cannot be scraped (403).',
    });
    expect(failWith(calls.scrape, json(404, {})).message).toBe(
      'Profile not found (404): the service has no profile at this URL.',
    );
    expect(failWith(calls.profileRecord, json(404, {})).kind).toBe('not_found');
    expect(failWith(calls.profileRecord, json(404, {})).message).toMatch(/^Profile not found/);
    for (const call of [calls.jobStatus, calls.cancelResearch]) {
      expect(failWith(call, json(403, {})).message).toBe(
        'This research job was started with another API key, so yours may not read it (403).',
      );
      expect(failWith(call, json(404, {}))).toEqual({
        kind: 'not_found',
        status: 404,
        message: 'This research job no longer exists (404).',
      });
    }
  });

  it('explains 409 on cancel', () => {
    expect(failWith(calls.cancelResearch, json(409, { detail: 'Job already completed' }))).toEqual({
      kind: 'conflict',
      status: 409,
      message: 'This research job has already finished, so it cannot be cancelled (409).',
    });
  });

  it('uses a plain detail text of a 400', () => {
    expect(failWith(calls.companySearch, json(400, { detail: 'Limit exceeds maximum of 100.' }))).toEqual({
      kind: 'validation',
      status: 400,
      message: 'The service rejected the request (400): Limit exceeds maximum of 100.',
    });
    expect(failWith(calls.contacts, json(400, 'no')).message).toBe('The service rejected the request (400).');
  });

  it('turns a FastAPI validation body into a sentence', () => {
    const body = {
      detail: [
        { loc: ['query', 'query'], msg: 'Field required', type: 'missing' },
        { loc: ['query', 'limit'], msg: 'Input should be a valid integer', type: 'int_parsing' },
      ],
    };
    expect(failWith(calls.companySearch, json(422, body))).toEqual({
      kind: 'validation',
      status: 422,
      message: 'The service rejected the request (422): query: Field required; limit: Input should be a valid integer.',
    });
  });

  it('shortens a long detail to one line', () => {
    const message = failWith(calls.companySearch, json(400, { detail: 'word\n'.repeat(200) })).message;
    // 'word' 200 times on one line, cut to 160 characters: 32 words, the last followed by the ellipsis.
    expect(message).toBe(`The service rejected the request (400): ${Array(32).fill('word').join(' ')}….`);
  });

  it('reports a connection failure', () => {
    expect(failWith(calls.scrape, { networkError: 'connect ECONNREFUSED 127.0.0.1:9' })).toEqual({
      kind: 'network',
      message: 'Could not reach the service (connect ECONNREFUSED 127.0.0.1:9); check the connection and try again.',
    });
  });

  it('reports a connection failure when starting research as a job that may have started anyway', () => {
    expect(failWith(calls.startResearch, { networkError: 'socket hang up' })).toEqual({
      kind: 'network',
      message:
        'Could not reach the service (socket hang up); the research job may have started anyway, so check the job ' +
        'list before starting it again.',
    });
  });

  it('reports an answer that is not JSON, or not the expected shape', () => {
    expect(failWith(calls.scrape, { status: 200, headers: {}, body: '<html>oops' })).toEqual({
      kind: 'malformed',
      message: 'The service sent an answer that could not be read (not JSON, HTTP 200).',
    });
    expect(failWith(calls.companySearch, json(200, { results: 'none' })).message).toBe(
      'The service sent an answer that could not be read (results is not a list).',
    );
    expect(failWith(calls.scrape, json(200, [1])).kind).toBe('malformed');
    expect(failWith(calls.startResearch, json(200, { status: 'pending' })).message).toMatch(/no job_id/);
    expect(failWith(calls.jobStatus, json(200, { status: 'exploding' })).message).toMatch(
      /unknown job status "exploding"/,
    );
    expect(failWith(calls.cancelResearch, json(200, { message: 'ok' })).message).toMatch(/no success flag/);
    expect(failWith(calls.contacts, json(200, { data: [1] })).message).toMatch(/data 1 is not an object/);
  });

  it('treats an unexpected status as unreadable', () => {
    expect(failWith(calls.scrape, json(302, {}))).toEqual({
      kind: 'malformed',
      status: 302,
      message: 'The service sent an unexpected answer (HTTP 302).',
    });
  });

  it('offers a no-key error for callers, and one for formulas that names the owner', () => {
    expect(noKeyError()).toEqual({
      kind: 'no_key',
      message: 'No API key is set. Add one in Extensions → sheet-enrich → Settings.',
    });
    expect(ownerHasNoKeyError()).toEqual({
      kind: 'no_key',
      message:
        "The spreadsheet's owner has no API key set; formulas use the owner's settings, so the owner must add a key " +
        'in Extensions → sheet-enrich → Settings.',
    });
  });
});

describe('the API key never appears in a message', () => {
  const echoKey = `your key ${API_KEY} (Bearer ${API_KEY}) ends ${API_KEY.slice(-12)}`;
  const outcomes: HttpOutcome[] = [
    ...[400, 401, 402, 403, 404, 409, 418, 422, 429, 500, 503].map((status) =>
      json(status, { detail: echoKey, message: echoKey, retry_after: 1 }, { 'retry-after': '1' }),
    ),
    json(422, { detail: [{ loc: ['query', API_KEY], msg: echoKey, type: 'x' }] }),
    json(400, { message: echoKey }),
    json(400, { error: `${API_KEY.slice(-12)} is not valid` }),
    { status: 200, headers: {}, body: echoKey },
    json(200, { [API_KEY]: true }),
    { networkError: `Request to https://api.test failed with Authorization: Bearer ${API_KEY}` },
    { networkError: echoKey },
  ];

  it.each(Object.keys(calls))('%s', (name) => {
    for (const outcome of outcomes) {
      const error = failWith(calls[name], outcome);
      expect(error.message).not.toContain(API_KEY);
      expect(error.message).not.toContain(API_KEY.slice(-12));
      expect(error.message).not.toMatch(/lk_\w/);
    }
  });
});

describe('which failures may be sent again', () => {
  const error = (kind: ApiErrorKind) => ({ kind, message: '' });

  it('repeats a safe call after a 429, a 5xx or a lost connection, and nothing else', () => {
    const retried = ['rate_limited', 'server', 'unavailable', 'network'] as const;
    for (const kind of retried) expect(isRetryable(error(kind), 'transient')).toBe(true);
    for (const kind of [
      'invalid_input',
      'unauthorized',
      'no_credits',
      'validation',
      'malformed',
      'daily_quota',
    ] as const) {
      expect(isRetryable(error(kind), 'transient')).toBe(false);
    }
  });

  it('repeats a call that may have done its work only after a 429', () => {
    expect(isRetryable(error('rate_limited'), 'rateLimitOnly')).toBe(true);
    for (const kind of ['server', 'unavailable', 'network'] as const) {
      expect(isRetryable(error(kind), 'rateLimitOnly')).toBe(false);
    }
  });
});

describe('describeFailure', () => {
  const describe429 = (outcome: HttpOutcome) => describeFailure('scrape', outcome, API_KEY).error;

  it('says the day’s UrlFetch quota is used up, whatever the operation, and nothing else', () => {
    const quota = { networkError: 'Service invoked too many times for one day: urlfetch.', dailyQuota: true };
    expect(describeFailure('startResearch', quota, API_KEY)).toEqual(dailyQuotaUsedUp());
    expect(dailyQuotaUsedUp().error.kind).toBe('daily_quota');
  });

  it('says connecting is not allowed, and who must allow it, whatever the operation', () => {
    const refused = {
      networkError: 'You do not have permission to call UrlFetchApp.fetchAll. Required permissions: …',
      notAllowed: true,
    };
    expect(describeFailure('scrape', refused, API_KEY)).toEqual(notAllowedToConnect());
    const { kind, message } = notAllowedToConnect().error;
    expect(kind).toBe('not_allowed');
    expect(message).toMatch(/spreadsheet's owner.*"Connect to an external service"/);
    expect(message).not.toMatch(/permission to call/);
  });

  it('finds retry_after inside detail, and ignores a Retry-After that is empty or negative', () => {
    expect(describe429(json(429, { detail: { retry_after: 4 } })).retryAfterMs).toBe(4000);
    expect(describe429(json(429, { retry_after: 1 }, { 'retry-after': '' })).retryAfterMs).toBe(1000);
    expect(describe429(json(429, {}, { 'retry-after': '-3' })).retryAfterMs).toBeUndefined();
    expect(describe429(json(429, {}, { 'retry-after': 'soon' })).message).toMatch(/try again shortly\.$/);
  });

  it('never says to wait 0 s: a short wait rounds up to 1 s', () => {
    expect(describe429(json(429, {}, { 'retry-after': '0.2' }))).toMatchObject({
      retryAfterMs: 200,
      message: 'The service is rate limiting requests (429); try again in 1 s.',
    });
  });

  it('reads the explanation from message or error when there is no detail, without a doubled full stop', () => {
    expect(describeFailure('companySearch', json(400, { message: 'Bad query.  ' }), API_KEY).error.message).toBe(
      'The service rejected the request (400): Bad query.',
    );
    expect(describeFailure('companySearch', json(418, { error: 'teapot' }), API_KEY).error).toEqual({
      kind: 'validation',
      status: 418,
      message: 'The service rejected the request (418): teapot.',
    });
  });

  it('names a validation issue by its parameter, keeps a location it does not know, and skips issues without text', () => {
    const body = {
      detail: [
        { loc: ['body', 'filters', 'size'], msg: 'too big' },
        { loc: ['limit'], msg: 'missing' },
        { loc: [], msg: 'odd' },
        { loc: ['query', 'q'] },
        'not an issue',
      ],
    };
    expect(describeFailure('peopleSearch', json(422, body), API_KEY).error.message).toBe(
      'The service rejected the request (422): filters.size: too big; limit: missing; odd.',
    );
  });

  it('hides a key-shaped token even when it is not the caller’s key', () => {
    const other = 'lk_live_ZZZZZZZZZZZZZZZZZZZZ';
    expect(describeFailure('scrape', { networkError: `bad key ${other}` }, API_KEY).error.message).toBe(
      'Could not reach the service (bad key lk_…); check the connection and try again.',
    );
  });
});

describe('the failures callers build', () => {
  it('are one sentence each, of their own kind', () => {
    expect(invalidInput('The limit is 0.')).toEqual({
      ok: false,
      error: { kind: 'invalid_input', message: 'The limit is 0.' },
    });
    expect(outOfTime().error).toEqual({
      kind: 'out_of_time',
      message: 'Ran out of time before the service answered; recalculate to try again.',
    });
    expect(malformed('no job_id').error).toEqual({
      kind: 'malformed',
      message: 'The service sent an answer that could not be read (no job_id).',
    });
    expect(legacyFormat().error.kind).toBe('legacy_format');
  });
});
