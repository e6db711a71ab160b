// An enrichment run's rows in the sheet: reading the column of inputs with its header row and the output and status
// columns (a few reads per chunk, never per cell), writing through the one text-safe writer, and the named range
// that follows the run's rows as rows are inserted above or inside them.
import { writeBlock } from '../adapters/sheet-table';
import { TEXT_FORMAT } from '../core/cells';
import { parseA1, type ColumnRange } from '../core/enrichment/a1';
import { outputColumns, type OutputColumns } from '../core/enrichment/columns';
import { missingSheetError, type ColumnCells } from '../core/enrichment/request';
import type { ChunkGrid, WriteBlock } from '../core/enrichment/write-plan';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

const spreadsheet = () => SpreadsheetApp.getActiveSpreadsheet();

export function sheetNamedOrRefused(name: string): Sheet {
  const sheet = spreadsheet().getSheetByName(name);
  if (sheet === null) throw missingSheetError(name);
  return sheet;
}

/** The cells of a column range from its first row down to the sheet's last row with content (one read). */
export function readColumnCells(sheet: Sheet, range: ColumnRange): ColumnCells {
  const lastRow = Math.min(range.lastRow ?? Infinity, sheet.getLastRow());
  if (lastRow < range.firstRow) return { firstRow: range.firstRow, cells: [] };
  const values = sheet.getRange(range.firstRow, range.column, lastRow - range.firstRow + 1, 1).getValues();
  return { firstRow: range.firstRow, cells: values.map((row) => row[0]) };
}

/** The rows of a run: the header row, then the inputs below it down to lastRow, in one column. */
export interface RunRows {
  sheet: Sheet;
  headerRow: number;
  lastRow: number;
  inputColumn: number;
}

/** The run's rows as the sheet holds them now, with where each output goes. */
export interface RunArea extends RunRows {
  columns: OutputColumns;
  /** The input rows (no header) over every column the run reads or writes. */
  grid: ChunkGrid;
  /** One per input row. */
  inputs: unknown[];
  statuses: unknown[];
}

/**
 * Reads the header row whole (the outputs are found by name anywhere in it), then the input rows over the span of
 * the input, output and status columns: values and formulas (a formula counts as content even when it shows '').
 */
export function readArea(rows: RunRows, fieldNames: readonly string[]): RunArea {
  const { sheet, headerRow, lastRow, inputColumn } = rows;
  const lastColumn = sheet.getLastColumn();
  const header = lastColumn === 0 ? [] : sheet.getRange(headerRow, 1, 1, lastColumn).getValues()[0];
  const columns = outputColumns(header, lastColumn, inputColumn, fieldNames);
  const used = [inputColumn, columns.status, ...columns.fields];
  const firstColumn = Math.min(...used);
  const width = Math.max(...used) - firstColumn + 1;
  const height = lastRow - headerRow;
  const range = height > 0 ? sheet.getRange(headerRow + 1, firstColumn, height, width) : null;
  const values = range === null ? [] : range.getValues();
  const formulas = range === null ? [] : range.getFormulas();
  return {
    ...rows,
    columns,
    grid: { firstRow: headerRow + 1, firstColumn, values, formulas },
    inputs: values.map((row) => row[inputColumn - firstColumn]),
    statuses: values.map((row) => row[columns.status - firstColumn]),
  };
}

/** Writes the headers of output columns the header row lacks; the area's columns are where they land. */
export function writeMissingHeaders(area: RunArea): void {
  const added = area.columns.added;
  if (added === null) return;
  const names = added.names;
  writeBlock(
    area.sheet,
    area.headerRow,
    added.column,
    [names],
    names.map(() => TEXT_FORMAT),
  );
}

export function writeBlocks(sheet: Sheet, blocks: readonly WriteBlock[]): void {
  for (const block of blocks) writeBlock(sheet, block.row, block.column, block.values, block.formats);
}

/** Writes status cells of the area as text, from the first to the last one that changes (one write, or none). */
export function writeStatuses(area: RunArea, statuses: readonly unknown[]): void {
  const changed = statuses.flatMap((status, i) => (status === area.statuses[i] ? [] : [i]));
  if (changed.length === 0) return;
  const [first, last] = [changed[0], changed[changed.length - 1]];
  const values = statuses.slice(first, last + 1).map((status) => [status === null ? '' : String(status)]);
  writeBlock(area.sheet, area.headerRow + 1 + first, area.columns.status, values, [TEXT_FORMAT]);
}

/** Names the run's rows (header included), so they can be found again wherever inserted rows move them. */
export function nameRunRows(rangeName: string, rows: RunRows): void {
  const height = rows.lastRow - rows.headerRow + 1;
  spreadsheet().setNamedRange(rangeName, rows.sheet.getRange(rows.headerRow, rows.inputColumn, height, 1));
}

export const ROWS_GONE = "The run's rows were deleted (or their sheet was), so it cannot go on.";

/** The run's rows where they are now; null when their range was deleted (with its rows or its sheet): ROWS_GONE. */
export function findRunRows(rangeName: string): RunRows | null {
  const range = spreadsheet().getRangeByName(rangeName);
  if (range === null) return null;
  const parsed = parseA1(range.getA1Notation());
  if (!parsed.ok) return null;
  const { row, column, lastRow } = parsed.rect;
  return { sheet: range.getSheet(), headerRow: row, lastRow: lastRow ?? row, inputColumn: column };
}

export function removeRunRows(rangeName: string): void {
  if (spreadsheet().getRangeByName(rangeName) !== null) spreadsheet().removeNamedRange(rangeName);
}
