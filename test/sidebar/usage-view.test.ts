// Credits spent, read from the server when the user looks: formulas' and the user's own, today and this month, with
// the UTC day and month they count, and the formulas' spend today against the owner's daily budget; a failed read
// says so in the note.
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
  for (const id of [...CELLS, 'usage-budget', 'usage-note']) mount('td', { id });
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

describe('the budget line', () => {
  const budget = () => pageElement('usage-budget');
  const showWith = async (formulasToday: number, formulaBudget: number | null) => {
    served.fake.usage = fakeUsage({ formulas: { today: formulasToday, month: 400 } });
    served.fake.saveSettings({ formulaDailyBudget: formulaBudget });
    await usageTable().load();
  };

  test("with a budget: today's formulas against it, and what is left", async () => {
    await showWith(16, 50);
    expect(pageElement('usage-formulas-today').textContent).toBe('16 of 50');
    expect(budget().textContent).toBe('Daily formula budget: 16 of 50 credits spent today, 34 left.');
    expect(budget().dataset.reached).toBe('false');
  });

  test('at or past the budget it says plainly that formulas answer from the cache until tomorrow', async () => {
    await showWith(1_200, 1_000);
    expect(pageElement('usage-formulas-today').textContent).toBe('1,200 of 1,000');
    expect(budget().textContent).toBe(
      'Budget reached: 1,200 of 1,000 credits spent today. Formulas answer from the cache until tomorrow (UTC), or until the owner raises the budget.',
    );
    expect(budget().dataset.reached).toBe('true');
    await showWith(1, 1);
    expect(budget().textContent).toMatch(/^Budget reached: 1 of 1 credit spent today\./);
  });

  test('a budget of 0 is reached before anything is spent', async () => {
    await showWith(0, 0);
    expect(budget().dataset.reached).toBe('true');
  });

  test('without a budget it says so, and the cell shows the spend alone', async () => {
    await showWith(16, null);
    expect(pageElement('usage-formulas-today').textContent).toBe('16');
    expect(budget().textContent).toBe(
      "No daily formula budget is set: this spreadsheet's formulas may spend without a limit.",
    );
    expect(budget().dataset.reached).toBe('false');
  });
});
