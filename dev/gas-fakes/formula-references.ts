// How Sheets rewrites references when rows or columns are inserted or deleted, and when a sort moves a formula:
// a reference follows the cells it names (a range grows when lines are inserted inside it, shrinks when some of its
// lines are deleted, and becomes #REF! when all of them are); a sorted formula's relative rows move with it.
import { columnLetters, columnNumber, type GridRect } from './a1';

export type Axis = 'row' | 'column';

/** Lines inserted (count > 0) or deleted (count < 0) in one sheet, from line `at` (1-based) on. */
export interface GridChange {
  axis: Axis;
  at: number;
  count: number;
}

/** Where a span of lines [first, last] ends up after the change; null when every line of it was deleted. */
export function adjustSpan(first: number, last: number, change: GridChange): [number, number] | null {
  const { at, count } = change;
  if (count > 0) return [first >= at ? first + count : first, last >= at ? last + count : last];
  const deletedLast = at - count - 1;
  const newFirst = first < at ? first : first > deletedLast ? first + count : at;
  const newLast = last < at ? last : last > deletedLast ? last + count : at - 1;
  return newLast < newFirst ? null : [newFirst, newLast];
}

/** The rectangle after the change (null when it was deleted whole), as a named range follows its cells. */
export function adjustRect(rect: GridRect, change: GridChange): GridRect | null {
  const rows = change.axis === 'row';
  const first = rows ? rect.row : rect.column;
  const size = rows ? rect.numRows : rect.numColumns;
  const span = adjustSpan(first, first + size - 1, change);
  if (!span) return null;
  const [start, end] = span;
  return rows
    ? { ...rect, row: start, numRows: end - start + 1 }
    : { ...rect, column: start, numColumns: end - start + 1 };
}

interface Corner {
  columnFixed: boolean;
  column: number | null;
  rowFixed: boolean;
  row: number | null;
}

interface Reference {
  /** The sheet the reference names, null for the formula's own sheet. */
  sheet: string | null;
  prefix: string;
  start: Corner;
  end: Corner | null;
}

