import { appendRowsOfNewKeys, rememberingTable, upsertRows, type CellValue } from '../../src/core/sheet-table';
import { memoryTable } from '../support/memory-table';

const block = (fields: string[], rows: CellValue[][], formats = fields.map(() => '@')) => ({ fields, formats, rows });

describe('upsertRows', () => {
  it('writes headers and appends new rows in one write', () => {
    const { table, grid, writes } = memoryTable();
    expect(
      upsertRows(
        table,
        'id',
        block(
          ['id', 'full_name'],
          [
            ['a', 'Ann'],
            ['b', 'Bo'],
          ],
        ),
      ),
    ).toEqual({ inserted: 2, updated: 0, keys: 2 });
    expect(grid).toEqual([
      ['id', 'full_name'],
      ['a', 'Ann'],
      ['b', 'Bo'],
    ]);
    expect(writes).toEqual([{ row: 2, column: 1, rows: 2, columns: 2, key: 0 }]);
  });

  it('updates rows whose key exists, and writes a key repeated in one block once', () => {
    const { table, grid } = memoryTable([
      ['id', 'full_name'],
      ['a', 'Ann'],
      ['b', 'Bo'],
    ]);
    const result = upsertRows(
      table,
      'id',
      block(
        ['id', 'full_name'],
        [
          ['b', 'Bob'],
          ['c', 'Cy'],
          ['c', 'Cyd'],
        ],
      ),
    );
    expect(result).toEqual({ inserted: 1, updated: 1, keys: 3 });
    expect(grid).toEqual([
      ['id', 'full_name'],
      ['a', 'Ann'],
      ['b', 'Bob'],
      ['c', 'Cyd'],
    ]);
  });

  it("follows headers a user moved, and never writes the user's columns, between ours or after them", () => {
    const { table, grid, formats, writes, wroteColumn } = memoryTable([
      ['notes', 'full_name', 'id', 'zip', 'length'],
      ['call back', 'Ann', 'a', '00501', '=LEN(B2)'],
      ['', 'Bo', 'b', '', '=LEN(B3)'],
      ['', '', '', '', '=LEN(B4)'],
    ]);
    formats['2,1'] = '0.00';
    formats['2,4'] = '@';
    formats['4,5'] = 'General';
    const rows = [
      ['a', 'Ann B', 12],
      ['z', 'Zed', 3],
    ];
    const result = upsertRows(table, 'id', block(['id', 'full_name', 'followers'], rows, ['@', '@', '0']));
    expect(result).toEqual({ inserted: 1, updated: 1, keys: 3 });
    expect(grid).toEqual([
      ['notes', 'full_name', 'id', 'zip', 'length', 'followers'],
      ['call back', 'Ann B', 'a', '00501', '=LEN(B2)', 12],
      ['', 'Bo', 'b', '', '=LEN(B3)'],
      ['', 'Zed', 'z', '', '=LEN(B4)', 3],
    ]);
    // Ours: full_name and id side by side, then followers past two columns of the user's: two runs, each written
    // once for the updated row and once for the appended one; the run holding the key (id) last.
    expect(writes).toEqual([
      { row: 2, column: 6, rows: 1, columns: 1 },
      { row: 2, column: 2, rows: 1, columns: 2, key: 1 },
      { row: 4, column: 6, rows: 1, columns: 1 },
      { row: 4, column: 2, rows: 1, columns: 2, key: 1 },
    ]);
    for (const column of [1, 4, 5]) expect(wroteColumn(column)).toBe(false);
    expect(formats).toMatchObject({ '2,1': '0.00', '2,4': '@', '4,5': 'General', '2,2': '@', '2,3': '@', '4,6': '0' });
    expect(formats['4,1']).toBeUndefined();
    expect(formats['4,4']).toBeUndefined();
  });

  it('writes each run of adjacent columns of ours once per block of consecutive rows', () => {
    // A user inserted "note" between our full_name and headline.
    const { table, grid, writes } = memoryTable([
      ['id', 'full_name', 'note', 'headline'],
      ['a', 'Ann', 'x', 'Hi'],
      ['b', 'Bo', 'y', 'Yo'],
      ['c', 'Cy', '', 'Ok'],
    ]);
    const fields = ['id', 'full_name', 'headline'];
    const rows = [
      ['a', 'Ann 2', 'H1'],
      ['b', 'Bo 2', 'H2'],
      ['d', 'Di', 'H4'],
      ['e', 'Ed', 'H5'],
    ];
    expect(upsertRows(table, 'id', block(fields, rows))).toEqual({ inserted: 2, updated: 2, keys: 5 });
    expect(writes).toEqual([
      { row: 2, column: 4, rows: 2, columns: 1 },
      { row: 2, column: 1, rows: 2, columns: 2, key: 0 },
      { row: 5, column: 4, rows: 2, columns: 1 },
      { row: 5, column: 1, rows: 2, columns: 2, key: 0 },
    ]);
    expect(grid.map((row) => row[2] ?? '')).toEqual(['note', 'x', 'y', '', '', '']);
    expect(grid.slice(1).map((row) => [row[0], row[1], row[3]])).toEqual([
      ['a', 'Ann 2', 'H1'],
      ['b', 'Bo 2', 'H2'],
      ['c', 'Cy', 'Ok'],
      ['d', 'Di', 'H4'],
      ['e', 'Ed', 'H5'],
    ]);
  });

  it("writes the first column of a name, not a user's later column under the same name", () => {
    const { table, grid } = memoryTable([
      ['id', 'full_name', 'full_name'],
      ['a', 'Ann', 'my copy'],
    ]);
    upsertRows(table, 'id', block(['id', 'full_name'], [['a', 'Ann B']]));
    expect(grid).toEqual([
      ['id', 'full_name', 'full_name'],
      ['a', 'Ann B', 'my copy'],
    ]);
  });
});

