// Records of the API, as docs/api.md "Records" describes them. Where the API is undocumented, the names here are
// our reading (marked), and the client parses those parts tolerantly.

// ---------- Scraped profile (GET /api/enrich/scrape) ----------

export interface ScrapedProfileCore {
  id: string;
  name: string;
  headline: string;
  summary: string;
  location: string;
  title: string;
  network_profile_url: string;
  network_flagship_url: string;
  profile_picture_url: string;
  num_of_connections: number;
  last_updated: string;
  network_url: string;
  microblog_handle: string;
  websites: string[];
  emails: string[];
  criteria: Record<string, string>;
}

export interface ScrapedExperience {
  employee_position_id: number;
  employee_title: string;
  employer_name: string;
  employee_description: string;
  employer_network_description: string;
  employer_network_id: string;
  employer_network_url: string;
  employer_logo_url: string;
  start_date: string;
  end_date: string;
  employee_location: string;
  employer_company_ids: Array<string | number>;
  employer_company_website_domains: string[];
  location: string;
  is_current: boolean;
}

export interface ScrapedEducation {
  institute_name: string;
  degree_name: string;
  field_of_study: string;
  institute_network_id: string;
  institute_network_url: string;
  institute_logo_url: string;
  start_date: string;
  end_date: string;
  description: string | null;
}

export interface ScrapedPost {
  post_url: string;
  title: string;
  action: string;
  order_in_profile: number;
}

/** Element shapes of languages, certifications and honors are undocumented (docs/api.md "Our readings"). */
export type UnshownElement = string | Record<string, unknown>;

export interface ScrapedProfile {
  profile: ScrapedProfileCore;
  experience: ScrapedExperience[];
  education: ScrapedEducation[];
  skills: string[];
  languages: UnshownElement[];
  location: string;
  certifications: UnshownElement[];
  honors: UnshownElement[];
  posts: ScrapedPost[];
}

// ---------- Company search (GET /api/search/companies) ----------

export type CriterionVerdict = 'YES' | 'MAYBE' | 'NO';

export interface Company {
  id: number;
  company_name: string;
  company_type: string;
  company_website: string;
  company_website_domain: string;
  headquarters: string;
  hq_country: string;
  employee_count_range: string;
  network_company_description: string;
  network_profile_url: string;
  network_logo_url: string;
  year_founded?: string;
  external_category?: string;
  network_industry?: string;
  network_speciality?: string;
  network_headcount?: number;
  criteria: Record<string, CriterionVerdict>;
}

export interface CompanySearchResponse {
  results: Company[];
  total: number;
  query: string;
}

// ---------- Contact lookup (GET /api/enrich/contacts) ----------

export interface Contact {
  type: 'email' | 'phone';
  value: string;
  subType: string;
  /** Confidence 0-100 as text; absent in some results. */
  rating?: string;
}

/** The social networks a contact lookup links to, in the order the derived columns list them. */
export const SOCIAL_CODES = ['li', 'fb', 'tw', 'ig'] as const;
export type SocialCode = (typeof SOCIAL_CODES)[number];

export interface Social {
  type: SocialCode;
  link: string;
  rating: string;
}

export interface ContactResult {
  contacts: Contact[];
  social: Social[];
}

export interface ContactError {
  error: true;
  message: string;
  details: string;
}

export interface ContactLookupResponse {
  data: Array<ContactResult | ContactError>;
}

export type ContactLookup = { network_url: string } | { email: string } | { phone: string };

// ---------- Profile record (GET /api/search, /api/enrich/network, research results) ----------

export interface DepartmentBreakdown {
  department: string;
  management_level: null;
  total_experience_duration_months: number;
}

export interface ManagementLevelBreakdown {
  department: null;
  management_level: string;
  total_experience_duration_months: number;
}

export interface ProjectedAdditionalSalary {
  projected_additional_salary_type: string;
  projected_additional_salary_p25: number | null;
  projected_additional_salary_median: number | null;
  projected_additional_salary_p75: number | null;
}

export interface RootFieldChange {
  field_name: string;
  change_type: string;
  last_changed_at: string;
}

export interface CollectionFieldChange {
  field_name: string;
  last_changed_at: string;
}

export interface RecentExperienceChange {
  company_id: number | null;
  company_name: string;
  company_url: string;
  company_shorthand_name: string;
  date_from: string;
  date_to: string | null;
  title: string;
  identification_date: string;
}

export interface StockTicker {
  exchange: string;
  ticker: string;
}

