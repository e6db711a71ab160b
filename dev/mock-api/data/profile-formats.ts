// Renders a Person as the scraped profile, the profile record (97 root fields, 48 per experience) and the legacy record.

import type {
  ProfileRecordEducation,
  ProfileRecordExperience,
  ProfileRecord,
  RecentExperienceChange,
  ScrapedExperience,
  ScrapedProfile,
} from '../../../src/core/api/types';
import {
  EXTRA_FIELDS,
  fixtureQuirks,
  MISSING_PROFILE_RECORD_FIELDS,
  MISSING_SCRAPED_FIELDS,
  MISSING_SCRAPED_CORE_FIELDS,
  NULLED_PROFILE_RECORD_ARRAYS,
  NULLED_SCRAPED_ARRAYS,
  NULLED_SCRAPED_CORE_ARRAYS,
  STRUCTURAL_QUIRKS,
  type Quirk,
} from './hard-cases';
import {
  durationMonths,
  REFERENCE_MONTH,
  REFERENCE_YEAR,
  slugWord,
  type Person,
  type Position,
  type YearMonth,
} from './person';
import { Random } from './random';
import { placeText, twoDigits } from './text';
import {
  ADDITIONAL_SALARY_TYPES,
  COURSE_ORGANIZERS,
  COURSE_TITLES,
  ORGANIZATIONS,
  PATENT_STATUSES,
  PROJECT_NAMES,
  PUBLISHERS,
  TOPICS,
  type Place,
} from './vocabulary';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function profileUrl(slug: string): string {
  return `https://www.network.com/in/${encodeURIComponent(slug)}`;
}

export function yearMonthText(date: YearMonth): string {
  return `${date.year}-${twoDigits(date.month)}`;
}

function humanDate(date: YearMonth): string {
  return `${MONTH_NAMES[date.month - 1]} ${date.year}`;
}

/** A timestamp `daysBack` days before the reference date, in ISO 8601. */
function timestampDaysBack(random: Random, daysBack: number): string {
  const reference = Date.UTC(REFERENCE_YEAR, REFERENCE_MONTH - 1, 1);
  return new Date(reference - daysBack * 86_400_000 - random.int(0, 86_399) * 1000).toISOString().replace('.000Z', 'Z');
}

const DECISION_MAKER_LEVELS = ['Director', 'VP', 'C-Level', 'Founder'];

function isFixture(person: Person, quirk: Quirk): boolean {
  return (fixtureQuirks(person.slug) ?? []).includes(quirk);
}

// ---------- Scraped ----------

export function toScrapedProfile(person: Person): ScrapedProfile {
  const random = new Random('scraped', person.slug, person.id);
  const current = person.positions[0].to === null ? person.positions[0] : undefined;
  const scraped: ScrapedProfile = {
    profile: {
      id: person.id,
      name: person.fullName,
      headline: person.headline,
      summary: person.summary,
      location: placeText(person.place),
      title: current?.title ?? '',
      network_profile_url: `https://www.network.com/in/ACoAA${random.hex(20).toUpperCase()}`,
      network_flagship_url: profileUrl(person.slug),
      profile_picture_url: `https://media.network.com/dms/image/${person.pictureId}/profile-displayphoto-shrink_800_800/0/`,
      num_of_connections: person.connections,
      last_updated: random.chance(0.9) ? timestampDaysBack(random, random.int(0, 30)) : '',
      network_url: `${profileUrl(person.slug)}/`,
      microblog_handle: person.microblogHandle,
      websites: person.websites,
      emails: person.emails,
      criteria: {},
    },
    experience: person.positions.map((position) => scrapedExperience(position, random.chance(0.95))),
    education: person.schools.map((schooling) => ({
      institute_name: schooling.schoolName,
      degree_name: schooling.degree,
      field_of_study: schooling.fieldOfStudy,
      institute_network_id: random.chance(0.85) ? random.digits(6) : '',
      institute_network_url: `https://www.network.com/school/${schooling.school.slug}/`,
      institute_logo_url: `https://media.network.com/dms/image/C560BAQ${random.hex(12)}/company-logo_100_100/0/`,
      start_date: random.chance(0.9) ? String(schooling.fromYear) : '',
      end_date: String(schooling.toYear),
      description: schooling.description,
    })),
    skills: person.skills,
    // Element shapes of languages, certifications and honors are undocumented. Our reading: languages are
    // plain names, certifications and honors small objects.
    languages: person.languages.map((entry) => entry.language),
    location: placeText(person.place),
    certifications: person.certifications.map((certification) => ({
      name: certification.title,
      authority: certification.issuer,
      start_date: yearMonthText(certification.from),
      end_date: certification.to ? yearMonthText(certification.to) : '',
    })),
    honors: person.awards.map((award) => ({
      title: award.title,
      issuer: award.issuer,
      date: yearMonthText(award.date),
    })),
    posts: person.posts.map((post, i) => ({
      post_url: post.url,
      title: post.text,
      action: post.action,
      order_in_profile: i + 1,
    })),
  };
  return withScrapedStructuralQuirks(scraped, person);
}

