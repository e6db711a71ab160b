import { outputColumns } from '../../../src/core/enrichment/columns';

describe('outputColumns', () => {
  it('finds fields by header name and adds the missing ones after the last used column', () => {
    expect(outputColumns(['Profile URL', 'headline', 'Notes', ''], 5, 1, ['name', 'headline'])).toEqual({
      fields: [6, 2],
      status: 7,
      added: { column: 6, names: ['name', 'sheet-enrich status'] },
    });
  });

  it('adds nothing when every column is there, wherever the user moved them', () => {
    expect(outputColumns(['sheet-enrich status', 'url', ' name '], 3, 2, ['name'])).toEqual({
      fields: [3],
      status: 1,
      added: null,
    });
  });

  it('never takes the input column, even when its header is a field name', () => {
    expect(outputColumns(['network_url'], 1, 1, ['network_url'])).toEqual({
      fields: [2],
      status: 3,
      added: { column: 2, names: ['network_url', 'sheet-enrich status'] },
    });
  });
});
