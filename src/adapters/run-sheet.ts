// The sheet side of enrichment runs over SpreadsheetApp (RunSheet in src/core/ports.ts): reading the column of inputs
// with its header row and the output and status columns (a few reads per chunk, never per cell), writing through the
// one text-safe writer, and the named range that follows a run's rows as rows are inserted above or inside them.
import { parseA1 } from '../core/enrichment/a1';
import { outputColumns } from '../core/enrichment/columns';
import { missingSheetError } from '../core/enrichment/request';
import { adjacentRuns, type ChunkGrid } from '../core/enrichment/write-plan';
import type { RunArea, RunRows, RunSheet } from '../core/ports';
import { writeBlock } from './sheet-table';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

const spreadsheet = () => SpreadsheetApp.getActiveSpreadsheet();

export const runSheet: RunSheet<Sheet> = {
  sheetNamed(name) {
    const sheet = spreadsheet().getSheetByName(name);
    if (sheet === null) throw missingSheetError(name);
    return sheet;
  },
  sheetName: (sheet) => sheet.getName(),
  sameSheet: (a, b) => a.getSheetId() === b.getSheetId(),
  readColumn(sheet, range) {
    const lastRow = Math.min(range.lastRow ?? Infinity, sheet.getLastRow());
    if (lastRow < range.firstRow) return { firstRow: range.firstRow, cells: [] };
    const values = sheet.getRange(range.firstRow, range.column, lastRow - range.firstRow + 1, 1).getValues();
    return { firstRow: range.firstRow, cells: values.map((row) => row[0]) };
  },
  readArea,
  findRows(rangeName) {
    const range = spreadsheet().getRangeByName(rangeName);
    if (range === null) return null;
    const parsed = parseA1(range.getA1Notation());
    if (!parsed.ok) return null;
    const { row, column, lastRow } = parsed.rect;
    return { sheet: range.getSheet(), headerRow: row, lastRow: lastRow ?? row, inputColumn: column };
  },
  nameRows(rangeName, rows) {
    const height = rows.lastRow - rows.headerRow + 1;
    spreadsheet().setNamedRange(rangeName, rows.sheet.getRange(rows.headerRow, rows.inputColumn, height, 1));
  },
  removeRows(rangeName) {
    if (spreadsheet().getRangeByName(rangeName) !== null) spreadsheet().removeNamedRange(rangeName);
  },
  writeBlocks(sheet, blocks) {
    for (const block of blocks) writeBlock(sheet, block.row, block.column, block.values, block.formats);
  },
};

/**
 * Reads the header row whole (the outputs are found by name anywhere in it), then the input rows over the input,
 * output and status columns alone: never the user's columns between them, however many and wide (see readColumns).
 */
function readArea(rows: RunRows<Sheet>, fieldNames: readonly string[]): RunArea<Sheet> {
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
