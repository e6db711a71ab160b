import { adjustFormula, adjustRect, adjustSpan, moveFormula } from '../../dev/gas-fakes/formula-references';

const insertRows = (at: number, count: number) => ({ axis: 'row' as const, at, count });
const deleteRows = (at: number, count: number) => ({ axis: 'row' as const, at, count: -count });

describe('adjustSpan (rows 3 to 6 of a reference or named range)', () => {
  it.each([
    ['rows inserted above move it', insertRows(2, 2), [5, 8]],
    ['rows inserted at its first row move it', insertRows(3, 1), [4, 7]],
    ['rows inserted inside grow it', insertRows(5, 3), [3, 9]],
    ['rows inserted below leave it', insertRows(7, 4), [3, 6]],
    ['rows deleted above move it up', deleteRows(1, 2), [1, 4]],
    ['rows deleted inside shrink it', deleteRows(4, 2), [3, 4]],
    ['rows deleted across its start cut it', deleteRows(2, 3), [2, 3]],
    ['rows deleted across its end cut it', deleteRows(6, 5), [3, 5]],
    ['all its rows deleted end it', deleteRows(2, 6), null],
  ])('%s', (_what, change, expected) => {
    expect(adjustSpan(3, 6, change)).toEqual(expected);
  });

  it('moves columns of a rectangle the same way', () => {
    const rect = { row: 2, column: 2, numRows: 3, numColumns: 2 };
    expect(adjustRect(rect, { axis: 'column', at: 1, count: 1 })).toEqual({ ...rect, column: 3 });
    expect(adjustRect(rect, { axis: 'column', at: 2, count: -2 })).toBeNull();
  });
});

describe('adjustFormula', () => {
  const onSheet1 = (formula: string, change: ReturnType<typeof insertRows>) =>
    adjustFormula(formula, 'Sheet1', 'Sheet1', change);

  it('moves relative and absolute references alike, and leaves whole columns alone', () => {
    expect(onSheet1('=A5+$B$5+C$2+SUM(D:D)', insertRows(3, 2))).toBe('=A7+$B$7+C$2+SUM(D:D)');
  });

  it('grows an open-ended range from its start', () => {
    expect(onSheet1('=COUNTA(A2:A)', insertRows(1, 1))).toBe('=COUNTA(A3:A)');
    expect(onSheet1('=COUNTA(A2:A)', deleteRows(2, 1))).toBe('=COUNTA(A2:A)');
  });

  it('follows inserted columns', () => {
    expect(adjustFormula('=B1&C$1&$A1', 'Sheet1', 'Sheet1', { axis: 'column', at: 2, count: 1 })).toBe('=C1&D$1&$A1');
  });

  it('changes only references to the changed sheet, and leaves text in quotes and function names alone', () => {
    const formula = `=A5+Other!A5+'My sheet'!A5+LOG10(A5)&"A5"`;
    expect(adjustFormula(formula, 'Sheet1', 'My sheet', insertRows(1, 1))).toBe(
      `=A5+Other!A5+'My sheet'!A6+LOG10(A5)&"A5"`,
    );
    expect(adjustFormula(formula, 'Other', 'Other', insertRows(1, 1))).toBe(
      `=A6+Other!A6+'My sheet'!A5+LOG10(A6)&"A5"`,
    );
  });

  it('turns a reference whose cells were all deleted into #REF!', () => {
    expect(onSheet1('=A3+SUM(B3:B4)+SUM(C2:C9)', deleteRows(3, 2))).toBe('=#REF!+SUM(#REF!)+SUM(C2:C7)');
  });
});

describe('moveFormula (a sort moved the formula)', () => {
  it('moves relative rows with it and keeps absolute ones', () => {
    expect(moveFormula('=A2*$B$2+C$1+SUM(D2:D3)', 3)).toBe('=A5*$B$2+C$1+SUM(D5:D6)');
    expect(moveFormula('=A5', -4)).toBe('=A1');
    expect(moveFormula('=A2', -2)).toBe('=#REF!');
    expect(moveFormula('="A2"', 5)).toBe('="A2"');
  });
});
