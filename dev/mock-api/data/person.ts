// One synthetic person per profile slug. The scraped profile, the profile record and the legacy record are three renderings of the same
// person, so scraping and enriching one URL agree on name, jobs and schools.

import { companyFacts, type CompanyFacts, type CompanyHints } from './companies';
import { industryInQuery, placesInQuery } from './criteria';
import {
  fixtureQuirks,
  HARD_CASE_SLUG,
  HARD_TEXT,
  isHardCaseQuery,
  longSummary,
  RTL_PLACE,
  sprinkledQuirks,
  type Quirk,
} from './hard-cases';
import { Random } from './random';
import {
  ACTIVITIES,
  AWARDS,
  CERTIFICATIONS,
  DEGREES,
  DEPARTMENT_TITLES,
  FIELDS_OF_STUDY,
  FIRST_NAMES,
  INDUSTRIES,
  INTERESTS,
  LANGUAGES,
  LAST_NAMES,
  LEADING_ZERO_ZIP_PLACE,
  MIDDLE_NAMES,
  PLACES,
  POST_ACTIONS,
  POST_CLOSERS,
  POST_OPENERS,
  PROFICIENCIES,
  SCHOOLS,
  SERVICES,
  SKILLS_BY_DEPARTMENT,
  TOPICS,
  type Department,
  type Industry,
  type Place,
  type School,
} from './vocabulary';

/** The data's "now". Records never depend on the wall clock, so the same seed gives the same bytes on any day. */
export const REFERENCE_YEAR = 2025;
export const REFERENCE_MONTH = 10;

export interface YearMonth {
  year: number;
  month: number;
}

export interface Position {
  positionId: number;
  title: string;
  department: Department;
  managementLevel: string;
  location: string;
  description: string | null;
  from: YearMonth;
  /** null while current. */
  to: YearMonth | null;
  company: CompanyFacts;
}

export interface Schooling {
  school: School;
  schoolName: string;
  degree: string;
  fieldOfStudy: string;
  description: string | null;
  activities: string;
  fromYear: number;
  toYear: number;
}

export interface Post {
  url: string;
  text: string;
  action: string;
}

export interface Person {
  id: string;
  slug: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  fullName: string;
  headline: string;
  /** A one-line bio (the profile record's `description`). */
  description: string;
  summary: string;
  place: Place;
  connections: number;
  followers: number;
  /** Newest first; the first is current when `to` is null. */
  positions: Position[];
  schools: Schooling[];
  skills: string[];
  historicalSkills: string[];
  interests: string[];
  services: string | null;
  languages: Array<{ language: string; proficiency: string }>;
  certifications: Array<{ title: string; issuer: string; from: YearMonth; to: YearMonth | null }>;
  awards: Array<{ title: string; issuer: string; description: string; date: YearMonth }>;
  posts: Post[];
  recommendations: string[];
  websites: string[];
  emails: string[];
  microblogHandle: string;
  pictureId: string;
  quirks: Quirk[];
}

// ---------- Slugs ----------

