// The contact lookup as one row: the lookup's own lists plus the derived names of docs/api.md (best-rated email,
// phone and social link, all emails and phones). The answer is read loosely: any shape gives a view, never a throw.
import {
  SOCIAL_CODES,
  type Contact,
  type ContactLookupResponse,
  type ContactResult,
  type Social,
  type SocialCode,
} from '../api/types';
import { unique } from '../collections';
import { isRecord } from '../json';

export interface ContactView extends ContactResult, Record<SocialCode, string | null> {
  email: string | null;
  email_type: string | null;
  email_rating: number | null;
  phone: string | null;
  phone_type: string | null;
  phone_rating: number | null;
  /** Every email, best-rated first. */
  emails: string[];
  /** Every phone, best-rated first. */
  phones: string[];
  /** True when the answer holds only the in-body error object(s). */
  error: boolean;
  message: string | null;
  details: string | null;
}

type Loose = Record<string, unknown>;

/**
 * Merges the result elements of one lookup answer (normally one). The in-body error object counts only when no
 * element holds a result.
 */
export function contactView(response: ContactLookupResponse): ContactView {
  const elements = isRecord(response) ? recordsIn(response.data) : [];
  const results = elements.filter((element) => element.error !== true);
  const failure = results.length === 0 ? elements.find((element) => element.error === true) : undefined;
  const contacts = results.flatMap((result) => recordsIn(result.contacts));
  const social = results.flatMap((result) => recordsIn(result.social));

  const emails = bestFirst(contacts.filter((contact) => hasText(contact.value) && lowerText(contact.type) === 'email'));
  const phones = bestFirst(contacts.filter((contact) => hasText(contact.value) && lowerText(contact.type) === 'phone'));
  const links = bestFirst(social.filter((link) => hasText(link.link)));
  const bestLink = (code: SocialCode) => textOrNull(links.find((link) => lowerText(link.type) === code)?.link);
  const [bestEmail, bestPhone] = [emails[0] as Loose | undefined, phones[0] as Loose | undefined];

  return {
    // Passed through as the API sent them; the readers of flatten.ts tolerate any shape.
    contacts: contacts as unknown as Contact[],
    social: social as unknown as Social[],
    email: textOrNull(bestEmail?.value),
    email_type: textOrNull(bestEmail?.subType),
    email_rating: bestEmail ? ratingOf(bestEmail) : null,
    phone: textOrNull(bestPhone?.value),
    phone_type: textOrNull(bestPhone?.subType),
    phone_rating: bestPhone ? ratingOf(bestPhone) : null,
    emails: unique(emails.map((contact) => String(contact.value))),
    phones: unique(phones.map((contact) => String(contact.value))),
    ...(Object.fromEntries(SOCIAL_CODES.map((code) => [code, bestLink(code)])) as Record<SocialCode, string | null>),
    error: failure !== undefined,
    message: textOrNull(failure?.message),
    details: textOrNull(failure?.details),
  };
}

/** The sentence to show instead of the row when the lookup answered only with its in-body error object. */
export function contactLookupError(response: ContactLookupResponse): string | null {
  const view = contactView(response);
  if (!view.error) return null;
  const message = view.message ?? 'The contact lookup failed.';
  return view.details ? `${message} (${view.details})` : message;
}

/** Highest rating first; an absent or unreadable rating ranks lowest; equal ratings keep the API's order. */
function bestFirst(items: Loose[]): Loose[] {
  const ranked = items.map((item, index) => ({ item, index, rating: ratingOf(item) ?? -Infinity }));
  ranked.sort((a, b) => b.rating - a.rating || a.index - b.index);
  return ranked.map(({ item }) => item);
}

/** The rating as a number (the API sends "0-100" text). */
function ratingOf(item: Loose): number | null {
  const { rating } = item;
  const value = typeof rating === 'string' && rating.trim() !== '' ? Number(rating) : rating;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function recordsIn(value: unknown): Loose[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function hasText(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

function lowerText(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