export interface ProfileRecordExperience {
  active_experience: 0 | 1;
  position_title: string | null;
  department: string | null;
  management_level: string | null;
  location: string | null;
  description: string | null;
  date_from: string | null;
  date_from_year: number | null;
  date_from_month: number | null;
  date_to_year: number | null;
  date_to_month: number | null;
  date_to: string | null;
  duration_months: number | null;
  company_id: number | null;
  company_name: string | null;
  company_type: string | null;
  company_founded_year: number | null;
  company_followers_count: number | null;
  company_website: string | null;
  company_social1_url: string | string[] | null;
  company_social2_url: string | string[] | null;
  company_professional_network_url: string | null;
  company_network_url: string | null;
  company_size_range: string | null;
  company_employees_count: number | null;
  company_industry: string | null;
  company_categories_and_keywords: string[] | null;
  company_annual_revenue_source_1: number | null;
  company_annual_revenue_source_5: number | null;
  company_annual_revenue_currency_source_1: string | null;
  company_annual_revenue_currency_source_5: string | null;
  company_employees_count_change_yearly_percentage: number | null;
  company_last_funding_round_date: string | null;
  company_last_funding_round_amount_raised: number | null;
  company_hq_full_address: string | null;
  company_hq_country: string | null;
  company_hq_city: string | null;
  company_hq_state: string | null;
  company_hq_street: string | null;
  company_hq_zipcode: string | null;
  company_hq_country_iso2: string | null;
  company_hq_country_iso3: string | null;
  company_hq_regions: string[] | null;
  company_last_updated_at: string | null;
  company_stock_ticker: StockTicker[] | null;
  company_is_b2b: 0 | 1 | null;
  order_in_profile: number;
}

export interface ProfileRecordEducation {
  degree: string | null;
  description: string | null;
  institution_url: string | null;
  institution_name: string | null;
  institution_full_address: string | null;
  institution_country_iso2: string | null;
  institution_country_iso3: string | null;
  institution_city: string | null;
  institution_state: string | null;
  institution_street: string | null;
  institution_zipcode: string | null;
  activities_and_societies: string | null;
  institution_regions: string[] | null;
  date_from_year: number | null;
  date_to_year: number | null;
  order_in_profile: number;
}

export interface ProfileRecordLanguage {
  language: string;
  proficiency: string | null;
  order_in_profile: number;
}
export interface ProfileRecordAward {
  title: string;
  issuer: string | null;
  description: string | null;
  date_year: number | null;
  date_month: number | null;
  order_in_profile: number;
}
export interface ProfileRecordCertification {
  title: string;
  issuer: string | null;
  date_from_year: number | null;
  date_from_month: number | null;
  date_to_year: number | null;
  date_to_month: number | null;
}
export interface ProfileRecordOrganization {
  organization_name: string;
  position: string | null;
  description: string | null;
  date_from_year: number | null;
  date_from_month: number | null;
  date_to_year: number | null;
  date_to_month: number | null;
}
export interface ProfileRecordPatent {
  title: string;
  description: string | null;
  status: string | null;
  date_year: number | null;
  date_month: number | null;
}
export interface ProfileRecordProject {
  name: string;
  description: string | null;
  date_from_year: number | null;
  date_from_month: number | null;
  date_to_year: number | null;
  date_to_month: number | null;
}
export interface ProfileRecordPublication {
  title: string;
  description: string | null;
  publisher_names: string[] | null;
  date_year: number | null;
  date_month: number | null;
}
export interface ProfileRecordGithubRepo {
  name: string;
  summary: string | null;
  stars: number | null;
  contributions_count: number | null;
}
export interface ProfileRecordCourse {
  organizer: string | null;
  title: string;
  order_in_profile: number;
}
export interface ProfileRecordMatchData {
  similarity_score: number | null;
  matched_criteria: string[] | null;
}

