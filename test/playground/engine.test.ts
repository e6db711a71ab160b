// The playground's formula engine over the fake spreadsheet: arguments as Sheets passes them, spills, #REF!,
// #ERROR!, #NAME?, and recalculation when referenced cells change.
import { createGasEnvironment, type FakeSheet, type GasEnvironment } from '../../dev/gas-fakes';
import { FormulaEngine } from '../../dev/playground/engine';

let env: GasEnvironment;
let sheet: FakeSheet;
let calls: Array<{ name: string; args: unknown[] }>;
let engine: FormulaEngine;

/** Test functions: ECHO returns its arguments as one row, GRID(rows, columns) an "r,c" grid, FAIL throws. */
const functions: Record<string, (...args: unknown[]) => unknown> = {
  ECHO: (...args) => [args.map((arg) => (Array.isArray(arg) ? JSON.stringify(arg) : arg))],
  GRID: (rows, columns) =>
    Array.from({ length: Number(rows) }, (_, r) => Array.from({ length: Number(columns) }, (_, c) => `${r},${c}`)),
  FAIL: (message) => {
    throw new Error(String(message));
  },
  LINK: () => '=HYPERLINK("https://example.com")',
  COLUMN_OF: (...args) => args,
  LONG: () => 'x'.repeat(50_001),
};

beforeEach(() => {
  env = createGasEnvironment({ owner: 'you@example.com' });
  sheet = env.spreadsheet.activeSheet();
  calls = [];
  engine = new FormulaEngine(
    env.spreadsheet,
    (name, args) => {
      calls.push({ name, args });
      return functions[name](...args);
    },
    Object.keys(functions),
  );
});

afterEach(() => env.dispose());

const type = (a1: string, input: string, target: FakeSheet = sheet) => {
  const { row, column } = target.rect(a1);
  engine.setInput(target, row, column, input);
};
const shown = (a1: string) => sheet.displayValues(a1);
const notes = (a1: string) => {
  const { row, column } = sheet.rect(a1);
  return engine.notes(sheet, row, column);
};

test('arguments arrive as Sheets passes them: a cell as its value, a range as a 2-D array, an empty cell as ""', () => {
  type('A1', 'https://www.network.com/in/a');
  type('A2', '42');
  type('B1', 'TRUE');
  type('C1', '=COLUMN_OF(A1, A2, B2, A1:B2, "text", 7, FALSE)');
  expect(calls.at(-1)).toEqual({
    name: 'COLUMN_OF',
    args: [
      'https://www.network.com/in/a',
      42,
      '',
      [
        ['https://www.network.com/in/a', true],
        [42, ''],
      ],
      'text',
      7,
      false,
    ],
  });
  // A 1-D result shows as a column; the 2-D argument cannot be a cell value, so this one is an error.
  expect(shown('C1')).toEqual([['#VALUE!']]);
});

test('a 2-D result spills right and down; the formula stays in its cell only', () => {
  type('B2', '=GRID(2, 3)');
  expect(shown('B2:D3')).toEqual([
    ['0,0', '0,1', '0,2'],
    ['1,0', '1,1', '1,2'],
  ]);
  expect(sheet.formulas('B2:D3')).toEqual([
    ['=GRID(2, 3)', '', ''],
    ['', '', ''],
  ]);
  expect(notes('C3')).toEqual({ spilledFrom: { row: 2, column: 2, formula: '=GRID(2, 3)' } });
  expect(notes('B2')).toEqual({});
});

