// Turns a natural-language query into the 2-4 criteria the service says it evaluates
// ("fintech startups in Berlin with 50+ employees" -> "Is a fintech company", "Is a startup", "Based in Berlin", ...).

import { INDUSTRIES, PLACES, type Industry, type Place } from './vocabulary';

const MIN_CRITERIA = 2;
const MAX_CRITERIA = 4;

export function industryInQuery(query: string): Industry | undefined {
  return INDUSTRIES.find((industry) =>
    new RegExp(`\\b${industry.keyword}\\b`, 'i').test(query.replace(/e-commerce/gi, 'ecommerce')),
  );
}

/** The place named after "in", "from" or "based in", e.g. "Berlin" or "New York". */
export function placeNameInQuery(query: string): string | undefined {
  const match = /\b(?:in|from|near)\s+(\p{Lu}[\p{L}.'-]*(?:\s+\p{Lu}[\p{L}.'-]*)*)/u.exec(query);
  return match?.[1];
}

export function placeInQuery(query: string): Place | undefined {
  const name = placeNameInQuery(query)?.toLowerCase();
  if (!name) return undefined;
  return PLACES.find((place) => place.city.toLowerCase() === name || place.country.toLowerCase() === name);
}

function article(noun: string): string {
  return /^[aeio]/i.test(noun) || noun === 'AI' ? 'an' : 'a';
}

export function criteriaForQuery(query: string): string[] {
  const criteria: string[] = [];
  const industry = industryInQuery(query);
  if (industry) criteria.push(`Is ${article(industry.noun)} ${industry.noun} company`);
  if (/\bstart-?ups?\b/i.test(query)) criteria.push('Is a startup');
  const placeName = placeNameInQuery(query);
  if (placeName) criteria.push(`Based in ${placeName}`);

  const atLeast =
    /(\d[\d,]*)\s*\+\s*(?:employees|people|staff)/i.exec(query) ??
    /(?:more than|over|at least)\s+(\d[\d,]*)\s+(?:employees|people|staff)/i.exec(query);
  if (atLeast) criteria.push(`Has ${atLeast[1]}+ employees`);
  const atMost = /(?:fewer than|less than|under)\s+(\d[\d,]*)\s+(?:employees|people|staff)/i.exec(query);
  if (atMost) criteria.push(`Has fewer than ${atMost[1]} employees`);

  const founded = /founded\s+(after|before|in)\s+(\d{4})/i.exec(query);
  if (founded) criteria.push(`Founded ${founded[1].toLowerCase()} ${founded[2]}`);
  if (/\bb2b\b/i.test(query)) criteria.push('Sells to businesses (B2B)');
  if (/\b(funded|series [a-d]|raised|venture)\b/i.test(query)) criteria.push('Has raised venture funding');
  if (/\bhiring\b/i.test(query)) criteria.push('Is currently hiring');
  if (/\bremote\b/i.test(query)) criteria.push('Offers remote work');

  if (criteria.length < MIN_CRITERIA) {
    const topic = query.trim().replace(/\s+/g, ' ').slice(0, 60);
    criteria.push(`Matches "${topic}"`);
  }
  if (criteria.length < MIN_CRITERIA) criteria.push('Is an active company');
  return criteria.slice(0, MAX_CRITERIA);
}
