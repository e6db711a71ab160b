// Validation and normalisation of what users type into formulas: profile URLs, email addresses and phone numbers.
// The normalised forms are what the API receives and what de-duplication and caching compare, so two spellings of
// one entity (scheme, www., trailing slash, query, case, phone punctuation) become one string.
// Bad input is answered with one readable sentence, never thrown.
import type { ContactLookup } from './api/types';

export type InputResult<T> = { ok: true; value: T } | { ok: false; message: string };

const CANONICAL_PROFILE_PREFIX = 'https://www.network.com/in/';
const MAX_SLUG_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;
const MAX_EMAIL_LOCAL_LENGTH = 64;
const MIN_PHONE_DIGITS = 7;
const MAX_PHONE_DIGITS = 15;
/** Longest piece of user input a message repeats. */
const MAX_QUOTED_LENGTH = 40;

// Optional scheme; network.com or any subdomain; /in/<slug>; optional slash, then an optional query or fragment.
const PROFILE_URL = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*network\.com\/in\/([^/?#\s]+)\/?(?:[?#]\S*)?$/i;
// The slug once %-escapes are decoded: letters of any script (with their combining marks), digits, '-' and '_'.
const SLUG = /^[\p{L}\p{M}\p{N}_-]+$/u;
const EMAIL_LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/;
const PHONE_PUNCTUATION = /[\s.()-]/g;
const PHONE_LIKE = /^[+\d\s.()-]+$/;

function ok<T>(value: T): InputResult<T> {
  return { ok: true, value };
}

function fail<T>(message: string): InputResult<T> {
  return { ok: false, message };
}

/** The input, shortened and quoted, so a message never repeats a long paste. */
function quoteInput(value: string): string {
  const oneLine = value.replace(/\s+/g, ' ').trim();
  const shown = oneLine.length > MAX_QUOTED_LENGTH ? oneLine.slice(0, MAX_QUOTED_LENGTH - 1) + '…' : oneLine;
  return `"${shown}"`;
}

/**
 * Cell values as text. Numbers are accepted because Sheets turns a typed phone number such as +14155550100 into the
 * number 14155550100.
 */
function cellText(value: unknown, what: string): InputResult<string> {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? fail(`The ${what} is empty.`) : ok(trimmed);
  }
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return ok(String(value));
  return fail(`The ${what} must be text, not ${describeType(value)}.`);
}

function describeType(value: unknown): string {
  if (value instanceof Date) return 'a date';
  if (value === null || value === undefined) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}

function decodeSlug(escaped: string): string | null {
  try {
    return decodeURIComponent(escaped);
  } catch {
    return null; // a malformed %-escape
  }
}

/** `https://www.network.com/in/<slug>` with the slug lower-cased and %-escaped in one canonical way. */
export function normalizeProfileUrl(value: unknown): InputResult<string> {
  const text = cellText(value, 'profile URL');
  if (!text.ok) return text;
  const notProfileUrl = fail<string>(
    `${quoteInput(text.value)} is not a profile URL (expected ${CANONICAL_PROFILE_PREFIX}<name>).`,
  );
  const match = PROFILE_URL.exec(text.value);
  if (!match) return notProfileUrl;
  const slug = decodeSlug(match[1]);
  if (slug === null || !SLUG.test(slug) || slug.length > MAX_SLUG_LENGTH) return notProfileUrl;
  return ok(CANONICAL_PROFILE_PREFIX + encodeURIComponent(slug.toLowerCase()));
}

/** Trimmed and lower-cased; a plain `local@domain.tld` syntax check (no quoted local parts, no IP domains). */
export function normalizeEmail(value: unknown): InputResult<string> {
  const text = cellText(value, 'email address');
  if (!text.ok) return text;
  const email = text.value.toLowerCase();
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const valid =
    at > 0 &&
    email.length <= MAX_EMAIL_LENGTH &&
    local.length <= MAX_EMAIL_LOCAL_LENGTH &&
    EMAIL_LOCAL.test(local) &&
    EMAIL_DOMAIN.test(domain);
  return valid ? ok(email) : fail(`${quoteInput(text.value)} is not a valid email address.`);
}

/**
 * E.164-like: spaces, dots, dashes and parentheses removed, a leading 00 read as +, 7 to 15 digits.
 * A number without + (or 00) stays plain digits: without a country we cannot tell a national number's country code,
 * so it is sent as typed and the service decides.
 */
export function normalizePhone(value: unknown): InputResult<string> {
  const text = cellText(value, 'phone number');
  if (!text.ok) return text;
  const compact = text.value.replace(PHONE_PUNCTUATION, '');
  const international = compact.startsWith('+') || compact.startsWith('00');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : compact;
  if (!/^\d+$/.test(digits)) return fail(`${quoteInput(text.value)} is not a phone number.`);
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_PHONE_DIGITS) {
    return fail(
      `${quoteInput(text.value)} is not a phone number (expected ${MIN_PHONE_DIGITS} to ${MAX_PHONE_DIGITS} digits).`,
    );
  }
  return ok(international ? '+' + digits : digits);
}

/** What a FIND_CONTACTS lookup is: an email (has @), a profile URL, or a phone number (digits and punctuation). */
export function classifyLookup(value: unknown): InputResult<ContactLookup> {
  const text = cellText(value, 'lookup value');
  if (!text.ok) return text;
  const lookup = text.value;
  if (lookup.includes('@')) return map(normalizeEmail(lookup), (email) => ({ email }));
  if (/network\.com|^https?:|\/in\//i.test(lookup)) {
    return map(normalizeProfileUrl(lookup), (network_url) => ({ network_url }));
  }
  if (PHONE_LIKE.test(lookup) && /\d/.test(lookup)) return map(normalizePhone(lookup), (phone) => ({ phone }));
  return fail(`${quoteInput(lookup)} is not a profile URL, an email address or a phone number.`);
}

function map<T, U>(result: InputResult<T>, transform: (value: T) => U): InputResult<U> {
  return result.ok ? ok(transform(result.value)) : result;
}
