// What may go into a cell. Range.setValues parses a string as if typed (`=…` a formula, `+1415…` a number, `1-10` a
// date, `00501` the number 501, `TRUE` a boolean) unless its cell is formatted as plain text, so a write is planned
// column by column: text-like columns get the text format, and only numbers and booleans go anywhere else.
// Custom functions return values directly (not parsed); they share capText only.
import type { KindName } from './fields/catalog';

export type CellValue = string | number | boolean;

/** Sheets refuses a cell of more characters. */
export const CELL_TEXT_LIMIT = 50_000;

export const TEXT_FORMAT = '@';
/** Sheets' "Automatic": numbers and booleans show as they are (set explicitly so a column once text is reset). */
export const AUTOMATIC_FORMAT = 'General';

/** The text whole when it fits a cell, else its start and a visible marker, at most CELL_TEXT_LIMIT characters. */
export function capText(text: string): string {
  if (text.length <= CELL_TEXT_LIMIT) return text;
  let kept = CELL_TEXT_LIMIT;
  for (;;) {
    // Never cut between the two halves of a surrogate pair.
    if (isHighSurrogate(text.charCodeAt(kept - 1))) kept--;
    const marker = `… [truncated ${groupDigits(text.length - kept)} characters]`;
    if (kept + marker.length <= CELL_TEXT_LIMIT) return text.slice(0, kept) + marker;
    kept = CELL_TEXT_LIMIT - marker.length;
  }
}

/** The number format a column of this kind is written with. */
export function columnFormat(kind: KindName): string {
  return kind === 'number' || kind === 'boolean' ? AUTOMATIC_FORMAT : TEXT_FORMAT;
}

export interface WritePlan {
  /** One number format per column, to set on the block before setValues. */
  formats: string[];
  rows: CellValue[][];
}

/**
 * Plans one setValues of data rows (the header row is written separately, as text). A column whose kind is number
 * or boolean but which holds a non-blank string (data that does not match the catalog) is written as text
 * altogether, so the string is never parsed; numbers and booleans in a text column are written as their text.
 */
export function planWrite(columns: readonly { kind: KindName }[], rows: readonly (readonly CellValue[])[]): WritePlan {
  const formats = columns.map((column, index) =>
    rows.some((row) => isNonBlankString(row[index])) ? TEXT_FORMAT : columnFormat(column.kind),
  );
  const planned = rows.map((row) =>
    row.map((value, index) => (formats[index] === TEXT_FORMAT && typeof value !== 'string' ? textOf(value) : value)),
  );
  return { formats, rows: planned };
}

function isNonBlankString(value: CellValue | undefined): value is string {
  return typeof value === 'string' && value !== '';
}

/** As Sheets shows the value. */
function textOf(value: number | boolean): string {
  return typeof value === 'boolean' ? String(value).toUpperCase() : String(value);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** 12345 → "12,345" (no locale: Apps Script's may differ). */
function groupDigits(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
