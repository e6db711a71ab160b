// The changes sheet read back (listChanges) and a change's cell found and selected (selectChange).
import { RunRegistry, type RunRecord } from '../../../src/core/enrichment/registry';
import { CHANGES_HEADER, CHANGES_SHEET_NAME } from '../../../src/core/refresh/changes';
import { readChanges, selectChangedCell } from '../../../src/core/refresh/changes-log';
import { statusHeaderOf } from '../../../src/core/refresh/checked';
import { memoryStore } from '../../support/memory';
import { memoryBook } from '../enrichment/fakes';

const row = (at: string, runId: string, field = 'headline') => [
  at,
  'Leads',
  3,
  'in/bob',
  field,
  'a',
  'b',
  'changed',
  runId,
];

describe('readChanges', () => {
  it('is empty without a changes sheet, and lists a run’s changes newest first, up to the limit', () => {
    const book = memoryBook();
    expect(readChanges(book.port, null)).toEqual([]);
    book.addSheet(CHANGES_SHEET_NAME, [
      [...CHANGES_HEADER],
      row('2026-11-01T00:00:00Z', 'r1'),
      row('2026-11-03T00:00:00Z', 'r2'),
      row('2026-11-02T00:00:00Z', 'r1'),
    ]);
    expect(readChanges(book.port, 'r1').map((change) => change.detectedAt)).toEqual([
      '2026-11-02T00:00:00Z',
      '2026-11-01T00:00:00Z',
    ]);
    expect(readChanges(book.port, null, 1).map((change) => change.runId)).toEqual(['r2']);
  });
});

describe('selectChangedCell', () => {
  it('activates the run’s column of that field in the logged row, and refuses a change of a run gone', () => {
    const book = memoryBook();
    book.addSheet('Leads', [['Owner', 'Profile', 'full_name', 'headline', statusHeaderOf('profile')]]);
    book.port.nameRows('range_r1', { sheet: 'Leads', headerRow: 1, lastRow: 9, inputColumn: 2 });
    const store = memoryStore();
    const run = { runId: 'r1', rangeName: 'range_r1', message: '', error: null } as unknown as RunRecord;
    expect(new RunRegistry(store).add(run, '2026-11-01T00:00:00Z')).not.toBeNull();
    const change = { runId: 'r1', row: 7, field: 'headline', sheetName: 'Leads' };
    selectChangedCell(book.port, store, change);
    expect(book.state.active).toEqual({ sheet: 'Leads', row: 7, column: 4 });
    selectChangedCell(book.port, store, { ...change, field: statusHeaderOf('profile') });
    expect(book.state.active).toEqual({ sheet: 'Leads', row: 7, column: 5 });
    expect(() => selectChangedCell(book.port, store, { ...change, runId: 'gone' })).toThrow('gone');
  });
});
