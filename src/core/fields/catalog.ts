// The runtime description of every record the API returns, written against the types of ../api/types.ts: each
// catalog `satisfies CatalogOf<X>`, so a field added to or removed from a record type, or given a kind that does not
// fit its type, fails the compile until the catalog follows.
import type {
  CollectionFieldChange,
  Company,
  Contact,
  ContactLookupResponse,
  DepartmentBreakdown,
  ManagementLevelBreakdown,
  ProfileRecordAward,
  ProfileRecordCertification,
  ProfileRecordCourse,
  ProfileRecordEducation,
  ProfileRecordExperience,
  ProfileRecordGithubRepo,
  ProfileRecordLanguage,
  ProfileRecordMatchData,
  ProfileRecordOrganization,
  ProfileRecordPatent,
  ProfileRecord,
  ProfileRecordProject,
  ProfileRecordPublication,
  ProjectedAdditionalSalary,
  RecentExperienceChange,
  RootFieldChange,
  ScrapedEducation,
  ScrapedExperience,
  ScrapedPost,
  ScrapedProfile,
  ScrapedProfileCore,
  Social,
  StockTicker,
} from '../api/types';
import type { ContactView } from './contacts';

/** Values that fill one cell as they are. `unknown` is a value whose shape the API does not document. */
export type LeafKindName = 'text' | 'url' | 'number' | 'boolean' | 'isoDate' | 'unknown';

export interface LeafKind<Name extends LeafKindName = LeafKindName> {
  readonly kind: Name;
}
/** An array of strings (or of ids that may be numbers). */
export interface TextListKind {
  readonly kind: 'textList';
}
/** A nested object with fixed fields. */
export interface ObjectKind {
  readonly kind: 'object';
  readonly fields: Catalog;
}
/** An array whose elements are addressed by 1-based position. */
export interface ListKind {
  readonly kind: 'list';
  readonly element: FieldKind;
}
/** An object with free keys (company `criteria`: criterion text → YES / MAYBE / NO). */
export interface MapKind {
  readonly kind: 'map';
}

export type FieldKind = LeafKind | TextListKind | ObjectKind | ListKind | MapKind;
export type KindName = FieldKind['kind'];
export type Catalog = { readonly [field: string]: FieldKind };

export const text: LeafKind<'text'> = { kind: 'text' };
const url: LeafKind<'url'> = { kind: 'url' };
const number: LeafKind<'number'> = { kind: 'number' };
/** Flags: the API's `true`/`false` or 0/1 is kept as it comes. */
const boolean: LeafKind<'boolean'> = { kind: 'boolean' };
/** Dates and timestamps, kept as the API's text (never turned into sheet dates). */
const isoDate: LeafKind<'isoDate'> = { kind: 'isoDate' };
const unknownValue: LeafKind<'unknown'> = { kind: 'unknown' };
const textList: TextListKind = { kind: 'textList' };
const map: MapKind = { kind: 'map' };

function objectOf(fields: Catalog): ObjectKind {
  return { kind: 'object', fields };
}

function listOf(elementFields: Catalog): ListKind {
  return { kind: 'list', element: objectOf(elementFields) };
}

/** languages, certifications and honors of the scraped profile: elements are strings or objects of unshown shape. */
const unshownList: ListKind = { kind: 'list', element: unknownValue };

/** The kinds a value of TypeScript type V may be described with. */
type KindOf<V> = V extends string
  ? LeafKind<'text' | 'url' | 'isoDate'>
  : V extends boolean
    ? LeafKind<'boolean'>
    : V extends number
      ? number extends V
        ? LeafKind<'number'>
        : LeafKind<'number' | 'boolean'> // 0/1 flags
      : V extends readonly (string | number)[]
        ? TextListKind
        : V extends readonly unknown[]
          ? ListKind
          : string extends keyof V
            ? MapKind
            : V extends object
              ? ObjectKind
              : never;

/** A field the types declare as always `null` may take any kind. */
type KindFor<V> = [NonNullable<V>] extends [never] ? FieldKind : KindOf<NonNullable<V>>;

/** Every field of T, none missing and none extra, each with a kind that fits its type. */
type CatalogOf<T> = { readonly [K in keyof T]-?: KindFor<T[K]> };

