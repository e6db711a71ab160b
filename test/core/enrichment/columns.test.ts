import { lastColumnWithContent, outputColumns, outputNames } from '../../../src/core/enrichment/columns';

const PROFILE = ['sheet-enrich profile status', 'sheet-enrich profile checked'];

describe('outputColumns', () => {
  it('finds fields by header name and adds the missing ones, in order, where the placement says', () => {
    const asked: number[] = [];
    const placeAt = (count: number) => {
      asked.push(count);
      return 6;
    };
    expect(
      outputColumns(['Profile URL', 'headline', 'Notes', ''], 1, outputNames('profile', ['name', 'headline']), placeAt),
    ).toEqual({
      fields: [6, 2],
      status: 7,
      checked: 8,
      added: { column: 6, names: ['name', ...PROFILE] },
    });
    expect(asked).toEqual([3]);
  });

  it('adds nothing, and asks no placement, when every column is there, wherever the user moved them', () => {
    const placeAt = () => {
      throw new Error('asked where to place nothing');
    };
    const header = [PROFILE[1], PROFILE[0], 'url', ' name '];
    expect(outputColumns(header, 3, outputNames('profile', ['name']), placeAt)).toEqual({
      fields: [4],
      status: 2,
      checked: 1,
      added: null,
    });
  });

  it('keeps each operation to its own status column', () => {
    const header = ['url', 'name', 'sheet-enrich scrape status', 'sheet-enrich scrape checked'];
    const columns = outputColumns(header, 1, outputNames('profile', ['name']), () => 5);
    expect(columns).toMatchObject({ fields: [2], status: 5, checked: 6, added: { column: 5, names: PROFILE } });
  });

  it('never takes the input column, even when its header is a field name', () => {
    expect(outputColumns(['network_url'], 1, outputNames('profile', ['network_url']), () => 2)).toEqual({
      fields: [2],
      status: 3,
      checked: 4,
      added: { column: 2, names: ['network_url', ...PROFILE] },
    });
  });
});

describe('lastColumnWithContent', () => {
  it('counts values and formulas showing nothing, and ignores blank text', () => {
    expect(lastColumnWithContent([['a', '', '  ']], [['', '', '']])).toBe(1);
    expect(lastColumnWithContent([['', '', '', '']], [['', '', '=""', '']])).toBe(3);
    expect(
      lastColumnWithContent(
        [
          ['', 0],
          ['', ''],
        ],
        [
          ['', ''],
          ['', ''],
        ],
      ),
    ).toBe(2);
    expect(lastColumnWithContent([[]], [[]])).toBe(0);
  });
});