/** Lower-case ASCII letters only: "Müller" -> "muller", "O'Brien" -> "obrien". */
export function slugWord(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

const FIRST_BY_SLUG = new Map(FIRST_NAMES.map((name) => [slugWord(name), name]));
const LAST_BY_SLUG = new Map(LAST_NAMES.map((name) => [slugWord(name), name]));
/** The id the network appends to a slug whose name is taken: 7 hex digits. */
const SLUG_ID = /^[0-9a-f]{7}$/;

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * The words of the name a slug spells, written as names are ("anna-schmidt-1a2b3c4" → Anna, Schmidt;
 * "josé-garcía_99" → José, García; "muller" → Müller when the word list knows the spelling), without the id the
 * network appends. Parts with digits are ids, not names.
 */
export function nameWordsOfSlug(slug: string): string[] {
  const parts = slug.split(/[-_]+/).filter((part) => part !== '');
  if (parts.length > 2 && SLUG_ID.test(parts[parts.length - 1])) parts.pop();
  return parts
    .filter((part) => /^\p{L}+$/u.test(part))
    .map((part, i, all) => {
      const known = i === all.length - 1 && all.length > 1 ? LAST_BY_SLUG.get(part) : FIRST_BY_SLUG.get(part);
      return known ?? capitalised(part);
    });
}

/** A slug as the network mints them, spelling a name: `anna-schmidt-1a2b3c4`. */
export function mintSlug(random: Random): string {
  return `${slugWord(random.pick(FIRST_NAMES))}-${slugWord(random.pick(LAST_NAMES))}-${random.hex(7)}`;
}

// The id of a minted slug picks the city and industry of the person's latest employer, so a people search can find
// people who fit it (a query for Berlin fintech mints ids that say Berlin and fintech), while each URL still
// stands for one person whoever asks.

const SLUG_ID_VALUES = 0x10000000;
/** A person usually lives where their latest employer is; a search minting a slug tries a few ids for that. */
const HOME_AT_EMPLOYER_SHARE = 0.7;
const MINT_ATTEMPTS = 10;

/** The employer a minted slug's id picks; undefined for slugs without an id. */
function employerHintOfSlug(slug: string): CompanyHints | undefined {
  const id = slug.split(/[-_]+/).pop() ?? '';
  if (!SLUG_ID.test(id) || !slug.includes('-')) return undefined;
  const n = parseInt(id, 16);
  return {
    place: PLACES[n % PLACES.length],
    industry: INDUSTRIES[Math.floor(n / PLACES.length) % INDUSTRIES.length],
  };
}

/** An id whose hint is this place and industry; `random` fills the rest of it. */
function slugIdFor(place: Place, industry: Industry, random: Random): string {
  const combinations = PLACES.length * INDUSTRIES.length;
  const rest = random.int(0, Math.floor(SLUG_ID_VALUES / combinations) - 1);
  const n = (rest * INDUSTRIES.length + INDUSTRIES.indexOf(industry)) * PLACES.length + PLACES.indexOf(place);
  return n.toString(16).padStart(7, '0');
}

/** Where the person behind `slug` lives: mostly where their latest employer is. */
function homeOf(seed: number, slug: string, employerPlace: Place): Place {
  const random = new Random(seed, 'person-home', slug);
  return random.chance(HOME_AT_EMPLOYER_SHARE) ? employerPlace : random.pick(PLACES);
}

/**
 * Slug of the index-th person a people query finds (the hard-case fixture first for a "hard case" query): someone
 * living in a place the query names, working in the industry it names.
 */
export function slugForQueryResult(seed: number, query: string, index: number): string {
  if (index === 0 && isHardCaseQuery(query)) return HARD_CASE_SLUG;
  const random = new Random(seed, 'people-query', query, index);
  const places = placesInQuery(query);
  const industry = industryInQuery(query);
  if (places.length === 0 && !industry) return mintSlug(random);
  const name = `${slugWord(random.pick(FIRST_NAMES))}-${slugWord(random.pick(LAST_NAMES))}`;
  let slug = '';
  for (let attempt = 0; attempt < MINT_ATTEMPTS; attempt++) {
    const place = random.pick(places.length > 0 ? places : PLACES);
    slug = `${name}-${slugIdFor(place, industry ?? random.pick(INDUSTRIES), random)}`;
    if (places.length === 0 || homeOf(seed, slug, place) === place) break;
  }
  return slug;
}

function monthsBetween(from: YearMonth, to: YearMonth): number {
  return (to.year - from.year) * 12 + (to.month - from.month);
}

export function addMonths(date: YearMonth, months: number): YearMonth {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

const REFERENCE: YearMonth = { year: REFERENCE_YEAR, month: REFERENCE_MONTH };

export function durationMonths(position: Pick<Position, 'from' | 'to'>): number {
  return Math.max(1, monthsBetween(position.from, position.to ?? REFERENCE) + 1);
}

// ---------- Generation ----------

export function managementLevel(title: string): string {
  if (/Founder/.test(title)) return 'Founder';
  if (/Chief|CEO|CTO|CFO|COO/.test(title)) return 'C-Level';
  if (/^VP|Head of/.test(title)) return 'VP';
  if (/Director|Controller/.test(title)) return 'Director';
  if (/Manager|Lead|Partner/.test(title)) return 'Manager';
  if (/Senior|Staff|Principal/.test(title)) return 'Senior';
  return 'Specialist';
}

function generatePositions(seed: number, random: Random, slug: string, department: Department): Position[] {
  const latestEmployer = employerHintOfSlug(slug);
  const count = random.int(1, 5);
  const isWorking = random.chance(0.88);
  let end: YearMonth | null = isWorking ? null : addMonths(REFERENCE, -random.int(1, 8));
  const positions: Position[] = [];
  for (let i = 0; i < count; i++) {
    // A current job may have started last month (then it shows in experience_recently_started).
    const from = addMonths(end ?? REFERENCE, -random.int(end === null ? 1 : 8, 60));
    if (from.year < 1995) break; // never for the first position, which starts at most 5 years back
    const positionDepartment = random.chance(0.8)
      ? department
      : random.pick(Object.keys(DEPARTMENT_TITLES) as Department[]);
    const employer = companyFacts(seed, `employer\u241f${slug}\u241f${i}`, i === 0 ? latestEmployer : {});
    // Nobody joins a company before it was founded.
    const company = { ...employer, foundedYear: Math.min(employer.foundedYear, from.year) };
    const title = random.pick(DEPARTMENT_TITLES[positionDepartment]);
    positions.push({
      positionId: random.int(100_000_000, 2_000_000_000),
      title,
      department: positionDepartment,
      managementLevel: managementLevel(title),
      location: random.chance(0.1) ? 'Remote' : `${company.hq.city}, ${company.hq.country}`,
      description: random.chance(0.85)
        ? `Leading ${random.pick(TOPICS).toLowerCase()} work at ${company.name}: grew the team from ${random.int(2, 6)} to ${random.int(8, 40)} people and ${random.pick(['cut costs by 30%', 'doubled revenue', 'launched in 4 new markets', 'rebuilt the platform'])}.`
        : null,
      from,
      to: end,
      company,
    });
    end = addMonths(from, -random.int(0, 4));
  }
  return positions;
}

function generateSchools(random: Random, firstJobStart: YearMonth): Schooling[] {
  const count = random.int(1, 3);
  const schools: Schooling[] = [];
  let toYear = firstJobStart.year - random.int(0, 1);
  for (let i = 0; i < count; i++) {
    const school = random.pick(SCHOOLS);
    const degree = random.pick(DEGREES);
    const years = degree.startsWith('Doctor') ? random.int(3, 5) : degree.startsWith('Master') ? 2 : random.int(3, 4);
    schools.push({
      school,
      schoolName: school.name,
      degree,
      fieldOfStudy: random.pick(FIELDS_OF_STUDY),
      description: random.chance(0.4) ? `Thesis on ${random.pick(TOPICS).toLowerCase()}.` : null,
      activities: random.chance(0.5) ? random.sample(ACTIVITIES, 2).join(', ') : '',
      fromYear: toYear - years,
      toYear,
    });
    toYear -= years + random.int(0, 2);
  }
  return schools;
}

function generatePosts(random: Random, slug: string): Post[] {
  return Array.from({ length: random.int(0, 5) }, () => {
    const topic = random.pick(TOPICS).toLowerCase();
    return {
      url: `https://www.network.com/posts/${slug}_activity-${random.digits(19)}`,
      text: `${random.pick(POST_OPENERS)} ${topic}.\n\nWhat worked for us: small teams, fast feedback.\n${random.pick(POST_CLOSERS)} ${random.pick(POST_CLOSERS)}`,
      action: random.pick(POST_ACTIONS),
    };
  });
}

/** Applies the text quirks (see HARD_CASE_PLACES); structural quirks are applied by the renderers. */
function applyTextQuirks(person: Person): void {
  const has = (quirk: Quirk) => person.quirks.includes(quirk);
  const current = person.positions[0];
  if (has('formula')) person.headline = HARD_TEXT.formula;
  if (has('plus')) current.title = HARD_TEXT.plus;
  if (has('minus')) current.company = { ...current.company, name: HARD_TEXT.minus };
  if (has('at')) person.skills[0] = HARD_TEXT.at;
  if (has('date_like')) {
    person.skills[1] = HARD_TEXT.dateLike;
    current.company = { ...current.company, sizeRange: HARD_TEXT.dateLike };
  }
  if (has('leading_zero_zip')) current.company = { ...current.company, hq: LEADING_ZERO_ZIP_PLACE };
  if (has('emoji')) current.description = HARD_TEXT.emoji;
  // A fixture is named in Chinese; elsewhere the name stays the one the URL spells, and the summary is Japanese.
  if (has('cjk') && fixtureQuirks(person.slug)) {
    person.firstName = HARD_TEXT.cjkFirstName;
    person.middleName = null;
    person.lastName = HARD_TEXT.cjkLastName;
    person.fullName = HARD_TEXT.cjkFullName;
  } else if (has('cjk')) {
    person.summary = HARD_TEXT.cjkSummary;
  }
  if (has('rtl')) {
    person.place = RTL_PLACE;
    person.schools[0].schoolName = HARD_TEXT.rtlSchool;
  }
  if (has('newlines')) person.summary = HARD_TEXT.newlines;
  if (has('long_summary')) person.summary = longSummary(has('newlines') ? HARD_TEXT.newlines : '');
}

/**
 * People already made, frozen so no caller can change one: the world, the contact lookups and every format of every
 * answer ask for the same person again and again, and making one draws hundreds of random numbers.
 */
const madePeople = new Map<string, Person>();
const MADE_PEOPLE_KEPT = 10_000;

/** The person behind a normalised profile slug (lower case, percent-decoded). */
export function personForSlug(seed: number, slug: string): Person {
  const key = `${seed}\n${slug}`;
  let person = madePeople.get(key);
  if (person === undefined) {
    if (madePeople.size >= MADE_PEOPLE_KEPT) madePeople.clear();
    madePeople.set(key, (person = deepFreeze(makePerson(seed, slug))));
  }
  return person;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function makePerson(seed: number, slug: string): Person {
  const random = new Random(seed, 'person', slug);
  // The record's name is the one its URL spells; what the slug leaves out is made up.
  const spelled = nameWordsOfSlug(slug);
  const firstName = spelled[0] ?? random.pick(FIRST_NAMES);
  const lastName = spelled.length > 1 ? spelled[spelled.length - 1] : random.pick(LAST_NAMES);
  const middleName =
    spelled.length > 2 ? spelled.slice(1, -1).join(' ') : random.chance(0.15) ? random.pick(MIDDLE_NAMES) : null;
  const department = random.pick(Object.keys(DEPARTMENT_TITLES) as Department[]);
  const positions = generatePositions(seed, random, slug, department);
  const quirks = fixtureQuirks(slug) ?? sprinkledQuirks(random);
  // Fixtures always have a current job, so the quirks placed on it show in every current-job field.
  if (fixtureQuirks(slug)) positions[0].to = null;
  const current = positions[0];
  const skills = random.sample(SKILLS_BY_DEPARTMENT[department], random.int(3, 7));
  const connections = random.int(40, 3000);
  const person: Person = {
    id: String(random.int(10_000_000, 999_999_999)),
    slug,
    firstName,
    middleName,
    lastName,
    fullName: [firstName, middleName, lastName].filter(Boolean).join(' '),
    headline: random.chance(0.6)
      ? `${current.title} at ${current.company.name}`
      : `${current.title} | ${skills.slice(0, 2).join(' | ')}`,
    description: `${current.title} with ${Math.round(positions.reduce((sum, p) => sum + durationMonths(p), 0) / 12)} years of experience in ${current.company.industry.label.toLowerCase()}.`,
    summary: `I build ${random.pick(TOPICS).toLowerCase()} products and the teams behind them. Previously at ${
      positions
        .map((p) => p.company.name)
        .slice(1, 3)
        .join(' and ') || current.company.name
    }. Interested in ${random.sample(INTERESTS, 2).join(' and ').toLowerCase()}.`,
    place: homeOf(seed, slug, current.company.hq),
    connections,
    followers: connections + random.int(0, 20_000),
    positions,
    schools: generateSchools(random, positions[positions.length - 1].from),
    skills,
    historicalSkills: random.sample(Object.values(SKILLS_BY_DEPARTMENT).flat(), 3),
    interests: random.sample(INTERESTS, random.int(0, 4)),
    services: random.chance(0.3) ? random.sample(SERVICES, 2).join(', ') : null,
    languages: random.sample(LANGUAGES, random.int(1, 3)).map((language, i) => ({
      language,
      proficiency: i === 0 ? PROFICIENCIES[0] : random.pick(PROFICIENCIES),
    })),
    certifications: random.sample(CERTIFICATIONS, random.int(0, 3)).map((certification) => {
      const from = { year: random.int(2015, 2024), month: random.int(1, 12) };
      return { ...certification, from, to: random.chance(0.5) ? addMonths(from, 36) : null };
    }),
    awards: random.sample(AWARDS, random.int(0, 2)).map((title) => ({
      title,
      issuer: current.company.name,
      description: `Recognised for ${random.pick(TOPICS).toLowerCase()} work.`,
      date: { year: random.int(2012, 2025), month: random.int(1, 12) },
    })),
    posts: generatePosts(random, slug),
    recommendations: Array.from(
      { length: random.int(0, 3) },
      () =>
        `${random.pick(FIRST_NAMES)} is ${random.pick(['a brilliant', 'an outstanding', 'a thoughtful'])} colleague who ${random.pick(['ships fast', 'mentors generously', 'sees around corners'])}.`,
    ),
    websites: random.chance(0.3) ? [`https://${slugWord(firstName)}${slugWord(lastName)}.dev`] : [],
    emails: random.chance(0.2) ? [`${slugWord(firstName)}.${slugWord(lastName)}@${current.company.domain}`] : [],
    microblogHandle: random.chance(0.5) ? `${slugWord(firstName)}_${slugWord(lastName)}` : '',
    pictureId: `D4E03AQ${random.hex(14)}`,
    quirks,
  };
  applyTextQuirks(person);
  return person;
}
