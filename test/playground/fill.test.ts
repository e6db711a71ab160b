// Fill down as Sheets does it: the top row's formulas with their relative row references moved, values as they are.
import { fillDownEntries, fillRange, type SourceCell } from '../../dev/playground/fill';

const formula = (text: string): SourceCell => ({ formula: text, value: 'result', spilled: false });
const value = (content: SourceCell['value'], spilled = false): SourceCell => ({ formula: '', value: content, spilled });

test('a formula filled down moves its relative rows, one per row; absolute parts stay', () => {
  const entries = fillDownEntries({ row: 2, column: 2, numRows: 3, numColumns: 1 }, [
    formula('=SCRAPE_PROFILE(A2, $B$1:$D$1, TRUE)'),
  ]);
  expect(entries).toEqual([
    { row: 3, column: 2, formula: '=SCRAPE_PROFILE(A3, $B$1:$D$1, TRUE)' },
    { row: 4, column: 2, formula: '=SCRAPE_PROFILE(A4, $B$1:$D$1, TRUE)' },
  ]);
});

test('ranges, open ranges, other sheets and mixed anchors move as in Sheets; text and names do not', () => {
  const [entry] = fillDownEntries({ row: 1, column: 1, numRows: 2, numColumns: 1 }, [
    formula(`=F(A1:B2, A2:A, 'My sheet'!C$3, $D4, "A1", LOG10(E5), AB7)`),
  ]);
  expect(entry).toEqual({
    row: 2,
    column: 1,
    formula: `=F(A2:B3, A3:A, 'My sheet'!C$3, $D5, "A1", LOG10(E6), AB8)`,
  });
});

test('values copy as they are, spilled cells as empty, across every column of the range', () => {
  const entries = fillDownEntries({ row: 5, column: 3, numRows: 2, numColumns: 3 }, [
    value('text'),
    value(7),
    value('from a spill', true),
  ]);
  expect(entries).toEqual([
    { row: 6, column: 3, value: 'text' },
    { row: 6, column: 4, value: 7 },
    { row: 6, column: 5, value: '' },
  ]);
});

test('a single row fills from the row above it; the first row has nothing above', () => {
  expect(fillRange({ row: 4, column: 2, numRows: 1, numColumns: 3 })).toEqual({
    row: 3,
    column: 2,
    numRows: 2,
    numColumns: 3,
  });
  expect(fillRange({ row: 2, column: 1, numRows: 3, numColumns: 1 })).toEqual({
    row: 2,
    column: 1,
    numRows: 3,
    numColumns: 1,
  });
  expect(fillRange({ row: 1, column: 1, numRows: 1, numColumns: 1 })).toBeNull();
});
