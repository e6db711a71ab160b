// The research panel: the brief and limit are checked before anything is sent, a started job shows as a card and is
// followed by the poll loop, a cancel asks first and says what the answer shows, Open sheet opens the job's sheet,
// and without a key Start is shut and nothing is polled.
import { ResearchPanel } from '../../src/sidebar/research-panel';
import { fakeJob } from '../browser/fake-server';
import { click, dispatch, pageElement, settle, texts, useFakeDocument, type FakeElement } from './fake-document';
import { mountResearchPanel } from './page-parts';
import { useFakeServer } from './script-run';

const POLL_MS = 10_000;
useFakeDocument();
const served = useFakeServer(() => ({
  apiKey: 'lk_abcdefgh1234',
  jobs: [fakeJob({ jobId: 'done', query: 'an old brief', status: 'completed', rowsWritten: 3, finalResultsCount: 3 })],
}));
beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
afterEach(() => jest.useRealTimers());

async function researchPanel() {
  mountResearchPanel();
  const settingsShown = { count: 0 };
  const panel = new ResearchPanel({ pollMs: POLL_MS, showSettings: () => settingsShown.count++ });
  await panel.load();
  await settle();
  return { panel, settingsShown };
}

/** The fake numbers jobs from 1: the seeded one, then the one a test starts. */
const STARTED = 'job-2';
const status = () => pageElement('research-status');
const card = (jobId: string) => pageElement('job-list').querySelector(`[data-id="${jobId}"]`);
const button = (jobId: string, action: string) =>
  card(jobId)?.querySelector(`[data-action="${action}"]`) as FakeElement;

async function start(query: string, limit = '25'): Promise<void> {
  pageElement('research-query').value = query;
  pageElement('research-limit').value = limit;
  dispatch(pageElement('research-form'), 'submit');
  await settle();
}

/** Lets the poll loop's timer fire `times` times at the fast pace, each answer settled. */
async function pollPasses(times: number): Promise<void> {
  for (let pass = 0; pass < times; pass++) {
    await jest.advanceTimersByTimeAsync(POLL_MS);
    await settle();
  }
}

test('the document’s jobs show as cards; finished ones are not polled', async () => {
  await researchPanel();
  expect(card('done')).not.toBeNull();
  expect(pageElement('jobs-empty').hidden).toBe(true);
  await pollPasses(3);
  expect(served.fake.callsOf('pollResearch')).toEqual([]);
});

test('a list that cannot be read says so', async () => {
  served.fake.failNext('listResearchJobs', 'The spreadsheet is busy.');
  await researchPanel();
  expect(status().textContent).toBe('Could not list research: The spreadsheet is busy.');
});

test('an empty brief or a limit outside 1–1000 is refused in its field, and nothing is sent', async () => {
  await researchPanel();
  await start('   ');
  expect(pageElement('research-query-error').hidden).toBe(false);
  for (const limit of ['0', '1001', '2.5', 'ten']) {
    await start('Heads of data in Berlin', limit);
    expect(pageElement('research-limit-error').textContent).toContain('1 to 1000');
  }
  expect(served.fake.callsOf('startResearch')).toEqual([]);
});

test('a started job is sent as asked, shows as a card, empties the brief, and is followed', async () => {
  await researchPanel();
  pageElement('research-columns').value = 'all';
  await start('  Heads of data in Berlin ', '40');
  expect(served.fake.callsOf('startResearch')).toEqual([
    [{ query: 'Heads of data in Berlin', limit: 40, columns: 'all' }],
  ]);
  expect(pageElement('research-query').value).toBe('');
  expect(status().dataset.tone).toBe('success');
  expect(status().textContent).toContain(served.fake.listResearchJobs()[0].sheetName);
  expect(texts(card(STARTED)!)).toContain('Heads of data in Berlin');
  await pollPasses(2);
  expect(served.fake.callsOf('pollResearch').length).toBeGreaterThanOrEqual(2);
  expect(card(STARTED)?.getAttribute('data-status')).toBe('processing');
});

test('Start is shut under its busy label while the job starts', async () => {
  await researchPanel();
  pageElement('research-query').value = 'brief';
  dispatch(pageElement('research-form'), 'submit');
  expect([pageElement('research-start').disabled, pageElement('research-start').textContent]).toEqual([
    true,
    'Starting…',
  ]);
  await settle();
  expect([pageElement('research-start').disabled, pageElement('research-start').textContent]).toEqual([
    false,
    'Start research',
  ]);
});

test('a refused start shows the server’s sentence and keeps the brief', async () => {
  await researchPanel();
  served.fake.failNext('startResearch', 'Out of credits (402).');
  await start('brief');
  expect([status().textContent, status().dataset.tone]).toEqual(['Out of credits (402).', 'error']);
  expect(pageElement('research-query').value).toBe('brief');
});

test('a failed poll says so until the next good one', async () => {
  await researchPanel();
  await start('brief');
  served.fake.failNext('pollResearch', 'offline');
  await pollPasses(1);
  expect(status().textContent).toBe('Could not refresh research: offline');
  // A poll that saw nothing move waits twice as long.
  await pollPasses(2);
  expect(status().textContent).toBe('');
});

test('a cancel asks in the card first; kept, nothing is sent; confirmed, the answer is said', async () => {
  await researchPanel();
  await start('brief');
  click(button(STARTED, 'cancel'));
  click(card(STARTED)!.querySelector('[data-confirm="no"]')!);
  await settle();
  expect(served.fake.callsOf('cancelResearch')).toEqual([]);
  click(button(STARTED, 'cancel'));
  expect(texts(card(STARTED)!).join(' ')).toContain('Cancel the research “brief”?');
  click(card(STARTED)!.querySelector('[data-confirm="yes"]')!);
  await settle();
  expect(served.fake.callsOf('cancelResearch')).toEqual([[STARTED]]);
  expect([status().textContent, status().dataset.tone]).toEqual(['Research cancelled.', 'success']);
  expect(button(STARTED, 'cancel')).toBeNull();
});

test('a cancel that could not be sent says so', async () => {
  await researchPanel();
  await start('brief');
  served.fake.failNext('cancelResearch', 'offline');
  click(button(STARTED, 'cancel'));
  click(card(STARTED)!.querySelector('[data-confirm="yes"]')!);
  await settle();
  expect(status().textContent).toBe('The cancel could not be sent: offline');
});

test('Open sheet opens the job’s sheet and names it', async () => {
  await researchPanel();
  click(button('done', 'open'));
  await settle();
  expect(served.fake.activeSheet).toBe('Research done');
  expect(status().textContent).toContain('Research done');
});

test('without a key: the notice shows, Start is shut, refusals are cleared and nothing is polled', async () => {
  const { panel, settingsShown } = await researchPanel();
  await start('brief');
  await start('', '25');
  panel.keyChanged(false);
  expect(pageElement('key-warning').hidden).toBe(false);
  expect(pageElement('research-start').disabled).toBe(true);
  expect(pageElement('research-query-error').hidden).toBe(true);
  const polls = served.fake.callsOf('pollResearch').length;
  await pollPasses(5);
  expect(served.fake.callsOf('pollResearch')).toHaveLength(polls);
  click(pageElement('key-warning-settings'));
  expect(settingsShown.count).toBe(1);
});

test('a sheet that could not be opened says why', async () => {
  await researchPanel();
  served.fake.failNext('openResearchSheet', 'The sheet was deleted.');
  click(button('done', 'open'));
  await settle();
  expect([status().textContent, status().dataset.tone]).toEqual(['The sheet was deleted.', 'error']);
});
