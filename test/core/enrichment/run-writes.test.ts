import { TEXT_FORMAT } from '../../../src/core/cells';
import { outputColumns } from '../../../src/core/enrichment/columns';
import { missingHeadersBlock, statusesBlock } from '../../../src/core/enrichment/run-writes';
import { checkedHeaderOf, statusHeaderOf } from '../../../src/core/refresh/checked';
import type { RunArea } from '../../../src/core/enrichment/run-area';

/** Rows 3 to 7 under a header in row 2; the input in column B. */
const STATUS_HEADER = statusHeaderOf('profile');
const CHECKED_HEADER = checkedHeaderOf('profile');

function area(header: unknown[], statuses: unknown[]): RunArea {
  const columns = outputColumns(header, 2, ['full_name', STATUS_HEADER, CHECKED_HEADER], () => header.length + 1);
  const grid = { firstRow: 3, columns: [], values: [], formulas: [] };
  const rows = { sheet: 'Leads', headerRow: 2, lastRow: 7, inputColumn: 2 };
  return { ...rows, columns, grid, inputs: statuses, statuses, checked: statuses.map(() => '') };
}

describe('the headers a run adds', () => {
  it('are the missing names, as text, in the header row after the last used column', () => {
    expect(missingHeadersBlock(area(['', 'Profile', 'Notes'], []))).toEqual({
      row: 2,
      column: 4,
      values: [['full_name', STATUS_HEADER, CHECKED_HEADER]],
      formats: [TEXT_FORMAT, TEXT_FORMAT, TEXT_FORMAT],
    });
  });

  it('are none when the header row has them all', () => {
    expect(missingHeadersBlock(area(['', 'Profile', STATUS_HEADER, 'full_name', CHECKED_HEADER], []))).toBeNull();
  });
});

describe('the status cells a run writes', () => {
  const header = ['', 'Profile', 'full_name', STATUS_HEADER, CHECKED_HEADER];

  it('span the first to the last cell that changes, as text', () => {
    const before = area(header, ['OK', 'ERROR: x', 'OK', 'ERROR: y', 'OK']);
    expect(statusesBlock(before, ['OK', '', 'OK', null, 'OK'])).toEqual({
      row: 4,
      column: 4,
      values: [[''], ['OK'], ['']],
      formats: [TEXT_FORMAT],
    });
  });

  it('are none when nothing changes', () => {
    expect(statusesBlock(area(header, ['OK', '']), ['OK', ''])).toBeNull();
  });
});
