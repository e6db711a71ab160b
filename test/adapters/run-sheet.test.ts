// The run sheet over the fakes' SpreadsheetApp: sheets by name, rectangles read, a run's named range followed as rows
// are inserted above it, and blocks written as text.
import { runSheet } from '../../src/adapters/run-sheet';
import { TEXT_FORMAT } from '../../src/core/cells';
import { statusHeaderOf } from '../../src/core/refresh/checked';

const STATUS_HEADER = statusHeaderOf('profile');
import { newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

function leads() {
  const env = newEnv();
  env.spreadsheet.sheet('Sheet1').write('A1:D4', [
    ['Profile', 'Notes', 'full_name', STATUS_HEADER],
    ['https://x.example/in/a', 'mine', '', ''],
    ['https://x.example/in/b', 'mine too', 'Bo', 'OK'],
    ['https://x.example/in/c', '', '', 'ERROR: timed out'],
  ]);
  return env;
}

describe('runSheet', () => {
  it('finds a sheet by name, and refuses one that is not there', () => {
    const env = leads();
    expect(inScript(env, () => runSheet.sheetName(runSheet.sheetNamed('Sheet1')))).toBe('Sheet1');
    expect(() => inScript(env, () => runSheet.sheetNamed('Gone'))).toThrow('There is no sheet named "Gone"');
  });

  it('reads a rectangle, with its formulas only when asked, and the last row and column with content', () => {
    const env = leads();
    env.spreadsheet.sheet('Sheet1').setFormulaResult('E2', '=LEN(A2)', 22);
    const read = inScript(env, () => {
      const sheet = runSheet.sheetNamed('Sheet1');
      const rect = { row: 2, column: 4, rows: 2, columns: 2 };
      return {
        last: [runSheet.lastRow(sheet), runSheet.lastColumn(sheet)],
        plain: runSheet.read(sheet, rect, false),
        withFormulas: runSheet.read(sheet, rect, true),
      };
    });
    expect(read.last).toEqual([4, 5]);
    expect(read.plain).toEqual({
      values: [
        ['', 22],
        ['OK', ''],
      ],
      formulas: [],
    });
    expect(read.withFormulas.formulas).toEqual([
      ['', '=LEN(A2)'],
      ['', ''],
    ]);
  });

  it("names a run's rows and finds them again below rows inserted above; removed, they are gone", () => {
    const env = leads();
    inScript(env, () =>
      runSheet.nameRows('sheetEnrichRun_t', {
        sheet: runSheet.sheetNamed('Sheet1'),
        headerRow: 1,
        lastRow: 4,
        inputColumn: 1,
      }),
    );
    env.spreadsheet.sheet('Sheet1').insertRows(0, 2);
    const found = inScript(env, () => runSheet.findRows('sheetEnrichRun_t'));
    expect(found).toMatchObject({ headerRow: 3, lastRow: 6, inputColumn: 1 });
    expect(inScript(env, () => runSheet.sameSheet(found!.sheet, runSheet.sheetNamed('Sheet1')))).toBe(true);
    inScript(env, () => runSheet.removeRows('sheetEnrichRun_t'));
    expect(inScript(env, () => runSheet.findRows('sheetEnrichRun_t'))).toBeNull();
    expect(() => inScript(env, () => runSheet.removeRows('sheetEnrichRun_t'))).not.toThrow();
  });

  it('writes blocks as text that never becomes a formula', () => {
    const env = leads();
    inScript(env, () =>
      runSheet.writeBlock(runSheet.sheetNamed('Sheet1'), 2, 3, [['=1+1'], ['+14155550100']], [TEXT_FORMAT]),
    );
    const sheet = env.spreadsheet.sheet('Sheet1');
    expect(sheet.values('C2:C3')).toEqual([['=1+1'], ['+14155550100']]);
    expect(sheet.formulas('C2:C3')).toEqual([[''], ['']]);
  });
});