/** One entry of a scraped profile's experience; `showsStartDate` is false for the few entries without one. */
export function scrapedExperience(position: Position, showsStartDate: boolean): ScrapedExperience {
  return {
    employee_position_id: position.positionId,
    employee_title: position.title,
    employer_name: position.company.name,
    employee_description: position.description ?? '',
    employer_network_description: position.company.description,
    employer_network_id: position.company.networkId,
    employer_network_url: `${position.company.networkUrl}/`,
    employer_logo_url: position.company.logoUrl,
    start_date: showsStartDate ? yearMonthText(position.from) : '',
    end_date: position.to ? yearMonthText(position.to) : '',
    employee_location: position.location,
    employer_company_ids: [position.company.id],
    employer_company_website_domains: [position.company.domain],
    location: placeText(position.company.hq),
    is_current: position.to === null,
  };
}

/** Sprinkled records only get extra fields here: null arrays and missing fields in a scraped profile are fixtures only. */
function withScrapedStructuralQuirks(scraped: ScrapedProfile, person: Person): ScrapedProfile {
  const top: Record<string, unknown> = { ...scraped };
  const profile: Record<string, unknown> = { ...scraped.profile };
  if (person.quirks.includes('extra_fields')) {
    Object.assign(top, EXTRA_FIELDS);
    Object.assign(profile, EXTRA_FIELDS);
  }
  if (isFixture(person, 'null_arrays')) {
    for (const field of NULLED_SCRAPED_ARRAYS) top[field] = null;
    for (const field of NULLED_SCRAPED_CORE_ARRAYS) profile[field] = null;
  }
  if (isFixture(person, 'missing_fields')) {
    for (const field of MISSING_SCRAPED_FIELDS) delete top[field];
    for (const field of MISSING_SCRAPED_CORE_FIELDS) delete profile[field];
  }
  return { ...top, profile } as unknown as ScrapedProfile;
}

// ---------- Profile record ----------

/** Search context of a record found by a query: its rank, the criteria it was matched on, and how many were judged. */
export interface MatchContext {
  criteria: string[];
  rank: number;
  evaluated: number;
}

/** A score that rises with the share of the query's criteria the person meets, and falls a little down the list. */
function similarityScore(match: MatchContext, random: Random): number {
  const share = match.evaluated === 0 ? 1 : match.criteria.length / match.evaluated;
  const score = 0.55 + 0.42 * share - match.rank * 0.0004 - random.next() * 0.05;
  return Math.round(Math.min(0.99, Math.max(0.3, score)) * 1e4) / 1e4;
}

