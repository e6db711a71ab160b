import { columnLayout, inputKind, isHeaderCell } from '../../../src/core/enrichment/rows';

const URL = 'https://www.network.com/in/ada-lovelace';

describe('header cells', () => {
  it.each([
    ['Profile URL', true],
    ['email', true],
    [URL, false],
    ['ada@example.com', false],
    ['+1 (415) 555-0100', false],
    ['', false],
    [42, false],
    [true, false],
  ])('%j is a header: %s', (cell, header) => {
    expect(isHeaderCell(cell)).toBe(header);
  });

  it('places the header row', () => {
    expect(columnLayout(1, 'Links')).toEqual({ headerRow: 1, headerInSelection: true, firstInputRow: 2 });
    expect(columnLayout(1, URL)).toEqual({ headerRow: null, headerInSelection: false, firstInputRow: 1 });
    expect(columnLayout(7, '')).toEqual({ headerRow: 6, headerInSelection: false, firstInputRow: 7 });
  });
});

describe('inputKind', () => {
  it.each([
    [[URL, '', 'junk'], 'profile_url'],
    [['ada@example.com', 'bob@example.org'], 'email'],
    [['+44 20 7946 0958', 'tel:+14155550100'], 'phone'],
    [[URL, 'ada@example.com'], 'mixed'],
    [['junk', '', 7], 'unknown'],
    [[], 'unknown'],
  ])('%j is %s', (cells, kind) => {
    expect(inputKind(cells)).toBe(kind);
  });
});
