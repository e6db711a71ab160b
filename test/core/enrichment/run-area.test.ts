// A run's area read through the RunSheet port from sheets in memory: the outputs found by header name, the user's
// columns between them never read, and the column a request names read down to the last row with content.
import { readArea, readColumnCells, writeBlocks } from '../../../src/core/enrichment/run-area';
import { STATUS_HEADER } from '../../../src/core/enrichment/status';
import { TEXT_FORMAT } from '../../../src/core/cells';
import { memoryBook } from './fakes';

function leads() {
  const book = memoryBook();
  book.addSheet('Leads', [
    ['Profile', 'Notes', 'More notes', 'full_name', STATUS_HEADER],
    ['https://x.example/in/a', 'mine', 'mine', '', ''],
    ['https://x.example/in/b', 'mine', 'mine', 'Bo', 'OK'],
    ['https://x.example/in/c', '', '', '', 'ERROR: timed out'],
  ]);
  return book;
}

describe("a run's area", () => {
  it('holds the inputs, statuses and output columns, and reads none of the user’s columns between', () => {
    const book = leads();
    const area = readArea(book.port, { sheet: 'Leads', headerRow: 1, lastRow: 4, inputColumn: 1 }, ['full_name']);
    expect(area.columns).toEqual({ fields: [4], status: 5, added: null });
    expect(area.inputs).toEqual(['https://x.example/in/a', 'https://x.example/in/b', 'https://x.example/in/c']);
    expect(area.statuses).toEqual(['', 'OK', 'ERROR: timed out']);
    expect(area.grid.columns).toEqual([1, 4, 5]);
    // The header row, the input column, then the adjacent output and status columns in one read.
    expect(book.state.reads).toEqual([
      { sheet: 'Leads', row: 1, column: 1, rows: 1, columns: 5 },
      { sheet: 'Leads', row: 2, column: 1, rows: 3, columns: 1 },
      { sheet: 'Leads', row: 2, column: 4, rows: 3, columns: 2 },
    ]);
  });

  it('places missing outputs after the last used column, and reads nothing there', () => {
    const book = leads();
    const area = readArea(book.port, { sheet: 'Leads', headerRow: 1, lastRow: 4, inputColumn: 1 }, ['headline']);
    expect(area.columns).toEqual({ fields: [6], status: 5, added: { column: 6, names: ['headline'] } });
    expect(area.grid.values.map((row) => row[area.grid.columns.indexOf(6)])).toEqual(['', '', '']);
    expect(book.state.reads.some((read) => read.column + read.columns - 1 >= 6)).toBe(false);
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
