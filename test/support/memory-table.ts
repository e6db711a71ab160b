// A SheetTable in memory (row 1 holds the headers), for unit tests of code that writes sheets.
import type { CellValue, SheetTable } from '../../src/core/sheet-table';

export function memoryTable(initial: CellValue[][] = []) {
  const grid: CellValue[][] = initial.map((row) => row.slice());
  const formats: Record<string, string> = {};
  const calls = { writeRows: 0, readRows: 0 };
  const cell = (r: number, c: number): CellValue => grid[r - 1]?.[c - 1] ?? '';
  const set = (r: number, c: number, v: CellValue) => {
    while (grid.length < r) grid.push([]);
    grid[r - 1][c - 1] = v;
  };
  const width = () => Math.max(0, ...grid.map((row) => row.length));
  const table: SheetTable = {
    headers: () => Array.from({ length: width() }, (_, i) => String(cell(1, i + 1))),
    writeHeaders: (start, names) => names.forEach((name, i) => set(1, start + i, name)),
    columnValues: (column) => {
      let last = grid.length;
      while (last > 1 && cell(last, column) === '') last--;
      return Array.from({ length: last - 1 }, (_, i) => cell(i + 2, column));
    },
    readRows: (start, count, w) => {
      calls.readRows++;
      return Array.from({ length: count }, (_, i) => Array.from({ length: w }, (_, j) => cell(start + i, j + 1)));
    },
    writeRows: (start, rows, numberFormats) => {
      calls.writeRows++;
      rows.forEach((row, i) =>
        row.forEach((v, j) => {
          set(start + i, j + 1, v);
          if (numberFormats[j] !== null) formats[`${start + i},${j + 1}`] = numberFormats[j]!;
        }),
      );
    },
  };
  /** The values of a column by header name, below the header. */
  const column = (name: string) => {
    const index = grid[0].indexOf(name);
    return grid.slice(1).map((row) => row[index] ?? '');
  };
  return { table, grid, calls, formats, column };
}
