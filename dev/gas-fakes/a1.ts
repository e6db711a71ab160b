// A1 notation: "B2", "A1:C10", "A:A", "2:2", "A2:C" (to the last row), "$A$1", "'My sheet'!A1".

export interface GridRect {
  row: number;
  column: number;
  numRows: number;
  numColumns: number;
}

export function columnLetters(column: number): string {
  let letters = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** "A" → 1, "AA" → 27. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const char of letters.toUpperCase()) n = n * 26 + (char.charCodeAt(0) - 64);
  return n;
}

/** Splits "'My sheet'!A1:B2" into the sheet name (null when absent) and the cell part. */
export function splitSheetName(a1: string): { sheetName: string | null; cells: string } {
  const bang = a1.lastIndexOf('!');
  if (bang < 0) return { sheetName: null, cells: a1 };
  const quoted = /^'(.*)'$/.exec(a1.slice(0, bang));
  return { sheetName: quoted ? quoted[1].replace(/''/g, "'") : a1.slice(0, bang), cells: a1.slice(bang + 1) };
}

interface Corner {
  row: number | null;
  column: number | null;
}

function parseCorner(text: string): Corner | null {
  const match = /^\$?([A-Za-z]*)\$?(\d*)$/.exec(text);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  return { column: match[1] ? columnNumber(match[1]) : null, row: match[2] ? Number(match[2]) : null };
}

/** The rectangle an A1 reference names in a grid of maxRows × maxColumns; null when it is not A1 notation. */
export function parseA1(cells: string, maxRows: number, maxColumns: number): GridRect | null {
  const parts = cells.trim().split(':');
  if (parts.length > 2) return null;
  const start = parseCorner(parts[0]);
  const end = parts.length === 2 ? parseCorner(parts[1]) : start;
  if (!start || !end) return null;
  // A lone corner must be a full cell; "A" or "3" alone is not a range.
  if (parts.length === 1 && (start.row === null || start.column === null)) return null;
  const row = start.row ?? 1;
  const column = start.column ?? 1;
  const lastRow = end.row ?? maxRows;
  const lastColumn = end.column ?? maxColumns;
  if (row < 1 || column < 1) return null;
  return {
    row: Math.min(row, lastRow),
    column: Math.min(column, lastColumn),
    numRows: Math.abs(lastRow - row) + 1,
    numColumns: Math.abs(lastColumn - column) + 1,
  };
}

/** Which ends of an A1 range are left open: "A:A" and "A2:C" run to the last row, "2:3" to the last column. */
export interface OpenEnds {
  toLastRow: boolean;
  toLastColumn: boolean;
}

export const CLOSED: OpenEnds = { toLastRow: false, toLastColumn: false };

/** The open ends of an A1 reference that parseA1 accepts. */
export function openEndsOf(cells: string): OpenEnds {
  const parts = cells.trim().split(':');
  const end = parts.length === 2 ? parseCorner(parts[1]) : null;
  return end ? { toLastRow: end.row === null, toLastColumn: end.column === null } : CLOSED;
}

/** A1 notation as Range.getA1Notation gives it: "B2", "A1:C3", and with open ends "B:B", "A2:C" or "2:3". */
export function formatA1(rect: GridRect, ends: OpenEnds = CLOSED): string {
  const lastRow = rect.row + rect.numRows - 1;
  const lastLetters = columnLetters(rect.column + rect.numColumns - 1);
  if (ends.toLastRow) return `${columnLetters(rect.column)}${rect.row === 1 ? '' : rect.row}:${lastLetters}`;
  if (ends.toLastColumn) return `${rect.column === 1 ? '' : columnLetters(rect.column)}${rect.row}:${lastRow}`;
  const start = `${columnLetters(rect.column)}${rect.row}`;
  if (rect.numRows === 1 && rect.numColumns === 1) return start;
  return `${start}:${lastLetters}${lastRow}`;
}
