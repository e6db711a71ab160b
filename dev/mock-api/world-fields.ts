// The fields the change list compares, named as the add-on names them (src/core/fields/flatten.ts: dots, 1-based
// list positions; a scraped profile's `profile` members read at the root; the contact lookup's best-rated and
// all emails and phones), each with the kind of change that moves it.

import type { ContactLookupResponse, ProfileRecord, ScrapedProfile } from '../../src/core/api/types';
import type { LegacyProfile } from './data';
import type { WorldChangeKind, WorldFieldChange } from './protocol';

export interface PersonViews {
  scrape: ScrapedProfile;
  network: ProfileRecord;
  legacy: LegacyProfile;
  /** One answer per input that reaches the person. */
  contacts: Array<{ input: string; answer: ContactLookupResponse }>;
}

/** 'title' fields move with a new title, or with a new employer when the person found one. */
type FieldKind = WorldChangeKind | 'title';

const SCRAPE_FIELDS: ReadonlyArray<[string, FieldKind]> = [
  ['headline', 'changed'],
  ['title', 'title'],
  ['location', 'new location'],
  ['emails', 'new email'],
  ['experience.1.employer_name', 'new employer'],
  ['experience.1.employee_title', 'title'],
];

const NETWORK_FIELDS: ReadonlyArray<[string, FieldKind]> = [
  ['headline', 'changed'],
  ['location', 'new location'],
  ['location_full', 'new location'],
  ['location_city', 'new location'],
  ['location_country', 'new location'],
  ['is_working', 'new employer'],
  ['active_experience_company_id', 'new employer'],
  ['active_experience_title', 'title'],
  ['experience.1.company_name', 'new employer'],
  ['experience.1.position_title', 'title'],
];

const LEGACY_FIELDS: ReadonlyArray<[string, FieldKind]> = [
  ['headline', 'changed'],
  ['title', 'title'],
  ['company', 'new employer'],
  ['location', 'new location'],
  ['experience.1.company', 'new employer'],
  ['experience.1.title', 'title'],
];

const CONTACT_FIELDS: ReadonlyArray<[string, FieldKind]> = [
  ['email', 'new email'],
  ['emails', 'new email'],
  ['phone', 'new phone'],
  ['phones', 'new phone'],
];

/** The value at a dotted path; numbers are 1-based list positions. */
function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part) - 1];
    else if (typeof current === 'object' && current !== null) current = (current as Record<string, unknown>)[part];
    else return undefined;
  }
  return current ?? null;
}

/** The scraped profile as the add-on reads it: its `profile` members at the root. */
function scrapeView(scraped: ScrapedProfile): Record<string, unknown> {
  const location = scraped.location || scraped.profile.location;
  return { ...scraped.profile, ...scraped, location };
}

/** Best-rated first, unrated last, ties in the answer's order. */
function contactView(answer: ContactLookupResponse): Record<string, unknown> {
  const contacts = answer.data.flatMap((result) => ('contacts' in result ? result.contacts : []));
  const ranked = contacts
    .map((contact, index) => ({ contact, index, rating: contact.rating === undefined ? -1 : Number(contact.rating) }))
    .sort((a, b) => b.rating - a.rating || a.index - b.index)
    .map(({ contact }) => contact);
  const values = (type: string) => ranked.filter((contact) => contact.type === type).map((contact) => contact.value);
  return {
    email: values('email')[0] ?? null,
    emails: values('email'),
    phone: values('phone')[0] ?? null,
    phones: values('phone'),
  };
}

function compare(
  format: WorldFieldChange['format'],
  fields: ReadonlyArray<[string, FieldKind]>,
  [before, after]: [unknown, unknown],
  kinds: readonly WorldChangeKind[],
  input?: string,
): WorldFieldChange[] {
  return fields.flatMap(([field, fieldKind]) => {
    const [old, now] = [readPath(before, field), readPath(after, field)];
    if (JSON.stringify(old) === JSON.stringify(now)) return [];
    const kind = fieldKind !== 'title' ? fieldKind : kinds.includes('new employer') ? 'new employer' : 'new title';
    return [{ format, ...(input === undefined ? {} : { input }), field, old, new: now, kind }];
  });
}

/** The named fields that differ between two states of a person, in every format. */
export function changedFields(
  before: PersonViews,
  after: PersonViews,
  kinds: readonly WorldChangeKind[],
): WorldFieldChange[] {
  return [
    ...compare('scrape', SCRAPE_FIELDS, [scrapeView(before.scrape), scrapeView(after.scrape)], kinds),
    ...compare('network', NETWORK_FIELDS, [before.network, after.network], kinds),
    ...compare('legacy', LEGACY_FIELDS, [before.legacy, after.legacy], kinds),
    ...after.contacts.flatMap(({ input, answer }, i) =>
      compare('contacts', CONTACT_FIELDS, [contactView(before.contacts[i].answer), contactView(answer)], kinds, input),
    ),
  ];
}
