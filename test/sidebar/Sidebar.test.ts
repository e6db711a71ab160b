// The page's entry: it opens on the panel the page names, reads settings, research and runs at once, reads the
// selection and the credits spent when the user looks at their tab, tells both panels whether there is a key, stops
// checking while out of sight, and any click wakes checks that stopped because nothing moved.
import { fakeJob, fakeRun } from '../browser/fake-server';
import { click, page, pageElement, setPageHidden, settle, useFakeDocument } from './fake-document';
import {
  mountConsentNotice,
  mountEnrichForm,
  mountEnrichKeyWarning,
  mountResearchPanel,
  mountRunList,
  mountSettingsPanel,
  mountTabs,
} from './page-parts';
import { useFakeServer } from './script-run';

const POLL_MS = 10_000;
useFakeDocument();
const served = useFakeServer(() => ({
  apiKey: 'lk_abcdefgh1234',
  jobs: [fakeJob({ jobId: 'job', query: 'brief', status: 'processing' })],
  runs: [fakeRun({ runId: 'run', total: 30 })],
}));
beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
afterEach(() => jest.useRealTimers());

/** Mounts the page, with the panel and the poll interval the server put on its body, and runs the entry. */
async function openSidebar(initialPanel = 'research'): Promise<void> {
  page().setAttribute('data-initial-panel', initialPanel);
  page().setAttribute('data-poll-ms', String(POLL_MS));
  mountTabs();
  mountConsentNotice();
  mountResearchPanel();
  mountEnrichKeyWarning();
  mountEnrichForm();
  mountRunList();
  mountSettingsPanel();
  jest.isolateModules(() => {
    // The entry wires the page when it loads: each test loads it afresh over its own page.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../../src/sidebar/Sidebar');
  });
  await settle();
}

const calls = (name: Parameters<typeof served.fake.callsOf>[0]) => served.fake.callsOf(name).length;
const selected = () => ['research', 'enrich', 'settings'].filter((panel) => !pageElement(`panel-${panel}`).hidden);

test('it opens on the panel the page names, and reads settings, research and runs at once', async () => {
  await openSidebar('enrich');
  expect(selected()).toEqual(['enrich']);
  expect([calls('getSettings'), calls('listResearchJobs'), calls('listEnrichments')]).toEqual([1, 1, 1]);
  // The user's unfinished work is checked at once.
  expect(calls('pollResearch')).toBe(1);
  expect(calls('continueEnrichment')).toBe(1);
});

test('the selection is read when the Enrich tab is first shown; the credits spent each time Settings is', async () => {
  await openSidebar('research');
  expect([calls('getSelectionInfo'), calls('getUsage')]).toEqual([0, 0]);
  click(pageElement('tab-enrich'));
  click(pageElement('tab-settings'));
  click(pageElement('tab-enrich'));
  click(pageElement('tab-settings'));
  await settle();
  expect([calls('getSelectionInfo'), calls('getUsage')]).toEqual([1, 2]);
});

test('without a key, both panels say so and their Settings buttons lead to the settings', async () => {
  served.fake.saveSettings({ apiKey: '' });
  await openSidebar('research');
  expect(pageElement('key-warning').hidden).toBe(false);
  expect(pageElement('enrich-key-warning').hidden).toBe(false);
  click(pageElement('key-warning-settings'));
  expect(selected()).toEqual(['settings']);
  expect(document.activeElement).toBe(pageElement('tab-settings'));
});

test('out of sight nothing is checked; back in sight, a check that fell due runs at once', async () => {
  await openSidebar('research');
  setPageHidden(true);
  const polled = calls('pollResearch');
  await jest.advanceTimersByTimeAsync(10 * 60_000);
  await settle();
  expect(calls('pollResearch')).toBe(polled);
  setPageHidden(false);
  await settle();
  expect(calls('pollResearch')).toBe(polled + 1);
});

test('a click anywhere wakes checks that stopped because nothing moved', async () => {
  served.fake.holdAt = 0;
  await openSidebar('enrich');
  for (let minute = 0; minute < 40; minute++) {
    await jest.advanceTimersByTimeAsync(60_000);
    await settle();
  }
  expect(pageElement('enrich-loop-note').hidden).toBe(false);
  const continues = calls('continueEnrichment');
  click(pageElement('panel-enrich'));
  await settle();
  expect(calls('continueEnrichment')).toBe(continues + 1);
  expect(pageElement('enrich-loop-note').hidden).toBe(true);
});
