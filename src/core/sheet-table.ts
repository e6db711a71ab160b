// A results sheet addressed by header name (as sheetquery does), so columns a user inserts, moves or adds do not
// break later writes, and rows are upserted by a key column instead of appended twice.
import type { CellValue } from './cells';

export type { CellValue };

/** The sheet operations the writes need; src/adapters/sheet-table.ts implements it over SpreadsheetApp. */
export interface SheetTable {
  /** Row 1, as text; '' for empty cells. */
  headers(): string[];
  /** Writes header names (as text) into row 1 starting at a 1-based column. */
  writeHeaders(startColumn: number, names: string[]): void;
  /** The values below the header in one 1-based column, down to its last non-blank cell. */
  columnValues(column: number): CellValue[];
  /** `count` rows from a 1-based row, `width` columns wide from column 1. */
  readRows(startRow: number, count: number, width: number): CellValue[][];
  /**
   * Writes a block from column 1: number formats first (one call), then the values (one setValues). A null format
   * leaves that column's formats as they are.
   */
  writeRows(startRow: number, rows: CellValue[][], numberFormats: Array<string | null>): void;
}

/** Rows to write: their columns by field name, and the number format of each column. */
export interface RowBlock {
  fields: string[];
  formats: string[];
  rows: CellValue[][];
}

export interface UpsertResult {
  inserted: number;
  updated: number;
  /** How many distinct keys the sheet holds after the write. */
  keys: number;
}

/**
 * Writes rows keyed by `keyField`: a key already in the sheet updates that row, a new key appends. Columns the sheet
 * lacks are added; columns of the user's own keep their values and formats.
 */
export function upsertRows(table: SheetTable, keyField: string, block: RowBlock): UpsertResult {
  const layout = prepareLayout(table, keyField, block);
  const keyIndex = block.fields.indexOf(keyField);
  // One row per key: a key repeated within the block keeps its first place and its last values.
  const byKey = new Map<string, CellValue[]>();
  for (const row of block.rows) byKey.set(String(row[keyIndex]), row);
  const updates = new Map<number, CellValue[]>();
  const appended: CellValue[][] = [];
  for (const [key, row] of byKey) {
    const existing = layout.rowOfKey.get(key);
    if (existing !== undefined) updates.set(existing, row);
    else appended.push(row);
  }
  for (const [start, rows] of contiguousRuns(updates)) {
    const current = table.readRows(start, rows.length, layout.width);
    table.writeRows(start, rows.map((row, i) => layout.place(row, current[i])), layout.formats);
  }
  appendBlock(table, layout, appended);
  return { inserted: appended.length, updated: updates.size, keys: layout.rowOfKey.size + appended.length };
}

/**
 * Appends the rows whose key is not in the sheet yet; rows may share a key (several entries of one profile).
 * Returns how many rows were appended.
 */
export function appendRowsOfNewKeys(table: SheetTable, keyField: string, block: RowBlock): number {
  const layout = prepareLayout(table, keyField, block);
  const keyIndex = block.fields.indexOf(keyField);
  const appended = block.rows.filter((row) => !layout.rowOfKey.has(String(row[keyIndex])));
  appendBlock(table, layout, appended);
  return appended.length;
}

interface Layout {
  width: number;
  formats: Array<string | null>;
  rowOfKey: Map<string, number>;
  /** The first row below the key column's last value. */
  nextRow: number;
  place(row: CellValue[], base: CellValue[]): CellValue[];
}

function prepareLayout(table: SheetTable, keyField: string, block: RowBlock): Layout {
  const headers = ensureHeaders(table, block.fields);
  const columnOf = new Map(headers.map((name, index) => [name, index] as [string, number]));
  const keyColumn = columnOf.get(keyField);
  if (keyColumn === undefined) throw new Error(`The key column "${keyField}" is missing.`);
  const keys = table.columnValues(keyColumn + 1);
  const rowOfKey = new Map<string, number>();
  keys.forEach((value, index) => {
    if (value !== '' && !rowOfKey.has(String(value))) rowOfKey.set(String(value), index + 2);
  });
  const formatOf = new Map(block.fields.map((field, i) => [field, block.formats[i]] as [string, string]));
  return {
    width: headers.length,
    formats: headers.map((name) => formatOf.get(name) ?? null),
    rowOfKey,
    nextRow: keys.length + 2,
    place(row, base) {
      const placed = base.slice();
      block.fields.forEach((field, i) => (placed[columnOf.get(field)!] = row[i]));
      return placed;
    },
  };
}

function appendBlock(table: SheetTable, layout: Layout, rows: CellValue[][]): void {
  if (rows.length === 0) return;
  const blank = (): CellValue[] => new Array<CellValue>(layout.width).fill('');
  table.writeRows(layout.nextRow, rows.map((row) => layout.place(row, blank())), layout.formats);
}

function ensureHeaders(table: SheetTable, fields: string[]): string[] {
  const headers = table.headers();
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  const missing = fields.filter((field, i) => !headers.includes(field) && fields.indexOf(field) === i);
  if (missing.length > 0) {
    table.writeHeaders(headers.length + 1, missing);
    headers.push(...missing);
  }
  return headers;
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

/**
 * Remembers the header row and the key columns it has read, and keeps them up to date with its own writes, so the
 * pages of one poll do not each read them again (every read is a round trip, and key columns grow with the sheet).
 * Meant for one execution holding the document lock.
 */
export function rememberingTable(table: SheetTable): SheetTable {
  let headers: string[] | null = null;
  const columns = new Map<number, CellValue[]>();
  return {
    headers: () => (headers ??= table.headers()).slice(),
    writeHeaders(startColumn, names) {
      table.writeHeaders(startColumn, names);
      headers = null;
    },
    columnValues(column) {
      let values = columns.get(column);
      if (values === undefined) columns.set(column, (values = table.columnValues(column)));
      return values.slice();
    },
    readRows: (startRow, count, width) => table.readRows(startRow, count, width),
    writeRows(startRow, rows, numberFormats) {
      table.writeRows(startRow, rows, numberFormats);
      for (const [column, values] of columns) {
        rows.forEach((row, i) => {
          const index = startRow - 2 + i;
          while (values.length < index) values.push('');
          values[index] = row[column - 1] ?? '';
        });
        while (values.length > 0 && values[values.length - 1] === '') values.pop();
      }
    },
  };
}
