// Reading custom-function arguments as Sheets passes them: a value, or a 2-D array for a range; '' for an empty cell;
// numbers as numbers; TRUE/FALSE as booleans; dates as Date.
import { ENRICH_OPERATIONS } from '../contract';
import type { RecordType } from '../fields/catalog';
import { parseFieldList, type FieldPath } from '../fields/flatten';
import { isBlank } from '../text';
import { UserError } from '../user-error';

/** A range as its cells in reading order; a single value as one cell. */
export function cellsOf(input: unknown): { cells: unknown[]; isRange: boolean } {
  if (!Array.isArray(input)) return { cells: [input], isRange: false };
  return { cells: input.flatMap((row) => (Array.isArray(row) ? row : [row])), isRange: true };
}

/** How each custom function is called, and what its first argument is (for the message when it is left out). */
const USAGE = {
  SCRAPE_PROFILE: {
    needs: 'a profile URL, or a range of them',
    call: '=SCRAPE_PROFILE(profile_url, [fields], [include_headers])',
  },
  FIND_CONTACTS: {
    needs: 'a profile URL, an email or a phone number, or a range of them',
    call: '=FIND_CONTACTS(lookup, [fields], [include_headers])',
  },
  ENRICH_PROFILE: {
    needs: 'a profile URL, or a range of them',
    call: '=ENRICH_PROFILE(profile_url, [fields], [include_headers])',
  },
  SEARCH_COMPANIES: {
    needs: 'a query',
    call: '=SEARCH_COMPANIES(query, [limit], [acceptance_threshold], [fields], [include_headers])',
  },
  SEARCH_PEOPLE: { needs: 'a query', call: '=SEARCH_PEOPLE(query, [limit], [fields], [include_headers])' },
} as const;

export type FormulaName = keyof typeof USAGE;

/** The per-row lookups, with what one column of their input holds: the same as the run of the same operation. */
const LOOKUP_INPUTS = {
  SCRAPE_PROFILE: ENRICH_OPERATIONS.scrape.inputs,
  FIND_CONTACTS: ENRICH_OPERATIONS.contacts.inputs,
  ENRICH_PROFILE: ENRICH_OPERATIONS.profile.inputs,
} as const;

export type LookupFormula = keyof typeof LOOKUP_INPUTS;

/** Sheets passes undefined for an argument left out (`=SCRAPE_PROFILE()`), and '' for an empty cell. */
export function requireArg(value: unknown, formula: FormulaName): void {
  if (value === undefined) throw new UserError(`${formula} needs ${USAGE[formula].needs}: ${USAGE[formula].call}.`);
}

/**
 * The first argument of a per-row lookup as its cells, top to bottom. A range of several columns is refused: read row
 * by row, its cells would give more output rows than it has rows, and they would no longer line up.
 */
export function lookupCells(input: unknown, formula: LookupFormula): { cells: unknown[]; isRange: boolean } {
  requireArg(input, formula);
  const columns = Array.isArray(input)
    ? input.reduce((widest: number, row: unknown) => Math.max(widest, Array.isArray(row) ? row.length : 1), 0)
    : 1;
  if (columns > 1) {
    throw new UserError(
      `${formula} takes one column of ${LOOKUP_INPUTS[formula]} (such as A2:A100), so that each output row lines ` +
        `up with its input row; this range has ${columns} columns.`,
    );
  }
  return cellsOf(input);
}

/** The `fields` argument: names as text, or a range of cells holding names; blank means the defaults. */
export function fieldsArg<T extends RecordType>(value: unknown, recordType: T): FieldPath<T>[] | null {
  if (isBlank(value) || (Array.isArray(value) && cellsOf(value).cells.every(isBlank))) return null;
  const input = Array.isArray(value) ? (value as unknown[][]) : String(value);
  const parsed = parseFieldList(input, recordType);
  if (!parsed.ok) throw new UserError(parsed.error.message);
  return parsed.fields;
}

export function booleanArg(value: unknown, name: string, fallback: boolean): boolean {
  if (isBlank(value)) return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  const text = String(value).trim().toUpperCase();
  if (text === 'TRUE') return true;
  if (text === 'FALSE') return false;
  throw new UserError(`${name} must be TRUE or FALSE.`);
}

export function integerArg(value: unknown, name: string, min: number, max: number): number | undefined {
  if (isBlank(value)) return undefined;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new UserError(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return number;
}

/** What a query for each search looks like, for the message when it is empty. */
const EXAMPLE_QUERIES = { SEARCH_COMPANIES: 'fintech startups in Berlin', SEARCH_PEOPLE: 'data engineers in Lisbon' };

/** A search query: one non-blank text, with runs of white space folded (so it caches as the same query). */
export function queryArg(value: unknown, formula: 'SEARCH_COMPANIES' | 'SEARCH_PEOPLE'): string {
  requireArg(value, formula);
  const single = Array.isArray(value) ? cellsOf(value).cells.filter((cell) => !isBlank(cell)) : [value];
  if (single.length === 0 || isBlank(single[0])) {
    throw new UserError(
      `The search query is empty: say what to look for, as in =${formula}("${EXAMPLE_QUERIES[formula]}").`,
    );
  }
  if (single.length !== 1) throw new UserError('Give the search query as one text value.');
  if (single[0] instanceof Date || typeof single[0] === 'boolean') throw new UserError('The query must be text.');
  return String(single[0]).replace(/\s+/g, ' ').trim();
}
