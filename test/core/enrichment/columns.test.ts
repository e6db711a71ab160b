import { outputColumns } from '../../../src/core/enrichment/columns';
import { countRows, remainingInputs } from '../../../src/core/enrichment/progress';
import { OPERATIONS } from '../../../src/core/enrichment/operations';

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

describe('progress from the column', () => {
  const url = (slug: string) => `https://www.network.com/in/${slug}`;
  const inputs = [url('a'), url('b'), url('c'), 'junk', '', url('d'), url('e'), url('a'), url('f')];
  const statuses = ['OK', 'NOT FOUND', 'PRIVATE', 'INVALID: junk.', 'OK', 'ERROR: boom.', '', '', ''];

  it('counts the rows as the status cells say', () => {
    expect(countRows(inputs, statuses)).toEqual({ total: 8, done: 5, ok: 1, notFound: 2, failed: 1, invalid: 1 });
  });

  it('lists what is left, each input once', () => {
    expect(remainingInputs(OPERATIONS.scrape, inputs, statuses)).toEqual({
      inputs: [url('e'), url('a'), url('f')],
      rows: 3,
    });
    expect(remainingInputs(OPERATIONS.scrape, ['junk'], [''])).toEqual({ inputs: [], rows: 1 });
  });
});
