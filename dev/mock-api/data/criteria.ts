// Turns a natural-language query into the 2-4 criteria the service says it evaluates
// ("fintech startups in Berlin with 50+ employees" -> "Is a fintech company", "Is a startup", "Based in Berlin", ...),
// each with the rule that judges a company (or a person's current employer and place) against it: a verdict is YES
// only when the facts satisfy the criterion, NO when they contradict it, MAYBE when they cannot tell.

import type { CriterionVerdict } from '../../../src/core/api/types';
import type { CompanyFacts } from './companies';
import { REFERENCE_YEAR } from './person';
import { INDUSTRIES, PLACES, type Industry, type Place } from './vocabulary';

const MIN_CRITERIA = 2;
const MAX_CRITERIA = 4;
/** A startup is young, small and private. */
const STARTUP_MAX_AGE = 10;
const STARTUP_MAX_EMPLOYEES = 500;
/** Headcount growth over the last year that reads as hiring (or as not hiring). */
const HIRING_GROWTH_PCT = 10;

/** What a criterion is judged on: a company and where it is (a person: their current employer and their place). */
export interface Subject {
  company: CompanyFacts;
  place: Place;
}

export interface Criterion {
  text: string;
  verdict(subject: Subject): CriterionVerdict;
}

export function industryInQuery(query: string): Industry | undefined {
  // "fintechs" names the industry as "fintech" does.
  return INDUSTRIES.find((industry) =>
    new RegExp(`\\b${industry.keyword}s?\\b`, 'i').test(query.replace(/e-commerce/gi, 'ecommerce')),
  );
}

/** The place named after "in", "from" or "near", e.g. "Berlin" or "New York". */
export function placeNameInQuery(query: string): string | undefined {
  const match = /\b(?:in|from|near)\s+(\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*)*)/u.exec(query);
  return match?.[1];
}

/** The places a query names: a city, or every city of a country; empty when the mock knows none of them. */
export function placesInQuery(query: string): Place[] {
  const name = placeNameInQuery(query)?.toLowerCase();
  if (!name) return [];
  const city = PLACES.filter((place) => place.city.toLowerCase() === name);
  return city.length > 0 ? city : PLACES.filter((place) => place.country.toLowerCase() === name);
}

function article(noun: string): string {
  return /^[aeio]/i.test(noun) || noun === 'AI' ? 'an' : 'a';
}

const yesNo = (holds: boolean): CriterionVerdict => (holds ? 'YES' : 'NO');

/** Employee bounds the size range shows ("11-50", "10001+"). */
function sizeBounds(company: CompanyFacts): [number, number] {
  const [low, high] = company.sizeRange.split(/[-+]/).map(Number);
  return [low, Number.isFinite(high) ? high : Infinity];
}

function placeCriterion(query: string, placeName: string): Criterion {
  const places = placesInQuery(query);
  return {
    text: `Based in ${placeName}`,
    verdict: ({ place }) => {
      // A place the mock does not know may be anywhere.
      if (places.length === 0) return 'MAYBE';
      return yesNo(places.includes(place));
    },
  };
}

function sizeCriteria(query: string): Criterion[] {
  const criteria: Criterion[] = [];
  const atLeast =
    /(\d[\d,]*)\s*\+\s*(?:employees|people|staff)/i.exec(query) ??
    /(?:more than|over|at least)\s+(\d[\d,]*)\s+(?:employees|people|staff)/i.exec(query);
  if (atLeast) {
    const minimum = Number(atLeast[1].replace(/,/g, ''));
    criteria.push({
      text: `Has ${atLeast[1]}+ employees`,
      verdict: ({ company }) => {
        const [low, high] = sizeBounds(company);
        return low >= minimum ? 'YES' : high < minimum ? 'NO' : 'MAYBE';
      },
    });
  }
  const atMost = /(?:fewer than|less than|under)\s+(\d[\d,]*)\s+(?:employees|people|staff)/i.exec(query);
  if (atMost) {
    const limit = Number(atMost[1].replace(/,/g, ''));
    criteria.push({
      text: `Has fewer than ${atMost[1]} employees`,
      verdict: ({ company }) => {
        const [low, high] = sizeBounds(company);
        return high < limit ? 'YES' : low >= limit ? 'NO' : 'MAYBE';
      },
    });
  }
  return criteria;
}

function foundedCriterion(query: string): Criterion | null {
  const founded = /founded\s+(after|before|in)\s+(\d{4})/i.exec(query);
  if (!founded) return null;
  const relation = founded[1].toLowerCase();
  const year = Number(founded[2]);
  return {
    text: `Founded ${relation} ${founded[2]}`,
    verdict: ({ company }) =>
      yesNo(
        relation === 'after'
          ? company.foundedYear > year
          : relation === 'before'
            ? company.foundedYear < year
            : company.foundedYear === year,
      ),
  };
}

