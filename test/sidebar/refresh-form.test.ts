// The Refresh form of a finished run's card: the days and (for a scrape) economy, a preview that must match the form
// before Start opens, a confirm step naming the credits, then the refresh starts; a refusal is one sentence.
import type { RunSummary } from '../../src/core/contract';
import { ECONOMY_LABEL, RefreshForm } from '../../src/sidebar/refresh-form';
import { fakeRun } from '../browser/fake-server';
import {
  click,
  dispatch,
  elements,
  fake,
  page,
  settle,
  texts,
  typeInto,
  useFakeDocument,
  type FakeElement,
} from './fake-document';
import { useFakeServer } from './script-run';

useFakeDocument();
const finished = (fields: Partial<RunSummary> = {}) =>
  fakeRun({ runId: 'run-1', status: 'completed', total: 15, done: 15, ok: 15, ...fields });
const served = useFakeServer(() => ({ apiKey: 'lk_abcdefgh1234', runs: [finished()] }));

function openForm(run: RunSummary = finished()) {
  const started: RunSummary[] = [];
  let closed = 0;
  const form = new RefreshForm({ run, onStarted: (s) => started.push(s), onClose: () => closed++ });
  const element = fake(form.element);
  page().append(element);
  const button = (text: string | RegExp) =>
    elements(element).find(
      (node) => node.tagName === 'BUTTON' && new RegExp(text).test(node.textContent),
    ) as FakeElement;
  return {
    element,
    started,
    closed: () => closed,
    days: element.querySelector('input[type="number"]') as FakeElement,
    economy: element.querySelector('input[type="checkbox"]'),
    button,
    start: () => button('^Refresh \\d|^Refresh rows'),
    preview: async () => {
      dispatch(element, 'submit');
      await settle();
    },
    lines: () => texts(element.querySelector('.refresh-preview') as FakeElement),
    error: () => element.querySelector('[role="alert"]') as FakeElement,
  };
}

test('30 days by default; Start stays shut until a preview, which sends the run’s request with the refresh', async () => {
  const form = openForm();
  expect(form.days.value).toBe('30');
  expect(texts(form.element)).toContain(ECONOMY_LABEL);
  expect(form.start().disabled).toBe(true);
  await form.preview();
  expect(served.fake.callsOf('previewEnrichment')).toEqual([
    [
      {
        sheetName: 'Leads',
        inputA1: 'A1:A21',
        operation: 'scrape',
        fields: finished().fields,
        refresh: { olderThanDays: 30 },
      },
    ],
  ]);
  expect(form.lines()[0]).toMatch(/^12 rows to refresh · /);
  expect(form.start().textContent).toBe('Refresh 12 rows');
  expect(form.start().disabled).toBe(false);
});

test('a change of days or economy makes the preview stale; typing the same days back does not', async () => {
  const form = openForm();
  await form.preview();
  typeInto(form.days, '30 ');
  expect(form.start().disabled).toBe(false);
  typeInto(form.days, '0');
  expect(form.start().disabled).toBe(true);
  expect(form.lines()).toEqual([]);
  await form.preview();
  expect(form.lines()[0]).toMatch(/^15 rows to refresh/);
  (form.economy as FakeElement).checked = true;
  dispatch(form.economy as FakeElement, 'change');
  expect(form.start().disabled).toBe(true);
  await form.preview();
  expect(served.fake.callsOf('previewEnrichment').at(-1)?.[0]).toMatchObject({
    refresh: { olderThanDays: 0, economy: true },
  });
  expect(form.lines()).toContain('Economy: 15–45 credits');
});

test('days that are not a whole number of 0 or more are refused before any call', async () => {
  const form = openForm();
  for (const days of ['-1', '2.5', 'soon', '']) {
    typeInto(form.days, days);
    await form.preview();
    expect(form.error().textContent).toBe('Give the days as a whole number, 0 or more.');
  }
  expect(served.fake.callsOf('previewEnrichment')).toEqual([]);
});

test('Start asks first, naming the credits; Back keeps it; confirming starts the refresh', async () => {
  const form = openForm();
  await form.preview();
  click(form.start());
  expect(texts(form.element)).toContain(`Refresh 12 rows of Profile scrape · Leads!A1:A21 for 24 credits?`);
  click(form.button('^Back$'));
  await settle();
  expect(served.fake.callsOf('startEnrichment')).toEqual([]);
  expect(form.start().disabled).toBe(false);
  click(form.start());
  click(form.button('^Spend 24 credits$'));
  await settle();
  expect(served.fake.callsOf('startEnrichment')).toHaveLength(1);
  expect(form.started.map((run) => [run.runId, run.status])).toEqual([['run-1', 'running']]);
});

test('a refused start is one sentence in the form, and the preview must be taken again', async () => {
  const form = openForm();
  await form.preview();
  served.fake.failNext('startEnrichment', 'No API key is set. Add your key in Settings.');
  click(form.start());
  click(form.button('^Spend'));
  await settle();
  expect([form.error().hidden, form.error().textContent]).toEqual([
    false,
    'No API key is set. Add your key in Settings.',
  ]);
  expect(form.start().disabled).toBe(true);
  expect(form.started).toEqual([]);
});

test('a profile-record run has no economy; a preview with no due rows keeps Start shut; Close closes', async () => {
  expect(openForm(finished({ operation: 'profile' })).economy).toBeNull();
  const form = openForm();
  typeInto(form.days, '365');
  await form.preview();
  expect(form.lines()).toEqual(['No rows are due: every row was checked more recently.']);
  expect(form.start().disabled).toBe(true);
  click(form.button('^Close$'));
  expect(form.closed()).toBe(1);
});
