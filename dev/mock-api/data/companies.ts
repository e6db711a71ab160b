// Companies: the facts shared by employer entries of profiles and by company search results.

import type { Company, CriterionVerdict, StockTicker } from '../../../src/core/api/types';
import { criteriaOfQuery, industryInQuery, placesInQuery, type Criterion } from './criteria';
import { EXTRA_FIELDS, HARD_TEXT, isHardCaseQuery, RTL_PLACE, sprinkledQuirks, type Quirk } from './hard-cases';
import { Random } from './random';
import { placeText, twoDigits } from './text';
import {
  COMPANY_NAME_ENDINGS,
  COMPANY_NAME_SUFFIXES,
  COMPANY_TYPES,
  INDUSTRIES,
  LEGAL_FORMS_BY_COUNTRY,
  PLACES,
  SIZE_RANGES,
  STOCK_EXCHANGES,
  STREETS,
  type Industry,
  type Place,
} from './vocabulary';

export interface CompanyFacts {
  id: number;
  /** Numeric text, as the network writes its own ids. */
  networkId: string;
  slug: string;
  name: string;
  domain: string;
  type: string;
  foundedYear: number;
  followers: number;
  sizeRange: string;
  employees: number;
  industry: Industry;
  categories: string[];
  description: string;
  hq: Place;
  street: string;
  revenueSource1: number | null;
  revenueSource5: number | null;
  revenueCurrency: string;
  headcountChangePct: number;
  lastFundingDate: string | null;
  lastFundingAmount: number | null;
  stockTickers: StockTicker[];
  isB2b: 0 | 1;
  workPolicy: 'remote' | 'hybrid' | 'office';
  lastUpdatedAt: string;
  social1Url: string | string[];
  social2Url: string | string[];
  logoUrl: string;
  networkUrl: string;
}

export interface CompanyHints {
  industry?: Industry;
  place?: Place;
}

/** Who a company sells to, as its description says: businesses (B2B) or people (B2C). */
const BUSINESS_CUSTOMERS = ['banks', 'retailers', 'hospitals', 'developers', 'manufacturers', 'small businesses'];
const CONSUMER_CUSTOMERS = ['consumers', 'families', 'students', 'travellers'];

const SIZE_BOUNDS: Record<string, [number, number]> = {
  '1-10': [2, 10],
  '11-50': [11, 50],
  '51-200': [51, 200],
  '201-500': [201, 500],
  '501-1000': [501, 1000],
  '1001-5000': [1001, 5000],
  '5001-10000': [5001, 10000],
  '10001+': [10001, 120000],
};

