// A changed person in every format the mock serves. Each format starts from the record generated for the person as
// they were and sets only the fields the change touches, so nothing else moves (the renderers' random draws depend
// on the number of jobs, which a new employer changes).

import type {
  Contact,
  ContactLookupResponse,
  ProfileRecord,
  ProfileRecordExperience,
  RecentExperienceChange,
  RootFieldChange,
  ScrapedExperience,
  ScrapedProfile,
} from '../../../src/core/api/types';
import type { WorldChangeKind } from '../protocol';
import { byRating } from './contacts';
import type { Person, Position } from './person';
import {
  profileRecordEmployment,
  profileRecordExperience,
  profileRecordLocation,
  recentChange,
  scrapedExperience,
  toLegacyProfile,
  yearMonthText,
  type LegacyProfile,
} from './profile-formats';
import { placeText } from './text';
import { lastEditAt, type ChangedPerson } from './world-person';

const JOB_KINDS: readonly WorldChangeKind[] = ['new employer', 'new title'];
/** Edits that show in the profile itself; emails and phones live in the contact data. */
const PROFILE_KINDS: readonly WorldChangeKind[] = [...JOB_KINDS, 'new location', 'changed'];

/** ISO 8601 to the second, rounded up so a change made at time T never reads as earlier than T. */
export function worldTimestamp(atMs: number): string {
  return new Date(Math.ceil(atMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Sets only the fields the record has: a field a hard case leaves out stays out, a list it nulls stays null. */
function assignPresent(target: Record<string, unknown>, values: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(values)) {
    if (!(key in target) || (target[key] === null && Array.isArray(value))) continue;
    target[key] = value;
  }
}

function currentOf(person: Person): Position | undefined {
  return person.positions[0].to === null ? person.positions[0] : undefined;
}

/**
 * The person's jobs now, each from the entry generated for it when it existed then (keeping what was drawn for it),
 * updated with its title and end; jobs the world started are rendered fresh.
 */
function entriesNow<T>(
  entries: T[] | null,
  changed: ChangedPerson,
  update: (entry: T | undefined, position: Position, order: number) => T,
): T[] | null {
  if (!Array.isArray(entries)) return entries;
  const generatedIndex = new Map(changed.base.positions.map((position, i) => [position.positionId, i]));
  return changed.person.positions.map((position, i) => {
    const index = generatedIndex.get(position.positionId);
    return update(index === undefined ? undefined : entries[index], position, i + 1);
  });
}

export function worldScrapedProfile(generated: ScrapedProfile, changed: ChangedPerson): ScrapedProfile {
  const { person } = changed;
  const kinds = person.emails.length > 0 ? [...PROFILE_KINDS, 'new email' as const] : PROFILE_KINDS;
  const editedAt = lastEditAt(changed, kinds);
  if (editedAt === undefined) return generated;
  const profile: Record<string, unknown> = { ...generated.profile };
  assignPresent(profile, {
    headline: person.headline,
    title: currentOf(person)?.title ?? '',
    location: placeText(person.place),
    emails: person.emails,
    last_updated: worldTimestamp(editedAt),
  });
  const scraped: Record<string, unknown> = { ...generated, profile };
  assignPresent(scraped, {
    location: placeText(person.place),
    experience: entriesNow<ScrapedExperience>(generated.experience, changed, (entry, position) =>
      entry === undefined
        ? scrapedExperience(position, true)
        : {
            ...entry,
            employee_title: position.title,
            end_date: position.to ? yearMonthText(position.to) : '',
            is_current: position.to === null,
          },
    ),
  });
  return scraped as unknown as ScrapedProfile;
}

function recentlyStarted(generated: ProfileRecord, changed: ChangedPerson): RecentExperienceChange[] | null {
  const current = currentOf(changed.person);
  if (!current) return [];
  const startedAt = changed.startedAtMs.get(current.positionId);
  if (startedAt !== undefined) return [recentChange(current, worldTimestamp(startedAt))];
  // Still the job the person had: the entry the API noted then, with the title as it is now.
  return generated.experience_recently_started?.map((entry) => ({ ...entry, title: current.title })) ?? null;
}

function recentlyClosed(generated: ProfileRecord, changed: ChangedPerson): RecentExperienceChange[] | null {
  const closed = changed.person.positions.flatMap((position) => {
    const closedAt = changed.closedAtMs.get(position.positionId);
    return closedAt === undefined ? [] : [recentChange(position, worldTimestamp(closedAt))];
  });
  return generated.experience_recently_closed && [...closed, ...generated.experience_recently_closed];
}

/** Root fields whose change the record's summary notes, with the edits that change them. */
const TRACKED_ROOT_FIELDS: ReadonlyArray<[keyof ProfileRecord, readonly WorldChangeKind[]]> = [
  ['headline', ['changed']],
  ['location_full', ['new location']],
  ['active_experience_title', JOB_KINDS],
  ['active_experience_company_id', ['new employer']],
];

function rootChanges(generated: ProfileRecord, now: Record<string, unknown>, changed: ChangedPerson) {
  const noted: RootFieldChange[] = TRACKED_ROOT_FIELDS.flatMap(([field, kinds]) => {
    const at = lastEditAt(changed, kinds);
    if (at === undefined || JSON.stringify(generated[field]) === JSON.stringify(now[field])) return [];
    const change_type = generated[field] === null ? 'added' : now[field] === null ? 'deleted' : 'modified';
    return [{ field_name: field, change_type, last_changed_at: worldTimestamp(at) }];
  });
  const kept = (generated.profile_root_field_changes_summary ?? []).filter(
    (entry) => !noted.some((change) => change.field_name === entry.field_name),
  );
  return [...noted, ...kept];
}

/** The profile record (also of search and research results) of a changed person. */
export function worldProfileRecord(generated: ProfileRecord, changed: ChangedPerson): ProfileRecord {
  const { person } = changed;
  const editedAt = lastEditAt(changed, PROFILE_KINDS);
  if (editedAt === undefined) return generated;
  const jobsAt = lastEditAt(changed, JOB_KINDS);
  const record: Record<string, unknown> = { ...generated };
  assignPresent(record, {
    headline: person.headline,
    ...profileRecordLocation(person.place),
    ...profileRecordEmployment(person),
    experience: entriesNow<ProfileRecordExperience>(generated.experience, changed, (entry, position, order) => ({
      ...entry,
      ...profileRecordExperience(position, order),
    })),
    experience_recently_started: recentlyStarted(generated, changed),
    experience_recently_closed: recentlyClosed(generated, changed),
    updated_at: worldTimestamp(editedAt),
    checked_at: worldTimestamp(editedAt),
    changed_at: worldTimestamp(editedAt),
  });
  if (jobsAt !== undefined) {
    const identified = worldTimestamp(jobsAt);
    const kept = (generated.profile_collection_field_changes_summary ?? []).filter(
      (entry) => entry.field_name !== 'experience',
    );
    assignPresent(record, {
      experience_change_last_identified_at: identified,
      profile_collection_field_changes_summary: [{ field_name: 'experience', last_changed_at: identified }, ...kept],
    });
  }
  assignPresent(record, { profile_root_field_changes_summary: rootChanges(generated, record, changed) });
  return record as unknown as ProfileRecord;
}

export function worldLegacyProfile(generated: LegacyProfile, changed: ChangedPerson): LegacyProfile {
  const editedAt = lastEditAt(changed, PROFILE_KINDS);
  if (editedAt === undefined) return generated;
  return { ...toLegacyProfile(changed.person), last_updated: worldTimestamp(editedAt).slice(0, 10) };
}

/** A contact lookup's answer with the person's new work email and mobile phone. */
export function worldContacts(generated: ContactLookupResponse, changed: ChangedPerson): ContactLookupResponse {
  const { workEmail, mobilePhone } = changed;
  const [result] = generated.data;
  // An empty answer (a special input) stays empty.
  if (!('contacts' in result) || result.contacts.length === 0 || (workEmail === null && mobilePhone === null)) {
    return generated;
  }
  const isWorkEmail = (contact: Contact) => contact.type === 'email' && contact.subType === 'work';
  const isMobile = (contact: Contact) => contact.type === 'phone' && contact.subType === 'mobile';
  let contacts = result.contacts.map((contact) => {
    if (workEmail !== null && isWorkEmail(contact)) return { ...contact, value: workEmail };
    if (mobilePhone !== null && isMobile(contact)) return { ...contact, value: mobilePhone };
    return contact;
  });
  if (mobilePhone !== null && !contacts.some(isMobile)) {
    const added: Contact = { type: 'phone', value: mobilePhone, subType: 'mobile', rating: '90' };
    contacts = [...contacts, added].sort(byRating);
  }
  return { data: [{ ...result, contacts }, ...generated.data.slice(1)] };
}
