// The Keep fresh form: every week or month, rows older than some days, a cap of credits a refresh; it says who
// pays, refuses what is not a whole number in range before any call, and saves with scheduleRefresh.
import type { RunSummary } from '../../src/core/contract';
import { KeepFreshForm, PAYER_NOTE, readScheduleFields } from '../../src/sidebar/keep-fresh-form';
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
const finished = (fields: Partial<RunSummary> = {}) => fakeRun({ runId: 'run-1', status: 'completed', ...fields });
const served = useFakeServer(() => ({ apiKey: 'lk_abcdefgh1234', runs: [finished()] }));

function openForm(run = finished()) {
  const saved: RunSummary[] = [];
  let closed = 0;
  const form = new KeepFreshForm({ run, onSaved: (s) => saved.push(s), onClose: () => closed++ });
  const element = fake(form.element);
  page().append(element);
  const [days, credits] = element.querySelectorAll('input');
  return {
    element,
    saved,
    closed: () => closed,
    every: element.querySelector('select') as FakeElement,
    days,
    credits,
    save: async () => {
      dispatch(element, 'submit');
      await settle();
    },
    error: () => element.querySelector('[role="alert"]') as FakeElement,
  };
}

test('a new schedule starts at every week, 7 days, 500 credits, and says who pays', () => {
  const form = openForm();
  expect([form.every.value, form.days.value, form.credits.value]).toEqual(['week', '7', '500']);
  expect(texts(form.element)).toContain(PAYER_NOTE);
});

test('an existing schedule fills the form', () => {
  const schedule = { every: 'month' as const, olderThanDays: 30, maxCredits: 90, nextAt: '', lastOutcome: null };
  const form = openForm(finished({ schedule }));
  expect([form.every.value, form.days.value, form.credits.value]).toEqual(['month', '30', '90']);
});

test('Save sends the schedule and hands the run back', async () => {
  const form = openForm();
  form.every.value = 'month';
  typeInto(form.days, '14');
  typeInto(form.credits, '1,200');
  await form.save();
  expect(served.fake.callsOf('scheduleRefresh')).toEqual([
    ['run-1', { every: 'month', olderThanDays: 14, maxCredits: 1200 }],
  ]);
  expect(form.saved.map((run) => run.schedule?.maxCredits)).toEqual([1200]);
});

test('days below 0 or credits below 1 are refused before any call; a server refusal is one sentence', async () => {
  const form = openForm();
  typeInto(form.credits, '0');
  await form.save();
  expect(form.error().textContent).toBe('Cap each refresh at a whole number of credits, 1 or more.');
  typeInto(form.days, '-3');
  await form.save();
  expect(form.error().textContent).toBe('Give the days as a whole number, 0 or more.');
  expect(served.fake.callsOf('scheduleRefresh')).toEqual([]);
  typeInto(form.days, '7');
  typeInto(form.credits, '10');
  served.fake.failNext('scheduleRefresh', 'Only the run’s owner can schedule it.');
  await form.save();
  expect([form.error().hidden, form.error().textContent]).toEqual([false, 'Only the run’s owner can schedule it.']);
  expect(form.saved).toEqual([]);
  click(elements(form.element).find((node) => node.textContent === 'Close') as FakeElement);
  expect(form.closed()).toBe(1);
});

test('the fields read as a schedule, or as the sentence to fix them', () => {
  expect(readScheduleFields('week', ' 0 ', '1')).toEqual({ every: 'week', olderThanDays: 0, maxCredits: 1 });
  expect(readScheduleFields('month', '3.5', '10')).toBe('Give the days as a whole number, 0 or more.');
  expect(readScheduleFields('month', '3', 'lots')).toBe('Cap each refresh at a whole number of credits, 1 or more.');
});