export function profileRecordExperience(
  position: Position,
  order: number,
): ProfileRecordExperience & { company_shorthand_name: string } {
  const company = position.company;
  const hq = company.hq;
  return {
    active_experience: position.to === null ? 1 : 0,
    position_title: position.title,
    department: position.department,
    management_level: position.managementLevel,
    location: position.location,
    description: position.description,
    date_from: humanDate(position.from),
    date_from_year: position.from.year,
    date_from_month: position.from.month,
    date_to_year: position.to?.year ?? null,
    date_to_month: position.to?.month ?? null,
    date_to: position.to ? humanDate(position.to) : null,
    duration_months: durationMonths(position),
    company_id: company.id,
    company_name: company.name,
    company_type: company.type,
    company_founded_year: company.foundedYear,
    company_followers_count: company.followers,
    company_website: `https://www.${company.domain}`,
    company_social1_url: company.social1Url,
    company_social2_url: company.social2Url,
    company_professional_network_url: company.id % 3 === 0 ? null : `${company.networkUrl}/`,
    company_network_url: company.networkUrl,
    company_size_range: company.sizeRange,
    company_employees_count: company.employees,
    company_industry: company.industry.label,
    company_categories_and_keywords: company.categories,
    company_annual_revenue_source_1: company.revenueSource1,
    company_annual_revenue_source_5: company.revenueSource5,
    company_annual_revenue_currency_source_1: company.revenueSource1 === null ? null : company.revenueCurrency,
    company_annual_revenue_currency_source_5: company.revenueSource5 === null ? null : company.revenueCurrency,
    company_employees_count_change_yearly_percentage: company.headcountChangePct,
    company_last_funding_round_date: company.lastFundingDate,
    company_last_funding_round_amount_raised: company.lastFundingAmount,
    company_hq_full_address: [company.street, [hq.zip, hq.city].filter(Boolean).join(' '), hq.state, hq.country]
      .filter(Boolean)
      .join(', '),
    company_hq_country: hq.country,
    company_hq_city: hq.city,
    company_hq_state: hq.state || null,
    company_hq_street: company.street,
    company_hq_zipcode: hq.zip || null,
    company_hq_country_iso2: hq.iso2,
    company_hq_country_iso3: hq.iso3,
    company_hq_regions: hq.regions,
    company_last_updated_at: company.lastUpdatedAt,
    company_stock_ticker: company.stockTickers,
    company_is_b2b: company.isB2b,
    order_in_profile: order,
    // The API counts 48 experience fields but names 47; our reading of the 48th (docs/api.md).
    company_shorthand_name: company.slug,
  };
}

function profileRecordEducation(person: Person): ProfileRecordEducation[] {
  return person.schools.map((schooling, i) => {
    const place = schooling.school.place;
    return {
      degree: schooling.degree,
      description: schooling.description,
      institution_url: `https://www.network.com/school/${schooling.school.slug}/`,
      institution_name: schooling.schoolName,
      institution_full_address: [
        schooling.school.street,
        [place.zip, place.city].filter(Boolean).join(' '),
        place.country,
      ].join(', '),
      institution_country_iso2: place.iso2,
      institution_country_iso3: place.iso3,
      institution_city: place.city,
      institution_state: place.state || null,
      institution_street: schooling.school.street,
      institution_zipcode: place.zip || null,
      activities_and_societies: schooling.activities || null,
      institution_regions: place.regions,
      date_from_year: schooling.fromYear,
      date_to_year: schooling.toYear,
      order_in_profile: i + 1,
    };
  });
}

export function recentChange(position: Position, identificationDate: string): RecentExperienceChange {
  return {
    company_id: position.company.id,
    company_name: position.company.name,
    company_url: position.company.networkUrl,
    company_shorthand_name: position.company.slug,
    date_from: yearMonthText(position.from),
    date_to: position.to ? yearMonthText(position.to) : null,
    title: position.title,
    identification_date: identificationDate,
  };
}

/** When the API noticed a recent start or end: a few days to weeks before the reference date. */
function identificationDate(random: Random): string {
  return timestampDaysBack(random, random.int(1, 40));
}

function monthsBeforeReference(date: YearMonth): number {
  return (REFERENCE_YEAR - date.year) * 12 + (REFERENCE_MONTH - date.month);
}

function sumBy<K extends string>(positions: Position[], keyOf: (position: Position) => K): Map<K, number> {
  const totals = new Map<K, number>();
  for (const position of positions)
    totals.set(keyOf(position), (totals.get(keyOf(position)) ?? 0) + durationMonths(position));
  return totals;
}

