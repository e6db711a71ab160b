// A run's area read through the RunSheet port from sheets in memory: the outputs found by header name, the user's
// columns between them never read, and the column a request names read down to the last row with content.
import { readArea, readColumnCells, writeBlocks } from '../../../src/core/enrichment/run-area';
import { checkedHeaderOf, statusHeaderOf } from '../../../src/core/refresh/checked';
import { TEXT_FORMAT } from '../../../src/core/cells';
import { memoryBook } from './fakes';

const STATUS_HEADER = statusHeaderOf('profile');
const CHECKED_HEADER = checkedHeaderOf('profile');
const ROWS = { sheet: 'Leads', headerRow: 1, lastRow: 4, inputColumn: 1 };
const outputs = (fields: string[], outputColumn: number | null = null) => ({
  operation: 'profile' as const,
  fields,
  outputColumn,
});

function leads() {
  const book = memoryBook();
  book.addSheet('Leads', [
    ['Profile', 'Notes', 'More notes', 'full_name', STATUS_HEADER, CHECKED_HEADER],
    ['https://x.example/in/a', 'mine', 'mine', '', '', ''],
    ['https://x.example/in/b', 'mine', 'mine', 'Bo', 'OK', '2026-11-01T10:00:00Z'],
    ['https://x.example/in/c', '', '', '', 'ERROR: timed out', ''],
  ]);
  return book;
}

describe("a run's area", () => {
  it('holds the inputs, statuses and output columns, and reads none of the user’s columns between', () => {
    const book = leads();
    const area = readArea(book.port, ROWS, outputs(['full_name']));
    expect(area.columns).toEqual({ fields: [4], status: 5, checked: 6, added: null });
    expect(area.inputs).toEqual(['https://x.example/in/a', 'https://x.example/in/b', 'https://x.example/in/c']);
    expect(area.statuses).toEqual(['', 'OK', 'ERROR: timed out']);
    expect(area.checked).toEqual(['', '2026-11-01T10:00:00Z', '']);
    expect(area.grid.columns).toEqual([1, 4, 5, 6]);
    // The header row, the input column, then the adjacent output, status and checked columns in one read.
    expect(book.state.reads).toEqual([
      { sheet: 'Leads', row: 1, column: 1, rows: 1, columns: 6 },
      { sheet: 'Leads', row: 2, column: 1, rows: 3, columns: 1 },
      { sheet: 'Leads', row: 2, column: 4, rows: 3, columns: 3 },
    ]);
  });

  it('places missing outputs after the last used column of the run’s rows, and reads nothing there', () => {
    const book = leads();
    const area = readArea(book.port, ROWS, outputs(['headline']));
    expect(area.columns).toEqual({ fields: [7], status: 5, checked: 6, added: { column: 7, names: ['headline'] } });
    expect(area.grid.values.map((row) => row[area.grid.columns.indexOf(7)])).toEqual(['', '', '']);
    expect(book.state.reads.some((read) => read.column + read.columns - 1 >= 7)).toBe(false);
  });

  it('places a list’s results beside it, not after what other rows of the sheet hold', () => {
    const book = memoryBook();
    book.addSheet('Leads', [
      ['Profile', 'Notes', '', '', ''],
      ['https://x.example/in/a', '', '', '', ''],
      ['', '', '', '', ''],
      ['Totals', '', '', '', 'far away'],
    ]);
    const area = readArea(book.port, { ...ROWS, lastRow: 2 }, outputs(['full_name']));
    expect(area.columns.added).toEqual({ column: 3, names: ['full_name', STATUS_HEADER, CHECKED_HEADER] });
  });

  it('starts new columns at the column the request names, and refuses one over cells in the run’s rows', () => {
    const book = leads();
    // H and I are empty in rows 1 to 4 (the sheet ends at F).
    expect(readArea(book.port, ROWS, outputs(['headline', 'city'], 8)).columns.added).toEqual({
      column: 8,
      names: ['headline', 'city'],
    });
    // B (the user's notes) is not empty in these rows.
    expect(() => readArea(book.port, ROWS, outputs(['headline', 'city'], 2))).toThrow(
      'The results need columns B:C, which already hold cells in these rows; choose a column with 2 empty columns from it.',
    );
  });
});

describe('the column a request names', () => {
  it('is read from its first row down to the last row with content', () => {
    const book = leads();
    expect(readColumnCells(book.port, 'Leads', { column: 1, firstRow: 3, lastRow: null })).toEqual({
      firstRow: 3,
      cells: ['https://x.example/in/b', 'https://x.example/in/c'],
    });
    expect(readColumnCells(book.port, 'Leads', { column: 1, firstRow: 2, lastRow: 2 }).cells).toHaveLength(1);
    expect(readColumnCells(book.port, 'Leads', { column: 1, firstRow: 9, lastRow: null }).cells).toEqual([]);
  });
});

describe('writing blocks', () => {
  it('writes each block in order', () => {
    const book = leads();
    writeBlocks(book.port, 'Leads', [
      { row: 2, column: 4, values: [['Ann']], formats: [TEXT_FORMAT] },
      { row: 2, column: 5, values: [['OK']], formats: [TEXT_FORMAT] },
    ]);
    expect(book.rowsBy('Leads', 'full_name', STATUS_HEADER)[0]).toEqual(['https://x.example/in/a', 'Ann', 'OK']);
    expect(book.writes.map((write) => write.block.column)).toEqual([4, 5]);
  });
});
