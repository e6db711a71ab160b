// The run sheet over the fakes' SpreadsheetApp: the column a request names, a run's area read over its own columns
// only, its named range followed as rows are inserted above it, and blocks written as text.
import { runSheet } from '../../src/adapters/run-sheet';
import { TEXT_FORMAT } from '../../src/core/cells';
import { STATUS_HEADER } from '../../src/core/enrichment/status';
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

  it('reads a column down to the last row with content', () => {
    const env = leads();
    const cells = inScript(env, () =>
      runSheet.readColumn(runSheet.sheetNamed('Sheet1'), { column: 1, firstRow: 2, lastRow: null }),
    );
    expect(cells).toEqual({
      firstRow: 2,
      cells: ['https://x.example/in/a', 'https://x.example/in/b', 'https://x.example/in/c'],
    });
  });

  it("reads a run's area over its input, output and status columns, never the user's between them", () => {
    const env = leads();
    const area = inScript(env, () =>
      runSheet.readArea({ sheet: runSheet.sheetNamed('Sheet1'), headerRow: 1, lastRow: 4, inputColumn: 1 }, [
        'full_name',
      ]),
    );
    expect(area.columns).toEqual({ fields: [3], status: 4, added: null });
    expect(area.grid.columns).toEqual([1, 3, 4]);
    expect(area.inputs).toEqual(['https://x.example/in/a', 'https://x.example/in/b', 'https://x.example/in/c']);
    expect(area.statuses).toEqual(['', 'OK', 'ERROR: timed out']);
    expect(area.grid.values.flat()).not.toContain('mine');
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
    const block = { row: 2, column: 3, values: [['=1+1'], ['+14155550100']], formats: [TEXT_FORMAT] };
    inScript(env, () => runSheet.writeBlocks(runSheet.sheetNamed('Sheet1'), [block]));
    const sheet = env.spreadsheet.sheet('Sheet1');
    expect(sheet.values('C2:C3')).toEqual([['=1+1'], ['+14155550100']]);
    expect(sheet.formulas('C2:C3')).toEqual([[''], ['']]);
  });
});
