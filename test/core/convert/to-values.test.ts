// Converting formulas to values over sheets in memory: each cell holds what it shows and, for a formula's anchor,
// its formula; writes record the blocks the text-safe writer would get.
import { TEXT_FORMAT, type CellValue } from '../../../src/core/cells';
import { convertedMessage, convertSelection } from '../../../src/core/convert/to-values';
import type { FormulaSheets, GridRect } from '../../../src/core/ports';

interface MemorySheet {
  values: unknown[][];
  formulas: Record<string, string>;
}

function memorySheets(selection: { sheet: string; a1: [number, number, number, number] } | null) {
  const sheets = new Map<string, MemorySheet>();
  const writes: { sheet: string; row: number; column: number; values: CellValue[][]; formats: string[] }[] = [];
  const of = (name: string) => sheets.get(name)!;
  const cell = (sheet: MemorySheet, row: number, column: number) => sheet.values[row - 1]?.[column - 1] ?? '';
  const grid = <T>(rect: GridRect, at: (row: number, column: number) => T) =>
    Array.from({ length: rect.rows }, (_, r) =>
      Array.from({ length: rect.columns }, (_, c) => at(rect.row + r, rect.column + c)),
    );
  const port: FormulaSheets<string> = {
    selection: () => {
      if (selection === null) return null;
      const [row, column, rows, columns] = selection.a1;
      const sheet = of(selection.sheet);
      return {
        sheet: selection.sheet,
        row,
        column,
        formulas: grid({ row, column, rows, columns }, (r, c) => sheet.formulas[`${r},${c}`] ?? ''),
      };
    },
    sheetBeside: (_home, name) => (sheets.has(name) ? name : null),
    lastRow: (name) => of(name).values.length,
    lastColumn: (name) => Math.max(0, ...of(name).values.map((line) => line.length)),
    maxRows: () => 1000,
    maxColumns: () => 26,
    values: (name, rect) => grid(rect, (r, c) => cell(of(name), r, c)),
    valuesAndFormulas: (name, rect) => ({
      values: grid(rect, (r, c) => cell(of(name), r, c)),
      formulas: grid(rect, (r, c) => of(name).formulas[`${r},${c}`] ?? ''),
    }),
    numberFormats: (_name, rect) => grid(rect, () => 'General'),
    writeBlock: (name, row, column, values, formats) => {
      writes.push({ sheet: name, row, column, values, formats });
      const sheet = of(name);
      values.forEach((line, r) =>
        line.forEach((value, c) => {
          delete sheet.formulas[`${row + r},${column + c}`];
          while (sheet.values.length < row + r) sheet.values.push([]);
          sheet.values[row + r - 1][column + c - 1] = value;
        }),
      );
    },
  };
  return { port, sheets, writes };
}

/** Leads: inputs in A2:A3; B1 holds `formula`, showing a header and a value per input. */
function leads(formula: string, shown: unknown[] = ['full_name', 'Ann', '=not a formula']) {
  const env = memorySheets({ sheet: 'Leads', a1: [1, 1, 3, 2] });
  env.sheets.set('Leads', {
    values: [
      ['Profile', shown[0]],
      ['https://x.example/in/ann', shown[1]],
      ['https://x.example/in/bo', shown[2]],
    ],
    formulas: { '1,2': formula },
  });
  return env;
}

describe('converting formulas to values', () => {
  it('writes what an add-on formula and its spill show as plain values, text as text', () => {
    const env = leads('=SCRAPE_PROFILE(A2:A3, "full_name", TRUE)');
    expect(convertSelection(env.port)).toEqual({ cells: 3, errors: 0, loading: 0 });
    expect(env.sheets.get('Leads')!.formulas).toEqual({});
    expect(env.sheets.get('Leads')!.values.map((line) => line[1])).toEqual(['full_name', 'Ann', '=not a formula']);
    expect(env.writes.flatMap((write) => write.formats)).toEqual([TEXT_FORMAT]);
  });

  it('leaves other formulas, and counts ours it leaves as they show an error or are loading', () => {
    expect(convertSelection(leads('=SUM(A2:A3)').port)).toEqual({ cells: 0, errors: 0, loading: 0 });
    for (const error of ['#ERROR!', '#REF!', '#N/A']) {
      const env = leads('=SCRAPE_PROFILE(A2:A3)', [error, '', '']);
      expect(convertSelection(env.port)).toEqual({ cells: 0, errors: 1, loading: 0 });
      expect(env.writes).toEqual([]);
    }
    expect(convertSelection(leads('=SCRAPE_PROFILE(A2:A3)', ['Loading...', '', '']).port)).toEqual({
      cells: 0,
      errors: 0,
      loading: 1,
    });
  });

  it('asks for a selection first', () => {
    expect(() => convertSelection(memorySheets(null).port)).toThrow('Select the cells');
  });

  it('says how many cells it converted', () => {
    const converted = (cells: number) => convertedMessage({ cells, errors: 0, loading: 0 });
    expect(converted(0)).toMatch(/none of sheet-enrich's formulas showing values, so nothing was converted/);
    expect(converted(1)).toBe('Converted 1 cell to plain values.');
    expect(converted(12)).toBe('Converted 12 cells to plain values.');
  });

  it('says how many formulas it left as they are, and why', () => {
    expect(convertedMessage({ cells: 40, errors: 2, loading: 0 })).toBe(
      'Converted 40 cells to plain values. 2 formulas show an error, so they stay as they are: point at one to ' +
        'read why.',
    );
    expect(convertedMessage({ cells: 0, errors: 1, loading: 1 })).toBe(
      'Nothing was converted. 1 formula shows an error, so it stays as it is: point at it to read why. ' +
        '1 formula is still loading: convert again once it shows its values.',
    );
    expect(convertedMessage({ cells: 3, errors: 0, loading: 2 })).toBe(
      'Converted 3 cells to plain values. 2 formulas are still loading: convert again once they show their values.',
    );
  });
});
