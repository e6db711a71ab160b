// API values → cell values. Never throws, whatever the data: a value of the wrong type is shown as text.
import { capCellText, type CellValue } from '../cells';
import { isRecord } from '../json';
import type { KindName } from './catalog';

/**
 * One cell. Missing or null → blank; numbers and booleans stay themselves where the kind is number or boolean;
 * anything else becomes text (see compactText), capped to what a cell holds.
 */
export function cellValue(value: unknown, kind: KindName): CellValue {
  if (value === null || value === undefined) return '';
  if ((kind === 'number' || kind === 'boolean') && (typeof value === 'number' || typeof value === 'boolean')) {
    return value;
  }
  return capCellText(compactText(value));
}

/**
 * Readable text of any value: a list of strings or numbers → "a, b, c"; an object → "key: value; key: value"
 * (empty values left out); a list of objects → one object a line; deeper levels in braces and brackets:
 * "company_stock_ticker: [{exchange: NASDAQ; ticker: ACME}]".
 */
export function compactText(value: unknown): string {
  if (Array.isArray(value)) {
    const parts = value.map(compactText).filter((part) => part !== '');
    return parts.join(value.some((item) => typeof item === 'object' && item !== null) ? '\n' : ', ');
  }
  return isRecord(value) ? entriesText(value) : scalarText(value);
}

function nestedText(value: unknown): string {
  if (Array.isArray(value)) {
    const parts = value.map(nestedText).filter((part) => part !== '');
    return parts.length > 0 ? `[${parts.join(', ')}]` : '';
  }
  if (isRecord(value)) {
    const entries = entriesText(value);
    return entries === '' ? '' : `{${entries}}`;
  }
  return scalarText(value);
}

function entriesText(object: Record<string, unknown>): string {
  return Object.keys(object)
    .map((key) => [key, nestedText(object[key])])
    .filter(([, part]) => part !== '')
    .map(([key, part]) => `${key}: ${part}`)
    .join('; ');
}

function scalarText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}
