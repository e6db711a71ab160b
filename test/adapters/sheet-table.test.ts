// The one cell writer, over the Apps Script fakes: text arrives exactly, whether or not a plain-text format stops
// setValues from parsing (Google does not document it), in a bounded number of round trips per block.
import type { GasEnvironment } from '../../dev/gas-fakes';
import { sheetTable, writeBlock } from '../../src/adapters/sheet-table';
import { AUTOMATIC_FORMAT, CELL_TEXT_LIMIT, TEXT_FORMAT, capCellText, type CellValue } from '../../src/core/cells';
import { upsertRows } from '../../src/core/sheet-table';
import { OWNER, newEnv } from '../fakes/gas';

const HOSTILE = [
  '=HYPERLINK("http://evil.example","click")',
  '+14155550100',
  '-Minus Studio',
  '@channel',
  '1-10',
  '00501',
  'TRUE',
  '3/4',
  '12:30',
  '50%',
  '$5',
  "'apostrophe",
  '#N/A',
  ' =1+1',
  '__proto__',
  '王芳 🚀',
  'line one\nline two',
  'plain text',
  '',
];

/** Runs `write` as a menu execution with the fakes' SpreadsheetApp as the global the adapter uses. */
function asScript<T>(env: GasEnvironment, write: (sheet: GoogleAppsScript.Spreadsheet.Sheet) => T): T {
  const app = env.globals.SpreadsheetApp as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
  const scope = globalThis as { SpreadsheetApp?: unknown };
  scope.SpreadsheetApp = app;
  try {
    return env.run('menu', OWNER, () => write(app.getActiveSheet()));
  } finally {
    delete scope.SpreadsheetApp;
  }
}

/** Rows of the hostile texts in text columns around a number column: [text, text, number, text]. */
function hostileRows(count: number): CellValue[][] {
  return Array.from({ length: count }, (_, i) => [
    HOSTILE[i % HOSTILE.length],
    HOSTILE[(i + 7) % HOSTILE.length],
    i,
    HOSTILE[(i + 3) % HOSTILE.length],
  ]);
}

const FORMATS = [TEXT_FORMAT, TEXT_FORMAT, AUTOMATIC_FORMAT, TEXT_FORMAT];

describe.each([true, false])(
  'writeBlock (a plain-text format stops setValues parsing: %p)',
  (plainTextStopsParsing) => {
    it('leaves every cell holding exactly the text given: no formula, number, date or boolean, no apostrophe', () => {
      const env = newEnv({ uncertain: { plainTextStopsParsing }, startTime: Date.UTC(2025, 5, 15) });
      const rows = hostileRows(HOSTILE.length * 2);
      asScript(env, (sheet) => writeBlock(sheet, 2, 2, rows, FORMATS));
      const sheet = env.spreadsheet.sheet('Sheet1');
      const area = `B2:E${rows.length + 1}`;
      expect(sheet.values(area)).toEqual(rows);
      expect(sheet.displayValues(area)).toEqual(rows.map((row) => row.map(String)));
      expect(
        sheet
          .formulas(area)
          .flat()
          .every((formula) => formula === ''),
      ).toBe(true);
      expect(sheet.numberFormats(area)).toEqual(rows.map(() => FORMATS));
    });

    it('writes a block with a key column exactly too', () => {
      const env = newEnv({ uncertain: { plainTextStopsParsing }, startTime: Date.UTC(2025, 5, 15) });
      const rows = hostileRows(HOSTILE.length).map((row, i) => [`${i}`, ...row]);
      asScript(env, (sheet) => writeBlock(sheet, 1, 1, rows, [TEXT_FORMAT, ...FORMATS], 0));
      expect(env.spreadsheet.sheet('Sheet1').values(`A1:E${rows.length}`)).toEqual(rows);
    });

    it('caps text at the 50,000 characters of a cell instead of failing the block', () => {
      const env = newEnv({ uncertain: { plainTextStopsParsing } });
      const long = `=${'x'.repeat(59_999)}`;
      asScript(env, (sheet) => writeBlock(sheet, 1, 1, [[long, '00501']], [TEXT_FORMAT, TEXT_FORMAT]));
      const [[stored, zip]] = env.spreadsheet.sheet('Sheet1').values('A1:B1');
      expect(stored).toBe(capCellText(long));
      expect((stored as string).length).toBe(CELL_TEXT_LIMIT);
      expect(zip).toBe('00501');
    });

    it('writes headers through the same guards', () => {
      const env = newEnv({ uncertain: { plainTextStopsParsing } });
      asScript(env, (sheet) => sheetTable(sheet).writeHeaders(1, ['id', '+1 phone', '2024']));
      expect(env.spreadsheet.sheet('Sheet1').values('A1:C1')).toEqual([['id', '+1 phone', '2024']]);
    });
  },
);