const LEVEL_BASE_SALARY: Record<string, number> = {
  Specialist: 62_000,
  Senior: 88_000,
  Manager: 105_000,
  Director: 140_000,
  VP: 175_000,
  'C-Level': 210_000,
  Founder: 150_000,
};

/** The profile record's fields of where the person lives. */
type LocationFields =
  | 'location'
  | 'location_full'
  | 'location_country'
  | 'location_city'
  | 'location_state'
  | 'location_country_iso2'
  | 'location_country_iso3'
  | 'location_regions';

export function profileRecordLocation(place: Place): Pick<ProfileRecord, LocationFields> {
  return {
    location: [place.city, place.country].filter(Boolean).join(', '),
    location_full: placeText(place),
    location_country: place.country,
    location_city: place.city,
    location_state: place.state || null,
    location_country_iso2: place.iso2,
    location_country_iso3: place.iso3,
    location_regions: place.regions,
  };
}

function currentPosition(person: Person): Position | undefined {
  return person.positions[0].to === null ? person.positions[0] : undefined;
}

type EmploymentFields =
  | 'is_working'
  | 'is_decision_maker'
  | 'total_experience_duration_months'
  | 'total_experience_duration_months_breakdown_department'
  | 'total_experience_duration_months_breakdown_management_level'
  | 'active_experience_company_id'
  | 'active_experience_title'
  | 'active_experience_description'
  | 'active_experience_department'
  | 'active_experience_management_level';

/** The profile record's fields that follow from the person's jobs: the current one and the totals. */
export function profileRecordEmployment(person: Person): Pick<ProfileRecord, EmploymentFields> {
  const current = currentPosition(person);
  const level = current?.managementLevel ?? person.positions[0].managementLevel;
  return {
    is_working: current ? 1 : 0,
    is_decision_maker: DECISION_MAKER_LEVELS.includes(level) ? 1 : 0,
    total_experience_duration_months: person.positions.reduce((sum, position) => sum + durationMonths(position), 0),
    total_experience_duration_months_breakdown_department: [...sumBy(person.positions, (p) => p.department)].map(
      ([department, months]) => ({ department, management_level: null, total_experience_duration_months: months }),
    ),
    total_experience_duration_months_breakdown_management_level: [
      ...sumBy(person.positions, (p) => p.managementLevel),
    ].map(([managementLevel, months]) => ({
      department: null,
      management_level: managementLevel,
      total_experience_duration_months: months,
    })),
    active_experience_company_id: current?.company.id ?? null,
    active_experience_title: current?.title ?? null,
    active_experience_description: current?.description ?? null,
    active_experience_department: current?.department ?? null,
    active_experience_management_level: current?.managementLevel ?? null,
  };
}

