import { asOwner, newEnv } from './gas';

/** A sheet with a header, four rows of names and a formula per row referring to its own row. */
function sheetWithRows() {
  const env = newEnv();
  const sheet = env.spreadsheet.sheet('Sheet1');
  sheet.write('A1', [
    ['name', 'score', 'length'],
    ['dora', 3, '=LEN(A2)'],
    ['Bea', 10, '=LEN(A3)'],
    ['carl', 7, '=LEN($A$4)'],
    ['al', 1, '=LEN(A5)'],
  ]);
  return { env, sheet };
}

describe('inserting rows', () => {
  it('insertRowsBefore, insertRowAfter, insertRowBefore and insertRows add blank rows; contents move down', () => {
    const { env, sheet } = sheetWithRows();
    asOwner(env, ({ SpreadsheetApp }) => {
      const s = SpreadsheetApp.getActiveSheet();
      s.insertRowsBefore(3, 2);
      expect(s.getMaxRows()).toBe(1002);
      s.insertRowAfter(1);
      s.insertRowBefore(1);
      s.insertRows(10, 3);
      expect(s.getMaxRows()).toBe(1007);
    });
    expect(sheet.values('A1:A9').map((row) => row[0])).toEqual(['', 'name', '', 'dora', '', '', 'Bea', 'carl', 'al']);
  });

  it('formulas move with their rows and their references follow the cells they name', () => {
    const { env, sheet } = sheetWithRows();
    sheet.write('E1', [['=SUM(B2:B5)', '=Sheet1!A5', '="A2"&A2']]);
    asOwner(env, ({ SpreadsheetApp }) => SpreadsheetApp.getActiveSheet().insertRowsBefore(3, 2));
    expect(sheet.formulas('C2:C7').map((row) => row[0])).toEqual([
      '=LEN(A2)',
      '',
      '',
      '=LEN(A5)',
      '=LEN($A$6)',
      '=LEN(A7)',
    ]);
    // A range with rows inserted inside grows; text in quotes is not a reference.
    expect(sheet.formulas('E1:G1')).toEqual([['=SUM(B2:B7)', '=Sheet1!A7', '="A2"&A2']]);
  });

  it('references from other sheets follow too, and names that look like cells do not move', () => {
    const { env, sheet } = sheetWithRows();
    const other = env.spreadsheet.insertSheet('Other');
    other.write('A1', [["=Sheet1!B3+'Sheet1'!B4", '=LOG10(A2)+A2', '=SUM(Sheet1!B:B)', '=SUM(Sheet1!3:4)']]);
    sheet.insertRows(1, 1);
    expect(other.formulas('A1:D1')).toEqual([
      ["=Sheet1!B4+'Sheet1'!B5", '=LOG10(A2)+A2', '=SUM(Sheet1!B:B)', '=SUM(Sheet1!4:5)'],
    ]);
  });

  it('refuses positions outside the sheet and counts of rows under one', () => {
    const { env } = sheetWithRows();
    asOwner(env, ({ SpreadsheetApp }) => {
      const s = SpreadsheetApp.getActiveSheet();
      expect(() => s.insertRowsBefore(0, 1)).toThrow('Those rows are out of bounds.');
      expect(() => s.insertRowsBefore(1001, 1)).toThrow('Those rows are out of bounds.');
      expect(() => s.insertRowsAfter(2, 0)).toThrow('Invalid argument: howMany');
    });
  });
});

describe('deleting rows', () => {
  it('deleteRow and deleteRows remove rows; contents below move up; references to deleted cells become #REF!', () => {
    const { env, sheet } = sheetWithRows();
    sheet.write('E1', [['=SUM(B2:B5)', '=A3', '=A5']]);
    asOwner(env, ({ SpreadsheetApp }) => {
      const s = SpreadsheetApp.getActiveSheet();
      s.deleteRows(3, 1);
      s.deleteRow(2);
      expect(s.getMaxRows()).toBe(998);
    });
    expect(sheet.values('A1:A4').map((row) => row[0])).toEqual(['name', 'carl', 'al', '']);
    expect(sheet.formulas('C2:C3')).toEqual([['=LEN($A$2)'], ['=LEN(A3)']]);
    expect(sheet.formulas('E1:G1')).toEqual([['=SUM(B2:B3)', '=#REF!', '=A3']]);
  });

  it('refuses to delete every non-frozen row, or rows past the end', () => {
    const { env } = sheetWithRows();
    asOwner(env, ({ SpreadsheetApp }) => {
      const s = SpreadsheetApp.getActiveSheet();
      s.setFrozenRows(1);
      expect(() => s.deleteRows(2, 999)).toThrow('Sorry, it is not possible to delete all non-frozen rows.');
      expect(() => s.deleteRows(1, 1000)).toThrow('Sorry, it is not possible to delete all non-frozen rows.');
      expect(() => s.deleteRows(999, 5)).toThrow('Those rows are out of bounds.');
      expect(() => s.deleteRow(1001)).toThrow('Those rows are out of bounds.');
      s.deleteRows(2, 998);
      expect(s.getMaxRows()).toBe(2);
      expect(s.getFrozenRows()).toBe(1);
    });
  });
});

