// The A1 notation an enrichment request names its inputs with: any rectangle (parseA1), and one column of inputs
// (parseColumnRange), each optionally after a sheet name; anything else is refused in one sentence.
import { columnLetters, parseA1, parseColumnLetters, parseColumnRange, rectA1 } from '../../../src/core/enrichment/a1';

const notA1 = (text: string) => ({
  ok: false,
  error: { kind: 'invalid_input', message: `"${text}" is not a range such as A2:A501.` },
});

describe('parseA1', () => {
  it.each([
    ['B2', { row: 2, column: 2, lastRow: 2, lastColumn: 2 }],
    ['A1:C10', { row: 1, column: 1, lastRow: 10, lastColumn: 3 }],
    ['C10:A1', { row: 1, column: 1, lastRow: 10, lastColumn: 3 }],
    ['A:C', { row: 1, column: 1, lastRow: null, lastColumn: 3 }],
    ['2:5', { row: 2, column: 1, lastRow: 5, lastColumn: null }],
    ['A2:C', { row: 2, column: 1, lastRow: null, lastColumn: 3 }],
    ['$z$26', { row: 26, column: 26, lastRow: 26, lastColumn: 26 }],
    ['ZZZ1', { row: 1, column: 26 * 26 * 26 + 26 * 26 + 26, lastRow: 1, lastColumn: 26 * 26 * 26 + 26 * 26 + 26 }],
    [' A1 : B2 ', { row: 1, column: 1, lastRow: 2, lastColumn: 2 }],
  ])('reads %s', (text, rect) => {
    expect(parseA1(text)).toEqual({ ok: true, sheetName: null, rect });
  });

  it.each([
    ['Leads!A1', 'Leads'],
    ["'My list'!A1", 'My list'],
    ["'Ann''s list'!A1", "Ann's list"],
    ["'Q1!Q2'!A1", 'Q1!Q2'],
  ])('reads the sheet name of %s', (text, sheetName) => {
    expect(parseA1(text)).toMatchObject({ ok: true, sheetName, rect: { row: 1, column: 1 } });
  });

  it.each(['', 'A', '3', 'A0', 'A1:B0', 'ABCD1', 'A1:B2:C3', 'A1-B2', '1A', 'Leads!'])('refuses "%s"', (text) => {
    expect(parseA1(text)).toEqual(notA1(text));
  });
});

describe('parseColumnRange', () => {
  it.each([
    ['A2:A501', { column: 1, firstRow: 2, lastRow: 501 }],
    ['$B$2:$B$40', { column: 2, firstRow: 2, lastRow: 40 }],
    ['c7', { column: 3, firstRow: 7, lastRow: 7 }],
    ['AA:AA', { column: 27, firstRow: 1, lastRow: null }],
    ['D2:D', { column: 4, firstRow: 2, lastRow: null }],
    ['A9:A3', { column: 1, firstRow: 3, lastRow: 9 }],
  ])('reads %s', (text, range) => {
    expect(parseColumnRange(text)).toEqual({ ok: true, sheetName: null, range });
  });

  it('keeps a sheet name', () => {
    expect(parseColumnRange("'My list'!A2:A9")).toMatchObject({ ok: true, sheetName: 'My list' });
  });

  it.each([
    ['A2:B10', 'Select one column of inputs, such as A2:A501; A2:B10 spans 2 columns.'],
    ['2:5', 'Select one column of inputs, such as A2:A501; 2:5 spans whole rows.'],
    ['A2:A5:A9', '"A2:A5:A9" is not a range such as A2:A501.'],
    ['hello world', '"hello world" is not a range such as A2:A501.'],
    ['', 'Select the column of inputs to enrich, such as A2:A501.'],
  ])('refuses %s in one sentence', (text, message) => {
    expect(parseColumnRange(text)).toEqual({ ok: false, error: { kind: 'invalid_input', message } });
  });

  it.each([['   '], [null], [42]])('asks for a selection when given %p', (text) => {
    expect(parseColumnRange(text)).toEqual({
      ok: false,
      error: { kind: 'invalid_input', message: 'Select the column of inputs to enrich, such as A2:A501.' },
    });
  });
});

describe('column letters', () => {
  it('reads letters as a column and writes a column as letters, both ways alike', () => {
    expect(parseColumnLetters('A')).toBe(1);
    expect(parseColumnLetters(' aa ')).toBe(27);
    expect(parseColumnLetters('ZZZ')).toBe(18_278);
    for (const bad of ['', 'A1', 'AAAA', 3, null, '-']) expect(parseColumnLetters(bad)).toBeNull();
    for (const column of [1, 26, 27, 52, 702, 703, 18_278]) {
      expect(parseColumnLetters(columnLetters(column))).toBe(column);
    }
    expect(columnLetters(28)).toBe('AB');
  });

  it('writes a rectangle in A1 notation', () => {
    expect(rectA1({ row: 20, column: 2, lastRow: 32, lastColumn: 10 })).toBe('B20:J32');
  });
});
