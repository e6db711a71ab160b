// Values that break naive spreadsheet writers and parsers. They reach records two ways: fixtures picked by slug or
// query, and "quirks" sprinkled on about 1 in 15 normal records. Where each one lands is listed in HARD_CASE_PLACES.

import type { Random } from './random';
import type { Place } from './vocabulary';

export const HARD_TEXT = {
  /** Formula injection: a sheet that parses it runs HYPERLINK. */
  formula: '=HYPERLINK("http://evil.example","click")',
  /** Parsed as the number 14155550100. */
  plus: '+14155550100',
  /** Parsed as a formula by some writers. */
  minus: '-Minus Studio',
  /** A leading @ is parsed by some spreadsheet apps. */
  at: '@channel',
  /** Parsed as a date (1 October). */
  dateLike: '1-10',
  /** Parsed as the number 501. */
  leadingZeroZip: '00501',
  emoji: '🚀 Shipped the v2 platform with the team 👩‍💻✨',
  cjkFirstName: '芳',
  cjkLastName: '王',
  cjkFullName: '王芳',
  cjkSummary: '東京とベルリンでプロダクトチームを率いています。データ基盤と決済が専門です。',
  rtlSchool: 'האוניברסיטה העברית בירושלים',
  newlines:
    'First line of the summary.\nSecond line, after a line feed.\r\nThird line, after CR LF.\n\n\tIndented fourth line.',
} as const;

/** A place written in Arabic: right-to-left text in every location field. */
export const RTL_PLACE: Place = {
  city: 'دبي',
  state: 'دبي',
  country: 'الإمارات العربية المتحدة',
  iso2: 'AE',
  iso3: 'ARE',
  regions: ['EMEA', 'Middle East'],
  zip: '',
  currency: 'AED',
  phonePrefix: '+9714',
};

export const LONG_SUMMARY_LENGTH = 60_000;

const LONG_SUMMARY_PARAGRAPH =
  'I have spent my career building teams and products across three continents, and this summary keeps going ' +
  'well past the 50,000 characters a single spreadsheet cell can hold, so writers must truncate it safely. ';

/** Exactly LONG_SUMMARY_LENGTH characters of ASCII text with paragraph breaks, starting with `prefix`. */
export function longSummary(prefix = ''): string {
  let text = prefix ? `${prefix}\n\n` : '';
  let paragraph = 1;
  while (text.length < LONG_SUMMARY_LENGTH) {
    text += `${paragraph}. ${LONG_SUMMARY_PARAGRAPH.repeat(4)}\n\n`;
    paragraph++;
  }
  return text.slice(0, LONG_SUMMARY_LENGTH);
}

export const TEXT_QUIRKS = [
  'formula',
  'plus',
  'minus',
  'at',
  'date_like',
  'leading_zero_zip',
  'emoji',
  'cjk',
  'rtl',
  'newlines',
  'long_summary',
] as const;
export const STRUCTURAL_QUIRKS = ['null_arrays', 'missing_fields', 'extra_fields'] as const;

export type TextQuirk = (typeof TEXT_QUIRKS)[number];
export type StructuralQuirk = (typeof STRUCTURAL_QUIRKS)[number];
export type Quirk = TextQuirk | StructuralQuirk;

/** Where each quirk lands in a profile (scraped profile / profile record / legacy record) and in a company search result. */
export const HARD_CASE_PLACES: Record<Quirk, string> = {
  formula: 'profile headline; company_name',
  plus: 'current job title (profile.title, experience[0] title, active_experience_title); company network_speciality',
  minus: 'current employer name (experience[0]); company external_category',
  at: 'first skill; company network_industry',
  date_like: 'second skill and current employer size range (company_size_range); company employee_count_range',
  leading_zero_zip: 'current employer HQ zip (company_hq_zipcode, Holtsville NY)',
  emoji: 'current position description; company network_company_description',
  cjk: 'fixtures: the name (王芳: name, full_name, first/last name); other profiles (named by their URL): the summary; company network_company_description',
  rtl: 'location in Arabic (دبي) and first school in Hebrew; company network_company_description',
  newlines: 'summary; company network_company_description',
  long_summary: 'summary of exactly 60,000 characters (starts with the newlines text when both apply)',
  null_arrays:
    'profile record: array fields null; scraped (fixture only): websites, emails, skills, languages, certifications, honors null',
  missing_fields:
    'profile record: MISSING_PROFILE_RECORD_FIELDS absent; scraped (fixture only): MISSING_SCRAPED_FIELDS, and MISSING_SCRAPED_CORE_FIELDS in its profile, absent',
  extra_fields: 'EXTRA_FIELDS added at the root (and in profile / experience entries)',
};

export const NULLED_PROFILE_RECORD_ARRAYS = [
  'location_regions',
  'network_shorthand_names',
  'skills',
  'inferred_skills',
  'historical_skills',
  'interests',
  'education_degrees',
  'patents_topics',
  'publications_topics',
  'projects_topics',
  'languages',
  'awards',
  'certifications',
  'organizations',
  'patents',
  'projects',
  'publications',
  'github_repos',
  'courses',
  'projected_additional_salary',
  'experience_recently_started',
  'experience_recently_closed',
] as const;
// The scraped profile's own fields (…_SCRAPED_…) and those of its `profile` member, a ScrapedProfileCore (…_CORE_…).
export const NULLED_SCRAPED_ARRAYS = ['skills', 'languages', 'certifications', 'honors'] as const;
export const NULLED_SCRAPED_CORE_ARRAYS = ['websites', 'emails'] as const;

export const MISSING_PROFILE_RECORD_FIELDS = [
  'middle_name',
  'middle_name_initial',
  'picture_permalink',
  'location_state',
  'services',
  'projected_total_salary',
  'liked_posts',
  'op_created_at',
] as const;
export const MISSING_SCRAPED_FIELDS = ['certifications', 'honors'] as const;
export const MISSING_SCRAPED_CORE_FIELDS = ['microblog_handle', 'last_updated'] as const;

/** Fields no client knows about; they must pass through or be ignored. */
export const EXTRA_FIELDS = {
  x_internal_score: 0.8731,
  x_source_system: 'crawler-eu-7',
  x_tags: ['imported', 'beta'],
  x_nested: { revision: 3, flags: { verified: true } },
} as const;

export const HARD_CASE_SLUG = 'hard-case';
const FIXTURE_PREFIX = 'hard-';

export function isHardCaseQuery(query: string): boolean {
  return /hard[\s_-]+case/i.test(query);
}

/** Fixture slugs: `hard-case` (every text quirk) and `hard-<quirk with dashes>` (that one), e.g. `hard-date-like`. */
export function fixtureQuirks(slug: string): Quirk[] | null {
  if (slug === HARD_CASE_SLUG) return [...TEXT_QUIRKS];
  if (!slug.startsWith(FIXTURE_PREFIX)) return null;
  const name = slug.slice(FIXTURE_PREFIX.length).replace(/-/g, '_');
  const all: readonly Quirk[] = [...TEXT_QUIRKS, ...STRUCTURAL_QUIRKS];
  return all.includes(name as Quirk) ? [name as Quirk] : null;
}

/** About 1 record in 15 gets one quirk. The 60,000-character summary is a fixture only (it would bloat job pages). */
const SPRINKLED_QUIRKS: readonly Quirk[] = [
  ...TEXT_QUIRKS.filter((quirk) => quirk !== 'long_summary'),
  ...STRUCTURAL_QUIRKS,
];

export function sprinkledQuirks(random: Random): Quirk[] {
  return random.chance(1 / 15) ? [random.pick(SPRINKLED_QUIRKS)] : [];
}
