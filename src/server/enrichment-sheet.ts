// An enrichment run's rows in the sheet: reading the column of inputs with its header row and the output and status
// columns (a few reads per chunk, never per cell), writing through the one text-safe writer, and the named range
// that follows the run's rows as rows are inserted above or inside them. runSheet is the run loop's view of it
// (RunSheet in src/core/enrichment/work.ts).
import { writeBlock } from '../adapters/sheet-table';
import { TEXT_FORMAT } from '../core/cells';
import { parseA1, type ColumnRange } from '../core/enrichment/a1';
import { outputColumns, type OutputColumns } from '../core/enrichment/columns';
import { missingSheetError, type ColumnCells } from '../core/enrichment/request';
import { adjacentRuns, type ChunkGrid, type WriteBlock } from '../core/enrichment/write-plan';
import type { RunSheet } from '../core/enrichment/work';

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
 * Reads the header row whole (the outputs are found by name anywhere in it), then the input rows over the input,
 * output and status columns alone: never the user's columns between them, however many and wide (see readColumns).
 */
export function readArea(rows: RunRows, fieldNames: readonly string[]): RunArea {
  const { sheet, headerRow, lastRow, inputColumn } = rows;
  const lastColumn = sheet.getLastColumn();
  const header = lastColumn === 0 ? [] : sheet.getRange(headerRow, 1, 1, lastColumn).getValues()[0];
  const columns = outputColumns(header, lastColumn, inputColumn, fieldNames);
  const span = { firstRow: headerRow + 1, height: lastRow - headerRow, lastColumn };
  const grid = readColumns(sheet, span, { input: inputColumn, outputs: [columns.status, ...columns.fields] });
  const at = (column: number) => grid.columns.indexOf(column);
  return {
    ...rows,
    columns,
    grid,
    inputs: grid.values.map((row) => row[at(inputColumn)]),
    statuses: grid.values.map((row) => row[at(columns.status)]),
  };
}

/**
 * The cells of the input and output columns in `height` rows from `firstRow`: one getValues and one getFormulas per
 * run of adjacent columns (a formula counts as content even when it shows ''); the input column alone needs no
 * formulas. Columns past the last one with content (outputs about to be added) are empty, and are not read.
 */
function readColumns(
  sheet: Sheet,
  rows: { firstRow: number; height: number; lastColumn: number },
  wanted: { input: number; outputs: readonly number[] },
): ChunkGrid {
  const columns = [...new Set([wanted.input, ...wanted.outputs])].sort((a, b) => a - b);
  const height = Math.max(0, rows.height);
  const values = Array.from({ length: height }, (): unknown[] => []);
  const formulas = Array.from({ length: height }, (): string[] => []);
  for (const run of adjacentRuns(columns)) {
    const width = Math.min(run.length, rows.lastColumn - run[0] + 1);
    const range = height > 0 && width > 0 ? sheet.getRange(rows.firstRow, run[0], height, width) : null;
    const runValues = range?.getValues() ?? [];
    const needsFormulas = run.some((column) => column !== wanted.input);
    const runFormulas = needsFormulas ? (range?.getFormulas() ?? []) : [];
    for (let r = 0; r < height; r++) {
      run.forEach((_, c) => {
        values[r].push(runValues[r]?.[c] ?? '');
        formulas[r].push(runFormulas[r]?.[c] ?? '');
      });
    }
  }
  return { firstRow: rows.firstRow, columns, values, formulas };
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

function writeBlocks(sheet: Sheet, blocks: readonly WriteBlock[]): void {
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

/** The run's rows where they are now; null when their range was deleted (with its rows or its sheet). */
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

/** The run's rows for the run loop: found by their named range, read as readArea reads them, written by writeBlock. */
export const runSheet: RunSheet<RunArea & { sheetName: string }> = {
  readRun: (rangeName, fieldNames) => {
    const rows = findRunRows(rangeName);
    return rows === null ? null : { ...readArea(rows, fieldNames), sheetName: rows.sheet.getName() };
  },
  writeMissingHeaders,
  writeBlocks: (area, blocks) => writeBlocks(area.sheet, blocks),
};