describe('appendRowsOfNewKeys', () => {
  it('appends every row of a new key and none of a key already present', () => {
    const { table, grid } = memoryTable([
      ['profile_id', 'company'],
      ['a', 'Acme'],
    ]);
    const rows = [
      ['a', 'Acme again'],
      ['b', 'Beta'],
      ['b', 'Gamma'],
    ];
    expect(appendRowsOfNewKeys(table, 'profile_id', block(['profile_id', 'company'], rows))).toBe(2);
    expect(grid).toEqual([
      ['profile_id', 'company'],
      ['a', 'Acme'],
      ['b', 'Beta'],
      ['b', 'Gamma'],
    ]);
    expect(appendRowsOfNewKeys(table, 'profile_id', block(['profile_id', 'company'], rows))).toBe(0);
  });

  it("appends below the key column's last value without writing the user's columns", () => {
    const { table, grid, formats, writes } = memoryTable([
      ['profile_id', 'mine', 'company'],
      ['a', '=ROW()', 'Acme'],
      ['', '=ROW()', ''],
    ]);
    formats['3,2'] = '0.0';
    expect(appendRowsOfNewKeys(table, 'profile_id', block(['profile_id', 'company'], [['b', 'Beta']]))).toBe(1);
    expect(grid).toEqual([
      ['profile_id', 'mine', 'company'],
      ['a', '=ROW()', 'Acme'],
      ['b', '=ROW()', 'Beta'],
    ]);
    expect(formats['3,2']).toBe('0.0');
    // The key column last: rows cut short before it are written again in the same place.
    expect(writes).toEqual([
      { row: 3, column: 3, rows: 1, columns: 1 },
      { row: 3, column: 1, rows: 1, columns: 1, key: 0 },
    ]);
  });
});

describe('rememberingTable', () => {
  it('reads headers and key columns once across pages, and writes what an unremembered table would', () => {
    const plain = memoryTable([
      ['id', 'name'],
      ['a', 'Ann'],
    ]);
    const remembered = memoryTable([
      ['id', 'name'],
      ['a', 'Ann'],
    ]);
    const counted = { headers: 0, columnValues: 0 };
    const table = rememberingTable({
      ...remembered.table,
      headers: () => (counted.headers++, remembered.table.headers()),
      columnValues: (column) => (counted.columnValues++, remembered.table.columnValues(column)),
    });
    const pages = [
      [
        ['b', 'Bo'],
        ['a', 'Ann B'],
      ],
      [
        ['c', 'Cy'],
        ['b', 'Bob'],
      ],
      [['d', 'Di']],
    ];
    for (const page of pages) {
      const expected = upsertRows(
        plain.table,
        'id',
        block(
          ['id', 'name', 'extra'],
          page.map((row) => [...row, 'x']),
        ),
      );
      expect(
        upsertRows(
          table,
          'id',
          block(
            ['id', 'name', 'extra'],
            page.map((row) => [...row, 'x']),
          ),
        ),
      ).toEqual(expected);
    }
    expect(remembered.grid).toEqual(plain.grid);
    expect(counted).toEqual({ headers: 2, columnValues: 1 });
  });

  it("remembers a key column that a user's column separates from our others", () => {
    const initial = [
      ['name', 'note', 'id'],
      ['Ann', 'keep', 'a'],
    ];
    const plain = memoryTable(initial);
    const remembered = memoryTable(initial);
    let reads = 0;
    const table = rememberingTable({
      ...remembered.table,
      columnValues: (column) => (reads++, remembered.table.columnValues(column)),
    });
    const pages = [
      [
        ['b', 'Bo'],
        ['a', 'Ann B'],
      ],
      [
        ['c', 'Cy'],
        ['b', 'Bob'],
      ],
      [
        ['c', 'Cyd'],
        ['d', 'Di'],
      ],
    ];
    for (const page of pages) {
      const expected = upsertRows(plain.table, 'id', block(['id', 'name'], page));
      expect(upsertRows(table, 'id', block(['id', 'name'], page))).toEqual(expected);
    }
    expect(remembered.grid).toEqual(plain.grid);
    expect(remembered.column('id')).toEqual(['a', 'b', 'c', 'd']);
    expect(remembered.column('note')).toEqual(['keep', '', '', '']);
    expect(reads).toBe(1);
  });
});
