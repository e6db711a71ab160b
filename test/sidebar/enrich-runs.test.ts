// The document's runs as cards, and the loop that keeps the user's running runs going one continue call at a time;
// pause, resume and retry say what the answer shows, a cancel asks first, and without a key nothing is continued.
import type { RunSummary } from '../../src/core/contract';
import { EnrichRuns } from '../../src/sidebar/enrich-runs';
import { actionOutcome, runCancelOutcome } from '../../src/sidebar/runs';
import { StatusLine } from '../../src/sidebar/status-line';
import { fakeRun } from '../browser/fake-server';
import {
  actions,
  click,
  dispatch,
  elements,
  mount,
  pageElement,
  real,
  settle,
  texts,
  typeInto,
  useFakeDocument,
  type FakeElement,
} from './fake-document';
import { mountRunList } from './page-parts';
import { useFakeServer } from './script-run';

useFakeDocument();
const served = useFakeServer(() => ({
  apiKey: 'lk_abcdefgh1234',
  runs: [
    fakeRun({ runId: 'mine', total: 9 }),
    fakeRun({ runId: 'theirs', mine: false, total: 9 }),
    fakeRun({ runId: 'failed', status: 'completed', total: 5, done: 5, ok: 3, failed: 2 }),
  ],
}));
beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
afterEach(() => jest.useRealTimers());

async function enrichRuns(options: { hasKey?: boolean; load?: boolean } = {}) {
  mountRunList();
  mount('p', { id: 'enrich-status' });
  const status = new StatusLine(real<HTMLElement>(pageElement('enrich-status')));
  const runs = new EnrichRuns(status, 10_000, () => options.hasKey ?? true);
  if (options.load ?? true) await runs.load();
  await settle();
  return runs;
}

/** Lets the loop run the checks it plans next, `times` over, each answer settled. */
async function passes(times: number): Promise<void> {
  for (let pass = 0; pass < times; pass++) {
    await jest.runOnlyPendingTimersAsync();
    await settle();
  }
}

const status = () => pageElement('enrich-status');
const continued = () => served.fake.callsOf('continueEnrichment').map(([runId]) => runId);
const card = (runId: string) => pageElement('run-list').querySelector(`[data-id="${runId}"]`);
const button = (runId: string, action: string) =>
  card(runId)?.querySelector(`[data-action="${action}"]`) as FakeElement;
const held = (runId: string) => served.fake.listEnrichments().find((run) => run.runId === runId) as RunSummary;

test('the runs show as cards, and only the user’s own running run is continued, at once', async () => {
  await enrichRuns();
  expect(pageElement('run-list').children.map((child) => child.getAttribute('data-id'))).toEqual([
    'mine',
    'theirs',
    'failed',
  ]);
  expect(continued()).toEqual(['mine']);
  await passes(2);
  expect(new Set(continued())).toEqual(new Set(['mine']));
});

test('a running run is continued until it completes, its card following; then the calls stop', async () => {
  await enrichRuns();
  await passes(10);
  expect(held('mine').status).toBe('completed');
  expect(card('mine')?.getAttribute('data-status')).toBe('completed');
  const calls = continued().length;
  await passes(5);
  await jest.advanceTimersByTimeAsync(60 * 60_000);
  expect(continued()).toHaveLength(calls);
});

test('without a key, nothing is continued', async () => {
  await enrichRuns({ hasKey: false });
  await passes(3);
  expect(continued()).toEqual([]);
});

test('a list that cannot be read says so, and nothing is continued', async () => {
  served.fake.failNext('listEnrichments', 'The spreadsheet is busy.');
  await enrichRuns();
  expect(status().textContent).toBe('Could not list the runs: The spreadsheet is busy.');
  expect(continued()).toEqual([]);
});

test('a failed continue is said until the next good one', async () => {
  served.fake.failNext('continueEnrichment', 'offline');
  await enrichRuns();
  expect(status().textContent).toBe('Could not continue the run: offline');
  await jest.advanceTimersByTimeAsync(60_000);
  await settle();
  expect(status().textContent).toBe('');
});

test('Pause stops the continue calls and says what the answer shows; Resume takes them up again', async () => {
  await enrichRuns();
  click(button('mine', 'pause'));
  expect([button('mine', 'pause').disabled, button('mine', 'pause').textContent]).toEqual([true, 'Pausing…']);
  await settle();
  expect(status().textContent).toBe(actionOutcome('pause', held('mine'))[0]);
  const calls = continued().length;
  await passes(3);
  expect(continued()).toHaveLength(calls);
  click(button('mine', 'resume'));
  await settle();
  expect(status().textContent).toBe(actionOutcome('resume', held('mine'))[0]);
  await passes(1);
  expect(continued().length).toBeGreaterThan(calls);
});

test('Retry sends the run’s failed rows back and continues it', async () => {
  await enrichRuns();
  click(button('failed', 'retry'));
  await settle();
  expect(served.fake.callsOf('retryFailedEnrichment')).toEqual([['failed']]);
  expect(status().textContent).toBe(actionOutcome('retry', held('failed'))[0]);
  await passes(1);
  expect(continued()).toContain('failed');
});

