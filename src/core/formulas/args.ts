// Reading custom-function arguments as Sheets passes them: a value, or a 2-D array for a range; '' for an empty cell;
// numbers as numbers; TRUE/FALSE as booleans; dates as Date.
import type { RecordType } from '../fields/catalog';
import { parseFieldList, type FieldPath } from '../fields/flatten';

/** The thrown message becomes the cell's #ERROR! note: one sentence, no secret. */
export class FormulaError extends Error {}

export function isBlank(value: unknown): boolean {
  return value === '' || value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A range as its cells in reading order; a single value as one cell. */
export function cellsOf(input: unknown): { cells: unknown[]; isRange: boolean } {
  if (!Array.isArray(input)) return { cells: [input], isRange: false };
  return { cells: input.flatMap((row) => (Array.isArray(row) ? row : [row])), isRange: true };
}

/** The `fields` argument: names as text, or a range of cells holding names; blank means the defaults. */
export function fieldsArg<T extends RecordType>(value: unknown, recordType: T): FieldPath<T>[] | null {
  if (isBlank(value) || (Array.isArray(value) && cellsOf(value).cells.every(isBlank))) return null;
  const input = Array.isArray(value) ? (value as unknown[][]) : String(value);
  const parsed = parseFieldList(input, recordType);
  if (!parsed.ok) throw new FormulaError(parsed.message);
  return parsed.fields;
}

export function booleanArg(value: unknown, name: string, fallback: boolean): boolean {
  if (isBlank(value)) return fallback;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  const text = String(value).trim().toUpperCase();
  if (text === 'TRUE') return true;
  if (text === 'FALSE') return false;
  throw new FormulaError(`${name} must be TRUE or FALSE.`);
}

export function integerArg(value: unknown, name: string, min: number, max: number): number | undefined {
  if (isBlank(value)) return undefined;
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new FormulaError(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return number;
}

/** A search query: one non-blank text, with runs of white space folded (so it caches as the same query). */
export function queryArg(value: unknown): string {
  const single = Array.isArray(value) ? cellsOf(value).cells.filter((cell) => !isBlank(cell)) : [value];
  if (single.length !== 1 || isBlank(single[0])) throw new FormulaError('Give the search query as one text value.');
  if (single[0] instanceof Date || typeof single[0] === 'boolean') throw new FormulaError('The query must be text.');
  return String(single[0]).replace(/\s+/g, ' ').trim();
}