// ---------- Scraped profile ----------

const scrapedExperienceFields = {
  employee_position_id: number,
  employee_title: text,
  employer_name: text,
  employee_description: text,
  employer_network_description: text,
  employer_network_id: text,
  employer_network_url: url,
  employer_logo_url: url,
  start_date: isoDate,
  end_date: isoDate,
  employee_location: text,
  employer_company_ids: textList,
  employer_company_website_domains: textList,
  location: text,
  is_current: boolean,
} satisfies CatalogOf<ScrapedExperience>;

const scrapedEducationFields = {
  institute_name: text,
  degree_name: text,
  field_of_study: text,
  institute_network_id: text,
  institute_network_url: url,
  institute_logo_url: url,
  start_date: isoDate,
  end_date: isoDate,
  description: text,
} satisfies CatalogOf<ScrapedEducation>;

const scrapedPostFields = {
  post_url: url,
  title: text,
  action: text,
  order_in_profile: number,
} satisfies CatalogOf<ScrapedPost>;

const scrapedProfileCoreFields = {
  id: text,
  name: text,
  headline: text,
  summary: text,
  location: text,
  title: text,
  network_profile_url: url,
  network_flagship_url: url,
  profile_picture_url: url,
  num_of_connections: number,
  last_updated: isoDate,
  network_url: url,
  microblog_handle: text,
  websites: textList,
  emails: textList,
  criteria: map,
} satisfies CatalogOf<ScrapedProfileCore>;

const scrapedTopLevelFields = {
  experience: listOf(scrapedExperienceFields),
  education: listOf(scrapedEducationFields),
  skills: textList,
  languages: unshownList,
  location: text,
  certifications: unshownList,
  honors: unshownList,
  posts: listOf(scrapedPostFields),
} satisfies CatalogOf<Omit<ScrapedProfile, 'profile'>>;

/**
 * Names of a scraped profile: the `profile` object's fields without prefix, then the top-level fields. Both levels
 * have `location`; the one name reads the top level (the API's "current location"), see scrapedView.
 */
const scrapedProfileFields: Catalog = { ...scrapedProfileCoreFields, ...scrapedTopLevelFields };

// ---------- Company ----------

const companyFields = {
  id: number,
  company_name: text,
  company_type: text,
  company_website: url,
  company_website_domain: text,
  headquarters: text,
  hq_country: text,
  employee_count_range: text,
  network_company_description: text,
  network_profile_url: url,
  network_logo_url: url,
  year_founded: text,
  external_category: text,
  network_industry: text,
  network_speciality: text,
  network_headcount: number,
  criteria: map,
} satisfies CatalogOf<Company>;

// ---------- Contact lookup ----------

const contactEntryFields = {
  type: text,
  value: text,
  subType: text,
  rating: text,
} satisfies CatalogOf<Contact>;

const socialEntryFields = {
  type: text,
  link: url,
  rating: text,
} satisfies CatalogOf<Social>;

/** The lookup's own lists plus the derived names of docs/api.md "Contact result" (see contacts.ts). */
const contactFields = {
  contacts: listOf(contactEntryFields),
  social: listOf(socialEntryFields),
  email: text,
  email_type: text,
  email_rating: number,
  phone: text,
  phone_type: text,
  phone_rating: number,
  emails: textList,
  phones: textList,
  li: url,
  fb: url,
  tw: url,
  ig: url,
  error: boolean,
  message: text,
  details: text,
} satisfies CatalogOf<ContactView>;

// ---------- Profile record ----------

const stockTickerFields = { exchange: text, ticker: text } satisfies CatalogOf<StockTicker>;

