import { columnLayout, inputKind, inputKinds, isHeaderCell, selectionInfo } from '../../../src/core/enrichment/rows';

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

describe('inputKinds', () => {
  it.each([
    [
      [URL, 'ada@example.com', 'junk', ''],
      ['profile_url', 'email'],
    ],
    [
      ['+44 20 7946 0958', 'ada@example.com'],
      ['email', 'phone'],
    ],
    [
      ['tel:+14155550100', 'bob@example.org', URL],
      ['profile_url', 'email', 'phone'],
    ],
    [['junk', 7], []],
  ])('%j holds %j, in one order whatever the rows', (cells, kinds) => {
    expect(inputKinds(cells)).toEqual(kinds);
  });
});

describe('selectionInfo', () => {
  const where = { sheetName: 'Leads', inputA1: 'A2:A5', firstRow: 2 };

  it('names the column by the header above the selection', () => {
    expect(selectionInfo(where, { top: 1, cells: ['Links', URL, '', 'junk', 'bob@example.com'] })).toEqual({
      sheetName: 'Leads',
      inputA1: 'A2:A5',
      rows: 4,
      headerRow: 1,
      header: 'Links',
      kind: 'mixed',
      kinds: ['profile_url', 'email'],
      sample: [URL, 'junk', 'bob@example.com'],
    });
  });

  it('shows no header name when the row above holds an input or nothing', () => {
    expect(selectionInfo(where, { top: 1, cells: [URL, URL] })).toMatchObject({ headerRow: 1, header: null, rows: 1 });
    expect(selectionInfo(where, { top: 1, cells: ['', URL] })).toMatchObject({ headerRow: 1, header: null });
  });

  it('reads a header in the selection itself, and none above row 1', () => {
    const first = { sheetName: 'Leads', inputA1: 'A1:A3', firstRow: 1 };
    expect(selectionInfo(first, { top: 1, cells: ['Email', 'ada@example.com', 42] })).toEqual({
      sheetName: 'Leads',
      inputA1: 'A1:A3',
      rows: 2,
      headerRow: 1,
      header: 'Email',
      kind: 'email',
      kinds: ['email'],
      sample: ['ada@example.com', '42'],
    });
    expect(selectionInfo(first, { top: 1, cells: [URL] })).toMatchObject({ headerRow: null, header: null, rows: 1 });
  });
});
