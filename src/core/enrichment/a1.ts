// The A1 notation an enrichment request names its inputs with: one column, as the sidebar shows a selection
// ("A2:A501", "$B$2:$B$40", "C:C", "C2:C" to the last row, "D7"), optionally after a sheet name ("'My list'!A2:A9").
import { invalidInput, type ApiFailure } from '../api/errors';

export interface ColumnRange {
  /** 1-based. */
  column: number;
  /** 1-based. */
  firstRow: number;
  /** 1-based; null when the range runs to the end of the sheet ("A2:A", "A:A"). */
  lastRow: number | null;
}

export type A1Result = { ok: true; sheetName: string | null; rect: OpenRect } | ApiFailure;

/** A rectangle whose last row or column may be open (to the end of the sheet). */
export interface OpenRect {
  row: number;
  column: number;
  lastRow: number | null;
  lastColumn: number | null;
}

const CORNER = /^\$?([A-Za-z]{0,3})\$?(\d{0,7})$/;

function columnNumber(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}

/** The last column a sheet can have (ZZZ), as far as letters go; Sheets itself allows 18,278. */
const MAX_COLUMN = 18_278;

/** A column given by its letters ("D", "aa"); null when the text is not one. */
export function parseColumnLetters(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\s*[A-Za-z]{1,3}\s*$/.test(text)) return null;
  const column = columnNumber(text.trim());
  return column <= MAX_COLUMN ? column : null;
}

/** A 1-based column as its letters: 1 is A, 27 is AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A rectangle of rows and columns (1-based, inclusive) in A1 notation, such as "B20:J32". */
export function rectA1(rect: { row: number; column: number; lastRow: number; lastColumn: number }): string {
  return `${columnLetters(rect.column)}${rect.row}:${columnLetters(rect.lastColumn)}${rect.lastRow}`;
}

/** Splits "'My sheet'!A1:B2" into the sheet name (null when absent) and the cell part. */
function splitSheetName(a1: string): { sheetName: string | null; cells: string } {
  const bang = a1.lastIndexOf('!');
  if (bang < 0) return { sheetName: null, cells: a1 };
  const quoted = /^'(.*)'$/.exec(a1.slice(0, bang));
  return { sheetName: quoted ? quoted[1].replace(/''/g, "'") : a1.slice(0, bang), cells: a1.slice(bang + 1) };
}

/** Any A1 rectangle: "B2", "A1:C10", "A:C", "2:5", "A2:C". */
export function parseA1(text: string): A1Result {
  const notA1 = invalidInput(`"${text}" is not a range such as A2:A501.`);
  const { sheetName, cells } = splitSheetName(text.trim());
  const parts = cells.split(':');
  if (parts.length > 2) return notA1;
  const corners = parts.map((part) => CORNER.exec(part.trim()));
  if (corners.some((corner) => corner === null || (corner[1] === '' && corner[2] === ''))) return notA1;
  const [start, end] = [corners[0]!, corners[corners.length - 1]!];
  // A lone corner must be a whole cell: "A" or "3" alone is not a range.
  if (parts.length === 1 && (start[1] === '' || start[2] === '')) return notA1;
  const startRow = start[2] === '' ? 1 : Number(start[2]);
  const startColumn = start[1] === '' ? 1 : columnNumber(start[1]);
  const endRow = end[2] === '' ? null : Number(end[2]);
  const endColumn = end[1] === '' ? null : columnNumber(end[1]);
  if (startRow < 1 || (endRow !== null && endRow < 1)) return notA1;
  const rect: OpenRect = {
    row: endRow === null ? startRow : Math.min(startRow, endRow),
    column: endColumn === null ? startColumn : Math.min(startColumn, endColumn),
    lastRow: endRow === null ? null : Math.max(startRow, endRow),
    lastColumn: endColumn === null ? null : Math.max(startColumn, endColumn),
  };
  return { ok: true, sheetName, rect };
}

/** One column of inputs, or the sentence saying why the text does not name one. */
export function parseColumnRange(
  text: unknown,
): { ok: true; sheetName: string | null; range: ColumnRange } | ApiFailure {
  if (typeof text !== 'string' || text.trim() === '') {
    return invalidInput('Select the column of inputs to enrich, such as A2:A501.');
  }
  const parsed = parseA1(text);
  if (!parsed.ok) return parsed;
  const { rect } = parsed;
  const columns = rect.lastColumn === null ? null : rect.lastColumn - rect.column + 1;
  if (columns !== 1) {
    const span = columns === null ? 'whole rows' : `${columns} columns`;
    return invalidInput(`Select one column of inputs, such as A2:A501; ${text.trim()} spans ${span}.`);
  }
  return {
    ok: true,
    sheetName: parsed.sheetName,
    range: { column: rect.column, firstRow: rect.row, lastRow: rect.lastRow },
  };
}
