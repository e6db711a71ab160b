// Contact lookup results: emails, phones and social links of the person behind a URL, email or phone.

import type { Contact, ContactLookupResponse, Social, SocialCode } from '../../../src/core/api/types';
import { HARD_CASE_SLUG, HARD_TEXT } from './hard-cases';
import { mintSlug, personForSlug, slugWord, type Person } from './person';
import { profileUrl } from './profile-formats';
import { Random } from './random';

export type ContactQuery =
  { kind: 'network_url'; slug: string } | { kind: 'email'; email: string } | { kind: 'phone'; phone: string };

export const NO_PROFILE_EMAIL_DOMAIN = '@nobody.example';

function noProfileFound(details: string): ContactLookupResponse {
  return { data: [{ error: true, message: 'No profile found', details }] };
}

const EMPTY: ContactLookupResponse = { data: [{ contacts: [], social: [] }] };

export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/**
 * The slug of the profile an email or phone belongs to ("the service first finds the associated profile"). An
 * email whose address spells a name (jane.doe@, jane_doe@) belongs to that person: their profile is named so.
 */
export function slugBehind(seed: number, query: ContactQuery): string {
  if (query.kind === 'network_url') return query.slug;
  const identity = query.kind === 'email' ? query.email.toLowerCase() : phoneDigits(query.phone);
  const random = new Random(seed, 'contact-owner', query.kind, identity);
  if (query.kind === 'phone') return mintSlug(random);
  const names = identity
    .split('@')[0]
    .split(/[._+-]+/)
    .map(slugWord)
    .filter((word) => word.length > 1);
  if (names.length < 2) return mintSlug(random);
  return `${names[0]}-${names[names.length - 1]}-${random.hex(7)}`;
}

export function usPhone(random: Random, prefix: string): string {
  // US numbers use the fictional 555-01xx block.
  return prefix.startsWith('+1') ? `${prefix}5550${random.int(100, 199)}` : `${prefix}${random.digits(7)}`;
}

/** The address at the latest employer that a lookup lists as the work email. */
export function workEmailOf(person: Person): string {
  const first = slugWord(person.firstName) || 'contact';
  const last = slugWord(person.lastName) || 'person';
  return `${first}.${last}@${person.positions[0].company.domain}`;
}

function contactsOf(person: Person, query: ContactQuery, random: Random): Contact[] {
  const first = slugWord(person.firstName) || 'contact';
  const last = slugWord(person.lastName) || 'person';
  const employer = person.positions[0].company;
  const candidates: Contact[] = [
    {
      type: 'email',
      value: workEmailOf(person),
      subType: 'work',
      rating: String(random.int(90, 99)),
    },
    {
      type: 'phone',
      value: usPhone(random, person.place.phonePrefix),
      subType: 'mobile',
      rating: String(random.int(70, 98)),
    },
    {
      type: 'email',
      value: `${first}${last}${random.int(1, 99)}@gmail.com`,
      subType: 'personal',
      rating: String(random.int(55, 89)),
    },
    {
      type: 'phone',
      value: usPhone(random, employer.hq.phonePrefix),
      subType: 'work',
      rating: String(random.int(50, 85)),
    },
  ];
  if (query.kind === 'email') candidates[0] = { type: 'email', value: query.email, subType: 'work', rating: '99' };
  if (query.kind === 'phone') candidates[1] = { type: 'phone', value: query.phone, subType: 'mobile', rating: '99' };
  const chosen = candidates.slice(0, random.int(1, 4));
  // Some results carry no rating at all.
  for (const contact of chosen) if (random.chance(0.2)) delete contact.rating;
  return chosen.sort(byRating);
}

/** Best-rated first; unrated last. */
export function byRating(a: Contact, b: Contact): number {
  return Number(b.rating ?? -1) - Number(a.rating ?? -1);
}

function socialOf(person: Person, random: Random): Social[] {
  const handle = `${slugWord(person.firstName) || 'user'}.${slugWord(person.lastName) || random.hex(4)}`;
  const links: Record<SocialCode, string> = {
    li: profileUrl(person.slug),
    fb: `https://www.facebook.com/${handle}`,
    tw: `https://x.com/${handle.replace('.', '_')}`,
    ig: `https://www.instagram.com/${handle}`,
  };
  const codes: SocialCode[] = ['li', ...random.sample<SocialCode>(['fb', 'tw', 'ig'], random.int(0, 3))];
  // Only links rated 60 or above are included.
  return codes.map((type) => ({ type, link: links[type], rating: String(random.int(60, 99)) }));
}

const HARD_CASE_CONTACTS: ContactLookupResponse = {
  data: [
    {
      contacts: [
        { type: 'email', value: HARD_TEXT.formula, subType: 'work', rating: '99' },
        { type: 'phone', value: HARD_TEXT.plus, subType: 'mobile', rating: '95' },
        { type: 'email', value: '-minus@example.com', subType: 'personal', rating: '80' },
        { type: 'email', value: '@at@example.com', subType: 'personal' },
      ],
      social: [
        { type: 'li', link: profileUrl(HARD_CASE_SLUG), rating: '99' },
        { type: 'tw', link: `=HYPERLINK("http://evil.example","x")`, rating: '61' },
      ],
    },
  ],
};

export function contactLookup(seed: number, query: ContactQuery): ContactLookupResponse {
  if (query.kind === 'email' && query.email.toLowerCase().endsWith(NO_PROFILE_EMAIL_DOMAIN)) {
    return noProfileFound('No profile is associated with this email address.');
  }
  if (query.kind === 'network_url') {
    if (query.slug.startsWith('missing-')) return noProfileFound('No profile is associated with this profile URL.');
    // Our reading: the contact endpoint has no 403/404, so a private profile simply yields nothing.
    if (query.slug.startsWith('empty-') || query.slug.startsWith('private-')) return EMPTY;
    if (query.slug === HARD_CASE_SLUG) return HARD_CASE_CONTACTS;
  }
  if (query.kind === 'phone' && phoneDigits(query.phone).endsWith('0000')) return EMPTY;
  const slug = slugBehind(seed, query);
  const person = personForSlug(seed, slug);
  const random = new Random(seed, 'contacts', slug);
  return { data: [{ contacts: contactsOf(person, query, random), social: socialOf(person, random) }] };
}