export function toProfileRecord(person: Person, match?: MatchContext): ProfileRecord {
  // 'modern' is the seed's name from before the record was called the profile record: kept, so the data stays as it was.
  const random = new Random('modern', person.slug, person.id);
  const current = currentPosition(person);
  const experience = person.positions.map((position, i) => profileRecordExperience(position, i + 1));
  const level = current?.managementLevel ?? person.positions[0].managementLevel;
  const baseMedian = random.float(0.85, 1.2) * LEVEL_BASE_SALARY[level];
  const additionalMedian = baseMedian * random.float(0.08, 0.3);
  const salaryCurrency = person.place.iso2 === 'US' ? 'USD' : person.place.currency;
  const salaryUpdatedAt = `2025-${twoDigits(random.int(6, 9))}-01`;
  const money = (value: number) => Math.round(value * 100) / 100;
  const patents = Array.from({ length: random.chance(0.15) ? random.int(1, 2) : 0 }, () => ({
    title: `Method for ${random.pick(TOPICS).toLowerCase()} at scale`,
    description: 'A system and method for improving throughput while reducing cost.',
    status: random.pick(PATENT_STATUSES),
    date_year: random.int(2012, 2025),
    date_month: random.int(1, 12),
  }));
  const projects = Array.from({ length: random.int(0, 3) }, () => {
    const fromYear = random.int(2015, 2024);
    return {
      name: random.pick(PROJECT_NAMES),
      description: `Delivered with a team of ${random.int(3, 12)}.`,
      date_from_year: fromYear,
      date_from_month: random.int(1, 12),
      date_to_year: random.chance(0.7) ? fromYear + 1 : null,
      date_to_month: random.chance(0.7) ? random.int(1, 12) : null,
    };
  });
  const publications = Array.from({ length: random.chance(0.25) ? random.int(1, 2) : 0 }, () => ({
    title: `On ${random.pick(TOPICS).toLowerCase()}`,
    description: 'Peer-reviewed article.',
    publisher_names: [random.pick(PUBLISHERS)],
    date_year: random.int(2010, 2025),
    date_month: random.int(1, 12),
  }));
  const createdDaysBack = random.int(700, 2500);
  const updatedDaysBack = random.int(1, 60);

  const record: ProfileRecord = {
    id: person.id,
    name: person.fullName,
    full_name: person.fullName,
    first_name: person.firstName,
    first_name_initial: person.firstName.charAt(0),
    middle_name: person.middleName,
    middle_name_initial: person.middleName?.charAt(0) ?? null,
    last_name: person.lastName,
    last_name_initial: person.lastName.charAt(0),
    headline: person.headline,
    description: person.description,
    summary: person.summary,
    picture_permalink: `https://media.network.com/dms/image/${person.pictureId}/profile-displayphoto-shrink_400_400/0/`,
    picture_url: `https://media.network.com/dms/image/${person.pictureId}/profile-displayphoto-shrink_200_200/0/`,
    ...profileRecordLocation(person.place),
    network_url: profileUrl(person.slug),
    network_shorthand_names: [person.slug],
    connections_count: person.connections,
    followers_count: person.followers,
    post_count: person.posts.length + random.int(0, 40),
    recommendations_count: person.recommendations.length,
    posts: person.posts.length > 0 ? person.posts.map((post) => post.text).join('\n\n') : null,
    liked_posts: person.posts.some((post) => post.action === 'Liked')
      ? person.posts
          .filter((post) => post.action === 'Liked')
          .map((post) => post.text)
          .join('\n\n')
      : null,
    recommendations: person.recommendations.length > 0 ? person.recommendations.join('\n\n') : null,
    ...profileRecordEmployment(person),
    skills: person.skills,
    inferred_skills: random.sample(person.historicalSkills.concat(person.skills), 3),
    historical_skills: person.historicalSkills,
    interests: person.interests,
    services: person.services,
    last_graduation_date: person.schools[0]?.toYear ?? null,
    education_degrees: [...new Set(person.schools.map((schooling) => schooling.degree))],
    projected_total_salary: money(baseMedian + additionalMedian),
    projected_base_salary_p25: money(baseMedian * 0.86),
    projected_base_salary_median: money(baseMedian),
    projected_base_salary_p75: money(baseMedian * 1.17),
    projected_base_salary_period: 'ANNUAL',
    projected_base_salary_currency: salaryCurrency,
    projected_base_salary_updated_at: salaryUpdatedAt,
    projected_additional_salary_period: 'ANNUAL',
    projected_additional_salary_currency: salaryCurrency,
    projected_additional_salary_updated_at: salaryUpdatedAt,
    projected_total_salary_p25: money((baseMedian + additionalMedian) * 0.84),
    projected_total_salary_median: money(baseMedian + additionalMedian),
    projected_total_salary_p75: money((baseMedian + additionalMedian) * 1.2),
    projected_total_salary_period: 'ANNUAL',
    projected_total_salary_currency: salaryCurrency,
    projected_total_salary_updated_at: salaryUpdatedAt,
    projected_additional_salary: random.sample(ADDITIONAL_SALARY_TYPES, random.int(1, 2)).map((type, i) => {
      const median = i === 0 ? additionalMedian : additionalMedian * random.float(0.2, 0.6);
      return {
        projected_additional_salary_type: type,
        projected_additional_salary_p25: money(median * 0.7),
        projected_additional_salary_median: money(median),
        projected_additional_salary_p75: random.chance(0.9) ? money(median * 1.4) : null,
      };
    }),
    patents_count: patents.length,
    publications_count: publications.length,
    projects_count: projects.length,
    patents_topics: patents.length > 0 ? random.sample(TOPICS, 1) : [],
    publications_topics: publications.length > 0 ? random.sample(TOPICS, 2) : [],
    projects_topics: projects.length > 0 ? random.sample(TOPICS, 2) : [],
    created_at: timestampDaysBack(random, createdDaysBack),
    updated_at: timestampDaysBack(random, updatedDaysBack),
    checked_at: timestampDaysBack(random, random.int(0, updatedDaysBack)),
    changed_at: timestampDaysBack(random, updatedDaysBack + random.int(0, 30)),
    experience_change_last_identified_at: timestampDaysBack(random, random.int(30, 400)),
    op_created_at: timestampDaysBack(random, createdDaysBack - 1),
    op_updated_at: timestampDaysBack(random, updatedDaysBack),
    profile_root_field_changes_summary: random
      .sample(['headline', 'location_full', 'summary', 'picture_url'], random.int(0, 3))
      .map((field) => ({
        field_name: field,
        change_type: random.pick(['modified', 'added', 'deleted']),
        last_changed_at: timestampDaysBack(random, random.int(1, 300)),
      })),
    profile_collection_field_changes_summary: random
      .sample(['experience', 'education', 'skills', 'certifications'], random.int(0, 2))
      .map((field) => ({
        field_name: field,
        last_changed_at: timestampDaysBack(random, random.int(1, 300)),
      })),
    experience_recently_started:
      current && monthsBeforeReference(current.from) <= 6 ? [recentChange(current, identificationDate(random))] : [],
    experience_recently_closed: person.positions
      .filter((position) => position.to !== null && monthsBeforeReference(position.to) <= 6)
      .map((position) => recentChange(position, identificationDate(random))),
    experience,
    education: profileRecordEducation(person),
    languages: person.languages.map((entry, i) => ({
      language: entry.language,
      proficiency: entry.proficiency,
      order_in_profile: i + 1,
    })),
    awards: person.awards.map((award, i) => ({
      title: award.title,
      issuer: award.issuer,
      description: award.description,
      date_year: award.date.year,
      date_month: award.date.month,
      order_in_profile: i + 1,
    })),
    certifications: person.certifications.map((certification) => ({
      title: certification.title,
      issuer: certification.issuer,
      date_from_year: certification.from.year,
      date_from_month: certification.from.month,
      date_to_year: certification.to?.year ?? null,
      date_to_month: certification.to?.month ?? null,
    })),
    organizations: random.sample(ORGANIZATIONS, random.int(0, 2)).map((organization) => {
      const fromYear = random.int(2008, 2024);
      const ended = random.chance(0.5);
      return {
        organization_name: organization,
        position: random.pick(['Member', 'Volunteer', 'Board Member', 'Chapter Lead']),
        description: random.chance(0.5) ? 'Organised monthly meetups.' : null,
        date_from_year: fromYear,
        date_from_month: random.int(1, 12),
        date_to_year: ended ? fromYear + random.int(1, 3) : null,
        date_to_month: ended ? random.int(1, 12) : null,
      };
    }),
    patents,
    projects,
    publications,
    github_repos: Array.from(
      { length: current?.department === 'Engineering and Technical' ? random.int(0, 3) : 0 },
      () => ({
        name: `${slugWord(person.lastName) || 'user'}/${random.pick(['dotfiles', 'tiny-queue', 'sheet-tools', 'ml-notes', 'infra'])}`,
        summary: random.chance(0.8) ? 'Small tools I use every day.' : null,
        stars: random.int(0, 2400),
        contributions_count: random.int(1, 900),
      }),
    ),
    courses: random
      .sample(COURSE_TITLES, random.int(0, 3))
      .map((title, i) => ({ organizer: random.pick(COURSE_ORGANIZERS), title, order_in_profile: i + 1 })),
    match_data: match
      ? {
          similarity_score: similarityScore(match, random),
          matched_criteria: match.criteria,
        }
      : null,
  };
  // The API counts 97 root fields but names 94; our reading of the other three (docs/api.md).
  const withUnnamedFields = { ...record, public_profile_id: Number(person.id) * 7 + 3, is_parent: 1, parent_id: null };
  return withProfileRecordStructuralQuirks(withUnnamedFields, person);
}