test('a refused action shows the server’s sentence and frees its button', async () => {
  await enrichRuns();
  served.fake.failNext('pauseEnrichment', 'The run is locked.');
  click(button('mine', 'pause'));
  await settle();
  expect([status().textContent, status().dataset.tone]).toEqual(['The run is locked.', 'error']);
  expect(button('mine', 'pause').disabled).toBe(false);
});

test('a cancel asks in the card first; kept, nothing is sent; confirmed, the answer is said', async () => {
  await enrichRuns();
  click(button('mine', 'cancel'));
  click(card('mine')!.querySelector('[data-confirm="no"]')!);
  await settle();
  expect(served.fake.callsOf('cancelEnrichment')).toEqual([]);
  click(button('mine', 'cancel'));
  expect(card('mine')?.querySelector('.confirm-question')?.textContent).toMatch(/^Cancel .*Leads/);
  click(card('mine')!.querySelector('[data-confirm="yes"]')!);
  await settle();
  expect(served.fake.callsOf('cancelEnrichment')).toEqual([['mine']]);
  expect(status().textContent).toBe(runCancelOutcome(held('mine'))[0]);
  expect(card('mine')?.getAttribute('data-status')).toBe('cancelled');
});

test('a cancel that could not be sent says so', async () => {
  await enrichRuns();
  served.fake.failNext('cancelEnrichment', 'offline');
  click(button('mine', 'cancel'));
  click(card('mine')!.querySelector('[data-confirm="yes"]')!);
  await settle();
  expect(status().textContent).toBe('The cancel could not be sent: offline');
});

test('a run the form started shows and is continued', async () => {
  const runs = await enrichRuns({ load: false });
  // Started on the fake directly, as the form's start call would.
  const run = served.fake.startEnrichment({
    sheetName: 'Leads',
    inputA1: 'B2:B9',
    operation: 'contacts',
    overwrite: false,
  });
  runs.started(run);
  expect(card(run.runId)).not.toBeNull();
  await passes(1);
  expect(continued()).toEqual([run.runId]);
});

const panelOf = (runId: string) => card(runId)?.querySelector('.card-panel') ?? null;
const within = (root: FakeElement, text: string) =>
  elements(root).find((node) => node.tagName === 'BUTTON' && node.textContent === text) as FakeElement;

test('Refresh… opens its form in the card and closes it again, the keyboard back on the button', async () => {
  await enrichRuns();
  click(button('failed', 'refresh'));
  expect(panelOf('failed')?.getAttribute('class')).toContain('refresh-form');
  expect(button('failed', 'refresh').getAttribute('aria-expanded')).toBe('true');
  click(button('failed', 'refresh'));
  expect(panelOf('failed')).toBeNull();
  expect(document.activeElement).toBe(button('failed', 'refresh'));
  expect(button('failed', 'refresh').getAttribute('aria-expanded')).toBe('false');
});

test('a refresh started from the card is followed to its outcome; then What changed shows for the document', async () => {
  await enrichRuns();
  expect(pageElement('enrich-changes').hidden).toBe(true);
  click(button('failed', 'refresh'));
  const form = panelOf('failed') as FakeElement;
  typeInto(form.querySelector('input') as FakeElement, '0');
  dispatch(form, 'submit');
  await settle();
  click(within(form, 'Refresh 3 rows'));
  click(within(form, 'Spend 6 credits'));
  await settle();
  expect(status().textContent).toBe('Refresh started: Profile scrape · Leads!A1:A21.');
  expect(panelOf('failed')).toBeNull();
  await passes(10);
  expect(continued()).toContain('failed');
  expect(held('failed').refreshed).toBe(3);
  expect(texts(card('failed') as FakeElement)).toContain('3 rows refreshed · 1 changed: 1 new employer');
  expect(pageElement('enrich-changes').hidden).toBe(false);
  click(pageElement('enrich-changes'));
  await settle();
  expect(pageElement('enrich-changes-view').querySelectorAll('.change-entry')).toHaveLength(1);
  expect(served.fake.callsOf('listChanges')).toEqual([[null]]);
  click(pageElement('enrich-changes'));
  expect(pageElement('enrich-changes-view').children).toEqual([]);
});

test('Keep fresh saves a schedule the card then shows; Stop ends it', async () => {
  await enrichRuns();
  click(button('failed', 'schedule'));
  dispatch(panelOf('failed') as FakeElement, 'submit');
  await settle();
  expect(panelOf('failed')).toBeNull();
  expect(status().textContent).toBe('Saved: the run is refreshed on its schedule.');
  expect(texts(card('failed') as FakeElement).some((text) => text.startsWith('Refreshes every week'))).toBe(true);
  click(button('failed', 'unschedule'));
  await settle();
  expect(status().textContent).toBe('Scheduled refreshes stopped.');
  expect(served.fake.callsOf('scheduleRefresh').at(-1)).toEqual(['failed', null]);
  expect(actions(card('failed') as FakeElement)).not.toContain('unschedule');
});
