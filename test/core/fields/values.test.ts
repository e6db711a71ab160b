// API values → cell values: blanks for nothing, numbers and booleans kept where the field is one, everything else as
// readable text that fits a cell, and no throw whatever the data.
import { CELL_TEXT_LIMIT } from '../../../src/core/cells';
import { cellValue, compactText } from '../../../src/core/fields/values';

describe('cellValue', () => {
  it('leaves the cell blank for null and a missing value, whatever the kind', () => {
    for (const kind of ['text', 'number', 'boolean', 'list'] as const) {
      expect(cellValue(null, kind)).toBe('');
      expect(cellValue(undefined, kind)).toBe('');
    }
  });

  it('keeps numbers and booleans themselves where the field is a number or a boolean', () => {
    expect(cellValue(312000.5, 'number')).toBe(312000.5);
    expect(cellValue(0, 'number')).toBe(0);
    expect(cellValue(false, 'boolean')).toBe(false);
    expect(cellValue(1, 'boolean')).toBe(1);
  });

  it('writes a number as text where the field is text, so a zip code or an id keeps its form', () => {
    expect(cellValue(501, 'text')).toBe('501');
    expect(cellValue('00501', 'text')).toBe('00501');
    expect(cellValue(true, 'url')).toBe('true');
  });

  it('shows a value of the wrong type as text instead of failing', () => {
    expect(cellValue('many', 'number')).toBe('many');
    expect(cellValue({ first: 'Ada' }, 'text')).toBe('first: Ada');
    expect(cellValue(['a', 'b'], 'boolean')).toBe('a, b');
  });

  it('cuts text to what a cell holds', () => {
    const cell = cellValue('x'.repeat(CELL_TEXT_LIMIT + 1), 'text') as string;
    expect(cell).toHaveLength(CELL_TEXT_LIMIT);
    expect(cell).toMatch(/truncated/);
  });
});

describe('compactText', () => {
  it('joins a list of strings or numbers with commas, leaving out empty entries', () => {
    expect(compactText(['Robotics', 2, '', null, 'Python'])).toBe('Robotics, 2, Python');
  });

  it('writes an object as key: value pairs, leaving out empty values', () => {
    expect(compactText({ exchange: 'NASDAQ', ticker: 'ACME', note: null, tags: [] })).toBe(
      'exchange: NASDAQ; ticker: ACME',
    );
  });

  it('writes a list holding objects one element a line', () => {
    expect(compactText([{ language: 'English' }, 'Latin', { language: 'German', level: 2 }])).toBe(
      'language: English\nLatin\nlanguage: German; level: 2',
    );
  });

  it('puts deeper lists in brackets and deeper objects in braces, leaving out empty ones', () => {
    expect(
      compactText({
        company: 'Engines',
        stock: [{ exchange: 'NASDAQ', ticker: 'ACME' }],
        criteria: ['VP level', 'Robotics'],
        empty: { a: null, b: [] },
      }),
    ).toBe('company: Engines; stock: [{exchange: NASDAQ; ticker: ACME}]; criteria: [VP level, Robotics]');
  });

  it('gives empty text for nothing to show', () => {
    expect(compactText(null)).toBe('');
    expect(compactText([])).toBe('');
    expect(compactText({})).toBe('');
    expect(compactText([null, { a: null }])).toBe('');
  });

  it('never writes [object Object]', () => {
    const nested = { a: { b: { c: [{ d: { e: 'deep' } }] } } };
    expect(compactText(nested)).toBe('a: {b: {c: [{d: {e: deep}}]}}');
  });
});
