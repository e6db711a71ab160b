// Credits spent, read from the server when the user looks: formulas' and the user's own, today and this month, with
// the UTC day and month they count; a failed read says so in the note.
import { UsageTable } from '../../src/sidebar/usage-view';
import { fakeUsage } from '../browser/fake-server';
import { useFakeServer } from './script-run';
import { mount, pageElement, useFakeDocument } from './fake-document';

useFakeDocument();
const served = useFakeServer(() => ({
  usage: fakeUsage({ formulas: { today: 1_234, month: 56_789 }, mine: { today: 0, month: 1 } }),
}));

const CELLS = ['usage-formulas-today', 'usage-formulas-month', 'usage-mine-today', 'usage-mine-month'];

function usageTable(): UsageTable {
  for (const id of [...CELLS, 'usage-note']) mount('td', { id });
  return new UsageTable();
}

test('each cell shows its figure with thousands separators; the note names the UTC day and month', async () => {
  await usageTable().load();
  expect(CELLS.map((id) => pageElement(id).textContent)).toEqual(['1,234', '56,789', '0', '1']);
  const { day, month } = served.fake.usage;
  expect(pageElement('usage-note').textContent).toContain(day);
  expect(pageElement('usage-note').textContent).toContain(month);
  expect(pageElement('usage-note').textContent).toContain('UTC');
});

test('a failed read says why in the note, as an error; the next good read clears that', async () => {
  const table = usageTable();
  served.fake.failNext('getUsage', 'The ledger could not be read.');
  await table.load();
  const note = pageElement('usage-note');
  expect(note.textContent).toBe('Credits spent could not be read: The ledger could not be read.');
  expect(note.dataset.tone).toBe('error');
  await table.load();
  expect(note.dataset.tone).toBeUndefined();
  expect(pageElement('usage-formulas-today').textContent).toBe('1,234');
});

test('every look reads the figures afresh', async () => {
  const table = usageTable();
  await table.load();
  served.fake.usage = fakeUsage({ formulas: { today: 2_000, month: 60_000 } });
  await table.load();
  expect(pageElement('usage-formulas-today').textContent).toBe('2,000');
  expect(served.fake.callsOf('getUsage')).toHaveLength(2);
});
