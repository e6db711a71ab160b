// The columns each function shows when no `fields` are given: what a recruiter or seller reads first.
import type { Company } from '../api/types';
import { isRecord } from '../json';
import { RECORD_CATALOGS, type Catalog, type RecordType } from './catalog';
import { COMPANION_COLLECTIONS, parseFieldList, type FieldPath } from './flatten';

/** Resolves names of our own; a typo here is a bug, caught by the tests. */
function fieldsNamed<T extends RecordType>(recordType: T, names: readonly string[]): FieldPath<T>[] {
  // As a range: each name whole, even a criterion holding a comma.
  const result = parseFieldList([names], recordType);
  if (!result.ok) throw new Error(`Default columns: ${result.error.message}`);
  return result.fields;
}

/**
 * A value built on first use and kept. Every formula execution runs the bundle's top-level code, so the column sets
 * (a parse of every name; 93 for RESEARCH_COLUMNS.all) are built only by the execution that reads them.
 */
function memoized<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}

const PROFILE_RECORD_COLUMN_NAMES = [
  'full_name',
  'headline',
  'active_experience_title',
  'experience.1.company_name',
  'active_experience_management_level',
  'is_decision_maker',
  'location_full',
  'skills',
  'network_url',
];

/** Why a search found the person: the reader judges each result by them (an enrichment has no search to say it). */
const MATCH_COLUMN_NAMES = ['match_data.similarity_score', 'match_data.matched_criteria'];

/** After who the person is and where they work: the first thing to judge a found person by. */
const withMatchColumns = (names: readonly string[]): string[] => {
  const at = names.indexOf('experience.1.company_name') + 1;
  return [...names.slice(0, at), ...MATCH_COLUMN_NAMES, ...names.slice(at)];
};

const profileRecordColumns = memoized(() => fieldsNamed('profileRecord', PROFILE_RECORD_COLUMN_NAMES));

const searchPeopleColumns = memoized(() => fieldsNamed('profileRecord', withMatchColumns(PROFILE_RECORD_COLUMN_NAMES)));

const scrapeProfileColumns = memoized(() =>
  fieldsNamed('scrapedProfile', [
    'name',
    'headline',
    'title',
    'location',
    'experience.1.employee_title',
    'experience.1.employer_name',
    'education.1.institute_name',
    'num_of_connections',
    'skills',
    'network_url',
  ]),
);

const findContactsColumns = memoized(() =>
  fieldsNamed('contact', ['email', 'email_type', 'email_rating', 'phone', 'phone_type', 'phone_rating', 'li']),
);

/** Read like constants; each set is built on its first read. */
export const DEFAULT_COLUMNS = {
  get SCRAPE_PROFILE() {
    return scrapeProfileColumns();
  },
  get FIND_CONTACTS() {
    return findContactsColumns();
  },
  get SEARCH_PEOPLE() {
    return searchPeopleColumns();
  },
  get ENRICH_PROFILE() {
    return profileRecordColumns();
  },
} as const;

const companyBaseColumnNames = [
  'company_name',
  'company_website',
  'headquarters',
  'hq_country',
  'employee_count_range',
  'network_industry',
  'company_type',
  'year_founded',
  'network_profile_url',
];

/** The company columns, then one `criteria.<criterion text>` column per criterion, in the order first seen. */
export function defaultCompanyColumns(results: readonly Company[]): FieldPath<'company'>[] {
  const criteria = new Map<string, string>();
  for (const company of results) {
    const verdicts = isRecord(company) && isRecord(company.criteria) ? company.criteria : {};
    for (const key of Object.keys(verdicts)) {
      const criterion = key.trim();
      // Names match ignoring case, so criteria differing only in case share one column.
      const caseless = criterion.toLowerCase();
      if (criterion !== '' && !criteria.has(caseless)) criteria.set(caseless, criterion);
    }
  }
  const criteriaNames = Array.from(criteria.values(), (criterion) => `criteria.${criterion}`);
  return fieldsNamed('company', [...companyBaseColumnNames, ...criteriaNames]);
}

/**
 * Every root field a cell can hold: scalars and lists of strings as they are, fixed objects (match_data) field by
 * field, other collections as readable text. Experience and education go to companion sheets instead.
 */
function sheetColumnNames(fields: Catalog, prefix: string): string[] {
  return Object.keys(fields).flatMap((name) => {
    const kind = fields[name];
    if (kind.kind === 'object') return sheetColumnNames(kind.fields, `${prefix}${name}.`);
    if (COMPANION_COLLECTIONS.some((collection) => collection === name)) return [];
    return [`${prefix}${name}`];
  });
}

const researchEssentialColumns = memoized(() =>
  fieldsNamed(
    'profileRecord',
    withMatchColumns([
      'id',
      'full_name',
      'headline',
      'active_experience_title',
      'experience.1.company_name',
      'location_full',
      'network_url',
    ]),
  ),
);

const researchAllColumns = memoized(() =>
  fieldsNamed('profileRecord', sheetColumnNames(RECORD_CATALOGS.profileRecord, '')),
);

/**
 * Column sets of a research results sheet, by ResearchColumns (src/core/contract.ts); both hold id and full_name.
 * Read like constants; each set is built on its first read.
 */
export const RESEARCH_COLUMNS = {
  get essentials() {
    return researchEssentialColumns();
  },
  get all() {
    return researchAllColumns();
  },
} as const;
