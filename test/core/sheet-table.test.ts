import { appendRowsOfNewKeys, rememberingTable, upsertRows, type CellValue } from '../../src/core/sheet-table';
import { memoryTable } from '../support/memory-table';

const block = (fields: string[], rows: CellValue[][], formats = fields.map(() => '@')) => ({ fields, formats, rows });

describe('upsertRows', () => {
  it('writes headers and appends new rows in one write', () => {
    const { table, grid, calls } = memoryTable();
    expect(upsertRows(table, 'id', block(['id', 'full_name'], [['a', 'Ann'], ['b', 'Bo']]))).toEqual({ inserted: 2, updated: 0, keys: 2 });
    expect(grid).toEqual([['id', 'full_name'], ['a', 'Ann'], ['b', 'Bo']]);
    expect(calls.writeRows).toBe(1);
  });

  it('updates rows whose key exists, and writes a key repeated in one block once', () => {
    const { table, grid } = memoryTable([['id', 'full_name'], ['a', 'Ann'], ['b', 'Bo']]);
    const result = upsertRows(table, 'id', block(['id', 'full_name'], [['b', 'Bob'], ['c', 'Cy'], ['c', 'Cyd']]));
    expect(result).toEqual({ inserted: 1, updated: 1, keys: 3 });
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

describe('rememberingTable', () => {
  it('reads headers and key columns once across pages, and writes what an unremembered table would', () => {
    const plain = memoryTable([['id', 'name'], ['a', 'Ann']]);
    const remembered = memoryTable([['id', 'name'], ['a', 'Ann']]);
    const counted = { headers: 0, columnValues: 0 };
    const table = rememberingTable({
      ...remembered.table,
      headers: () => (counted.headers++, remembered.table.headers()),
      columnValues: (column) => (counted.columnValues++, remembered.table.columnValues(column)),
    });
    const pages = [
      [['b', 'Bo'], ['a', 'Ann B']],
      [['c', 'Cy'], ['b', 'Bob']],
      [['d', 'Di']],
    ];
    for (const page of pages) {
      const expected = upsertRows(plain.table, 'id', block(['id', 'name', 'extra'], page.map((row) => [...row, 'x'])));
      expect(upsertRows(table, 'id', block(['id', 'name', 'extra'], page.map((row) => [...row, 'x'])))).toEqual(expected);
    }
    expect(remembered.grid).toEqual(plain.grid);
    expect(counted).toEqual({ headers: 2, columnValues: 1 });
  });
});