test('a spill onto data shows #REF! and spills once the data is gone; typing into a spill does the same', () => {
  type('C3', 'in the way');
  type('B2', '=GRID(2, 3)');
  expect(shown('B2:D3')).toEqual([
    ['#REF!', '', ''],
    ['', 'in the way', ''],
  ]);
  expect(notes('B2').error).toEqual({
    code: '#REF!',
    message: 'Array result was not expanded because it would overwrite data in C3.',
  });
  const runs = calls.length;
  type('C3', '');
  expect(shown('B2:D3')).toEqual([
    ['0,0', '0,1', '0,2'],
    ['1,0', '1,1', '1,2'],
  ]);
  expect(calls.length).toBe(runs); // placed again from the kept result, not run again

  type('D2', 'typed');
  expect(shown('B2:D3')).toEqual([
    ['#REF!', '', 'typed'],
    ['', '', ''],
  ]);
  expect(notes('B2').error?.message).toContain('overwrite data in D2');
});

test('a spill past the last row asks for more rows', () => {
  sheet.maxRows = 3;
  type('A2', '=GRID(4, 1)');
  expect(notes('A2').error).toEqual({
    code: '#REF!',
    message: 'Result was not automatically expanded, please insert more rows (2).',
  });
});

test('a thrown error shows #ERROR! with its message; unknown functions and names show #NAME?', () => {
  type('A1', '=FAIL("No API key is set.")');
  expect(shown('A1')).toEqual([['#ERROR!']]);
  expect(notes('A1').error).toEqual({ code: '#ERROR!', message: 'No API key is set.' });
  type('A2', '=SUM(1, 2)');
  expect(notes('A2').error).toEqual({ code: '#NAME?', message: "Unknown function: 'SUM'." });
  type('A3', '=SCRAPE(');
  expect(notes('A3').error).toEqual({ code: '#ERROR!', message: 'Formula parse error.' });
  type('A4', '=LONG()');
  expect(notes('A4').error).toEqual({
    code: '#VALUE!',
    message: 'Text result of LONG is longer than the limit of 50000 characters.',
  });
});

test('returned text stays text: a returned formula is not run, digits and dates are not parsed', () => {
  type('A1', '=LINK()');
  expect(sheet.values('A1')).toEqual([['=HYPERLINK("https://example.com")']]);
  type('B1', '=ECHO("00501", "3/4", "+14155550100")');
  expect(sheet.values('B1:D1')).toEqual([['00501', '3/4', '+14155550100']]);
});

test('names match ignoring case; a formula runs again when a cell it reads changes, not otherwise', () => {
  type('A1', 'first');
  type('B1', '=echo(A1)');
  expect(shown('B1')).toEqual([['first']]);
  type('C5', 'unrelated');
  expect(calls.filter((call) => call.name === 'ECHO')).toHaveLength(1);
  type('A1', 'second');
  expect(shown('B1')).toEqual([['second']]);
  // Entering the same formula again runs it again.
  type('B1', '=echo(A1)');
  expect(calls.filter((call) => call.name === 'ECHO')).toHaveLength(3);
});

test('results feed other formulas, across sheets too, and a script writing a referenced cell recalculates', () => {
  const other = env.spreadsheet.insertSheet('Research 1');
  type('A1', '=GRID(2, 1)');
  type('B1', '=ECHO(A1:A2)');
  expect(shown('B1')).toEqual([['[["0,0"],["1,0"]]']]);
  type('C1', "=ECHO('Research 1'!A1)");
  other.write('A1', [['written by a script']]);
  engine.recalculate();
  expect(shown('C1')).toEqual([['written by a script']]);
  type('D1', "=ECHO('Nope'!A1)");
  expect(notes('D1').error).toEqual({ code: '#REF!', message: "Unresolved sheet name 'Nope'." });
});

test('a formula reading an error shows that error; clearing the formula clears its spill', () => {
  type('A1', '=FAIL("bad input")');
  type('B1', '=ECHO(A1)');
  expect(notes('B1').error).toEqual({ code: '#ERROR!', message: 'bad input' });
  type('A1', '=GRID(2, 1)');
  expect(shown('B1')).toEqual([['0,0']]);
  type('A1', '');
  expect(shown('A1:A2')).toEqual([[''], ['']]);
  expect(shown('B1')).toEqual([['']]);
});

