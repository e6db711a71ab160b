import { asOwner, gas, newEnv, OWNER } from './gas';

/** Names B3:B6 "Inputs" in Sheet1, then runs `change` on the sheet and returns where the name points. */
function afterChange(change: (sheet: GoogleAppsScript.Spreadsheet.Sheet) => void): string | null {
  const env = newEnv();
  return asOwner(env, ({ SpreadsheetApp }) => {
    const ss = SpreadsheetApp.getActiveSpreadsheet();
    const sheet = ss.getActiveSheet();
    ss.setNamedRange('Inputs', sheet.getRange('B3:B6'));
    change(sheet);
    return ss.getRangeByName('Inputs')?.getA1Notation() ?? null;
  });
}

describe('named ranges', () => {
  it('name a range, find it by name (ignoring case), list and remove it', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      const other = ss.insertSheet('Other');
      ss.setNamedRange('Inputs', ss.getSheetByName('Sheet1')!.getRange('A2:A10'));
      ss.setNamedRange('_totals2', other.getRange('C1'));
      const found = ss.getRangeByName('inputs')!;
      expect([found.getSheet().getName(), found.getA1Notation()]).toEqual(['Sheet1', 'A2:A10']);
      expect(ss.getRangeByName('missing')).toBeNull();
      expect(ss.getNamedRanges().map((named) => [named.getName(), named.getRange().getA1Notation()])).toEqual([
        ['Inputs', 'A2:A10'],
        ['_totals2', 'C1'],
      ]);
      ss.removeNamedRange('INPUTS');
      expect(ss.getRangeByName('Inputs')).toBeNull();
      expect(() => ss.removeNamedRange('Inputs')).toThrow('No named range called "Inputs" exists.');
    });
  });

  it('setting a name in use points it at the new range', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      const sheet = ss.getActiveSheet();
      ss.setNamedRange('Inputs', sheet.getRange('A1'));
      ss.setNamedRange('INPUTS', sheet.getRange('B2:B3'));
      expect(ss.getNamedRanges().map((named) => named.getName())).toEqual(['INPUTS']);
      expect(ss.getRangeByName('inputs')!.getA1Notation()).toBe('B2:B3');
    });
  });

  it.each([
    ['empty', ''],
    ['led by a digit', '1st'],
    ['with a space', 'my range'],
    ['with punctuation', 'sales-2024'],
    ['in A1 notation', 'A1'],
    ['in A1 notation', 'AB12'],
    ['in R1C1 notation', 'R1C1'],
    ['that is a boolean word', 'true'],
    ['led by a boolean word', 'FALSEHOOD'],
    ['over 250 characters', 'x'.repeat(251)],
  ])('refuses a name %s', (_why, name) => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      expect(() => ss.setNamedRange(name, ss.getActiveSheet().getRange('A1'))).toThrow('Invalid argument: name');
    });
  });

  it('accepts letters of any script, digits after the first character and underscores', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      for (const name of ['Données_2024', 'ABCD1', 'x'.repeat(250), '_1']) {
        ss.setNamedRange(name, ss.getActiveSheet().getRange('A1'));
        expect(ss.getRangeByName(name)).not.toBeNull();
      }
    });
  });

  it('grows when rows are inserted inside it', () => {
    expect(afterChange((sheet) => sheet.insertRowsAfter(4, 2))).toBe('B3:B8');
    expect(afterChange((sheet) => sheet.insertRowsBefore(6, 1))).toBe('B3:B7');
    expect(afterChange((sheet) => sheet.insertRowsAfter(3, 1))).toBe('B3:B7');
  });

  it('moves when rows are inserted above it, and stays when rows are inserted below it', () => {
    expect(afterChange((sheet) => sheet.insertRowsBefore(3, 2))).toBe('B5:B8');
    expect(afterChange((sheet) => sheet.insertRowsAfter(1, 1))).toBe('B4:B7');
    expect(afterChange((sheet) => sheet.insertRowsAfter(6, 5))).toBe('B3:B6');
  });

  it('shrinks when some of its rows are deleted, moves up when rows above go, and is gone with all its rows', () => {
    expect(afterChange((sheet) => sheet.deleteRows(4, 2))).toBe('B3:B4');
    expect(afterChange((sheet) => sheet.deleteRows(2, 2))).toBe('B2:B4');
    expect(afterChange((sheet) => sheet.deleteRow(1))).toBe('B2:B5');
    expect(afterChange((sheet) => sheet.deleteRows(7, 3))).toBe('B3:B6');
    expect(afterChange((sheet) => sheet.deleteRows(3, 4))).toBeNull();
  });

  it('follows columns inserted before it, and sorts leave it alone', () => {
    expect(afterChange((sheet) => sheet.insertColumnsAfter(1, 2))).toBe('D3:D6');
    expect(afterChange((sheet) => sheet.getRange('A1:C10').sort(2))).toBe('B3:B6');
  });

  it('a range whose rows were all deleted, or whose sheet was deleted, is out of reach', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      const other = ss.insertSheet('Other');
      ss.setNamedRange('Gone', ss.getSheetByName('Sheet1')!.getRange('A5:A6'));
      ss.setNamedRange('OnOther', other.getRange('A1'));
      const handle = ss.getNamedRanges()[0];
      ss.getSheetByName('Sheet1')!.deleteRows(5, 2);
      ss.deleteSheet(other);
      expect(ss.getNamedRanges()).toEqual([]);
      expect(ss.getRangeByName('Gone')).toBeNull();
      expect(ss.getRangeByName('OnOther')).toBeNull();
      expect(() => handle.getRange()).toThrow('This named range no longer exists.');
      // The name can be given again.
      ss.setNamedRange('Gone', ss.getActiveSheet().getRange('B1'));
      expect(ss.getRangeByName('gone')!.getA1Notation()).toBe('B1');
    });
  });

  it('NamedRange objects rename, repoint and remove the range they stand for', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      const sheet = ss.getActiveSheet();
      ss.setNamedRange('First', sheet.getRange('A1'));
      ss.setNamedRange('Second', sheet.getRange('B1'));
      const [first] = ss.getNamedRanges();
      first.setName('Renamed').setRange(sheet.getRange('C1:C2'));
      expect(ss.getRangeByName('Renamed')!.getA1Notation()).toBe('C1:C2');
      expect(ss.getRangeByName('First')).toBeNull();
      expect(() => first.setName('second')).toThrow('A named range with the name "second" already exists.');
      expect(() => first.setName('bad name')).toThrow('Invalid argument: name');
      // A handle reads the range as it is now.
      sheet.insertRowsBefore(1, 1);
      expect(first.getRange().getA1Notation()).toBe('C2:C3');
      first.remove();
      expect(ss.getNamedRanges().map((named) => named.getName())).toEqual(['Second']);
    });
  });

  it('custom functions may read named ranges but not change them', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) =>
      SpreadsheetApp.getActiveSpreadsheet().setNamedRange('Inputs', SpreadsheetApp.getActiveSheet().getRange('A1')),
    );
    const { SpreadsheetApp } = gas(env);
    env.run('customFunction', OWNER, () => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      expect(ss.getRangeByName('Inputs')!.getA1Notation()).toBe('A1');
      expect(() => ss.removeNamedRange('Inputs')).toThrow(
        'You do not have permission to call Spreadsheet.removeNamedRange',
      );
      expect(() => ss.setNamedRange('Other', ss.getActiveSheet().getRange('A2'))).toThrow(
        'You do not have permission to call Spreadsheet.setNamedRange',
      );
    });
  });
});