describe('writeBlock round trips', () => {
  /** Spreadsheet calls one block write costs, by kind. */
  function callsFor(rows: CellValue[][], formats: string[]) {
    const env = newEnv();
    const before = env.stats.serviceCalls;
    asScript(env, (sheet) => writeBlock(sheet, 2, 1, rows, formats));
    const { setValuesCalls, setRichTextValuesCalls, writeCalls, readCalls } = env.spreadsheet.stats;
    return {
      setValuesCalls,
      setRichTextValuesCalls,
      writeCalls,
      readCalls,
      sheetCalls: env.stats.serviceCalls - before,
    };
  }

  it('are the same for 10 rows and 900: formats, values, and one rich-text write per run of text columns', () => {
    const few = callsFor(hostileRows(10), FORMATS);
    const many = callsFor(hostileRows(900), FORMATS);
    expect(few).toMatchObject({ setValuesCalls: 1, setRichTextValuesCalls: 2, writeCalls: 4, readCalls: 0 });
    expect(many).toMatchObject({ setValuesCalls: 1, setRichTextValuesCalls: 2, writeCalls: 4, readCalls: 0 });
  });

  it('skip rich text when no text could be parsed, and setValues when rich text covers the block', () => {
    const plain = callsFor(
      [
        ['Ann', 3],
        ['Bo', 4],
      ],
      [TEXT_FORMAT, AUTOMATIC_FORMAT],
    );
    expect(plain).toMatchObject({ setValuesCalls: 1, setRichTextValuesCalls: 0, writeCalls: 2 });
    const allText = callsFor(
      Array.from({ length: 5 }, (_, i) => [`=${i}`, i === 2 ? 'x' : `0050${i}`]),
      [TEXT_FORMAT, TEXT_FORMAT],
    );
    expect(allText).toMatchObject({ setValuesCalls: 0, setRichTextValuesCalls: 1, writeCalls: 2 });
  });

  it('build one rich-text value per distinct text of a block', () => {
    const env = newEnv();
    const rows = Array.from({ length: 40 }, (_, i) => ['OK', i < 25 ? '2026-11-27T20:07:07Z' : '2026-11-27T20:08:00Z']);
    asScript(env, (sheet) => writeBlock(sheet, 2, 1, rows, [TEXT_FORMAT, TEXT_FORMAT]));
    expect(env.stats.callsByName['SpreadsheetApp.newRichTextValue']).toBe(2);
    expect(env.spreadsheet.sheet('Sheet1').values('A2:B41')).toEqual(rows);
  });
});

describe('upserting research rows over the adapter', () => {
  it.each([true, false])('keeps hostile keys and values exact (plain-text switch %p)', (plainTextStopsParsing) => {
    const env = newEnv({ uncertain: { plainTextStopsParsing } });
    const rows = HOSTILE.filter((text) => text !== '').map((text, i) => [`id-${i}`, text]);
    asScript(env, (sheet) =>
      upsertRows(sheetTable(sheet), 'id', { fields: ['id', 'headline'], formats: [TEXT_FORMAT, TEXT_FORMAT], rows }),
    );
    // A second write of the same keys finds them again (the keys were stored as text) and updates in place.
    const result = asScript(env, (sheet) =>
      upsertRows(sheetTable(sheet), 'id', { fields: ['id', 'headline'], formats: [TEXT_FORMAT, TEXT_FORMAT], rows }),
    );
    expect(result).toEqual({ inserted: 0, updated: rows.length, keys: rows.length });
    expect(env.spreadsheet.sheet('Sheet1').values()).toEqual([['id', 'headline'], ...rows]);
  });
});
