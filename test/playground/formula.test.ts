// The playground's formula parser: literals, references and calls, as Sheets reads them.
import { parseFormula, referencesOf, type Expr } from '../../dev/playground/formula';

function expr(text: string): Expr {
  const parsed = parseFormula(text);
  if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
  return parsed.expr;
}

test('a call with text, number, boolean, cell and range arguments', () => {
  expect(expr('=SCRAPE_PROFILE(A2, "name, headline", FALSE)')).toEqual({
    kind: 'call',
    name: 'SCRAPE_PROFILE',
    args: [
      { kind: 'reference', sheetName: null, cells: 'A2' },
      { kind: 'literal', value: 'name, headline' },
      { kind: 'literal', value: false },
    ],
  });
  expect(expr('= search_companies( "fintech" , 5, 80.5, B1:F1, true )')).toEqual({
    kind: 'call',
    name: 'search_companies',
    args: [
      { kind: 'literal', value: 'fintech' },
      { kind: 'literal', value: 5 },
      { kind: 'literal', value: 80.5 },
      { kind: 'reference', sheetName: null, cells: 'B1:F1' },
      { kind: 'literal', value: true },
    ],
  });
});

test('quotes, signs, exponents, absolute and open references, sheet names', () => {
  expect(expr('="say ""hi"""')).toEqual({ kind: 'literal', value: 'say "hi"' });
  expect(expr('=-1.5e2')).toEqual({ kind: 'literal', value: -150 });
  expect(expr('=.5')).toEqual({ kind: 'literal', value: 0.5 });
  expect(expr('=$A$2:$A')).toEqual({ kind: 'reference', sheetName: null, cells: '$A$2:$A' });
  expect(expr('=2:2')).toEqual({ kind: 'reference', sheetName: null, cells: '2:2' });
  expect(expr("='Research · it''s 1'!B2:B")).toEqual({
    kind: 'reference',
    sheetName: "Research · it's 1",
    cells: 'B2:B',
  });
  expect(expr('=Sheet2!A1')).toEqual({ kind: 'reference', sheetName: 'Sheet2', cells: 'A1' });
});

test('empty and nested arguments', () => {
  expect(expr('=F()')).toEqual({ kind: 'call', name: 'F', args: [] });
  expect(expr('=F(A1,,TRUE)')).toMatchObject({ args: [{ kind: 'reference' }, null, { kind: 'literal', value: true }] });
  const nested = expr('=FIND_CONTACTS(SCRAPE_PROFILE(A2:A5, "network_url", FALSE), Sheet2!B1:C1)');
  expect(referencesOf(nested).map((ref) => ref.cells)).toEqual(['A2:A5', 'B1:C1']);
});

test.each([
  ['=SUM(A1', '#ERROR!', 'Formula parse error.'],
  ['=A1+A2', '#ERROR!', 'Formula parse error.'],
  ['="open', '#ERROR!', 'Formula parse error.'],
  ['=', '#ERROR!', 'Formula parse error.'],
  ['=F(1 2)', '#ERROR!', 'Formula parse error.'],
  ['=hello', '#NAME?', "Unknown range name: 'HELLO'."],
  ['=A', '#NAME?', "Unknown range name: 'A'."],
])('%s is %s', (text, code, message) => {
  expect(parseFormula(text)).toEqual({ ok: false, code, message });
});
