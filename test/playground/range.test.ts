// The grid's column letters and ranges: past Z (AA, AB… ZZ, AAA), ranges dragged in any direction, clamping, and the
// fill handle's extension.
import { columnLetters, formatA1 } from '../../dev/gas-fakes/a1';
import { clampRect, extendDown, rectBetween, rectContains } from '../../dev/playground/range';

test('column letters run past Z as in Sheets', () => {
  expect([1, 26, 27, 28, 52, 53, 702, 703].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  expect(formatA1({ row: 3, column: 26, numRows: 2, numColumns: 3 })).toBe('Z3:AB4');
});

test('a drag spans the same range whichever way it goes', () => {
  const down = rectBetween({ row: 2, column: 2 }, { row: 5, column: 3 });
  expect(down).toEqual({ row: 2, column: 2, numRows: 4, numColumns: 2 });
  expect(rectBetween({ row: 5, column: 3 }, { row: 2, column: 2 })).toEqual(down);
  expect(formatA1(down)).toBe('B2:C5');
  expect(rectContains(down, { row: 5, column: 3 })).toBe(true);
  expect(rectContains(down, { row: 6, column: 3 })).toBe(false);
});

test('a whole-column selection is drawn within the grid; the fill handle only extends downwards', () => {
  expect(clampRect({ row: 1, column: 8, numRows: 1000, numColumns: 1 }, 100, 52)).toEqual({
    row: 1,
    column: 8,
    numRows: 100,
    numColumns: 1,
  });
  const selection = { row: 2, column: 9, numRows: 1, numColumns: 2 };
  expect(extendDown(selection, 6)).toEqual({ row: 2, column: 9, numRows: 5, numColumns: 2 });
  expect(extendDown(selection, 2)).toBeNull();
  expect(extendDown(selection, 1)).toBeNull();
});
