// Every field name of the records in src/core/api/types.ts, checked against the types by tsc (keysOf fails to
// compile when a name is missing or misspelt), so the mock tests can assert that records carry them all.

import type * as Api from '../../src/core/api/types';

type Missing<T, K extends readonly PropertyKey[]> = Exclude<keyof T, K[number]>;

/** `keysOf<T>()([...])` compiles only when the list names every key of T and nothing else. */
export function keysOf<T>() {
  return <const K extends ReadonlyArray<keyof T>>(keys: K & ([Missing<T, K>] extends [never] ? unknown : { missing: Missing<T, K> })): K => keys;
}

export const SCRAPED_PROFILE_CORE_KEYS = keysOf<Api.ScrapedProfileCore>()([
  'id', 'name', 'headline', 'summary', 'location', 'title', 'network_profile_url', 'network_flagship_url',
  'profile_picture_url', 'num_of_connections', 'last_updated', 'network_url', 'microblog_handle', 'websites',
  'emails', 'criteria',
]);
export const SCRAPED_EXPERIENCE_KEYS = keysOf<Api.ScrapedExperience>()([
  'employee_position_id', 'employee_title', 'employer_name', 'employee_description', 'employer_network_description',
  'employer_network_id', 'employer_network_url', 'employer_logo_url', 'start_date', 'end_date', 'employee_location',
  'employer_company_ids', 'employer_company_website_domains', 'location', 'is_current',
]);
export const SCRAPED_EDUCATION_KEYS = keysOf<Api.ScrapedEducation>()([
  'institute_name', 'degree_name', 'field_of_study', 'institute_network_id', 'institute_network_url',
  'institute_logo_url', 'start_date', 'end_date', 'description',
]);
export const SCRAPED_POST_KEYS = keysOf<Api.ScrapedPost>()([
  'post_url', 'title', 'action', 'order_in_profile',
]);
export const SCRAPED_PROFILE_KEYS = keysOf<Api.ScrapedProfile>()([
  'profile', 'experience', 'education', 'skills', 'languages', 'location', 'certifications', 'honors', 'posts',
]);
export const COMPANY_KEYS = keysOf<Api.Company>()([
  'id', 'company_name', 'company_type', 'company_website', 'company_website_domain', 'headquarters', 'hq_country',
  'employee_count_range', 'network_company_description', 'network_profile_url', 'network_logo_url', 'year_founded',
  'external_category', 'network_industry', 'network_speciality', 'network_headcount', 'criteria',
]);
export const CONTACT_KEYS = keysOf<Api.Contact>()([
  'type', 'value', 'subType', 'rating',
]);
export const SOCIAL_KEYS = keysOf<Api.Social>()([
  'type', 'link', 'rating',
]);
export const MODERN_PROFILE_KEYS = keysOf<Api.ModernProfile>()([
  'id', 'name', 'full_name', 'first_name', 'first_name_initial', 'middle_name', 'middle_name_initial', 'last_name',
  'last_name_initial', 'headline', 'description', 'summary', 'picture_permalink', 'picture_url', 'location',
  'location_full', 'location_country', 'location_city', 'location_state', 'location_country_iso2',
  'location_country_iso3', 'location_regions', 'network_url', 'network_shorthand_names', 'connections_count',
  'followers_count', 'post_count', 'recommendations_count', 'posts', 'liked_posts', 'recommendations', 'is_working',
  'is_decision_maker', 'total_experience_duration_months', 'total_experience_duration_months_breakdown_department',
  'total_experience_duration_months_breakdown_management_level', 'active_experience_company_id',
  'active_experience_title', 'active_experience_description', 'active_experience_department',
  'active_experience_management_level', 'skills', 'inferred_skills', 'historical_skills', 'interests', 'services',
  'last_graduation_date', 'education_degrees', 'projected_total_salary', 'projected_base_salary_p25',
  'projected_base_salary_median', 'projected_base_salary_p75', 'projected_base_salary_period',
  'projected_base_salary_currency', 'projected_base_salary_updated_at', 'projected_additional_salary_period',
  'projected_additional_salary_currency', 'projected_additional_salary_updated_at', 'projected_total_salary_p25',
  'projected_total_salary_median', 'projected_total_salary_p75', 'projected_total_salary_period',
  'projected_total_salary_currency', 'projected_total_salary_updated_at', 'projected_additional_salary',
  'patents_count', 'publications_count', 'projects_count', 'patents_topics', 'publications_topics',
  'projects_topics', 'created_at', 'updated_at', 'checked_at', 'changed_at', 'experience_change_last_identified_at',
  'op_created_at', 'op_updated_at', 'profile_root_field_changes_summary', 'profile_collection_field_changes_summary',
  'experience_recently_started', 'experience_recently_closed', 'experience', 'education', 'languages', 'awards',
  'certifications', 'organizations', 'patents', 'projects', 'publications', 'github_repos', 'courses', 'match_data',
]);
export const MODERN_EXPERIENCE_KEYS = keysOf<Api.ModernExperience>()([
  'active_experience', 'position_title', 'department', 'management_level', 'location', 'description', 'date_from',
  'date_from_year', 'date_from_month', 'date_to_year', 'date_to_month', 'date_to', 'duration_months', 'company_id',
  'company_name', 'company_type', 'company_founded_year', 'company_followers_count', 'company_website',
  'company_social1_url', 'company_social2_url', 'company_professional_network_url', 'company_network_url',
  'company_size_range', 'company_employees_count', 'company_industry', 'company_categories_and_keywords',
  'company_annual_revenue_source_1', 'company_annual_revenue_source_5', 'company_annual_revenue_currency_source_1',
  'company_annual_revenue_currency_source_5', 'company_employees_count_change_yearly_percentage',
  'company_last_funding_round_date', 'company_last_funding_round_amount_raised', 'company_hq_full_address',
  'company_hq_country', 'company_hq_city', 'company_hq_state', 'company_hq_street', 'company_hq_zipcode',
  'company_hq_country_iso2', 'company_hq_country_iso3', 'company_hq_regions', 'company_last_updated_at',
  'company_stock_ticker', 'company_is_b2b', 'order_in_profile',
]);
export const MODERN_EDUCATION_KEYS = keysOf<Api.ModernEducation>()([
  'degree', 'description', 'institution_url', 'institution_name', 'institution_full_address',
  'institution_country_iso2', 'institution_country_iso3', 'institution_city', 'institution_state',
  'institution_street', 'institution_zipcode', 'activities_and_societies', 'institution_regions', 'date_from_year',
  'date_to_year', 'order_in_profile',
]);
export const MODERN_LANGUAGE_KEYS = keysOf<Api.ModernLanguage>()([
  'language', 'proficiency', 'order_in_profile',
]);
export const MODERN_AWARD_KEYS = keysOf<Api.ModernAward>()([
  'title', 'issuer', 'description', 'date_year', 'date_month', 'order_in_profile',
]);
export const MODERN_CERTIFICATION_KEYS = keysOf<Api.ModernCertification>()([
  'title', 'issuer', 'date_from_year', 'date_from_month', 'date_to_year', 'date_to_month',
]);
export const MODERN_ORGANIZATION_KEYS = keysOf<Api.ModernOrganization>()([
  'organization_name', 'position', 'description', 'date_from_year', 'date_from_month', 'date_to_year',
  'date_to_month',
]);
export const MODERN_PATENT_KEYS = keysOf<Api.ModernPatent>()([
  'title', 'description', 'status', 'date_year', 'date_month',
]);
export const MODERN_PROJECT_KEYS = keysOf<Api.ModernProject>()([
  'name', 'description', 'date_from_year', 'date_from_month', 'date_to_year', 'date_to_month',
]);
export const MODERN_PUBLICATION_KEYS = keysOf<Api.ModernPublication>()([
  'title', 'description', 'publisher_names', 'date_year', 'date_month',
]);
export const MODERN_GITHUB_REPO_KEYS = keysOf<Api.ModernGithubRepo>()([
  'name', 'summary', 'stars', 'contributions_count',
]);
export const MODERN_COURSE_KEYS = keysOf<Api.ModernCourse>()([
  'organizer', 'title', 'order_in_profile',
]);
export const MODERN_MATCH_DATA_KEYS = keysOf<Api.ModernMatchData>()([
  'similarity_score', 'matched_criteria',
]);
export const DEPARTMENT_BREAKDOWN_KEYS = keysOf<Api.DepartmentBreakdown>()([
  'department', 'management_level', 'total_experience_duration_months',
]);
export const MANAGEMENT_LEVEL_BREAKDOWN_KEYS = keysOf<Api.ManagementLevelBreakdown>()([
  'department', 'management_level', 'total_experience_duration_months',
]);
export const PROJECTED_ADDITIONAL_SALARY_KEYS = keysOf<Api.ProjectedAdditionalSalary>()([
  'projected_additional_salary_type', 'projected_additional_salary_p25', 'projected_additional_salary_median',
  'projected_additional_salary_p75',
]);
export const ROOT_FIELD_CHANGE_KEYS = keysOf<Api.RootFieldChange>()([
  'field_name', 'change_type', 'last_changed_at',
]);
export const COLLECTION_FIELD_CHANGE_KEYS = keysOf<Api.CollectionFieldChange>()([
  'field_name', 'last_changed_at',
]);
export const RECENT_EXPERIENCE_CHANGE_KEYS = keysOf<Api.RecentExperienceChange>()([
  'company_id', 'company_name', 'company_url', 'company_shorthand_name', 'date_from', 'date_to', 'title',
  'identification_date',
]);
export const STOCK_TICKER_KEYS = keysOf<Api.StockTicker>()([
  'exchange', 'ticker',
]);
export const JOB_STATUS_RESPONSE_KEYS = keysOf<Api.JobStatusResponse>()([
  'job_id', 'status', 'message', 'created_at', 'total_results_found', 'final_results_count',
  'filtered_results_count', 'chunks_processed', 'total_chunks', 'results', 'pagination', 'error',
]);
export const PAGINATION_KEYS = keysOf<Api.Pagination>()([
  'page', 'page_size', 'total_results', 'total_pages', 'has_more',
]);
export const PEOPLE_SEARCH_RESPONSE_KEYS = keysOf<Api.PeopleSearchResponse>()([
  'results', 'total', 'query', 'search_id',
]);
export const COMPANY_SEARCH_RESPONSE_KEYS = keysOf<Api.CompanySearchResponse>()([
  'results', 'total', 'query',
]);
export const START_RESEARCH_RESPONSE_KEYS = keysOf<Api.StartResearchResponse>()([
  'job_id', 'status', 'message',
]);
export const CANCEL_RESEARCH_RESPONSE_KEYS = keysOf<Api.CancelResearchResponse>()([
  'success', 'message',
]);
