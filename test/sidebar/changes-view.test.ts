// What changed: a run's (or the document's) logged changes newest first, each as a button that selects its cell;
// a filter by the kinds present; the empty states; API text shortened and kept as text.
import type { ChangeEntry } from '../../src/core/contract';
import { ChangesView, kindChoices, valuesText, VALUE_SHOWN, whereText } from '../../src/sidebar/changes-view';
import { whenText } from '../../src/sidebar/refreshes';
import { fakeChange, fakeRun } from '../browser/fake-server';
import {
  click,
  dispatch,
  elements,
  fake,
  page,
  settle,
  texts,
  useFakeDocument,
  type FakeElement,
} from './fake-document';
import { useFakeServer } from './script-run';

useFakeDocument();
const CHANGES: ChangeEntry[] = [
  fakeChange({ row: 2, change: 'new employer', detectedAt: '2025-06-01T09:00:00.000Z' }),
  fakeChange({ row: 3, change: 'new title', field: 'headline', old: 'Engineer', new: 'Lead engineer' }),
  fakeChange({ row: 4, change: 'new title', runId: 'other', sheetName: 'Prospects' }),
  fakeChange({ row: 5, change: 'changed', detectedAt: '2025-06-03T09:00:00.000Z' }),
];
const served = useFakeServer(() => ({
  apiKey: 'lk_abcdefgh1234',
  runs: [fakeRun({ runId: 'run-1' }), fakeRun({ runId: 'other' })],
  changes: CHANGES,
}));

async function openView(runId: string | null) {
  let closed = 0;
  const view = new ChangesView({ runId, label: 'Leads', onClose: () => closed++ });
  page().append(fake(view.element));
  await view.load();
  const element = fake(view.element);
  const entries = () => element.querySelectorAll('.change-entry');
  const filter = element.querySelector('select') as FakeElement;
  return { element, entries, filter, closed: () => closed };
}

const rowsOf = (entries: FakeElement[]) => entries.map((entry) => texts(entry).at(-1));

test('a run’s changes, newest first, each with its kind, field, old → new, row and time', async () => {
  const view = await openView('run-1');
  expect(served.fake.callsOf('listChanges')).toEqual([['run-1']]);
  expect(rowsOf(view.entries())).toEqual(
    [5, 3, 2].map(
      (row) => `Row ${row} · ${whenText(row === 5 ? '2025-06-03T09:00:00.000Z' : '2025-06-01T09:00:00.000Z')}`,
    ),
  );
  expect(texts(view.entries()[1])).toEqual([
    'new title',
    'headline',
    '“Engineer” → “Lead engineer”',
    expect.stringMatching(/^Row 3 · /),
  ]);
});

test('the filter offers the kinds present, in the fixed order, and shows only the chosen kind', async () => {
  const view = await openView(null);
  expect(texts(view.filter)).toEqual(['All kinds (4)', 'new employer (1)', 'new title (2)', 'changed (1)']);
  view.filter.value = 'new title';
  dispatch(view.filter, 'change');
  expect(view.entries().map((entry) => texts(entry)[0])).toEqual(['new title', 'new title']);
  // The document's list names each change's sheet; of one time, the one logged last comes first.
  expect(rowsOf(view.entries()).map((where) => where?.split(' · ')[0])).toEqual(['Prospects, row 4', 'Leads, row 3']);
});

test('clicking an entry selects its cell; a refusal is said in the view', async () => {
  const view = await openView('run-1');
  click(view.entries()[1]);
  await settle();
  expect(served.fake.selectedCells).toEqual(['Leads!headline, row 3']);
  expect(texts(view.element)).toContain('Selected headline in Leads, row 3.');
  served.fake.failNext('selectChange', 'The sheet "Leads" was deleted.');
  click(view.entries()[0]);
  await settle();
  expect(texts(view.element)).toContain('The sheet "Leads" was deleted.');
});

test('empty states: nothing logged yet, and nothing of the kind chosen', async () => {
  served.fake.setChanges([]);
  const empty = await openView('run-1');
  expect(texts(empty.element)).toContain('No changes logged yet: a refresh lists here each cell it changed.');
  served.fake.setChanges(CHANGES);
  const view = await openView('run-1');
  view.filter.value = 'new phone';
  dispatch(view.filter, 'change');
  expect(view.entries()).toEqual([]);
  expect(texts(view.element)).toContain('No new phone changes.');
});

test('a list that cannot be read says so; Close closes', async () => {
  served.fake.failNext('listChanges', 'The changes sheet is busy.');
  const view = await openView('run-1');
  expect(texts(view.element)).toContain('Could not list the changes: The changes sheet is busy.');
  click(elements(view.element).find((node) => node.textContent === 'Close') as FakeElement);
  expect(view.closed()).toBe(1);
});

test('API text is shortened to one line and stays text; blanks, numbers and booleans read plainly', async () => {
  const markup = '<img src=x onerror=alert(1)>';
  expect(valuesText({ old: '=HYPERLINK("https://x.example")', new: markup })).toBe(
    `“=HYPERLINK("https://x.example")” → “${markup}”`,
  );
  const long = valuesText({ old: 'a\nb '.repeat(30_000), new: '' });
  expect(long.length).toBeLessThan(2 * VALUE_SHOWN + 10);
  expect(long).toMatch(/^“a b a b .*…” → \(blank\)$/);
  expect(valuesText({ old: 12, new: false })).toBe('“12” → “false”');
  served.fake.setChanges([fakeChange({ old: markup, new: markup, field: markup })]);
  const view = await openView('run-1');
  expect(elements(view.element).map((node) => node.tagName)).not.toContain('IMG');
  expect(texts(view.entries()[0])).toContain(markup);
});

test('kinds are counted in the fixed order; where names the sheet only when asked', () => {
  expect(kindChoices(CHANGES)).toEqual([
    ['new employer', 1],
    ['new title', 2],
    ['changed', 1],
  ]);
  const change = fakeChange({ detectedAt: 'garbled', row: 7 });
  expect([whereText(change, false), whereText(change, true)]).toEqual(['Row 7', 'Leads, row 7']);
});
