// Economy refresh of scrape runs: a row's profile record (1 credit) says what changed on the profile and when, so
// the scrape (2 credits) is redone only where something the run's columns show changed since the row was checked.
// The record names its own fields, not the scrape's: the map below is deliberately broad, and a name it does not
// know, a time it cannot read or a change it cannot place means rescraping.
import { CREDIT_COSTS } from '../api/credits';
import type { ProfileRecord } from '../api/types';
import { RECORD_CATALOGS } from '../fields/catalog';
import { isRecord } from '../json';
import { utcTime } from './checked';

const NAME = ['name'];
const LOCATION = ['location'];
const NETWORK = ['network_url', 'network_profile_url', 'network_flagship_url'];
const JOB = ['experience', 'title'];
const NOTHING_SHOWN: readonly string[] = [];

/**
 * The scrape's top-level field names (the first part of a field name) that may show a change of each profile
 * record field named by the change summaries (root and collection fields). Fields the scrape has no counterpart of
 * map to none.
 */
export const SHOWN_IN_SCRAPE: Readonly<Record<string, readonly string[]>> = {
  id: ['id'],
  name: NAME,
  full_name: NAME,
  first_name: NAME,
  first_name_initial: NAME,
  middle_name: NAME,
  middle_name_initial: NAME,
  last_name: NAME,
  last_name_initial: NAME,
  headline: ['headline'],
  description: ['summary'],
  summary: ['summary'],
  picture_permalink: ['profile_picture_url'],
  picture_url: ['profile_picture_url'],
  location: LOCATION,
  location_full: LOCATION,
  location_country: LOCATION,
  location_city: LOCATION,
  location_state: LOCATION,
  location_country_iso2: LOCATION,
  location_country_iso3: LOCATION,
  location_regions: LOCATION,
  network_url: NETWORK,
  network_shorthand_names: NETWORK,
  connections_count: ['num_of_connections'],
  followers_count: ['num_of_connections'],
  post_count: ['posts'],
  posts: ['posts'],
  liked_posts: ['posts'],
  is_working: JOB,
  total_experience_duration_months: JOB,
  total_experience_duration_months_breakdown_department: JOB,
  total_experience_duration_months_breakdown_management_level: JOB,
  active_experience_company_id: JOB,
  active_experience_title: JOB,
  active_experience_description: JOB,
  active_experience_department: JOB,
  active_experience_management_level: JOB,
  experience: JOB,
  skills: ['skills'],
  inferred_skills: ['skills'],
  historical_skills: ['skills'],
  education: ['education'],
  education_degrees: ['education'],
  last_graduation_date: ['education'],
  languages: ['languages'],
  certifications: ['certifications'],
  awards: ['honors'],
  recommendations_count: NOTHING_SHOWN,
  recommendations: NOTHING_SHOWN,
  interests: NOTHING_SHOWN,
  services: NOTHING_SHOWN,
  is_decision_maker: NOTHING_SHOWN,
  organizations: NOTHING_SHOWN,
  patents: NOTHING_SHOWN,
  projects: NOTHING_SHOWN,
  publications: NOTHING_SHOWN,
  github_repos: NOTHING_SHOWN,
  courses: NOTHING_SHOWN,
};

/** Scrape fields no summary speaks for (emails, websites, criteria…): only changed_at can vouch for them. */
const UNTRACKED_IN_SCRAPE: ReadonlySet<string> = new Set(
  Object.keys(RECORD_CATALOGS.scrapedProfile).filter(
    (root) => !Object.values(SHOWN_IN_SCRAPE).some((roots) => roots.includes(root)),
  ),
);

export type EconomyReason =
  /** The row has no checked time to compare with. */
  | 'never checked'
  /** A field the run shows changed since the row was checked. */
  | 'shown field changed'
  /** A field the map does not know changed, or a change time could not be read. */
  | 'unknown field changed'
  /** The record has no readable changed_at. */
  | 'no change time'
  /** changed_at is after the check, and nothing the summaries name explains it for the run's fields. */
  | 'unexplained change'
  | 'unchanged'
  /** Changes since the check, all in fields the run does not show. */
  | 'changed elsewhere';

export interface EconomyDecision {
  rescrape: boolean;
  reason: EconomyReason;
}

/**
 * Whether a scrape row must be scraped again, from its profile record, its checked time (epoch ms, null for never)
 * and the run's field names.
 */
export function economyDecision(
  record: ProfileRecord,
  checkedAt: number | null,
  fieldNames: readonly string[],
): EconomyDecision {
  const rescrape = (reason: EconomyReason) => ({ rescrape: true, reason });
  const keep = (reason: EconomyReason) => ({ rescrape: false, reason });
  if (checkedAt === null) return rescrape('never checked');
  const shown = new Set(fieldNames.map((name) => name.split('.')[0].trim().toLowerCase()));
  const changed = changedSince(record, checkedAt);
  for (const name of changed) {
    const roots = name === null ? undefined : scrapeFieldsShowing(name);
    if (roots === undefined) return rescrape('unknown field changed');
    if (roots.some((root) => shown.has(root))) return rescrape('shown field changed');
  }
  const changedAt = apiTime(record.changed_at);
  if (changedAt === null) return rescrape('no change time');
  if (changedAt <= checkedAt) return keep('unchanged');
  if (changed.length === 0 || [...shown].some((root) => UNTRACKED_IN_SCRAPE.has(root))) {
    return rescrape('unexplained change');
  }
  return keep('changed elsewhere');
}

function scrapeFieldsShowing(recordField: string): readonly string[] | undefined {
  const name = recordField.toLowerCase();
  return Object.prototype.hasOwnProperty.call(SHOWN_IN_SCRAPE, name) ? SHOWN_IN_SCRAPE[name] : undefined;
}

/**
 * The record fields the summaries say changed after `checkedAt` (null for an entry without a name); an entry whose
 * time cannot be read counts as changed. A job change counts as a change of `experience`.
 */
function changedSince(record: ProfileRecord, checkedAt: number): Array<string | null> {
  const entries = [
    ...listOf(record.profile_root_field_changes_summary),
    ...listOf(record.profile_collection_field_changes_summary),
  ];
  const changed = entries
    .filter((entry) => isAfter(isRecord(entry) ? entry.last_changed_at : undefined, checkedAt))
    .map((entry) => (isRecord(entry) && typeof entry.field_name === 'string' ? entry.field_name.trim() : null));
  const jobChange = record.experience_change_last_identified_at;
  if (jobChange !== null && jobChange !== undefined && isAfter(jobChange, checkedAt)) changed.push('experience');
  return changed;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isAfter(time: unknown, checkedAt: number): boolean {
  const parsed = apiTime(time);
  return parsed === null || parsed > checkedAt;
}

const API_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** An API timestamp (ISO 8601; without a zone, UTC) as epoch ms; null when absent or unreadable. */
export function apiTime(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = API_TIME.exec(value.trim());
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0));
  const time = utcTime(year, month, day, hour, minute, second);
  if (time === null) return null;
  const millis = match[7] === undefined ? 0 : Math.floor(Number(match[7]) * 1000);
  return time + millis - zoneOffsetMinutes(match[8]) * 60_000;
}

function zoneOffsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0);
  return zone.startsWith('-') ? -minutes : minutes;
}

/** Credits of an economy refresh of `rows` distinct profiles: [no row changed, every row changed]. */
export function economyCredits(rows: number): [number, number] {
  const record = CREDIT_COSTS.profileRecord.perRequest;
  const scrape = CREDIT_COSTS.scrape.perRequest;
  return [rows * record, rows * (record + scrape)];
}
