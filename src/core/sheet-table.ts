// A results sheet addressed by header name (as sheetquery does), so columns a user inserts, moves or adds do not
// break later writes, and rows are upserted by a key column instead of appended twice.
import type { CellValue } from './cells';
import type { SheetTable } from './ports';

export type { CellValue, SheetTable };

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
 * lacks are added. Only the block's own columns are written, so the user's columns, wherever they are, keep their
 * values, formulas and formats.
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
  for (const [start, rows] of contiguousRuns(updates)) writeRows(table, layout, start, rows);
  writeRows(table, layout, layout.nextRow, appended);
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
  writeRows(table, layout, layout.nextRow, appended);
  return appended.length;
}

/** Adjacent sheet columns of the block's fields: written together as one rectangle. */
interface ColumnRun {
  /** 1-based. */
  startColumn: number;
  /** For each column of the run, the index of its field in the block. */
  fields: number[];
  formats: string[];
}

interface Layout {
  runs: ColumnRun[];
  /** 1-based sheet column of the key. */
  keyColumn: number;
  rowOfKey: Map<string, number>;
  /** The first row below the key column's last value. */
  nextRow: number;
}

function prepareLayout(table: SheetTable, keyField: string, block: RowBlock): Layout {
  const headers = ensureHeaders(table, block.fields);
  // By name, the first column of that name: the user's columns may sit anywhere, even under a name of ours.
  const columnOf = new Map<string, number>();
  headers.forEach((name, index) => {
    if (!columnOf.has(name)) columnOf.set(name, index + 1);
  });
  const keyColumn = columnOf.get(keyField);
  if (keyColumn === undefined) throw new Error(`The key column "${keyField}" is missing.`);
  const keys = table.columnValues(keyColumn);
  const rowOfKey = new Map<string, number>();
  keys.forEach((value, index) => {
    if (value !== '' && !rowOfKey.has(String(value))) rowOfKey.set(String(value), index + 2);
  });
  return { runs: columnRuns(block, columnOf), keyColumn, rowOfKey, nextRow: keys.length + 2 };
}

/** The block's columns in sheet order, grouped into runs of adjacent columns (one run unless a user split them). */
function columnRuns(block: RowBlock, columnOf: Map<string, number>): ColumnRun[] {
  // A field named twice in the block fills its column with its last values, as a key repeated keeps its last row.
  const fieldAt = new Map<number, number>();
  block.fields.forEach((field, index) => fieldAt.set(columnOf.get(field)!, index));
  const runs: ColumnRun[] = [];
  for (const column of [...fieldAt.keys()].sort((a, b) => a - b)) {
    const field = fieldAt.get(column)!;
    const last = runs[runs.length - 1];
    if (last && last.startColumn + last.fields.length === column) {
      last.fields.push(field);
      last.formats.push(block.formats[field]);
    } else {
      runs.push({ startColumn: column, fields: [field], formats: [block.formats[field]] });
    }
  }
  return runs;
}

/**
 * Writes consecutive rows from `startRow`: one rectangle per run of our columns, the key's run last and its key
 * column last within it, so rows cut short by the end of an execution are found (or not) by their key as a whole.
 */
function writeRows(table: SheetTable, layout: Layout, startRow: number, rows: CellValue[][]): void {
  if (rows.length === 0) return;
  const holdsKey = (run: ColumnRun) =>
    run.startColumn <= layout.keyColumn && layout.keyColumn < run.startColumn + run.fields.length;
  const ordered = [...layout.runs.filter((run) => !holdsKey(run)), ...layout.runs.filter(holdsKey)];
  for (const run of ordered) {
    table.writeBlock(
      startRow,
      run.startColumn,
      rows.map((row) => run.fields.map((field) => row[field])),
      run.formats,
      holdsKey(run) ? layout.keyColumn - run.startColumn : undefined,
    );
  }
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

/** Groups row updates into runs of consecutive rows, so each run is one write per run of columns. */
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
    writeBlock(startRow, startColumn, rows, numberFormats, keyOffset) {
      table.writeBlock(startRow, startColumn, rows, numberFormats, keyOffset);
      for (const [column, values] of columns) {
        const offset = column - startColumn;
        if (offset < 0 || offset >= numberFormats.length) continue;
        rows.forEach((row, i) => {
          const index = startRow - 2 + i;
          while (values.length < index) values.push('');
          values[index] = row[offset];
        });
        while (values.length > 0 && values[values.length - 1] === '') values.pop();
      }
    },
  };
}
