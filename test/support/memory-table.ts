// A SheetTable in memory (row 1 holds the headers), for unit tests of code that writes sheets.
import type { CellValue, SheetTable } from '../../src/core/sheet-table';

/** One writeBlock call: the rectangle it wrote (1-based). */
export interface WrittenBlock {
  row: number;
  column: number;
  rows: number;
  columns: number;
  /** The key column's offset in the block, when the block holds it. */
  key?: number;
}

export function memoryTable(initial: CellValue[][] = []) {
  const grid: CellValue[][] = initial.map((row) => row.slice());
  /** Number formats by "row,column"; set some before a write to stand for the user's own. */
  const formats: Record<string, string> = {};
  const writes: WrittenBlock[] = [];
  const cell = (r: number, c: number): CellValue => grid[r - 1]?.[c - 1] ?? '';
  const set = (r: number, c: number, v: CellValue) => {
    while (grid.length < r) grid.push([]);
    const line = grid[r - 1];
    while (line.length < c - 1) line.push('');
    line[c - 1] = v;
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
    writeBlock: (startRow, startColumn, rows, numberFormats, keyOffset) => {
      if (rows.length === 0) return;
      writes.push({
        row: startRow,
        column: startColumn,
        rows: rows.length,
        columns: numberFormats.length,
        key: keyOffset,
      });
      rows.forEach((row, i) => {
        if (row.length !== numberFormats.length)
          throw new Error(`Row ${startRow + i} has ${row.length} values for ${numberFormats.length} columns.`);
        row.forEach((v, j) => {
          set(startRow + i, startColumn + j, v);
          formats[`${startRow + i},${startColumn + j}`] = numberFormats[j];
        });
      });
    },
  };
  /** The values of a column by header name, below the header. */
  const column = (name: string) => {
    const index = grid[0].indexOf(name);
    return grid.slice(1).map((row) => row[index] ?? '');
  };
  /** Whether any write covered a cell of this 1-based column. */
  const wroteColumn = (c: number) => writes.some((block) => c >= block.column && c < block.column + block.columns);
  return { table, grid, writes, formats, column, wroteColumn };
}