describe('sorting', () => {
  it('Range.sort by a column number moves whole rows of the range: numbers, then text ignoring case, blanks last', () => {
    const { env, sheet } = sheetWithRows();
    sheet.write('A6', [['', 5]]);
    sheet.write('A7', [
      [true, 0],
      [42, 2],
    ]);
    sheet.write('D2', [['outside']]);
    asOwner(env, ({ SpreadsheetApp }) => SpreadsheetApp.getActiveSheet().getRange('A2:C8').sort(1));
    expect(sheet.values('A2:B8')).toEqual([
      [42, 2],
      ['al', 1],
      ['Bea', 10],
      ['carl', 7],
      ['dora', 3],
      [true, 0],
      ['', 5],
    ]);
    // Only the range's columns move; a moved formula's relative rows move with it, absolute ones stay.
    expect(sheet.values('D2')).toEqual([['outside']]);
    expect(sheet.formulas('C3:C6').map((row) => row[0])).toEqual(['=LEN(A3)', '=LEN(A4)', '=LEN($A$4)', '=LEN(A6)']);
  });

  it('sorts by {column, ascending: false} and by several keys, keeping ties in order', () => {
    const { env, sheet } = sheetWithRows();
    sheet.write('B2', [[7], [10], [7], [1]]);
    asOwner(env, ({ SpreadsheetApp }) =>
      SpreadsheetApp.getActiveSheet()
        .getRange('A2:B5')
        .sort([{ column: 2, ascending: false }, { column: 1 }]),
    );
    expect(sheet.values('A2:B5')).toEqual([
      ['Bea', 10],
      ['carl', 7],
      ['dora', 7],
      ['al', 1],
    ]);
  });

  it('Sheet.sort keeps frozen rows in place', () => {
    const { env, sheet } = sheetWithRows();
    asOwner(env, ({ SpreadsheetApp }) => {
      const s = SpreadsheetApp.getActiveSheet();
      s.setFrozenRows(1);
      s.sort(2, false);
    });
    expect(sheet.values('A1:B5')).toEqual([
      ['name', 'score'],
      ['Bea', 10],
      ['carl', 7],
      ['dora', 3],
      ['al', 1],
    ]);
  });

  it('refuses sort columns outside the range and specs of the wrong shape', () => {
    const { env } = sheetWithRows();
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSheet().getRange('B2:C5');
      expect(() => range.sort(1)).toThrow('Sort column 1 is outside the range B2:C5.');
      expect(() => range.sort({ ascending: true })).toThrow("The parameters don't match the method signature");
      expect(() => range.sort('B')).toThrow("The parameters don't match the method signature");
      expect(() => SpreadsheetApp.getActiveSheet().sort(27)).toThrow('Those columns are out of bounds.');
    });
  });

  it('counts sorts, inserts and deletes as writes, refused in custom functions', () => {
    const { env } = sheetWithRows();
    asOwner(env, ({ SpreadsheetApp }) => {
      const s = SpreadsheetApp.getActiveSheet();
      s.getRange('A2:C5').sort(1);
      s.insertRowsBefore(2, 1);
      s.deleteRows(2, 1);
    });
    expect(env.spreadsheet.stats.writeCalls).toBe(3);
    env.run('customFunction', 'editor@example.com', () => {
      const s = (env.globals.SpreadsheetApp as GoogleAppsScript.Spreadsheet.SpreadsheetApp).getActiveSheet();
      expect(() => s.getRange('A2:C5').sort(1)).toThrow('You do not have permission to call Range.sort');
      expect(() => s.deleteRow(2)).toThrow('You do not have permission to call Sheet.deleteRow');
      expect(() => s.insertRowsBefore(2, 1)).toThrow('You do not have permission to call Sheet.insertRowsBefore');
    });
  });
});
