import { EDITOR, asOwner, gas, newEnv } from './gas';

describe('the selection', () => {
  it('is A1 of the active sheet until the user selects something', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      expect(SpreadsheetApp.getActiveRange()!.getA1Notation()).toBe('A1');
      expect(ss.getActiveRange()!.getSheet().getName()).toBe('Sheet1');
      expect(ss.getSelection().getCurrentCell()!.getA1Notation()).toBe('A1');
    });
  });

  it('env.spreadsheet.select sets what every getter reports, and makes that sheet active', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => SpreadsheetApp.getActiveSpreadsheet().insertSheet('Leads'));
    asOwner(env, ({ SpreadsheetApp }) =>
      SpreadsheetApp.getActiveSpreadsheet().setActiveSheet(
        SpreadsheetApp.getActiveSpreadsheet().getSheetByName('Sheet1')!,
      ),
    );
    env.spreadsheet.select('Leads', 'B2:B20');
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      const reported = [
        SpreadsheetApp.getActiveRange()!,
        ss.getActiveRange()!,
        ss.getSelection().getActiveRange()!,
        ss.getSheetByName('Sheet1')!.getActiveRange()!,
      ];
      for (const range of reported) {
        expect([range.getSheet().getName(), range.getA1Notation()]).toEqual(['Leads', 'B2:B20']);
      }
      expect(ss.getActiveSheet().getName()).toBe('Leads');
      expect(ss.getSelection().getActiveSheet().getName()).toBe('Leads');
      expect(SpreadsheetApp.getCurrentCell()!.getA1Notation()).toBe('B2');
      expect(ss.getActiveCell().getA1Notation()).toBe('B2');
    });
  });

  it('reports whole columns and open-ended ranges in the notation the user selected', () => {
    const env = newEnv();
    env.spreadsheet.select('Sheet1', 'C:C');
    asOwner(env, ({ SpreadsheetApp }) => {
      const range = SpreadsheetApp.getActiveRange()!;
      expect(range.getA1Notation()).toBe('C:C');
      expect([range.getRow(), range.getNumRows(), range.getColumn()]).toEqual([1, 1000, 3]);
      expect(SpreadsheetApp.getActiveSheet().getRange('A2:B').getA1Notation()).toBe('A2:B');
      expect(SpreadsheetApp.getActiveSheet().getRange('2:3').getA1Notation()).toBe('2:3');
      expect(SpreadsheetApp.getActiveSheet().getRange('$b$2:$c$4').getA1Notation()).toBe('B2:C4');
    });
  });

  it('Range.activate and setActiveRange select a range in its own sheet', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      const other = ss.insertSheet('Other');
      ss.setActiveSheet(ss.getSheetByName('Sheet1')!);
      other.getRange('D4:E5').activate();
      expect(ss.getActiveSheet().getName()).toBe('Other');
      expect(ss.getActiveRange()!.getA1Notation()).toBe('D4:E5');
      ss.setActiveRange(ss.getSheetByName('Sheet1')!.getRange('A3'));
      expect(SpreadsheetApp.getActiveRange()!.getA1Notation()).toBe('A3');
      SpreadsheetApp.setActiveRange(other.getRange('F6'));
      expect(ss.getActiveSheet().getName()).toBe('Other');
      ss.getSheetByName('Sheet1')!.setActiveRange(ss.getSheetByName('Sheet1')!.getRange('B1'));
      expect(ss.getActiveRange()!.getA1Notation()).toBe('B1');
      expect(() => ss.setActiveRange('A1' as never)).toThrow(
        "The parameters (string) don't match the method signature for SpreadsheetApp.Spreadsheet.setActiveRange.",
      );
    });
    // Each sheet keeps its own selection: back on Other, its last selection shows again.
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      ss.setActiveSheet(ss.getSheetByName('Other')!);
      expect(ss.getActiveRange()!.getA1Notation()).toBe('F6');
    });
  });

  it('a custom function may read the selection but not change it', () => {
    const env = newEnv();
    env.spreadsheet.select('Sheet1', 'A2:A3');
    const { SpreadsheetApp } = gas(env);
    env.run('customFunction', EDITOR, () => {
      expect(SpreadsheetApp.getActiveRange()!.getA1Notation()).toBe('A2:A3');
      const cell = SpreadsheetApp.getActiveSheet().getRange('B1');
      expect(() => cell.activate()).toThrow('You do not have permission to call Range.activate');
      expect(() => SpreadsheetApp.getActiveSpreadsheet().setActiveRange(cell)).toThrow(
        'You do not have permission to call Spreadsheet.setActiveRange',
      );
    });
  });

  it('select refuses unknown sheets and bad ranges', () => {
    const env = newEnv();
    expect(() => env.spreadsheet.select('Nope', 'A1')).toThrow('No sheet named "Nope"');
    expect(() => env.spreadsheet.select('Sheet1', 'A1:AA2')).toThrow('outside the dimensions of the sheet');
    expect(() => env.spreadsheet.select('Sheet1', 'not a range')).toThrow('Range not found');
  });

  it('Spreadsheet.getRange reads a sheet-qualified A1 notation, or the active sheet', () => {
    const env = newEnv();
    asOwner(env, ({ SpreadsheetApp }) => {
      const ss = SpreadsheetApp.getActiveSpreadsheet();
      ss.insertSheet('My data');
      expect(ss.getRange("'My data'!B2:C3").getSheet().getName()).toBe('My data');
      expect(ss.getRange('A1').getSheet().getName()).toBe('My data');
      expect(ss.getRange('Sheet1!A1:B2').getA1Notation()).toBe('A1:B2');
      expect(() => ss.getRange('Missing!A1')).toThrow('Range not found');
    });
  });
});
