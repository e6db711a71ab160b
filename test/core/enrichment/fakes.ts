// The sheet side of enrichment runs in memory (the RunSheet port): sheets by name as rows of cells (row 1 first), named
// ranges over one column of rows, and every block written, with whether the lock was held when it was.
import { outputColumns } from '../../../src/core/enrichment/columns';
import { missingSheetError } from '../../../src/core/enrichment/request';
import type { WriteBlock } from '../../../src/core/enrichment/write-plan';
import type { RunRows, RunSheet } from '../../../src/core/ports';

export function memoryBook(lockHeld: () => boolean = () => false) {
  const sheets = new Map<string, unknown[][]>();
  const named = new Map<string, RunRows<string>>();
  const writes: { sheet: string; block: WriteBlock; underLock: boolean }[] = [];
  const state = { areaReads: 0 };
  const cellsOf = (name: string) => {
    const cells = sheets.get(name);
    if (cells === undefined) throw missingSheetError(name);
    return cells;
  };
  const cell = (cells: unknown[][], row: number, column: number) => cells[row - 1]?.[column - 1] ?? '';
  const set = (cells: unknown[][], row: number, column: number, value: unknown) => {
    while (cells.length < row) cells.push([]);
    const line = cells[row - 1];
    while (line.length < column) line.push('');
    line[column - 1] = value;
  };
  const port: RunSheet<string> = {
    sheetNamed: (name) => cellsOf(name) && name,
    sheetName: (sheet) => sheet,
    sameSheet: (a, b) => a === b,
    readColumn: (sheet, range) => {
      const cells = cellsOf(sheet);
      const lastRow = Math.min(range.lastRow ?? Infinity, cells.length);
      const column: unknown[] = [];
      for (let row = range.firstRow; row <= lastRow; row++) column.push(cell(cells, row, range.column));
      return { firstRow: range.firstRow, cells: column };
    },
    readArea: (rows, fieldNames) => {
      state.areaReads++;
      const cells = cellsOf(rows.sheet);
      const lastColumn = Math.max(0, ...cells.map((line) => line.length));
      const columns = outputColumns(cells[rows.headerRow - 1] ?? [], lastColumn, rows.inputColumn, fieldNames);
      const gridColumns = [...new Set([rows.inputColumn, columns.status, ...columns.fields])].sort((a, b) => a - b);
      const values: unknown[][] = [];
      for (let row = rows.headerRow + 1; row <= rows.lastRow; row++) {
        values.push(gridColumns.map((column) => cell(cells, row, column)));
      }
      const grid = {
        firstRow: rows.headerRow + 1,
        columns: gridColumns,
        values,
        formulas: values.map((line) => line.map(() => '')),
      };
      const at = (column: number) => gridColumns.indexOf(column);
      const inputs = values.map((line) => line[at(rows.inputColumn)]);
      return { ...rows, columns, grid, inputs, statuses: values.map((line) => line[at(columns.status)]) };
    },
    findRows: (rangeName) => {
      const rows = named.get(rangeName);
      return rows === undefined || !sheets.has(rows.sheet) ? null : { ...rows };
    },
    nameRows: (rangeName, rows) => void named.set(rangeName, { ...rows }),
    removeRows: (rangeName) => void named.delete(rangeName),
    writeBlocks: (sheet, blocks) => {
      for (const block of blocks) {
        writes.push({ sheet, block, underLock: lockHeld() });
        block.values.forEach((line, r) =>
          line.forEach((value, c) => set(cellsOf(sheet), block.row + r, block.column + c, value)),
        );
      }
    },
  };
  /** Adds a sheet holding these rows; answers them, live. */
  const addSheet = (name: string, rows: unknown[][]) => {
    sheets.set(name, rows);
    return rows;
  };
  /** Each row below the header row: its first cell, then its cells under the given headers. */
  const rowsBy = (sheet: string, ...headers: string[]) => {
    const [header, ...rows] = cellsOf(sheet);
    return rows.map((row) => [row[0], ...headers.map((name) => row[header.indexOf(name)] ?? '')]);
  };
  return { port, sheets, named, writes, state, addSheet, rowsBy };
}