function withProfileRecordStructuralQuirks(record: ProfileRecord, person: Person): ProfileRecord {
  if (!STRUCTURAL_QUIRKS.some((quirk) => person.quirks.includes(quirk))) return record;
  const fields: Record<string, unknown> = { ...record };
  if (person.quirks.includes('null_arrays')) for (const field of NULLED_PROFILE_RECORD_ARRAYS) fields[field] = null;
  if (person.quirks.includes('missing_fields')) for (const field of MISSING_PROFILE_RECORD_FIELDS) delete fields[field];
  if (person.quirks.includes('extra_fields')) {
    Object.assign(fields, EXTRA_FIELDS);
    fields.experience = record.experience?.map((entry, i) => (i === 0 ? { ...entry, ...EXTRA_FIELDS } : entry)) ?? null;
  }
  return fields as unknown as ProfileRecord;
}

// ---------- Legacy ----------

/** Our reading of the legacy format ("10-15 profile fields and 10-15 experience fields", list not shown). */
export interface LegacyProfile {
  name: string;
  first_name: string;
  last_name: string;
  title: string;
  headline: string;
  company: string;
  location: string;
  profile_url: string;
  summary: string;
  connections: number;
  skills: string;
  experience: LegacyExperience[];
  education: Array<{ school: string; degree: string; field_of_study: string; start_date: string; end_date: string }>;
  last_updated: string;
}