test('a formula reading its own cell or its own spill is circular', () => {
  type('A1', '=ECHO(A1)');
  expect(notes('A1').error?.message).toMatch(/^Circular dependency detected/);
  type('B1', '=GRID(3, 1)');
  type('C1', '=ECHO(C1:C1)');
  expect(notes('C1').error?.message).toMatch(/^Circular dependency detected/);
  type('D1', '=ECHO(D2)');
  type('D1', '=COLUMN_OF(1, D2)');
  expect(notes('D1').error?.message).toMatch(/^Circular dependency detected/);
});

test('formulas reading each other are circular', () => {
  type('A1', '=ECHO(B1)');
  type('B1', '=ECHO(A1)');
  expect(notes('A1').error?.message).toMatch(/^Circular dependency detected/);
  expect(notes('B1').error?.message).toMatch(/^Circular dependency detected/);
  type('B1', 'plain');
  expect(shown('A1')).toEqual([['plain']]);
});

test('formulas already in the sheet are calculated when adopted', () => {
  sheet.write('A1', [['x', '=ECHO(A1)']]);
  engine.adoptFormulas();
  expect(shown('B1')).toEqual([['x']]);
});

test('cells entered at once (a paste, a fill) are written, then calculated once; pasted values stay as they are', () => {
  engine.enter(sheet, [
    { row: 1, column: 1, input: '42' },
    { row: 2, column: 1, value: '=HYPERLINK("x")' },
    { row: 3, column: 1, input: '=ECHO(A1)' },
    { row: 4, column: 1, input: '=ECHO(A2)' },
  ]);
  expect(sheet.values('A1:A4')).toEqual([[42], ['=HYPERLINK("x")'], [42], ['=HYPERLINK("x")']]);
  expect(sheet.formulas('A1:A4')).toEqual([[''], [''], ['=ECHO(A1)'], ['=ECHO(A2)']]);
  expect(calls.filter((call) => call.name === 'ECHO')).toHaveLength(2);
});

test('entering cells over a spill blocks it (#REF!); entering over the formula itself removes its spill', () => {
  type('B2', '=GRID(2, 2)');
  engine.enter(sheet, [{ row: 3, column: 3, value: 'pasted' }]);
  expect(notes('B2').error?.message).toContain('overwrite data in C3');
  engine.enter(sheet, [
    { row: 3, column: 3, value: '' },
    { row: 2, column: 2, value: 'plain' },
  ]);
  expect(shown('B2:C3')).toEqual([
    ['plain', ''],
    ['', ''],
  ]);
  expect(notes('C3')).toEqual({});
});

test('formulas a script wrote or moved are taken on at the next recalculation', () => {
  type('A1', 'x');
  sheet.write('B5', [['=ECHO(A1)']]);
  engine.recalculate();
  expect(shown('B5')).toEqual([['x']]);
  // Rows inserted above move the formula and its reference, as in Sheets.
  sheet.insertRows(0, 2);
  engine.recalculate();
  expect(sheet.formulas('B7')).toEqual([['=ECHO(A3)']]);
  expect(shown('B7')).toEqual([['x']]);
  expect(notes('B5')).toEqual({});
});

test('a script converting a formula to the values it shows keeps them all; a script clearing it takes its spill', () => {
  type('B2', '=GRID(2, 2)');
  sheet.writeValues({ row: 2, column: 2, numRows: 2, numColumns: 2 }, sheet.values('B2:C3'));
  engine.recalculate();
  expect(sheet.formulas('B2')).toEqual([['']]);
  expect(shown('B2:C3')).toEqual([
    ['0,0', '0,1'],
    ['1,0', '1,1'],
  ]);
  expect(notes('C3')).toEqual({});

  type('E2', '=GRID(2, 1)');
  sheet.clear({ row: 2, column: 5, numRows: 1, numColumns: 1 }, true);
  engine.recalculate();
  expect(shown('E2:E3')).toEqual([[''], ['']]);
});