export const profileRecordExperienceFields = {
  active_experience: boolean,
  position_title: text,
  department: text,
  management_level: text,
  location: text,
  description: text,
  date_from: text,
  date_from_year: number,
  date_from_month: number,
  date_to_year: number,
  date_to_month: number,
  date_to: text,
  duration_months: number,
  company_id: number,
  company_name: text,
  company_type: text,
  company_founded_year: number,
  company_followers_count: number,
  company_website: url,
  company_social1_url: textList,
  company_social2_url: textList,
  company_professional_network_url: url,
  company_network_url: url,
  company_size_range: text,
  company_employees_count: number,
  company_industry: text,
  company_categories_and_keywords: textList,
  company_annual_revenue_source_1: number,
  company_annual_revenue_source_5: number,
  company_annual_revenue_currency_source_1: text,
  company_annual_revenue_currency_source_5: text,
  company_employees_count_change_yearly_percentage: number,
  company_last_funding_round_date: isoDate,
  company_last_funding_round_amount_raised: number,
  company_hq_full_address: text,
  company_hq_country: text,
  company_hq_city: text,
  company_hq_state: text,
  company_hq_street: text,
  company_hq_zipcode: text,
  company_hq_country_iso2: text,
  company_hq_country_iso3: text,
  company_hq_regions: textList,
  company_last_updated_at: isoDate,
  company_stock_ticker: listOf(stockTickerFields),
  company_is_b2b: boolean,
  order_in_profile: number,
} satisfies CatalogOf<ProfileRecordExperience>;

export const profileRecordEducationFields = {
  degree: text,
  description: text,
  institution_url: url,
  institution_name: text,
  institution_full_address: text,
  institution_country_iso2: text,
  institution_country_iso3: text,
  institution_city: text,
  institution_state: text,
  institution_street: text,
  institution_zipcode: text,
  activities_and_societies: text,
  institution_regions: textList,
  date_from_year: number,
  date_to_year: number,
  order_in_profile: number,
} satisfies CatalogOf<ProfileRecordEducation>;

const departmentBreakdownFields = {
  department: text,
  management_level: text,
  total_experience_duration_months: number,
} satisfies CatalogOf<DepartmentBreakdown>;

const managementLevelBreakdownFields = {
  department: text,
  management_level: text,
  total_experience_duration_months: number,
} satisfies CatalogOf<ManagementLevelBreakdown>;

const projectedAdditionalSalaryFields = {
  projected_additional_salary_type: text,
  projected_additional_salary_p25: number,
  projected_additional_salary_median: number,
  projected_additional_salary_p75: number,
} satisfies CatalogOf<ProjectedAdditionalSalary>;

const rootFieldChangeFields = {
  field_name: text,
  change_type: text,
  last_changed_at: isoDate,
} satisfies CatalogOf<RootFieldChange>;

const collectionFieldChangeFields = {
  field_name: text,
  last_changed_at: isoDate,
} satisfies CatalogOf<CollectionFieldChange>;

const recentExperienceChangeFields = {
  company_id: number,
  company_name: text,
  company_url: url,
  company_shorthand_name: text,
  date_from: isoDate,
  date_to: isoDate,
  title: text,
  identification_date: isoDate,
} satisfies CatalogOf<RecentExperienceChange>;

const languageFields = {
  language: text,
  proficiency: text,
  order_in_profile: number,
} satisfies CatalogOf<ProfileRecordLanguage>;

const awardFields = {
  title: text,
  issuer: text,
  description: text,
  date_year: number,
  date_month: number,
  order_in_profile: number,
} satisfies CatalogOf<ProfileRecordAward>;

const certificationFields = {
  title: text,
  issuer: text,
  date_from_year: number,
  date_from_month: number,
  date_to_year: number,
  date_to_month: number,
} satisfies CatalogOf<ProfileRecordCertification>;

const organizationFields = {
  organization_name: text,
  position: text,
  description: text,
  date_from_year: number,
  date_from_month: number,
  date_to_year: number,
  date_to_month: number,
} satisfies CatalogOf<ProfileRecordOrganization>;

const patentFields = {
  title: text,
  description: text,
  status: text,
  date_year: number,
  date_month: number,
} satisfies CatalogOf<ProfileRecordPatent>;

const projectFields = {
  name: text,
  description: text,
  date_from_year: number,
  date_from_month: number,
  date_to_year: number,
  date_to_month: number,
} satisfies CatalogOf<ProfileRecordProject>;

const publicationFields = {
  title: text,
  description: text,
  publisher_names: textList,
  date_year: number,
  date_month: number,
} satisfies CatalogOf<ProfileRecordPublication>;

const githubRepoFields = {
  name: text,
  summary: text,
  stars: number,
  contributions_count: number,
} satisfies CatalogOf<ProfileRecordGithubRepo>;

const courseFields = {
  organizer: text,
  title: text,
  order_in_profile: number,
} satisfies CatalogOf<ProfileRecordCourse>;

