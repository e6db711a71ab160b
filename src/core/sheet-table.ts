// A results sheet addressed by header name (as sheetquery does), so columns a user inserts, moves or adds do not
// break later writes, and rows are upserted by a key column instead of appended twice.
import type { CellValue } from './cells';

export type { CellValue };

/** The sheet operations the upsert needs; src/adapters/sheet-table.ts implements it over SpreadsheetApp. */
export interface SheetTable {
  /** Row 1, as text; '' for empty cells. */
  headers(): string[];
  /** Writes header names into row 1 starting at a 1-based column. */
  writeHeaders(startColumn: number, names: string[]): void;
  /** The values below the header in one 1-based column. */
  columnValues(column: number): CellValue[];
  /** `count` rows from a 1-based row, `width` columns wide from column 1. */
  readRows(startRow: number, count: number, width: number): CellValue[][];
  /** Writes a block from column 1 with one number-format call and one setValues call. */
  writeRows(startRow: number, rows: CellValue[][], numberFormats: string[]): void;
}

export interface UpsertResult {
  inserted: number;
  updated: number;
  /** Keys of the rows this call inserted, in order. */
  insertedKeys: string[];
}

/**
 * Writes rows (whose columns are `fields`) keyed by `keyField`: a key already in the sheet updates that row, a new key
 * appends. Columns the sheet lacks are added; columns of the user's own keep their values.
 */
export function upsertRows(
  table: SheetTable,
  keyField: string,
  fields: string[],
  rows: CellValue[][],
  formatOf: (field: string) => string,
): UpsertResult {
  const headers = ensureHeaders(table, fields);
  const width = headers.length;
  const columnOf = new Map(headers.map((name, index) => [name, index] as [string, number]));
  const keyColumn = columnOf.get(keyField);
  if (keyColumn === undefined) throw new Error(`The key column "${keyField}" is missing.`);

  const keys = table.columnValues(keyColumn + 1);
  const rowOfKey = new Map<string, number>();
  keys.forEach((value, index) => {
    if (value !== '') rowOfKey.set(String(value), index + 2);
  });
  // Appends go below the last row of the key column, blank lines a user left included.
  const lastRow = keys.length + 1;

  const updates = new Map<number, CellValue[]>();
  const appended: CellValue[][] = [];
  const insertedKeys: string[] = [];
  const keyIndex = fields.indexOf(keyField);
  for (const row of rows) {
    const key = String(row[keyIndex]);
    const existing = rowOfKey.get(key);
    if (existing !== undefined) {
      updates.set(existing, row);
    } else {
      rowOfKey.set(key, lastRow + appended.length + 1);
      appended.push(row);
      insertedKeys.push(key);
    }
  }

  const formats = headers.map((name) => (fields.includes(name) ? formatOf(name) : '@'));
  for (const [start, block] of contiguousRuns(updates)) {
    const current = table.readRows(start, block.length, width);
    table.writeRows(start, block.map((row, i) => placeRow(row, fields, columnOf, current[i])), formats);
  }
  if (appended.length > 0) {
    const blank = (): CellValue[] => new Array<CellValue>(width).fill('');
    table.writeRows(lastRow + 1, appended.map((row) => placeRow(row, fields, columnOf, blank())), formats);
  }
  return { inserted: appended.length, updated: updates.size, insertedKeys };
}

function ensureHeaders(table: SheetTable, fields: string[]): string[] {
  const headers = table.headers();
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  const missing = fields.filter((field) => !headers.includes(field));
  if (missing.length > 0) {
    table.writeHeaders(headers.length + 1, missing);
    headers.push(...missing);
  }
  return headers;
}

/** Puts a row's values under their headers, keeping whatever `base` holds in other columns. */
function placeRow(row: CellValue[], fields: string[], columnOf: Map<string, number>, base: CellValue[]): CellValue[] {
  const placed = base.slice();
  fields.forEach((field, i) => (placed[columnOf.get(field)!] = row[i]));
  return placed;
}

/** Groups row updates into runs of consecutive rows, so each run is one read and one write. */
function contiguousRuns(updates: Map<number, CellValue[]>): Array<[number, CellValue[][]]> {
  const runs: Array<[number, CellValue[][]]> = [];
  for (const row of [...updates.keys()].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1].length === row) last[1].push(updates.get(row)!);
    else runs.push([row, [updates.get(row)!]]);
  }
  return runs;
}
