import { appendRowsOfNewKeys, upsertRows, type CellValue, type SheetTable } from '../../src/core/sheet-table';

/** A grid in memory; row 1 is the header row. */
function memoryTable(initial: CellValue[][] = []) {
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
  return { table, grid, calls, formats };
}

const block = (fields: string[], rows: CellValue[][], formats = fields.map(() => '@')) => ({ fields, formats, rows });

describe('upsertRows', () => {
  it('writes headers and appends new rows in one write', () => {
    const { table, grid, calls } = memoryTable();
    expect(upsertRows(table, 'id', block(['id', 'full_name'], [['a', 'Ann'], ['b', 'Bo']]))).toEqual({ inserted: 2, updated: 0 });
    expect(grid).toEqual([['id', 'full_name'], ['a', 'Ann'], ['b', 'Bo']]);
    expect(calls.writeRows).toBe(1);
  });

  it('updates rows whose key exists, and writes a key repeated in one block once', () => {
    const { table, grid } = memoryTable([['id', 'full_name'], ['a', 'Ann'], ['b', 'Bo']]);
    const result = upsertRows(table, 'id', block(['id', 'full_name'], [['b', 'Bob'], ['c', 'Cy'], ['c', 'Cyd']]));
    expect(result).toEqual({ inserted: 1, updated: 1 });
    expect(grid).toEqual([['id', 'full_name'], ['a', 'Ann'], ['b', 'Bob'], ['c', 'Cyd']]);
  });

  it("follows headers a user moved and keeps the user's own columns and their formats", () => {
    const { table, grid, formats } = memoryTable([
      ['notes', 'full_name', 'id'],
      ['call back', 'Ann', 'a'],
    ]);
    upsertRows(table, 'id', block(['id', 'full_name', 'followers'], [['a', 'Ann B', 12], ['z', 'Zed', 3]], ['@', '@', 'General']));
    expect(grid).toEqual([
      ['notes', 'full_name', 'id', 'followers'],
      ['call back', 'Ann B', 'a', 12],
      ['', 'Zed', 'z', 3],
    ]);
    expect(formats['2,1']).toBeUndefined();
    expect(formats['3,4']).toBe('General');
    expect(formats['3,2']).toBe('@');
  });
});

describe('appendRowsOfNewKeys', () => {
  it('appends every row of a new key and none of a key already present', () => {
    const { table, grid } = memoryTable([['profile_id', 'company'], ['a', 'Acme']]);
    const rows = [['a', 'Acme again'], ['b', 'Beta'], ['b', 'Gamma']];
    expect(appendRowsOfNewKeys(table, 'profile_id', block(['profile_id', 'company'], rows))).toBe(2);
    expect(grid).toEqual([['profile_id', 'company'], ['a', 'Acme'], ['b', 'Beta'], ['b', 'Gamma']]);
    expect(appendRowsOfNewKeys(table, 'profile_id', block(['profile_id', 'company'], rows))).toBe(0);
  });
});