export interface LegacyExperience {
  title: string;
  company: string;
  company_url: string;
  company_size: string;
  company_industry: string;
  location: string;
  start_date: string;
  end_date: string;
  duration: string;
  description: string;
  is_current: boolean;
}

function tenureText(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [years > 0 ? `${years} yr${years > 1 ? 's' : ''}` : '', rest > 0 ? `${rest} mo${rest > 1 ? 's' : ''}` : '']
    .filter(Boolean)
    .join(' ');
}

function shortDate(date: YearMonth): string {
  return `${MONTH_NAMES[date.month - 1].slice(0, 3)} ${date.year}`;
}

export function toLegacyProfile(person: Person): LegacyProfile {
  const current = person.positions[0].to === null ? person.positions[0] : undefined;
  return {
    name: person.fullName,
    first_name: person.firstName,
    last_name: person.lastName,
    title: current?.title ?? '',
    headline: person.headline,
    company: current?.company.name ?? '',
    location: placeText(person.place),
    profile_url: profileUrl(person.slug),
    summary: person.summary,
    connections: person.connections,
    skills: person.skills.join(', '),
    experience: person.positions.map((position) => ({
      title: position.title,
      company: position.company.name,
      company_url: position.company.networkUrl,
      company_size: position.company.sizeRange,
      company_industry: position.company.industry.label,
      location: position.location,
      start_date: shortDate(position.from),
      end_date: position.to ? shortDate(position.to) : 'Present',
      duration: tenureText(durationMonths(position)),
      description: position.description ?? '',
      is_current: position.to === null,
    })),
    education: person.schools.map((schooling) => ({
      school: schooling.schoolName,
      degree: schooling.degree,
      field_of_study: schooling.fieldOfStudy,
      start_date: String(schooling.fromYear),
      end_date: String(schooling.toYear),
    })),
    last_updated: `${REFERENCE_YEAR}-${twoDigits(REFERENCE_MONTH - 1)}-${twoDigits(1 + (Number(person.id) % 28))}`,
  };
}