const matchDataFields = {
  similarity_score: number,
  matched_criteria: textList,
} satisfies CatalogOf<ProfileRecordMatchData>;

/**
 * The 94 root fields the API names (it counts 97; see docs/api.md). Fields of the data outside the catalog are
 * not reachable: a name is validated before any request, when the data is not there to ask.
 */
const profileRecordFields = {
  id: text,
  name: text,
  full_name: text,
  first_name: text,
  first_name_initial: text,
  middle_name: text,
  middle_name_initial: text,
  last_name: text,
  last_name_initial: text,
  headline: text,
  description: text,
  summary: text,
  picture_permalink: url,
  picture_url: url,
  location: text,
  location_full: text,
  location_country: text,
  location_city: text,
  location_state: text,
  location_country_iso2: text,
  location_country_iso3: text,
  location_regions: textList,
  network_url: url,
  network_shorthand_names: textList,
  connections_count: number,
  followers_count: number,
  post_count: number,
  recommendations_count: number,
  posts: text,
  liked_posts: text,
  recommendations: text,
  is_working: boolean,
  is_decision_maker: boolean,
  total_experience_duration_months: number,
  total_experience_duration_months_breakdown_department: listOf(departmentBreakdownFields),
  total_experience_duration_months_breakdown_management_level: listOf(managementLevelBreakdownFields),
  active_experience_company_id: number,
  active_experience_title: text,
  active_experience_description: text,
  active_experience_department: text,
  active_experience_management_level: text,
  skills: textList,
  inferred_skills: textList,
  historical_skills: textList,
  interests: textList,
  services: text,
  last_graduation_date: number,
  education_degrees: textList,
  projected_total_salary: number,
  projected_base_salary_p25: number,
  projected_base_salary_median: number,
  projected_base_salary_p75: number,
  projected_base_salary_period: text,
  projected_base_salary_currency: text,
  projected_base_salary_updated_at: isoDate,
  projected_additional_salary_period: text,
  projected_additional_salary_currency: text,
  projected_additional_salary_updated_at: isoDate,
  projected_total_salary_p25: number,
  projected_total_salary_median: number,
  projected_total_salary_p75: number,
  projected_total_salary_period: text,
  projected_total_salary_currency: text,
  projected_total_salary_updated_at: isoDate,
  projected_additional_salary: listOf(projectedAdditionalSalaryFields),
  patents_count: number,
  publications_count: number,
  projects_count: number,
  patents_topics: textList,
  publications_topics: textList,
  projects_topics: textList,
  created_at: isoDate,
  updated_at: isoDate,
  checked_at: isoDate,
  changed_at: isoDate,
  experience_change_last_identified_at: isoDate,
  op_created_at: isoDate,
  op_updated_at: isoDate,
  profile_root_field_changes_summary: listOf(rootFieldChangeFields),
  profile_collection_field_changes_summary: listOf(collectionFieldChangeFields),
  experience_recently_started: listOf(recentExperienceChangeFields),
  experience_recently_closed: listOf(recentExperienceChangeFields),
  experience: listOf(profileRecordExperienceFields),
  education: listOf(profileRecordEducationFields),
  languages: listOf(languageFields),
  awards: listOf(awardFields),
  certifications: listOf(certificationFields),
  organizations: listOf(organizationFields),
  patents: listOf(patentFields),
  projects: listOf(projectFields),
  publications: listOf(publicationFields),
  github_repos: listOf(githubRepoFields),
  courses: listOf(courseFields),
  // The types allow one object or a list; one object reads better (`match_data.similarity_score`).
  match_data: objectOf(matchDataFields),
} satisfies CatalogOf<ProfileRecord>;

// ---------- Record types ----------

/** The record each record type flattens: one API answer per row. */
export interface RecordTypes {
  scrapedProfile: ScrapedProfile;
  company: Company;
  contact: ContactLookupResponse;
  profileRecord: ProfileRecord;
}

export type RecordType = keyof RecordTypes;

export const RECORD_CATALOGS: { readonly [T in RecordType]: Catalog } = {
  scrapedProfile: scrapedProfileFields,
  company: companyFields,
  contact: contactFields,
  profileRecord: profileRecordFields,
};
