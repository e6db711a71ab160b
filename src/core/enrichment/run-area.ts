// An enrichment run's rows in the sheet (RunSheet): the column a request names, read with one call, and a run's area:
// the header row whole (the outputs are found by name anywhere in it), then the input rows over the input, output and
// status columns alone, never the user's columns between them, however many and wide. A few reads per chunk, never
// per cell.
import type { EnrichOperation } from '../contract';
import type { RunRows, RunSheet } from '../ports';
import { columnLetters, type ColumnRange } from './a1';
import { lastColumnWithContent, outputColumns, outputNames, type OutputColumns } from './columns';
import { type ColumnCells } from './request';
import { UserError } from '../user-error';
import { adjacentRuns, type ChunkGrid, type WriteBlock } from './write-plan';

/** A run's rows as the sheet holds them now, with where each output goes. */
export interface RunArea<S = unknown> extends RunRows<S> {
  columns: OutputColumns;
  /** The input rows (no header) over every column the run reads or writes. */
  grid: ChunkGrid;
  /** One per input row. */
  inputs: readonly unknown[];
  statuses: readonly unknown[];
  /** The checked cells, one per input row. */
  checked: readonly unknown[];
}

/** What a run writes: its operation, its field headers, and where missing columns start (null: beside its rows). */
export interface RunOutputs {
  operation: EnrichOperation;
  fields: readonly string[];
  outputColumn?: number | null;
}

/** The cells of a column range from its first row down to the sheet's last row with content. */
export function readColumnCells<S>(sheets: RunSheet<S>, sheet: S, range: ColumnRange): ColumnCells {
  const lastRow = Math.min(range.lastRow ?? Infinity, sheets.lastRow(sheet));
  if (lastRow < range.firstRow) return { firstRow: range.firstRow, cells: [] };
  const rect = { row: range.firstRow, column: range.column, rows: lastRow - range.firstRow + 1, columns: 1 };
  return { firstRow: range.firstRow, cells: sheets.read(sheet, rect, false).values.map((row) => row[0]) };
}

export function readArea<S>(sheets: RunSheet<S>, rows: RunRows<S>, outputs: RunOutputs): RunArea<S> {
  const { sheet, headerRow, lastRow, inputColumn } = rows;
  const lastColumn = sheets.lastColumn(sheet);
  const headerRect = { row: headerRow, column: 1, rows: 1, columns: lastColumn };
  const header = lastColumn === 0 ? [] : sheets.read(sheet, headerRect, false).values[0];
  const placeAt = (count: number) => placeNewColumns(sheets, rows, lastColumn, count, outputs.outputColumn ?? null);
  const columns = outputColumns(header, inputColumn, outputNames(outputs.operation, outputs.fields), placeAt);
  const span = { firstRow: headerRow + 1, height: lastRow - headerRow, lastColumn };
  const outputColumnsRead = [columns.status, columns.checked, ...columns.fields];
  const grid = readColumns(sheets, sheet, span, { input: inputColumn, outputs: outputColumnsRead });
  const at = (column: number) => grid.columns.indexOf(column);
  return {
    ...rows,
    columns,
    grid,
    inputs: grid.values.map((row) => row[at(inputColumn)]),
    statuses: grid.values.map((row) => row[at(columns.status)]),
    checked: grid.values.map((row) => row[at(columns.checked)]),
  };
}

/**
 * The first of `count` new columns: at `outputColumn` when given, refused when one of them holds anything in the
 * run's rows; else just after the last column holding anything in the run's rows (header row to last input row).
 */
function placeNewColumns<S>(
  sheets: RunSheet<S>,
  rows: RunRows<S>,
  lastColumn: number,
  count: number,
  outputColumn: number | null,
): number {
  const height = rows.lastRow - rows.headerRow + 1;
  const readUsed = (column: number, columns: number) => {
    if (columns <= 0) return 0;
    const read = sheets.read(rows.sheet, { row: rows.headerRow, column, rows: height, columns }, true);
    return lastColumnWithContent(read.values, read.formulas);
  };
  if (outputColumn === null) return Math.max(readUsed(1, lastColumn), rows.inputColumn) + 1;
  const taken = readUsed(outputColumn, Math.min(count, lastColumn - outputColumn + 1));
  if (taken > 0) {
    const last = columnLetters(outputColumn + count - 1);
    const span =
      count > 1
        ? `columns ${columnLetters(outputColumn)}:${last}, which already hold`
        : `column ${last}, which already holds`;
    const room = count > 1 ? `a column with ${count} empty columns from it` : 'an empty column';
    throw new UserError(`The results need ${span} cells in these rows; choose ${room}.`);
  }
  return outputColumn;
}

/**
 * The cells of the input and output columns in `height` rows from `firstRow`: one read of values and one of formulas
 * per run of adjacent columns (a formula counts as content even when it shows ''); the input column alone needs no
 * formulas. Columns past the last one with content (outputs about to be added) are empty, and are not read.
 */
function readColumns<S>(
  sheets: RunSheet<S>,
  sheet: S,
  rows: { firstRow: number; height: number; lastColumn: number },
  wanted: { input: number; outputs: readonly number[] },
): ChunkGrid {
  const columns = [...new Set([wanted.input, ...wanted.outputs])].sort((a, b) => a - b);
  const height = Math.max(0, rows.height);
  const values = Array.from({ length: height }, (): unknown[] => []);
  const formulas = Array.from({ length: height }, (): string[] => []);
  for (const run of adjacentRuns(columns)) {
    const width = Math.min(run.length, rows.lastColumn - run[0] + 1);
    const needsFormulas = run.some((column) => column !== wanted.input);
    const rect = { row: rows.firstRow, column: run[0], rows: height, columns: width };
    const read = height > 0 && width > 0 ? sheets.read(sheet, rect, needsFormulas) : { values: [], formulas: [] };
    for (let r = 0; r < height; r++) {
      run.forEach((_, c) => {
        values[r].push(read.values[r]?.[c] ?? '');
        formulas[r].push(read.formulas[r]?.[c] ?? '');
      });
    }
  }
  return { firstRow: rows.firstRow, columns, values, formulas };
}

/** Writes the blocks in order, each through the text-safe writer. */
export function writeBlocks<S>(sheets: RunSheet<S>, sheet: S, blocks: readonly WriteBlock[]): void {
  for (const block of blocks) sheets.writeBlock(sheet, block.row, block.column, block.values, block.formats);
}
