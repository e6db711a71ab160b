// Validation and normalisation of what users type into formulas: profile URLs, email addresses and phone numbers.
// The normalised forms are what the API receives and what de-duplication and caching compare, so two spellings of
// one entity (scheme, www., a profile's sub-page, trailing slash, query, case, tel: and phone punctuation) become one
// string.
// Bad input is answered with one readable sentence, never thrown: as the invalid_input failure that preparing a call
// and the API's answers share (ApiFailure), so callers hand it on as it is.
import { invalidInput, type ApiFailure } from './api/errors';
import type { ContactLookup } from './api/types';
import { quote } from './text';

export type InputResult<T> = { ok: true; value: T } | ApiFailure;

const CANONICAL_PROFILE_PREFIX = 'https://www.network.com/in/';
const MAX_SLUG_LENGTH = 100;
const MAX_EMAIL_LENGTH = 254;
const MAX_EMAIL_LOCAL_LENGTH = 64;
const MIN_PHONE_DIGITS = 7;
const MAX_PHONE_DIGITS = 15;
/** How much of an input a message repeats: short, as the message may land in a run's status cell. */
const MAX_QUOTED_INPUT = 40;

// Optional scheme; network.com or any subdomain; /in/<slug>; an optional sub-page path as a browser shows it
// (/details/experience/, /recent-activity/all/) or a trailing slash; then an optional query or fragment.
const PROFILE_URL = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*network\.com\/in\/([^/?#\s]+)((?:\/[^/?#\s]*)*)(?:[?#]\S*)?$/i;
// The slug once %-escapes are decoded: letters of any script (with their combining marks), digits, '-' and '_'.
const SLUG = /^[\p{L}\p{M}\p{N}_-]+$/u;
const EMAIL_LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/;
const PHONE_PUNCTUATION = /[\s.()-]/g;
const PHONE_LIKE = /^[+\d\s.()-]+$/;
// As in a tel: link (RFC 3966) copied from a web page or an email signature.
const TEL_PREFIX = /^tel:/i;

function ok<T>(value: T): InputResult<T> {
  return { ok: true, value };
}

function fail<T>(message: string): InputResult<T> {
  return invalidInput(message);
}

/** Cell values as text; everything we accept is text (a phone number in a number cell: see phoneTurnedNumber). */
function trimmedText(value: unknown, what: string): InputResult<string> {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? fail(`The ${what} is empty.`) : ok(trimmed);
  }
  return fail(`The ${what} must be text, not ${describeType(value)}.`);
}

/**
 * Sheets reads a phone number typed into a cell as a number: 02079460958 becomes 2079460958, and 14155550100 has no
 * + (typed with its +, as `+1 (415) 555-0100`, it is read as a broken formula and shows #ERROR!). Which country code
 * or leading 0 was lost cannot be told, and sending the digits as they are would be another lookup (paid again)
 * than the same phone typed as text, so such a cell is refused, saying how to keep it text. Null when the value is
 * not a whole number with as many digits as a phone number.
 */
function phoneTurnedNumber<T>(value: unknown): InputResult<T> | null {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) return null;
  const digits = String(value).length;
  if (digits < MIN_PHONE_DIGITS || digits > MAX_PHONE_DIGITS) return null;
  return fail(
    `Sheets turned the phone number ${value} into a number, which drops a leading + or 0: type it with an ` +
      "apostrophe in front ('+14155550100), or format the column as plain text (Format → Number → Plain text) " +
      'and type it again.',
  );
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

/**
 * `https://www.network.com/in/<slug>` with the slug lower-cased and %-escaped in one canonical way; a sub-page of the
 * profile (`…/in/<slug>/details/experience/`) is the profile itself.
 */
export function normalizeProfileUrl(value: unknown): InputResult<string> {
  const text = trimmedText(value, 'profile URL');
  if (!text.ok) return text;
  const notProfileUrl = fail<string>(
    `${quote(text.value, MAX_QUOTED_INPUT)} is not a profile URL (expected ${CANONICAL_PROFILE_PREFIX}<name>).`,
  );
  const match = PROFILE_URL.exec(text.value);
  // A dot segment (`/in/ada/../bob`) would lead a browser to another profile than the slug names.
  if (!match || match[2].split('/').some((segment) => segment === '.' || segment === '..')) return notProfileUrl;
  const slug = decodeSlug(match[1]);
  if (slug === null || !SLUG.test(slug) || slug.length > MAX_SLUG_LENGTH) return notProfileUrl;
  return ok(CANONICAL_PROFILE_PREFIX + encodeURIComponent(slug.toLowerCase()));
}

/** Trimmed and lower-cased; a plain `local@domain.tld` syntax check (no quoted local parts, no IP domains). */
export function normalizeEmail(value: unknown): InputResult<string> {
  const text = trimmedText(value, 'email address');
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
  return valid ? ok(email) : fail(`${quote(text.value, MAX_QUOTED_INPUT)} is not a valid email address.`);
}

/**
 * E.164-like: a tel: prefix, spaces, dots, dashes and parentheses removed, a leading 00 read as +, 7 to 15 digits.
 * A number without + (or 00) stays plain digits: without a country we cannot tell a national number's country code,
 * so it is sent as typed and the service decides.
 */
export function normalizePhone(value: unknown): InputResult<string> {
  const number = phoneTurnedNumber<string>(value);
  if (number !== null) return number;
  const text = trimmedText(value, 'phone number');
  if (!text.ok) return text;
  const compact = text.value.replace(TEL_PREFIX, '').replace(PHONE_PUNCTUATION, '');
  const international = compact.startsWith('+') || compact.startsWith('00');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : compact;
  if (!/^\d+$/.test(digits)) return fail(`${quote(text.value, MAX_QUOTED_INPUT)} is not a phone number.`);
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_PHONE_DIGITS) {
    return fail(
      `${quote(text.value, MAX_QUOTED_INPUT)} is not a phone number (expected ${MIN_PHONE_DIGITS} to ${MAX_PHONE_DIGITS} digits).`,
    );
  }
  return ok(international ? '+' + digits : digits);
}

/**
 * What a FIND_CONTACTS lookup is: an email (has @), a profile URL, or a phone number (digits and punctuation, perhaps
 * after tel:). A number cell is refused: see phoneTurnedNumber.
 */
export function classifyLookup(value: unknown): InputResult<ContactLookup> {
  const number = phoneTurnedNumber<ContactLookup>(value);
  if (number !== null) return number;
  if (typeof value === 'number') {
    return fail(`The lookup must be a profile URL, an email address or a phone number, not the number ${value}.`);
  }
  const text = trimmedText(value, 'lookup value');
  if (!text.ok) return text;
  const lookup = text.value;
  if (lookup.includes('@')) return mapInput(normalizeEmail(lookup), (email) => ({ email }));
  if (/network\.com|^https?:|\/in\//i.test(lookup)) {
    return mapInput(normalizeProfileUrl(lookup), (network_url) => ({ network_url }));
  }
  const phoneText = lookup.replace(TEL_PREFIX, '');
  if (PHONE_LIKE.test(phoneText) && /\d/.test(phoneText)) {
    return mapInput(normalizePhone(lookup), (phone) => ({ phone }));
  }
  return fail(`${quote(lookup, MAX_QUOTED_INPUT)} is not a profile URL, an email address or a phone number.`);
}

/** The value transformed; a failure as it is. */
export function mapInput<T, U>(result: InputResult<T>, transform: (value: T) => U): InputResult<U> {
  return result.ok ? ok(transform(result.value)) : result;
}
