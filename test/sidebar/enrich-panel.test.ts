// The Enrich panel puts the form and the runs on one status line: the runs are listed (and the user's running ones
// continued) when the sidebar opens, the form reads the selection only when first shown, a run the form starts joins
// the list, and without a key Start is shut and no run is continued.
import { EnrichPanel } from '../../src/sidebar/enrich-panel';
import { fakeRun } from '../browser/fake-server';
import { click, dispatch, pageElement, settle, useFakeDocument } from './fake-document';
import { mountEnrichForm, mountEnrichKeyWarning, mountRunList } from './page-parts';
import { useFakeServer } from './script-run';

useFakeDocument();
const served = useFakeServer(() => ({
  apiKey: 'lk_abcdefgh1234',
  runs: [fakeRun({ runId: 'mine', total: 30 })],
}));
beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
afterEach(() => jest.useRealTimers());

async function enrichPanel() {
  mountEnrichKeyWarning();
  mountEnrichForm();
  mountRunList();
  const settingsShown = { count: 0 };
  const panel = new EnrichPanel({ pollMs: 10_000, showSettings: () => settingsShown.count++ });
  await panel.load();
  await settle();
  return { panel, settingsShown };
}

const continued = () => served.fake.callsOf('continueEnrichment').length;
const start = () => pageElement('enrich-start');

/** Lets the loop run the checks it plans next, `times` over, each answer settled. */
async function passes(times: number): Promise<void> {
  for (let pass = 0; pass < times; pass++) {
    await jest.runOnlyPendingTimersAsync();
    await settle();
  }
}

test('opening lists the runs and continues the user’s; the selection is read only when the panel shows, once', async () => {
  const { panel } = await enrichPanel();
  expect(pageElement('run-list').querySelector('[data-id="mine"]')).not.toBeNull();
  expect(continued()).toBe(1);
  expect(served.fake.callsOf('getSelectionInfo')).toEqual([]);
  await panel.shown();
  await panel.shown();
  expect(served.fake.callsOf('getSelectionInfo')).toHaveLength(1);
});

test('without a key: the notice shows, Start stays shut after a preview, and no run is continued', async () => {
  const { panel } = await enrichPanel();
  await panel.shown();
  panel.keyChanged(false);
  expect(pageElement('enrich-key-warning').hidden).toBe(false);
  dispatch(pageElement('enrich-form'), 'submit');
  await settle();
  expect(start().disabled).toBe(true);
  const before = continued();
  await passes(3);
  expect(continued()).toBe(before);
});

test('the key back: the notice hides, a previewed Start opens and the runs are continued again', async () => {
  const { panel } = await enrichPanel();
  await panel.shown();
  panel.keyChanged(false);
  await passes(1);
  const before = continued();
  panel.keyChanged(true);
  dispatch(pageElement('enrich-form'), 'submit');
  await settle();
  expect(pageElement('enrich-key-warning').hidden).toBe(true);
  expect(start().disabled).toBe(false);
  await passes(1);
  expect(continued()).toBeGreaterThan(before);
});

test('the notice’s Settings button shows the settings', async () => {
  const { settingsShown } = await enrichPanel();
  click(pageElement('enrich-key-warning-settings'));
  expect(settingsShown.count).toBe(1);
});

test('a run the form starts joins the list, and is continued', async () => {
  const { panel } = await enrichPanel();
  await panel.shown();
  dispatch(pageElement('enrich-form'), 'submit');
  await settle();
  click(start());
  click(pageElement('enrich-confirm').querySelector('[data-confirm="yes"]')!);
  await settle();
  const runId = served.fake.listEnrichments()[0].runId;
  expect(pageElement('run-list').querySelector(`[data-id="${runId}"]`)).not.toBeNull();
  await passes(2);
  expect(served.fake.callsOf('continueEnrichment').map(([id]) => id)).toContain(runId);
});
