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
 * Rich-text values a block may build beyond the cells that need one, as a share of those. The writer builds one
 * value per distinct text of a block, so a rectangle may take in blank cells and texts it builds anyway at no cost;
 * each rectangle is a setRichTextValues round trip, so neighbouring ones are joined while the values they add stay
 * within this.
 */
export const RICH_TEXT_SLACK = 0.4;

/**
 * Plans a block write that no parsing can change: texts Sheets could parse are left out of setValues (so not even
 * a moment as a live formula) and written as rich-text values instead. Rich text goes only where it is needed,
 * in rectangles of strings: the runs of such text down each column, joined (down a column, then across columns)
 * cheapest first while the values they add (texts neither blank nor needing rich text anyway; the writer builds
 * one value per distinct text) keep the block's values within RICH_TEXT_SLACK of the cells that need one, so a
 * column of dates is one rectangle and scattered cells cost few calls.
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

/** A rectangle of a block, its rows and columns inclusive. */
interface Rect {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const area = (rect: Rect) => (rect.bottom - rect.top + 1) * (rect.right - rect.left + 1);

/** Disjoint rectangles of strings covering every flagged cell, within the slack. */
function textPatches(rows: Block, needs: boolean[][]): TextPatch[] {
  const flaggedTexts = new Set<string>();
  let flagged = 0;
  needs.forEach((line, r) =>
    line.forEach((need, c) => {
      if (!need) return;
      flagged++;
      flaggedTexts.add(rows[r][c] as string);
    }),
  );
  if (flagged === 0) return [];
  const counts = new CellCounts(rows, (value) => value !== '' && !flaggedTexts.has(value));
  // What the texts that need rich text leave of the slack, one value kept back for blank cells taken in.
  const budget = { left: flagged + Math.floor(flagged * RICH_TEXT_SLACK) - flaggedTexts.size - 1 };
  const rects = joinAcross(joinDown(needs, counts, budget), counts, budget);
  return rects
    .sort((a, b) => a.left - b.left || a.top - b.top)
    .map(({ top, bottom, left, right }) => ({
      rowOffset: top,
      columnOffset: left,
      texts: rows.slice(top, bottom + 1).map((row) => row.slice(left, right + 1) as string[]),
    }));
}

/**
 * Each column's runs of flagged cells, then the gaps between runs of one column joined, cheapest first, while the
 * gap holds only strings and the budget pays for the values it adds.
 */
function joinDown(needs: boolean[][], counts: CellCounts, budget: { left: number }): Rect[] {
  const runs: Rect[][] = [];
  const width = needs[0].length;
  for (let c = 0; c < width; c++) {
    const column: Rect[] = [];
    needs.forEach((line, r) => {
      if (!line[c]) return;
      const last = column[column.length - 1];
      if (last !== undefined && last.bottom === r - 1) last.bottom = r;
      else column.push({ top: r, bottom: r, left: c, right: c });
    });
    runs.push(column);
  }
  const gaps = runs
    .flatMap((column) =>
      column.slice(1).map((below, i) => {
        const gap = { ...below, top: column[i].bottom + 1, bottom: below.top - 1 };
        return { above: column[i], strings: counts.allStrings(gap), cost: counts.cost(gap) };
      }),
    )
    .filter((gap) => gap.strings)
    .sort((a, b) => a.cost - b.cost);
  const joined = new Set<Rect>();
  for (const { above, cost } of gaps) {
    if (cost > budget.left) break;
    budget.left -= cost;
    joined.add(above);
  }
  // Walk each column upwards so a run absorbs the one below it, chains included.
  return runs.flatMap((column) => {
    const kept: Rect[] = [];
    for (let i = column.length - 1; i >= 0; i--) {
      const rect = column[i];
      if (joined.has(rect) && kept.length > 0) rect.bottom = kept.pop()!.bottom;
      kept.push(rect);
    }
    return kept.reverse();
  });
}

/** Beyond this many rectangles the search across columns would cost more time than the calls it saves. */
const MAX_RECTS_TO_JOIN = 48;

/**
 * Joins two rectangles into the one spanning both, cheapest first, while the budget pays for the values it adds,
 * it holds only strings and it overlaps no other rectangle but whole ones (which it absorbs).
 */
function joinAcross(start: Rect[], counts: CellCounts, budget: { left: number }): Rect[] {
  let rects = start;
  while (rects.length > 1 && rects.length <= MAX_RECTS_TO_JOIN) {
    let best: { box: Rect; cost: number; inside: Rect[] } | null = null;
    for (const a of rects) {
      for (const b of rects) {
        if (b.left <= a.right) continue;
        const box = spanning(a, b);
        const inside = rects.filter((rect) => within(rect, box));
        const cost = counts.cost(box) - inside.reduce((sum, rect) => sum + counts.cost(rect), 0);
        if (cost > budget.left || (best !== null && cost >= best.cost)) continue;
        if (!counts.allStrings(box) || rects.some((rect) => overlaps(rect, box) && !within(rect, box))) continue;
        best = { box, cost, inside };
      }
    }
    if (best === null) break;
    budget.left -= best.cost;
    const absorbed = new Set(best.inside);
    rects = [...rects.filter((rect) => !absorbed.has(rect)), best.box];
  }
  return rects;
}

const spanning = (a: Rect, b: Rect): Rect => ({
  top: Math.min(a.top, b.top),
  bottom: Math.max(a.bottom, b.bottom),
  left: Math.min(a.left, b.left),
  right: Math.max(a.right, b.right),
});

const within = (rect: Rect, box: Rect) =>
  rect.top >= box.top && rect.bottom <= box.bottom && rect.left >= box.left && rect.right <= box.right;

const overlaps = (a: Rect, b: Rect) => a.top <= b.bottom && b.top <= a.bottom && a.left <= b.right && b.left <= a.right;

/**
 * In constant time per rectangle of the block (tables of running counts): whether it holds only strings, and how
 * many of its cells hold a text that costs a value of its own.
 */
class CellCounts {
  private readonly strings: number[][];
  private readonly costly: number[][];

  constructor(rows: Block, costs: (text: string) => boolean) {
    this.strings = runningCounts(rows, (value) => typeof value === 'string');
    this.costly = runningCounts(rows, (value) => typeof value === 'string' && costs(value));
  }

  allStrings(rect: Rect): boolean {
    return rect.top > rect.bottom || sumOf(this.strings, rect) === area(rect);
  }

  cost(rect: Rect): number {
    return rect.top > rect.bottom ? 0 : sumOf(this.costly, rect);
  }
}

/** counts[r][c]: cells passing `test` in rows < r and columns < c. */
function runningCounts(rows: Block, test: (value: CellValue) => boolean): number[][] {
  const width = rows[0].length;
  const counts = [new Array<number>(width + 1).fill(0)];
  rows.forEach((row, r) => {
    const line = [0];
    for (let c = 0; c < width; c++) line.push(line[c] + counts[r][c + 1] - counts[r][c] + (test(row[c]) ? 1 : 0));
    counts.push(line);
  });
  return counts;
}

function sumOf(counts: number[][], rect: Rect): number {
  return (
    counts[rect.bottom + 1][rect.right + 1] -
    counts[rect.top][rect.right + 1] -
    counts[rect.bottom + 1][rect.left] +
    counts[rect.top][rect.left]
  );
}
