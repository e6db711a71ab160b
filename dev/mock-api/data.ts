// The synthetic data generators, exported so tests can build the values the mock serves.
// Every function is pure: the same (seed, input) gives the same record.

import type { ProfileRecord, ScrapedProfile } from '../../src/core/api/types';
import { criteriaOfQuery, roleCriterionOfQuery } from './data/criteria';
import { hasNoResults } from './data/companies';
import { personForSlug, slugForQueryResult, type Person } from './data/person';
import {
  toLegacyProfile,
  toProfileRecord,
  toScrapedProfile,
  type LegacyProfile,
  type MatchContext,
} from './data/profile-formats';
import { Random } from './data/random';

export { contactLookup, NO_PROFILE_EMAIL_DOMAIN, phoneDigits, type ContactQuery } from './data/contacts';
export {
  companyFacts,
  hasNoResults,
  searchCompanies,
  type CompanyFacts,
  type CompanySearchOutcome,
} from './data/companies';
export { criteriaForQuery } from './data/criteria';
export {
  EXTRA_FIELDS,
  fixtureQuirks,
  HARD_CASE_PLACES,
  HARD_CASE_SLUG,
  HARD_TEXT,
  isHardCaseQuery,
  LONG_SUMMARY_LENGTH,
  longSummary,
  MISSING_PROFILE_RECORD_FIELDS,
  MISSING_SCRAPED_FIELDS,
  MISSING_SCRAPED_CORE_FIELDS,
  NULLED_PROFILE_RECORD_ARRAYS,
  NULLED_SCRAPED_ARRAYS,
  NULLED_SCRAPED_CORE_ARRAYS,
  RTL_PLACE,
  STRUCTURAL_QUIRKS,
  TEXT_QUIRKS,
  type Quirk,
} from './data/hard-cases';
export { personForSlug, slugForQueryResult, REFERENCE_MONTH, REFERENCE_YEAR, type Person } from './data/person';
export { placeText } from './data/text';
export {
  profileUrl,
  toLegacyProfile,
  toProfileRecord,
  toScrapedProfile,
  type LegacyProfile,
  type LegacyExperience,
  type MatchContext,
} from './data/profile-formats';
export { Random } from './data/random';

export function scrapedProfileForSlug(seed: number, slug: string): ScrapedProfile {
  return toScrapedProfile(personForSlug(seed, slug));
}

/** The record of GET /api/enrich/network: no search context, so `match_data` is null. */
export function profileRecordForSlug(seed: number, slug: string): ProfileRecord {
  return toProfileRecord(personForSlug(seed, slug));
}

export function legacyProfileForSlug(seed: number, slug: string): LegacyProfile {
  return toLegacyProfile(personForSlug(seed, slug));
}

/** How many people a query matches in total (0 for queries containing "no results"). */
export function peopleMatchCount(seed: number, query: string): number {
  return hasNoResults(query) ? 0 : new Random(seed, 'people-pool', query).int(40, 400);
}

/**
 * The index-th person a people query (search or research job) finds, with the criteria it matched: those their
 * current employer and their place satisfy.
 */
export function personForQuery(seed: number, query: string, index: number): { person: Person; match: MatchContext } {
  const person = personForSlug(seed, slugForQueryResult(seed, query, index));
  const current = person.positions[0];
  const subject = { company: current.company, place: person.place };
  const role = roleCriterionOfQuery(query);
  const companyCriteria = criteriaOfQuery(query);
  const criteria = [
    ...(role !== null && role.fits(current.title) ? [role.text] : []),
    ...companyCriteria.filter((criterion) => criterion.verdict(subject) === 'YES').map((criterion) => criterion.text),
  ];
  return { person, match: { rank: index, criteria, evaluated: companyCriteria.length + (role === null ? 0 : 1) } };
}

export function profileRecordForQuery(seed: number, query: string, index: number): ProfileRecord {
  const { person, match } = personForQuery(seed, query, index);
  return toProfileRecord(person, match);
}
