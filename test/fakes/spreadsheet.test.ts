import { asOwner, newEnv } from './gas';

describe('SpreadsheetApp', () => {
  it('manages sheets: insert (activating it), find, rename, delete; duplicate names throw', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      const results = ss.insertSheet('Results');
      expect(ss.getActiveSheet().getName()).toBe('Results');
      expect(ss.getSheets().map((s) => s.getName())).toEqual(['Sheet1', 'Results']);
      expect(ss.getSheetByName('Nope')).toBeNull();
      expect(ss.getSheetById(results.getSheetId())!.getName()).toBe('Results');
      expect(() => ss.insertSheet('Results')).toThrow(
        'A sheet with the name "Results" already exists. Please enter another name.',
      );
      expect(() => ss.getSheetByName('Sheet1')!.setName('Results')).toThrow('already exists');
      results.setName('Jobs');
      ss.deleteSheet(ss.getSheetByName('Sheet1')!);
      expect(ss.getSheets().map((s) => s.getName())).toEqual(['Jobs']);
      expect(() => ss.deleteSheet(ss.getSheets()[0])).toThrow("You can't remove all the sheets in a document.");
    });
  });

  it('addresses ranges in A1 or by row/column, and refuses ranges outside the 1000 × 26 grid', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const sheet = SpreadsheetApp.getActiveSheet();
      expect(sheet.getMaxRows()).toBe(1000);
      expect(sheet.getMaxColumns()).toBe(26);
      const range = sheet.getRange('B2:D5');
      expect([range.getRow(), range.getColumn(), range.getNumRows(), range.getNumColumns()]).toEqual([2, 2, 4, 3]);
      expect(sheet.getRange(2, 2, 4, 3).getA1Notation()).toBe('B2:D5');
      expect(range.offset(1, 1, 1, 1).getA1Notation()).toBe('C3');
      expect(sheet.getRange('A:A').getNumRows()).toBe(1000);
      expect(() => sheet.getRange(1001, 1)).toThrow(
        'The coordinates of the range are outside the dimensions of the sheet.',
      );
      expect(() => sheet.getRange('AA1')).toThrow('outside the dimensions');
      expect(() => sheet.getRange(0, 1)).toThrow('The starting row of the range is too small.');
      expect(() => sheet.getRange(1, 1, 0, 1)).toThrow('The number of rows in the range must be at least 1.');
      expect(() => sheet.getRange('not a range')).toThrow('Range not found');
      sheet.insertRowsAfter(1000, 10);
      sheet.insertColumnsAfter(26, 2);
      expect(sheet.getRange(1010, 28).getA1Notation()).toBe('AB1010');
    });
  });

  it('insertRowsAfter moves the rows below down', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const sheet = SpreadsheetApp.getActiveSheet();
      sheet.getRange('A1:A3').setValues([['a'], ['b'], ['c']]);
      sheet.insertRowsAfter(1, 2);
      expect(sheet.getRange('A1:A5').getValues()).toEqual([['a'], [''], [''], ['b'], ['c']]);
    });
  });

  it('tracks the last row/column with content, the data range and appendRow', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const sheet = SpreadsheetApp.getActiveSheet();
      expect([sheet.getLastRow(), sheet.getLastColumn()]).toEqual([0, 0]);
      sheet.getRange('B3').setNumberFormat('@');
      expect(sheet.getLastRow()).toBe(0);
      sheet.appendRow(['id', 'name']);
      sheet.appendRow(['1', '=cmd']);
      expect(sheet.getDataRange().getA1Notation()).toBe('A1:B2');
      expect(sheet.getDataRange().getValues()).toEqual([
        ['id', 'name'],
        [1, '#NAME?'],
      ]);
      sheet.getRange('A2:B2').clearContent();
      expect(sheet.getLastRow()).toBe(1);
    });
  });

  it('appendRow grows a full sheet', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const sheet = SpreadsheetApp.getActiveSheet();
      sheet.getRange(1000, 1).setValue('last');
      sheet.appendRow(Array.from({ length: 30 }, (_, i) => i));
      expect(sheet.getMaxRows()).toBe(1001);
      expect(sheet.getMaxColumns()).toBe(30);
      expect(sheet.getRange(1001, 30).getValue()).toBe(29);
    });
  });

  it('refuses data whose dimensions differ from the range', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSheet().getRange('A1:B2');
      expect(() => range.setValues([['a', 'b']])).toThrow(
        'The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.',
      );
      expect(() => range.setValues([['a', 'b'], ['c']])).toThrow(
        'The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2.',
      );
      expect(() => range.setNumberFormats([['@']])).toThrow('number of rows');
    });
  });

  it('refuses a cell over 50,000 characters and writes nothing of that call', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSheet().getRange('A1:B1');
      expect(() => range.setValues([['first', 'x'.repeat(50_001)]])).toThrow(
        'Your input contains more than the maximum of 50000 characters in a single cell.',
      );
      expect(range.getValues()).toEqual([['', '']]);
      range.setValues([['first', 'x'.repeat(50_000)]]);
    });
  });

  it('refuses objects and nested arrays as cell values', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const cell = SpreadsheetApp.getActiveSheet().getRange('A1');
      expect(() => cell.setValues([[{ a: 1 }]])).toThrow('Cannot store a object in cell A1');
      expect(() => cell.setValue([1, 2])).toThrow('Cannot store an array in cell A1');
    });
  });

  it('keeps a spreadsheet within 10 million cells', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const sheet = SpreadsheetApp.getActiveSheet();
      sheet.insertRowsAfter(1000, 384_615 - 1000); // 384,615 × 26 = 9,999,990 cells
      expect(sheet.getMaxRows()).toBe(384_615);
      expect(() => sheet.insertRowsAfter(1, 1)).toThrow('above the limit of 10000000 cells');
      expect(() => SpreadsheetApp.getActiveSpreadsheet().insertSheet('More')).toThrow('above the limit');
      expect(sheet.getMaxRows()).toBe(384_615);
    });
  });

  it('keeps number formats per cell and shows display values through them', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveSheet().getRange('A1:C1');
      expect(range.getNumberFormats()).toEqual([['General', 'General', 'General']]);
      range.setNumberFormats([['0.00', '@', '#,##0']]);
      range.setValues([[3.14159, '007', 1234567]]);
      expect(range.getNumberFormats()).toEqual([['0.00', '@', '#,##0']]);
      expect(range.getDisplayValues()).toEqual([['3.14', '007', '1,234,567']]);
      range.clear();
      expect(range.getNumberFormats()).toEqual([['General', 'General', 'General']]);
    });
  });

  it('counts every round trip in spreadsheet.stats', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const sheet = SpreadsheetApp.getActiveSheet();
      sheet.getRange('A1:B2').setValues([
        ['a', 'b'],
        ['c', 'd'],
      ]);
      sheet.getRange('A1:B2').getValues();
      sheet.getRange('A3').setValue('e');
      sheet.getRange('A3').getValue();
    });
    expect(env.spreadsheet.stats).toMatchObject({
      setValuesCalls: 1,
      getValuesCalls: 1,
      setValueCalls: 1,
      getValueCalls: 1,
    });
    expect(env.spreadsheet.stats.writeCalls).toBe(2);
    expect(env.spreadsheet.stats.readCalls).toBe(2);
  });

  it('lets tests type into and inspect sheets without an execution', () => {
    const env = newEnv();
    const sheet = env.spreadsheet.sheet('Sheet1');
    sheet.write('A1', [['url', '00501']]);
    expect(sheet.values()).toEqual([['url', 501]]);
    expect(env.spreadsheet.stats.readCalls).toBe(0);
    expect(() => env.spreadsheet.sheet('Missing')).toThrow('No sheet named "Missing"');
  });

  it('records toasts and supports the small sheet helpers', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      ss.toast('Saved', 'sheet-enrich', 3);
      const sheet = ss.insertSheet('Other');
      ss.setActiveSheet(ss.getSheetByName('Sheet1')!);
      expect(ss.getActiveSheet().getName()).toBe('Sheet1');
      sheet.activate().setFrozenRows(1);
      expect(sheet.getFrozenRows()).toBe(1);
      sheet.autoResizeColumns(1, 3);
      sheet.getRange('A1').setFontWeight('bold');
      expect(ss.getOwner()!.getEmail()).toBe('owner@example.com');
    });
    expect(env.ui.toasts).toEqual([{ message: 'Saved', title: 'sheet-enrich' }]);
  });
});