/** The profile record. The API counts 97 root fields but names these 94 (docs/api.md); extras pass through. */
export interface ProfileRecord {
  // Identity
  id: string;
  name: string | null;
  full_name: string | null;
  first_name: string | null;
  first_name_initial: string | null;
  middle_name: string | null;
  middle_name_initial: string | null;
  last_name: string | null;
  last_name_initial: string | null;
  // Professional
  headline: string | null;
  description: string | null;
  summary: string | null;
  // Images
  picture_permalink: string | null;
  picture_url: string | null;
  // Location
  location: string | null;
  location_full: string | null;
  location_country: string | null;
  location_city: string | null;
  location_state: string | null;
  location_country_iso2: string | null;
  location_country_iso3: string | null;
  location_regions: string[] | null;
  // Network
  network_url: string | null;
  network_shorthand_names: string[] | null;
  // Engagement
  connections_count: number | null;
  followers_count: number | null;
  post_count: number | null;
  recommendations_count: number | null;
  posts: string | null;
  liked_posts: string | null;
  recommendations: string | null;
  // Work status
  is_working: 0 | 1 | boolean | null;
  is_decision_maker: 0 | 1 | boolean | null;
  total_experience_duration_months: number | null;
  // Experience breakdowns
  total_experience_duration_months_breakdown_department: DepartmentBreakdown[] | null;
  total_experience_duration_months_breakdown_management_level: ManagementLevelBreakdown[] | null;
  // Active experience
  active_experience_company_id: number | null;
  active_experience_title: string | null;
  active_experience_description: string | null;
  active_experience_department: string | null;
  active_experience_management_level: string | null;
  // Skills
  skills: string[] | null;
  inferred_skills: string[] | null;
  historical_skills: string[] | null;
  interests: string[] | null;
  services: string | null;
  // Education summary
  last_graduation_date: number | null;
  education_degrees: string[] | null;
  // Salary projections
  projected_total_salary: number | null;
  projected_base_salary_p25: number | null;
  projected_base_salary_median: number | null;
  projected_base_salary_p75: number | null;
  projected_base_salary_period: string | null;
  projected_base_salary_currency: string | null;
  projected_base_salary_updated_at: string | null;
  projected_additional_salary_period: string | null;
  projected_additional_salary_currency: string | null;
  projected_additional_salary_updated_at: string | null;
  projected_total_salary_p25: number | null;
  projected_total_salary_median: number | null;
  projected_total_salary_p75: number | null;
  projected_total_salary_period: string | null;
  projected_total_salary_currency: string | null;
  projected_total_salary_updated_at: string | null;
  projected_additional_salary: ProjectedAdditionalSalary[] | null;
  // Content statistics
  patents_count: number | null;
  publications_count: number | null;
  projects_count: number | null;
  patents_topics: string[] | null;
  publications_topics: string[] | null;
  projects_topics: string[] | null;
  // Timestamps
  created_at: string | null;
  updated_at: string | null;
  checked_at: string | null;
  changed_at: string | null;
  experience_change_last_identified_at: string | null;
  op_created_at: string | null;
  op_updated_at: string | null;
  // Change tracking
  profile_root_field_changes_summary: RootFieldChange[] | null;
  profile_collection_field_changes_summary: CollectionFieldChange[] | null;
  experience_recently_started: RecentExperienceChange[] | null;
  experience_recently_closed: RecentExperienceChange[] | null;
  // Collections
  experience: ProfileRecordExperience[] | null;
  education: ProfileRecordEducation[] | null;
  languages: ProfileRecordLanguage[] | null;
  awards: ProfileRecordAward[] | null;
  certifications: ProfileRecordCertification[] | null;
  organizations: ProfileRecordOrganization[] | null;
  patents: ProfileRecordPatent[] | null;
  projects: ProfileRecordProject[] | null;
  publications: ProfileRecordPublication[] | null;
  github_repos: ProfileRecordGithubRepo[] | null;
  courses: ProfileRecordCourse[] | null;
  match_data: ProfileRecordMatchData | ProfileRecordMatchData[] | null;
}

/** GET /api/search. Parameters are undocumented; we send query, limit and legacy=false (docs/api.md). */
export interface PeopleSearchResponse {
  results: ProfileRecord[];
  total: number;
  query: string;
  search_id: string;
}

// ---------- Deep research (/api/search/deep_research) ----------

export type JobStatus = 'pending' | 'searching' | 'processing' | 'completed' | 'error' | 'cancelled';

export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['completed', 'error', 'cancelled'];

/** POST /api/search/deep_research body. */
export interface StartResearchRequest {
  query: string;
  limit: number;
}

/** POST /api/search/deep_research answer (shape undocumented: our reading, docs/api.md). */
export interface StartResearchResponse {
  job_id: string;
  status: JobStatus;
  message: string;
}

/** Present only when `page` was sent. Field names undocumented: our reading (docs/api.md). */
export interface Pagination {
  page: number;
  page_size: number;
  total_results: number;
  total_pages: number;
  has_more: boolean;
}

/**
 * GET /api/search/deep_research/{job_id}. The API names only final_results_count and pagination; the other
 * names follow its documented order of information and are our reading (docs/api.md "Our readings").
 */
export interface JobStatusResponse {
  job_id: string;
  status: JobStatus;
  message: string;
  /** Unix timestamp, seconds. */
  created_at: number;
  total_results_found: number;
  final_results_count: number;
  filtered_results_count: number;
  chunks_processed: number;
  total_chunks: number;
  results: ProfileRecord[];
  pagination?: Pagination;
  /** Present only when status is error. */
  error?: string;
}

/** POST /api/search/deep_research/{job_id}/cancel (409 when the job already completed). */
export interface CancelResearchResponse {
  success: boolean;
  message: string;
}

// ---------- Tiers and credits ----------

export type Tier = 'free' | '1' | '2' | '3';

export const SCRAPES_PER_MINUTE: Record<Tier, number> = { free: 5, '1': 15, '2': 150, '3': 300 };