/** A specialty as it reads mid-sentence: lower case, but for acronyms (APIs, CRM, MLOps). */
function inSentence(specialty: string): string {
  return specialty
    .split(' ')
    .map((word) => ((word.match(/[A-Z]/g) ?? []).length > 1 ? word : word.toLowerCase()))
    .join(' ');
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function companyFacts(seed: number, key: string, hints: CompanyHints = {}): CompanyFacts {
  const random = new Random(seed, 'company', key);
  const industry = hints.industry ?? random.pick(INDUSTRIES);
  const hq = hints.place ?? random.pick(PLACES);
  const stem = capitalise(random.pick(industry.nameParts).toLowerCase() + random.pick(COMPANY_NAME_SUFFIXES));
  const name = stem + random.pick([...COMPANY_NAME_ENDINGS, ...(LEGAL_FORMS_BY_COUNTRY[hq.iso2] ?? [])]);
  const slug = `${stem.toLowerCase()}-${random.int(2, 999)}`;
  const domain = `${stem.toLowerCase()}${random.pick(['.com', '.io', '.ai', '.co', `.${hq.iso2.toLowerCase()}`])}`;
  const sizeRange = random.pick(SIZE_RANGES);
  const [minEmployees, maxEmployees] = SIZE_BOUNDS[sizeRange];
  const employees = random.int(minEmployees, maxEmployees);
  const foundedYear = 2024 - Math.floor(random.next() ** 2 * 70);
  const type = random.pick(COMPANY_TYPES);
  const revenueSource1 = random.chance(0.8) ? employees * random.int(60, 320) * 1000 : null;
  const funded = type === 'private' && foundedYear > 2005 && random.chance(0.7);
  const specialties = random.sample(industry.specialties, 3);
  const social = (network: string): string | string[] =>
    random.chance(0.1)
      ? [`https://${network}/${slug}`, `https://${network}/${slug}-${hq.iso2.toLowerCase()}`]
      : `https://${network}/${slug}`;
  const isB2b = random.chance(0.7) ? 1 : 0;
  const customers = random.pick(isB2b ? BUSINESS_CUSTOMERS : CONSUMER_CUSTOMERS);
  const lastFundingDate = funded
    ? `${random.int(Math.max(foundedYear, 2012), 2025)}-${twoDigits(random.int(1, 9))}-${twoDigits(random.int(1, 28))}`
    : null;
  const lastFundingAmount = funded ? random.int(1, 150) * 1_000_000 : null;
  const fundingText = lastFundingAmount
    ? ` Raised $${lastFundingAmount / 1_000_000}M in ${lastFundingDate?.slice(0, 4)}.`
    : '';
  return {
    id: random.int(10_000, 99_999_999),
    networkId: random.digits(8),
    slug,
    name,
    domain,
    type,
    foundedYear,
    followers: employees * random.int(5, 60),
    sizeRange,
    employees,
    industry,
    categories: [industry.category, ...specialties],
    description: `${name} builds ${specialties.map(inSentence).join(', ')} for ${customers}. Headquartered in ${hq.city}, founded in ${foundedYear}.${fundingText}`,
    hq,
    street: `${random.int(1, 250)} ${random.pick(STREETS)}`,
    revenueSource1,
    revenueSource5:
      revenueSource1 !== null && random.chance(0.6) ? Math.round(revenueSource1 * random.float(0.8, 1.25)) : null,
    revenueCurrency: random.chance(0.85) ? 'USD' : hq.currency,
    headcountChangePct: random.float(-15, 45, 1),
    lastFundingDate,
    lastFundingAmount,
    stockTickers:
      type === 'public' ? [{ exchange: random.pick(STOCK_EXCHANGES), ticker: stem.slice(0, 4).toUpperCase() }] : [],
    isB2b,
    workPolicy: random.pick(['remote', 'hybrid', 'office'] as const),
    lastUpdatedAt: `2025-${twoDigits(random.int(6, 9))}-${twoDigits(random.int(1, 28))}`,
    social1Url: social('www.facebook.com'),
    social2Url: social('x.com'),
    logoUrl: `https://media.network.com/dms/image/C4E0BAQ${random.hex(12)}/company-logo_200_200/0/`,
    networkUrl: `https://www.network.com/company/${slug}`,
  };
}

/** Applies the text quirks that have a place in a company (see HARD_CASE_PLACES). */
function companyWithQuirks(facts: CompanyFacts, quirks: readonly Quirk[]): CompanyFacts {
  const has = (quirk: Quirk) => quirks.includes(quirk);
  const descriptionParts = [
    has('emoji') ? HARD_TEXT.emoji : '',
    has('cjk') ? '東京とベルリンに拠点を置くソフトウェア企業。' : '',
    has('rtl') ? `شركة برمجيات مقرها في ${RTL_PLACE.city}.` : '',
    has('newlines') ? HARD_TEXT.newlines : '',
  ].filter(Boolean);
  return {
    ...facts,
    name: has('formula') ? HARD_TEXT.formula : facts.name,
    sizeRange: has('date_like') ? HARD_TEXT.dateLike : facts.sizeRange,
    description: descriptionParts.length > 0 ? descriptionParts.join('\n') : facts.description,
  };
}

// ---------- Company search ----------

const CANDIDATES_PER_QUERY = 150;
const HARD_CASE_COMPANY_QUIRKS: readonly Quirk[] = [
  'formula',
  'plus',
  'minus',
  'at',
  'date_like',
  'emoji',
  'cjk',
  'rtl',
  'newlines',
];

export function hasNoResults(query: string): boolean {
  return /\bno results\b/i.test(query);
}

/** What a verdict adds to a candidate's match score, the mean over the query's criteria. */
const VERDICT_POINTS: Record<CriterionVerdict, number> = { YES: 100, MAYBE: 60, NO: 15 };
/** Share of a query's candidates in the industry it names; the others are near misses, judged NO on it. */
const ON_TOPIC_SHARE = 0.85;
/** How far the service's score strays from the verdicts' mean, either way. */
const SCORE_NOISE = 4;

interface Candidate {
  index: number;
  score: number;
  quirks: Quirk[];
  facts: CompanyFacts;
  criteria: Record<string, CriterionVerdict>;
}

function judge(criteria: readonly Criterion[], facts: CompanyFacts): Record<string, CriterionVerdict> {
  const verdicts: Record<string, CriterionVerdict> = {};
  for (const criterion of criteria) verdicts[criterion.text] = criterion.verdict({ company: facts, place: facts.hq });
  return verdicts;
}

/** The query's candidates: in the places it names, mostly in the industry it names, scored by their verdicts. */
function candidatesFor(seed: number, query: string): Candidate[] {
  if (hasNoResults(query)) return [];
  const industry = industryInQuery(query);
  const places = placesInQuery(query);
  const criteria = criteriaOfQuery(query);
  return Array.from({ length: CANDIDATES_PER_QUERY }, (_, index) => {
    const random = new Random(seed, 'company-candidate', query, index);
    const fixture = index === 0 && isHardCaseQuery(query);
    const hints: CompanyHints = {
      industry: fixture || random.chance(ON_TOPIC_SHARE) ? industry : undefined,
      place: places.length > 0 ? random.pick(places) : undefined,
    };
    const quirks = fixture ? [...HARD_CASE_COMPANY_QUIRKS] : sprinkledQuirks(random);
    // Judged as served: a quirk's odd text is still what the record says.
    const facts = companyWithQuirks(companyFacts(seed, `search\u241f${query}\u241f${index}`, hints), quirks);
    const verdicts = judge(criteria, facts);
    const points = Object.values(verdicts).map((verdict) => VERDICT_POINTS[verdict]);
    const mean = points.reduce((sum, value) => sum + value, 0) / points.length;
    const score = fixture ? 100 : Math.min(100, Math.max(0, Math.round(mean + random.int(-SCORE_NOISE, SCORE_NOISE))));
    return { index, score, quirks, facts, criteria: verdicts };
  });
}

function companySearchResult(seed: number, query: string, candidate: Candidate): Company {
  const { facts } = candidate;
  const random = new Random(seed, 'company-result', query, candidate.index);
  const has = (quirk: Quirk) => candidate.quirks.includes(quirk);
  // The optional fields: each is present on roughly three results in four; a quirk forces its field in.
  const optional: Partial<Company> = {};
  if (random.chance(0.75)) optional.year_founded = String(facts.foundedYear);
  if (has('minus') || random.chance(0.75))
    optional.external_category = has('minus') ? HARD_TEXT.minus : facts.industry.category;
  if (has('at') || random.chance(0.75))
    optional.network_industry = has('at') ? `${HARD_TEXT.at} ${facts.industry.label}` : facts.industry.label;
  if (has('plus') || random.chance(0.75))
    optional.network_speciality = has('plus') ? HARD_TEXT.plus : facts.categories.slice(1).join(', ');
  if (random.chance(0.75)) optional.network_headcount = facts.employees;
  const company: Company = {
    id: facts.id,
    company_name: facts.name,
    company_type: facts.type,
    company_website: `https://www.${facts.domain}`,
    company_website_domain: facts.domain,
    headquarters: placeText(facts.hq),
    hq_country: facts.hq.country,
    employee_count_range: facts.sizeRange,
    network_company_description: facts.description,
    network_profile_url: facts.networkUrl,
    network_logo_url: facts.logoUrl,
    ...optional,
    criteria: { ...candidate.criteria },
  };
  return has('extra_fields') ? { ...company, ...EXTRA_FIELDS } : company;
}

export interface CompanySearchOutcome {
  /** Every company at or above the threshold, best first. */
  matches: number;
  results: Company[];
}

/** Higher thresholds keep fewer candidates; results are the best `limit` of them, best first. */
export function searchCompanies(
  seed: number,
  query: string,
  acceptanceThreshold: number,
  limit: number,
): CompanySearchOutcome {
  const accepted = candidatesFor(seed, query)
    .filter((candidate) => candidate.score >= acceptanceThreshold)
    .sort((a, b) => b.score - a.score || a.index - b.index);
  return {
    matches: accepted.length,
    results: accepted.slice(0, limit).map((candidate) => companySearchResult(seed, query, candidate)),
  };
}
