import type { ApiErrorKind, ApiResult } from '../../../src/core/api/errors';
import { OPERATIONS } from '../../../src/core/enrichment/operations';
import { isFinal, outcomeOfAnswer, statusKind, verdictOf } from '../../../src/core/enrichment/status';
import { parseFieldList } from '../../../src/core/fields/flatten';
import { contactLookup, scrapedProfile } from '../fields/samples';

const fail = (kind: ApiErrorKind, message = `It failed (${kind}).`, retryAfterMs?: number): ApiResult<unknown> => ({
  ok: false,
  error: { kind, message, retryAfterMs },
});

describe('status texts', () => {
  it.each([
    ['OK', 'ok', true],
    ['NOT FOUND', 'notFound', true],
    ['PRIVATE', 'private', true],
    ['INVALID: "x" is not a profile URL.', 'invalid', false],
    ['ERROR: The service had an internal error (500).', 'error', false],
    ['', 'none', false],
    ['  ', 'none', false],
    ['done!', 'other', false],
  ])('%j', (text, kind, final) => {
    expect(statusKind(text)).toBe(kind);
    expect(isFinal(statusKind(text))).toBe(final);
  });
});

describe('verdicts', () => {
  const scrape = OPERATIONS.scrape;
  const fields = (parseFieldList('name, num_of_connections', 'scrapedProfile') as { ok: true; fields: never[] }).fields;

  it('an answer settles its rows with its values', () => {
    expect(verdictOf(scrape, fields, { ok: true, value: scrapedProfile, credits: 2 })).toEqual({
      kind: 'settle',
      outcome: { status: 'OK', values: [scrapedProfile.profile.name, scrapedProfile.profile.num_of_connections] },
    });
  });

  it.each([
    ['not_found', { kind: 'settle', outcome: { status: 'NOT FOUND', values: null } }],
    ['forbidden', { kind: 'settle', outcome: { status: 'PRIVATE', values: null } }],
    ['validation', { kind: 'settle', outcome: { status: 'INVALID: It failed (validation).', values: null } }],
    ['server', { kind: 'settle', outcome: { status: 'ERROR: It failed (server).', values: null } }],
    ['network', { kind: 'settle', outcome: { status: 'ERROR: It failed (network).', values: null } }],
    ['malformed', { kind: 'settle', outcome: { status: 'ERROR: It failed (malformed).', values: null } }],
    ['unauthorized', { kind: 'pause', message: 'It failed (unauthorized).' }],
    ['no_credits', { kind: 'pause', message: 'It failed (no_credits).' }],
    ['daily_quota', { kind: 'pause', message: 'It failed (daily_quota).' }],
    ['not_allowed', { kind: 'pause', message: 'It failed (not_allowed).' }],
    ['out_of_time', { kind: 'later', retryAfterMs: null }],
  ] as const)('%s', (kind, verdict) => {
    expect(verdictOf(scrape, fields, fail(kind))).toEqual(verdict);
  });

  it('a 429 after the retries leaves the rows for later, with the wait asked for', () => {
    expect(verdictOf(scrape, fields, fail('rate_limited', 'Slow down.', 7000))).toEqual({
      kind: 'later',
      retryAfterMs: 7000,
    });
  });

  it('a contact lookup that found nothing, or answered its in-body error, is NOT FOUND', () => {
    const contactFields = (parseFieldList('email', 'contact') as { ok: true; fields: never[] }).fields;
    const contacts = OPERATIONS.contacts;
    expect(outcomeOfAnswer(contacts, contactFields, { data: [{ contacts: [], social: [] }] })).toEqual({
      status: 'NOT FOUND',
      values: null,
    });
    expect(
      outcomeOfAnswer(contacts, contactFields, { data: [{ error: true, message: 'No profile found', details: '' }] }),
    ).toEqual({ status: 'NOT FOUND', values: null });
    expect(outcomeOfAnswer(contacts, contactFields, contactLookup).status).toBe('OK');
  });
});