/** Criteria about how the company does business, named by keywords anywhere in the query. */
function businessCriteria(query: string): Criterion[] {
  const criteria: Criterion[] = [];
  if (/\bb2b\b/i.test(query)) {
    criteria.push({ text: 'Sells to businesses (B2B)', verdict: ({ company }) => yesNo(company.isB2b === 1) });
  }
  if (/\b(funded|series [a-d]|raised|venture)\b/i.test(query)) {
    criteria.push({
      text: 'Has raised venture funding',
      verdict: ({ company }) => yesNo(company.lastFundingAmount !== null),
    });
  }
  if (/\bhiring\b/i.test(query)) {
    criteria.push({
      text: 'Is currently hiring',
      verdict: ({ company }) =>
        company.headcountChangePct >= HIRING_GROWTH_PCT ? 'YES' : company.headcountChangePct <= 0 ? 'NO' : 'MAYBE',
    });
  }
  if (/\bremote\b/i.test(query)) {
    criteria.push({
      text: 'Offers remote work',
      verdict: ({ company }) =>
        company.workPolicy === 'remote' ? 'YES' : company.workPolicy === 'hybrid' ? 'MAYBE' : 'NO',
    });
  }
  return criteria;
}

function isStartup(company: CompanyFacts): CriterionVerdict {
  const age = REFERENCE_YEAR - company.foundedYear;
  const [fewest, most] = sizeBounds(company);
  if (company.type === 'public' || age > 2 * STARTUP_MAX_AGE || fewest > 10 * STARTUP_MAX_EMPLOYEES) return 'NO';
  return age <= STARTUP_MAX_AGE && most <= STARTUP_MAX_EMPLOYEES && company.type === 'private' ? 'YES' : 'MAYBE';
}

const STOP_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** A query naming little the mock knows: matched on its words, as a keyword search would. */
function topicCriterion(query: string): Criterion {
  const topic = query.trim().replace(/\s+/g, ' ').slice(0, 60);
  const words = topic
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word));
  return {
    text: `Matches "${topic}"`,
    verdict: ({ company }) => {
      const { name, description, categories, industry } = company;
      const text = [name, description, ...categories, industry.label, industry.keyword].join(' ').toLowerCase();
      const found = new Set(text.split(/[^\p{L}\p{N}]+/u));
      return words.some((word) => found.has(word)) ? 'YES' : 'MAYBE';
    },
  };
}

export function criteriaOfQuery(query: string): Criterion[] {
  const criteria: Criterion[] = [];
  const industry = industryInQuery(query);
  if (industry) {
    criteria.push({
      text: `Is ${article(industry.noun)} ${industry.noun} company`,
      verdict: ({ company }) => yesNo(company.industry.keyword === industry.keyword),
    });
  }
  if (/\bstart-?ups?\b/i.test(query))
    criteria.push({ text: 'Is a startup', verdict: ({ company }) => isStartup(company) });
  const placeName = placeNameInQuery(query);
  if (placeName) criteria.push(placeCriterion(query, placeName));
  criteria.push(...sizeCriteria(query));
  const founded = foundedCriterion(query);
  if (founded) criteria.push(founded);
  criteria.push(...businessCriteria(query));

  if (criteria.length < MIN_CRITERIA) criteria.push(topicCriterion(query));
  if (criteria.length < MIN_CRITERIA) criteria.push({ text: 'Is an active company', verdict: () => 'YES' });
  return criteria.slice(0, MAX_CRITERIA);
}

/** The criteria's names, in the order results list them. */
export function criteriaForQuery(query: string): string[] {
  return criteriaOfQuery(query).map((criterion) => criterion.text);
}

/** Words that say how senior a role is, not what it is: "heads of talent" is about talent. */
const SENIORITY_WORDS = new Set(['head', 'chief', 'vp', 'lead', 'director', 'senior', 'principal', 'staff', 'junior']);

/** "engineers" and "engineer" are one word to a title match. */
const singular = (word: string) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word);

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(singular);

/**
 * The role a people query asks for, from its words before "at", "in", "from", "near", "with" or "who" ("heads of
 * talent at fintechs in Berlin" -> "heads of talent"), and whether a job title fits it: it shares a word with the role
 * that is not only about seniority. Null when the query names no role.
 */
export function roleCriterionOfQuery(query: string): { text: string; fits(title: string): boolean } | null {
  const role = query
    .trim()
    .split(/\s+(?:at|in|from|near|with|who)\s+/i)[0]
    .replace(/\s+/g, ' ');
  const words = wordsOf(role).filter((word) => !STOP_WORDS.has(word) && !SENIORITY_WORDS.has(word));
  if (words.length === 0 || role.length > 60) return null;
  return {
    text: `Title fits "${role}"`,
    fits: (title) => wordsOf(title).some((word) => words.includes(word)),
  };
}
