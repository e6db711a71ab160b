import {
  addonCall,
  callsAddonFunction,
  spillBounds,
  spillExtent,
  valueBlocks,
  type ReferenceReader,
} from '../../../src/core/convert/spill';
import { DEFAULT_COLUMNS } from '../../../src/core/fields/defaults';

const reader = (cells: number | null, values: unknown[][] | null = null): ReferenceReader => ({
  cellCount: () => cells,
  values: () => values,
});

describe('finding the add-on’s formulas', () => {
  it.each([
    ['=SCRAPE_PROFILE(A2:A9)', true],
    ['=iferror(find_contacts(B2), "")', true],
    ['=ENRICH_PROFILE (A2)', true],
    ['=SUM(A1:A9)', false],
    ['="SCRAPE_PROFILE(A2)"', false],
    ['=MY_SCRAPE_PROFILE(A2)', false],
    ['SCRAPE_PROFILE(A2)', false],
  ])('%s calls one: %s', (formula, calls) => {
    expect(callsAddonFunction(formula)).toBe(calls);
  });

  it('reads the arguments of a whole-formula call', () => {
    expect(addonCall(`=Scrape_Profile('My, list'!A2:A, "name, ""nick""", TRUE)`)).toEqual({
      name: 'SCRAPE_PROFILE',
      args: [
        { kind: 'reference', sheetName: 'My, list', rect: { row: 2, column: 1, lastRow: null, lastColumn: 1 } },
        { kind: 'text', value: 'name, "nick"' },
        { kind: 'boolean', value: true },
      ],
    });
    expect(addonCall('=SEARCH_COMPANIES("fintech", 25, , {"a";"b"})')?.args).toEqual([
      { kind: 'text', value: 'fintech' },
      { kind: 'number', value: 25 },
      { kind: 'omitted' },
      { kind: 'other' },
    ]);
    expect(addonCall('=SCRAPE_PROFILE(A2) & "x"')).toBeNull();
    expect(addonCall('=SUM(A2)')).toBeNull();
    expect(addonCall('=FIND_CONTACTS(FILTER(A2:A, A2:A<>""))')?.args).toEqual([{ kind: 'other' }]);
  });
});

describe('the spill of a per-row lookup', () => {
  it('comes from the arguments: one row per input cell, one column per field', () => {
    const call = addonCall('=SCRAPE_PROFILE(A2:A6, "name, headline", FALSE)')!;
    expect(spillBounds(call, reader(5))).toEqual({
      rows: 5,
      maxRows: null,
      columns: 2,
      headers: false,
      firstHeader: 'name',
    });
  });

  it('uses the default columns and a fields range as the formula would', () => {
    const defaults = spillBounds(addonCall('=ENRICH_PROFILE(A2:A4)')!, reader(3));
    expect(defaults).toMatchObject({ rows: 3, columns: DEFAULT_COLUMNS.ENRICH_PROFILE.length, headers: null });
    const ranged = spillBounds(addonCall('=FIND_CONTACTS(A2, D1:F1)')!, reader(1, [['email', 'li', '']]));
    expect(ranged).toMatchObject({ rows: 1, columns: 2, firstHeader: 'email' });
  });

  it('keeps blank rows inside, drops trailing ones, and tells a header row from the cells', () => {
    const values = [
      ['name', 'headline'],
      ['Ada', 'Countess'],
      ['', ''],
      ['Bob', 'Builder'],
      ['', ''],
      ['user', 'data'],
    ];
    const formulas = values.map((row) => row.map(() => ''));
    const bounds = spillBounds(addonCall('=SCRAPE_PROFILE(A2:A5, "name, headline")')!, reader(4));
    expect(spillExtent(bounds, { values, formulas })).toEqual({ rows: 4, columns: 2 });
    const noHeader = [['Ada', 'Countess'], ...values.slice(2)];
    expect(spillExtent(bounds, { values: noHeader, formulas })).toEqual({ rows: 3, columns: 2 });
  });

  it('falls back to the block of values when the arguments are computed', () => {
    const values = [
      ['Ada', 'x', ''],
      ['Bob', 'y', ''],
      ['', '', ''],
      ['user', '', ''],
    ];
    const formulas = values.map((row) => row.map(() => ''));
    const bounds = spillBounds(addonCall('=SCRAPE_PROFILE(FILTER(A:A, A:A<>""), B1)')!, reader(null, null));
    expect(spillExtent(bounds, { values, formulas })).toEqual({ rows: 2, columns: 2 });
  });

  it('stops at another formula', () => {
    const values = [['Ada'], ['Bob'], ['Cy']];
    const formulas = [[''], [''], ['=NOW()']];
    const bounds = spillBounds(addonCall('=SCRAPE_PROFILE(A2:A4, "name", FALSE)')!, reader(3));
    expect(spillExtent(bounds, { values, formulas })).toEqual({ rows: 2, columns: 1 });
  });
});

describe('the spill of a search', () => {
  it('is the block of values within the limit and the header row', () => {
    const values = [['company_name'], ['A'], ['B'], ['C'], ['D']];
    const formulas = values.map(() => ['']);
    const bounds = spillBounds(addonCall('=SEARCH_COMPANIES("x", 2, 73, "company_name")')!, reader(null));
    expect(bounds).toEqual({ rows: null, maxRows: 2, columns: 1, headers: null, firstHeader: 'company_name' });
    expect(spillExtent(bounds, { values, formulas })).toEqual({ rows: 3, columns: 1 });
  });

  it('finds the width from the header row when the columns depend on the answer', () => {
    const values = [
      ['company_name', 'criteria.Sells to banks', '', 'user'],
      ['A', 'YES', '', ''],
    ];
    const formulas = values.map((row) => row.map(() => ''));
    const bounds = spillBounds(addonCall('=SEARCH_COMPANIES("x")')!, reader(null));
    expect(spillExtent(bounds, { values, formulas })).toEqual({ rows: 2, columns: 2 });
  });
});

describe('valueBlocks', () => {
  it('writes text as text and numbers with their format, grouping rows that share formats', () => {
    const blocks = valueBlocks(
      [
        ['name', 'num_of_connections'],
        ['Ada', 500],
        ['Bob', 42],
        ['#ERROR: Profile not found (404).', ''],
        [true, 7],
      ],
      [
        ['General', 'General'],
        ['General', '#,##0'],
        ['General', '#,##0'],
        ['General', '#,##0'],
        ['General', '0.0'],
      ],
      '@',
    );
    expect(blocks).toEqual([
      { rowOffset: 0, formats: ['@', '@'], values: [['name', 'num_of_connections']] },
      {
        rowOffset: 1,
        formats: ['@', '#,##0'],
        values: [
          ['Ada', 500],
          ['Bob', 42],
          ['#ERROR: Profile not found (404).', ''],
        ],
      },
      { rowOffset: 4, formats: ['General', '0.0'], values: [[true, 7]] },
    ]);
  });
});
