// The sheets of enrichment runs in memory (the RunSheet port): sheets by name as rows of cells (row 1 first), named
// ranges over one column of rows, every rectangle read, and every block written with whether the lock was held.
import { missingSheetError } from '../../../src/core/enrichment/request';
import type { WriteBlock } from '../../../src/core/enrichment/write-plan';
import type { GridRect, RunRows, RunSheet } from '../../../src/core/ports';

export function memoryBook(lockHeld: () => boolean = () => false) {
  const sheets = new Map<string, unknown[][]>();
  const named = new Map<string, RunRows<string>>();
  const writes: { sheet: string; block: WriteBlock; underLock: boolean }[] = [];
  /** Notes and backgrounds by "sheet!row,column" (they do not move with rows here). */
  const marks = { notes: new Map<string, string>(), backgrounds: new Map<string, string>(), calls: 0 };
  const markKey = (sheet: string, row: number, column: number) => `${sheet}!${row},${column}`;
  const grid = <T>(rect: GridRect, at: (row: number, column: number) => T) =>
    Array.from({ length: rect.rows }, (_, r) =>
      Array.from({ length: rect.columns }, (_, c) => at(rect.row + r, rect.column + c)),
    );
  /** Every rectangle read. */
  const state = {
    reads: [] as (GridRect & { sheet: string })[],
    active: null as { sheet: string; row: number; column: number } | null,
  };
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
    lastRow: (sheet) => cellsOf(sheet).length,
    lastColumn: (sheet) => Math.max(0, ...cellsOf(sheet).map((line) => line.length)),
    read: (sheet, rect, withFormulas) => {
      state.reads.push({ sheet, ...rect });
      const cells = cellsOf(sheet);
      const values = Array.from({ length: rect.rows }, (_, r) =>
        Array.from({ length: rect.columns }, (_, c) => cell(cells, rect.row + r, rect.column + c)),
      );
      return { values, formulas: withFormulas ? values.map((line) => line.map(() => '')) : [] };
    },
    findRows: (rangeName) => {
      const rows = named.get(rangeName);
      return rows === undefined || !sheets.has(rows.sheet) ? null : { ...rows };
    },
    nameRows: (rangeName, rows) => void named.set(rangeName, { ...rows }),
    removeRows: (rangeName) => void named.delete(rangeName),
    writeBlock: (sheet, row, column, values, formats) => {
      writes.push({ sheet, block: { row, column, values, formats }, underLock: lockHeld() });
      values.forEach((line, r) => line.forEach((value, c) => set(cellsOf(sheet), row + r, column + c, value)));
    },
    readMarks: (sheet, rect) => {
      marks.calls += 2;
      return {
        notes: grid(rect, (row, column) => marks.notes.get(markKey(sheet, row, column)) ?? ''),
        backgrounds: grid(rect, (row, column) => marks.backgrounds.get(markKey(sheet, row, column)) ?? '#ffffff'),
      };
    },
    writeMarks: (sheet, rect, written) => {
      marks.calls += 2;
      grid(rect, (row, column) => {
        marks.notes.set(markKey(sheet, row, column), written.notes[row - rect.row][column - rect.column]);
        marks.backgrounds.set(markKey(sheet, row, column), written.backgrounds[row - rect.row][column - rect.column]);
      });
    },
    findSheet: (name) => (sheets.has(name) ? name : null),
    activate: (sheet, row, column) => void (state.active = { sheet, row, column }),
    sheetAdded: (name) => {
      const added = !sheets.has(name);
      if (added) sheets.set(name, []);
      return { sheet: name, added };
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
  return { port, sheets, named, writes, state, marks, addSheet, rowsBy };
}
