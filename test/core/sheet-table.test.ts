import { upsertRows, type CellValue, type SheetTable } from '../../src/core/sheet-table';

/** A grid in memory; row 1 is the header row. */
function memoryTable(initial: CellValue[][] = []) {
  const grid: CellValue[][] = initial.map((row) => row.slice());
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
    writeRows: (start, rows) => {
      calls.writeRows++;
      rows.forEach((row, i) => row.forEach((v, j) => set(start + i, j + 1, v)));
    },
  };
  return { table, grid, calls };
}

const text = () => '@';

describe('upsertRows', () => {
  it('writes headers and appends new rows in one write', () => {
    const { table, grid, calls } = memoryTable();
    const result = upsertRows(table, 'id', ['id', 'full_name'], [['a', 'Ann'], ['b', 'Bo']], text);
    expect(result).toEqual({ inserted: 2, updated: 0, insertedKeys: ['a', 'b'] });
    expect(grid).toEqual([['id', 'full_name'], ['a', 'Ann'], ['b', 'Bo']]);
    expect(calls.writeRows).toBe(1);
  });

  it('updates rows whose key exists instead of adding them again', () => {
    const { table, grid } = memoryTable([['id', 'full_name'], ['a', 'Ann'], ['b', 'Bo']]);
    const result = upsertRows(table, 'id', ['id', 'full_name'], [['b', 'Bob'], ['c', 'Cy'], ['c', 'Cy']], text);
    expect(result.inserted).toBe(1);
    expect(grid).toEqual([['id', 'full_name'], ['a', 'Ann'], ['b', 'Bob'], ['c', 'Cy']]);
  });

  it('follows headers a user moved and keeps the user\'s own columns', () => {
    const { table, grid } = memoryTable([
      ['notes', 'full_name', 'id'],
      ['call back', 'Ann', 'a'],
    ]);
    upsertRows(table, 'id', ['id', 'full_name', 'headline'], [['a', 'Ann B', 'CTO'], ['z', 'Zed', 'CEO']], text);
    expect(grid).toEqual([
      ['notes', 'full_name', 'id', 'headline'],
      ['call back', 'Ann B', 'a', 'CTO'],
      ['', 'Zed', 'z', 'CEO'],
    ]);
  });
});
