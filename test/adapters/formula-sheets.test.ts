// The formulas convert reads and writes, over the fakes: the selection with its formulas, sheets beside another,
// sizes, rectangles read, and blocks written as text.
import { formulaSheets } from '../../src/adapters/formula-sheets';
import { TEXT_FORMAT } from '../../src/core/cells';
import { newEnv } from '../fakes/gas';
import { inScript } from './gas-globals';

describe('formulaSheets', () => {
  it('reads the selection, its sheet and rectangles, and writes text that stays text', () => {
    const env = newEnv();
    env.spreadsheet.insertSheet('Other');
    const sheet = env.spreadsheet.sheet('Sheet1');
    sheet.write('A1:B2', [
      ['a', 1],
      ['b', 2],
    ]);
    sheet.setFormulaResult('C1', '=SCRAPE_PROFILE(A1:A2)', [['x'], ['y']]);
    env.spreadsheet.select('Sheet1', 'C1:C2');
    const seen = inScript(env, () => {
      const selection = formulaSheets.selection()!;
      const rect = { row: 1, column: 1, rows: 2, columns: 3 };
      formulaSheets.writeBlock(selection.sheet, 3, 1, [['=1+1']], [TEXT_FORMAT]);
      return {
        at: [selection.row, selection.column],
        formulas: selection.formulas,
        beside: formulaSheets.sheetBeside(selection.sheet, 'Other')?.getName(),
        missing: formulaSheets.sheetBeside(selection.sheet, 'Gone'),
        size: [formulaSheets.lastRow(selection.sheet), formulaSheets.lastColumn(selection.sheet)],
        grid: [formulaSheets.maxRows(selection.sheet), formulaSheets.maxColumns(selection.sheet)],
        values: formulaSheets.values(selection.sheet, rect),
        both: formulaSheets.valuesAndFormulas(selection.sheet, { row: 1, column: 3, rows: 1, columns: 1 }),
        formats: formulaSheets.numberFormats(selection.sheet, { row: 3, column: 1, rows: 1, columns: 1 }),
      };
    });
    expect(seen).toEqual({
      at: [1, 3],
      formulas: [['=SCRAPE_PROFILE(A1:A2)'], ['']],
      beside: 'Other',
      missing: null,
      size: [3, 3], // A3 written first
      grid: [1000, 26],
      values: [
        ['a', 1, 'x'],
        ['b', 2, 'y'],
      ],
      both: { values: [['x']], formulas: [['=SCRAPE_PROFILE(A1:A2)']] },
      formats: [[TEXT_FORMAT]],
    });
    expect(sheet.values('A3')).toEqual([['=1+1']]);
    expect(sheet.formulas('A3')).toEqual([['']]);
  });
});