const SHEET_PREFIX = String.raw`(?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!`;
const CORNER = String.raw`\$?[A-Za-z]{1,3}\$?\d+|\$?[A-Za-z]{1,3}|\$?\d+`;
const REFERENCE = new RegExp(`(${SHEET_PREFIX})?(${CORNER})(?::(${CORNER}))?`, 'y');
const CORNER_PARTS = /^(\$?)([A-Za-z]*)(\$?)(\d*)$/;
/** Characters that, next to a match, show it is part of a name or a function call rather than a reference. */
const NAME_BEFORE = /[A-Za-z0-9_.$:!'"]/;
const NAME_AFTER = /[A-Za-z0-9_.$:!('"]/;

/**
 * Rewrites every reference of `formula` (held by a cell of sheet `ownSheet`) with `rewrite`, leaving string
 * literals, function names and named ranges alone. `rewrite` returns the new reference text.
 */
function rewriteReferences(formula: string, ownSheet: string, rewrite: (ref: Reference) => string): string {
  let out = '';
  let i = 0;
  while (i < formula.length) {
    const char = formula[i];
    if (char === '"') {
      const close = closingQuote(formula, i);
      out += formula.slice(i, close);
      i = close;
      continue;
    }
    REFERENCE.lastIndex = i;
    const match = NAME_BEFORE.test(formula[i - 1] ?? '') ? null : REFERENCE.exec(formula);
    const reference = match && !NAME_AFTER.test(formula[i + match[0].length] ?? '') ? parseReference(match) : null;
    if (!match || !reference) {
      out += char;
      i++;
      continue;
    }
    out += rewrite({ ...reference, sheet: reference.sheet ?? ownSheet });
    i += match[0].length;
  }
  return out;
}

function closingQuote(formula: string, open: number): number {
  let i = open + 1;
  while (i < formula.length) {
    if (formula[i] === '"' && formula[i + 1] === '"') i += 2;
    else if (formula[i] === '"') return i + 1;
    else i++;
  }
  return formula.length;
}

function parseReference(match: RegExpExecArray): Reference | null {
  const [, prefix = '', startText, endText] = match;
  const start = parseReferenceCorner(startText);
  const end = endText === undefined ? null : parseReferenceCorner(endText);
  // A lone corner is a reference only as a whole cell ("A1"); "A" or "12" alone are names or numbers.
  if (!start || (endText !== undefined && !end)) return null;
  if (!end && (start.row === null || start.column === null)) return null;
  const quoted = /^'(.*)'!$/.exec(prefix);
  const sheet = prefix === '' ? null : quoted ? quoted[1].replace(/''/g, "'") : prefix.slice(0, -1);
  return { sheet, prefix, start, end };
}

function parseReferenceCorner(text: string): Corner | null {
  const parts = CORNER_PARTS.exec(text);
  if (!parts) return null;
  const [, columnFixed, letters, rowFixed, digits] = parts;
  return {
    columnFixed: columnFixed === '$',
    column: letters ? columnNumber(letters) : null,
    rowFixed: rowFixed === '$',
    row: digits ? Number(digits) : null,
  };
}

function cornerText(corner: Corner): string {
  const column = corner.column === null ? '' : `${corner.columnFixed ? '$' : ''}${columnLetters(corner.column)}`;
  const row = corner.row === null ? '' : `${corner.rowFixed ? '$' : ''}${corner.row}`;
  return column + row;
}

function referenceText(ref: Reference): string {
  return ref.prefix + cornerText(ref.start) + (ref.end ? `:${cornerText(ref.end)}` : '');
}

const REF_ERROR = '#REF!';

function lineOf(corner: Corner, axis: Axis): number | null {
  return axis === 'row' ? corner.row : corner.column;
}

function withLine(corner: Corner, axis: Axis, line: number): Corner {
  return axis === 'row' ? { ...corner, row: line } : { ...corner, column: line };
}

/** The reference after the change, or #REF! when the cells it named are gone. */
function adjustReference(ref: Reference, change: GridChange): string {
  const end = ref.end ?? ref.start;
  const first = lineOf(ref.start, change.axis);
  // A whole column ("A:A") has no rows to move; an open end ("A2:A") runs to the end of the sheet.
  if (first === null) return referenceText(ref);
  const last = lineOf(end, change.axis) ?? Number.POSITIVE_INFINITY;
  const span = adjustSpan(first, last, change);
  if (!span) return REF_ERROR;
  const start = withLine(ref.start, change.axis, span[0]);
  const moved = ref.end && lineOf(ref.end, change.axis) !== null ? withLine(ref.end, change.axis, span[1]) : ref.end;
  return referenceText({ ...ref, start, end: moved });
}

/**
 * A formula of sheet `ownSheet` after lines of sheet `changedSheet` were inserted or deleted: only references to
 * that sheet change.
 */
export function adjustFormula(formula: string, ownSheet: string, changedSheet: string, change: GridChange): string {
  const target = changedSheet.toLowerCase();
  return rewriteReferences(formula, ownSheet, (ref) =>
    ref.sheet!.toLowerCase() === target ? adjustReference(ref, change) : referenceText(ref),
  );
}

/** A formula a sort moved `rowDelta` rows: its relative row references move with it, as a copied formula's do. */
export function moveFormula(formula: string, rowDelta: number): string {
  if (rowDelta === 0) return formula;
  const shift = (corner: Corner): Corner | null => {
    if (corner.row === null || corner.rowFixed) return corner;
    const row = corner.row + rowDelta;
    return row < 1 ? null : { ...corner, row };
  };
  return rewriteReferences(formula, '', (ref) => {
    const start = shift(ref.start);
    const end = ref.end && shift(ref.end);
    if (!start || (ref.end && !end)) return REF_ERROR;
    return referenceText({ ...ref, start, end });
  });
}
