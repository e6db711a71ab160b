// What helps a user to the right field name when theirs is unknown: which formulas show a record, names to start
// from, and the same fact under another record's name (who knows ENRICH_PROFILE types `full_name` into
// SCRAPE_PROFILE, where it is `name`).
import type { RecordType } from './catalog';

/** Which formulas show each record type, as a user knows them. */
export const FORMULAS_OF: { readonly [T in RecordType]: string } = {
  scrapedProfile: 'SCRAPE_PROFILE',
  profileRecord: 'ENRICH_PROFILE and SEARCH_PEOPLE',
  company: 'SEARCH_COMPANIES',
  contact: 'FIND_CONTACTS',
};

/** A few names each record type answers, to show what names look like. */
export const EXAMPLE_NAMES: { readonly [T in RecordType]: readonly string[] } = {
  scrapedProfile: ['name', 'headline', 'experience.1.employer_name'],
  profileRecord: ['full_name', 'headline', 'experience.1.company_name'],
  company: ['company_name', 'company_website', 'headquarters'],
  contact: ['email', 'phone', 'li'],
};

/** Names of one fact in the scraped profile and the profile record; `#` stands for a 1-based position. */
const SAME_FACT: ReadonlyArray<Readonly<Partial<Record<RecordType, string>>>> = [
  { scrapedProfile: 'name', profileRecord: 'full_name' },
  { scrapedProfile: 'title', profileRecord: 'active_experience_title' },
  { scrapedProfile: 'location', profileRecord: 'location_full' },
  { scrapedProfile: 'num_of_connections', profileRecord: 'connections_count' },
  { scrapedProfile: 'profile_picture_url', profileRecord: 'picture_url' },
  { scrapedProfile: 'experience.#.employer_name', profileRecord: 'experience.#.company_name' },
  { scrapedProfile: 'experience.#.employee_title', profileRecord: 'experience.#.position_title' },
  { scrapedProfile: 'experience.#.employee_description', profileRecord: 'experience.#.description' },
  { scrapedProfile: 'experience.#.employee_location', profileRecord: 'experience.#.location' },
  { scrapedProfile: 'experience.#.start_date', profileRecord: 'experience.#.date_from' },
  { scrapedProfile: 'experience.#.end_date', profileRecord: 'experience.#.date_to' },
  { scrapedProfile: 'experience.#.is_current', profileRecord: 'experience.#.active_experience' },
  { scrapedProfile: 'experience.#.employer_network_url', profileRecord: 'experience.#.company_network_url' },
  { scrapedProfile: 'education.#.institute_name', profileRecord: 'education.#.institution_name' },
  { scrapedProfile: 'education.#.degree_name', profileRecord: 'education.#.degree' },
  { scrapedProfile: 'education.#.institute_network_url', profileRecord: 'education.#.institution_url' },
];

/** The name in `to` of the fact `canonical` names in `from` (a canonical field name of `from`), if there is one. */
export function sameFactIn(canonical: string, from: RecordType, to: RecordType): string | undefined {
  const position = /\.(\d+)(?=\.|$)/.exec(canonical)?.[1];
  const pattern = position === undefined ? canonical : canonical.replace(`.${position}`, '.#');
  const fact = SAME_FACT.find((names) => names[from] === pattern);
  return fact?.[to]?.replace('#', position ?? '1');
}
