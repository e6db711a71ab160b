// What may go into a cell. Range.setValues parses a string as if typed (`=…` a formula, `+1415…` a number, `1-10` a
// date, `00501` the number 501, `TRUE` a boolean) unless its cell is formatted as plain text, so a write is planned
// column by column: text-like columns get the text format, and only numbers and booleans go anywhere else.
// Whether the plain-text format really stops setValues from parsing is not documented (docs/platform.md), so text
// Sheets could parse is also written as rich-text values, which Sheets takes literally: planLiteralText.
// Custom functions return values directly (not parsed); they share capCellText only.
import type { KindName } from './fields/catalog';

export type CellValue = string | number | boolean;

/** Sheets refuses a cell of more characters. */
export const CELL_TEXT_LIMIT = 50_000;

export const TEXT_FORMAT = '@';
/** Sheets' "Automatic": numbers and booleans show as they are (set explicitly so a column once text is reset). */
export const AUTOMATIC_FORMAT = 'General';

/** The text whole when it fits a cell, else its start and a visible marker, at most CELL_TEXT_LIMIT characters. */
export function capCellText(text: string): string {
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

/** Characters that make typed text a formula (= + - @), an error value (#) or hidden text (a leading apostrophe). */
const PARSED_LEAD = /^[=+\-@#']/;
const BOOLEAN_WORD = /^(?:true|false)$/i;
/** English month and day names and am/pm markers, which Sheets reads in dates and times. */
const DATE_WORDS =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|[ap]\.?m\.?)(?![a-z])/gi;
/** Longest word that may still be a month name or currency code in some spreadsheet locale. */
const LONGEST_LOCALE_WORD = 10;

/**
 * Whether Sheets could read this text as something other than the text itself when it is typed or written with
 * setValues: a formula, number, date, time, percentage, currency, boolean or error. Deliberately broad (any locale):
 * text led by = + - @ # or an apostrophe, TRUE/FALSE, and any text holding a digit and at most one word of two
 * letters or more ("00501", "1-10", "3/4", "12:30", "50%", "$5", "5 mai", "Mar 5, 2024"). A false alarm costs
 * nothing but a rich-text write.
 */
export function sheetsMayParse(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return false;
  if (PARSED_LEAD.test(text) || PARSED_LEAD.test(trimmed) || BOOLEAN_WORD.test(trimmed)) return true;
  if (!/\d/.test(trimmed)) return false;
  // Single letters do not count: exponents (1e3) and ISO times (2024-01-05T10:00Z) hold them.
  const words = (trimmed.replace(DATE_WORDS, ' ').match(/\p{L}+/gu) ?? []).filter((word) => word.length > 1);
  return words.length === 0 || (words.length === 1 && words[0].length <= LONGEST_LOCALE_WORD);
}

/** Texts to write as rich-text values over one rectangle of a block (offsets are 0-based within the block). */
export interface TextPatch {
  rowOffset: number;
  columnOffset: number;
  texts: string[][];
}

/** Values to write with setValues: columns of the block, from `columnOffset`, in every row. */
export interface ValuePatch {
  columnOffset: number;
  values: CellValue[][];
}

/** One block write: the setValues calls, then the setRichTextValues calls, each list in order. */
export interface LiteralPlan {
  /** The block's values with every text Sheets could parse left blank (none where rich text covers all). */
  values: ValuePatch[];
  /** Every text Sheets could parse lies in one of these; they hold only strings. */
  patches: TextPatch[];
}

type Block = readonly (readonly CellValue[])[];

/**
 * Plans a block write that no parsing can change: texts Sheets could parse are left out of setValues (so not even
 * a moment as a live formula) and written as rich-text values instead, in as few rectangles as the block allows.
 * When every column holding such text is a text column (as planWrite makes them), that is one rectangle per run
 * of adjacent text columns, whatever the number of rows; a column mixing numbers with such text costs more.
 *
 * `keyOffset`, the block's key column (text), is written by the LAST call and by no other: an execution cut
 * between two calls then leaves new rows without their key (the next attempt writes them again in the same
 * place) and updated rows with theirs (the next attempt updates them again), never a row written twice.
 */
export function planLiteralText(rows: Block, keyOffset?: number): LiteralPlan {
  const width = rows[0]?.length ?? 0;
  const key = keyOffset !== undefined && rows.every((row) => typeof row[keyOffset] === 'string') ? keyOffset : -1;
  const needs = rows.map((row) =>
    row.map((value, c) => typeof value === 'string' && (c === key || sheetsMayParse(value))),
  );
  const patches = textPatches(rows, needs);
  const keyPatch = patches.findIndex((p) => p.columnOffset <= key && key < p.columnOffset + p.texts[0].length);
  if (keyPatch >= 0) patches.push(...patches.splice(keyPatch, 1));
  const covered = rows.map((row) => row.map(() => false));
  for (const patch of patches) {
    patch.texts.forEach((line, r) =>
      line.forEach((_, c) => (covered[patch.rowOffset + r][patch.columnOffset + c] = true)),
    );
  }
  const sides: Array<[number, number]> =
    key < 0
      ? [[0, width - 1]]
      : [
          [0, key - 1],
          [key + 1, width - 1],
        ];
  const values = sides
    .filter(([first, last]) => first <= last && !rows.every((_, r) => covered[r].slice(first, last + 1).every(Boolean)))
    .map(([first, last]) => ({
      columnOffset: first,
      values: rows.map((row, r) => row.slice(first, last + 1).map((value, c) => (needs[r][first + c] ? '' : value))),
    }));
  return { values, patches };
}

/** Rectangles of strings covering every flagged cell: runs of text columns, then stretches in mixed columns. */
function textPatches(rows: Block, needs: boolean[][]): TextPatch[] {
  const needRows = needs.flatMap((line, r) => (line.includes(true) ? [r] : []));
  if (needRows.length === 0) return [];
  const span = { first: needRows[0], last: needRows[needRows.length - 1] };
  const isTextColumn = (c: number) => rows.slice(span.first, span.last + 1).every((row) => typeof row[c] === 'string');
  const hasNeed = (c: number) => needs.some((line) => line[c]);
  const cut = (first: number, last: number, [start, end]: [number, number]): TextPatch => ({
    rowOffset: first,
    columnOffset: start,
    texts: rows.slice(first, last + 1).map((row) => row.slice(start, end + 1) as string[]),
  });
  const width = rows[0].length;
  const patches = runsOf(width, isTextColumn, hasNeed).map((columns) => cut(span.first, span.last, columns));
  for (let c = 0; c < width; c++) {
    if (isTextColumn(c) || !hasNeed(c)) continue;
    for (const [first, last] of stringStretches(rows, needs, c)) patches.push(cut(first, last, [c, c]));
  }
  return patches;
}

/** Runs [first, last] of adjacent columns passing `keep`, trimmed to start and end at a column passing `wanted`. */
function runsOf(width: number, keep: (c: number) => boolean, wanted: (c: number) => boolean): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let start = -1;
  for (let c = 0; c <= width; c++) {
    if (c < width && keep(c)) {
      if (start < 0) start = c;
      continue;
    }
    if (start >= 0) {
      let [first, last] = [start, c - 1];
      while (first <= last && !wanted(first)) first++;
      while (last >= first && !wanted(last)) last--;
      if (first <= last) runs.push([first, last]);
    }
    start = -1;
  }
  return runs;
}

/** In a column mixing strings and other values: stretches of consecutive strings, trimmed to the flagged rows. */
function stringStretches(rows: Block, needs: boolean[][], column: number): Array<[number, number]> {
  const isString = (r: number) => typeof rows[r][column] === 'string';
  const flagged = (r: number) => needs[r][column];
  return runsOf(rows.length, isString, flagged);
}
