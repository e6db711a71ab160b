// Starting a run that the document cannot keep leaves nothing behind. A document whose properties are full refuses
// it with one sentence BEFORE the sheet is touched (no header, status or named range written for a run nobody could
// follow); a sheet that refuses the writes leaves no entry or named range of a run that never started.
import { FakeRange } from '../../dev/gas-fakes/spreadsheet-app';
import { fillDocumentStore } from './faults-helpers';
import { inputSheet, start, url, values } from './enrichment-helpers';
import { addonWithKey, useIntegrationMock } from './harness';

const KEY = 'lk_test_enrichment_start_00000000f5e1';
const mock = useIntegrationMock(29);
const request = { sheetName: 'Leads', inputA1: 'A1:A4', operation: 'scrape' as const, fields: ['name'] };

async function leads() {
  const addon = await addonWithKey(mock, { key: KEY, clock: 'virtual' });
  inputSheet(addon.env, 'Leads', 'Profile URL', [url('ada'), url('bob'), url('cy')]);
  return addon;
}

describe('starting a run', () => {
  it('in a document with full properties is refused with one sentence, and the sheet stays as it was', async () => {
    const addon = await leads();
    const before = values(addon.env, 'Leads');
    fillDocumentStore(addon.env, 100);
    const stored = { ...addon.env.properties.document() };
    expect(() => start(addon, request)).toThrow(
      'This spreadsheet has no room left to keep another enrichment run (its document properties are full), so none was started.',
    );
    expect(values(addon.env, 'Leads')).toEqual(before);
    expect(addon.env.spreadsheet.namedRanges()).toEqual([]);
    expect(addon.env.properties.document()).toEqual(stored);
    expect(await mock.control.requests()).toEqual([]);
  });

  it('in cells the sheet refuses to change keeps no run', async () => {
    const addon = await leads();
    const protectedCells = 'You are trying to edit a protected cell or object.';
    const setValues = FakeRange.prototype.setValues;
    FakeRange.prototype.setValues = () => {
      throw new Error(protectedCells);
    };
    try {
      expect(() => start(addon, request)).toThrow(protectedCells);
    } finally {
      FakeRange.prototype.setValues = setValues;
    }
    expect(addon.env.spreadsheet.namedRanges()).toEqual([]);
    expect(addon.env.properties.document()).toEqual({});
  });

  it('with room and writable cells: its entry, headers, statuses and named range', async () => {
    const addon = await leads();
    const run = start(addon, request);
    expect(run).toMatchObject({ status: 'running', total: 3 });
    expect(values(addon.env, 'Leads')[0]).toEqual([
      'Profile URL',
      'name',
      'sheet-enrich scrape status',
      'sheet-enrich scrape checked',
    ]);
    expect(addon.env.spreadsheet.namedRanges()).toHaveLength(1);
    expect(Object.keys(addon.env.properties.document())).toEqual([`enrichment.run.${run.runId}`]);
  });
});
