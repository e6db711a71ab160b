// End to end: the BUILT sidebar's Enrich panel in real Chromium, google.script.run bridged to the BUILT bundle in the
// Apps Script fakes, which scrapes the mock API over HTTP on the free tier (5 a minute, paced on the fakes' virtual
// clock). The test lets the sidebar's continue calls through one at a time, so it can act between them.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSidebarBridge, type SidebarBridge } from '../../dev/sidebar-bridge';
import { spawnMockApi, type SpawnedMockApi } from '../../dev/mock-api/spawn';
import type { RunSummary } from '../../src/core/contract';
import { addonWithKey, checkKeysAndDisposeAddons, OWNER, type LoadedAddon } from '../integration/harness';
import { ClockBridge, columnByHeader, inputSheet, url } from '../integration/enrichment-helpers';
import { CONDITION_TIMEOUT_MS, launchChromium } from './chromium';
import { pollingStopped, readBuiltSidebar, trackPageActivity, TEST_POLL_MS, waitUntil } from './sidebar-page';

const KEY = 'lk_test_e2e_enrich_000000000000e2e1';
const ROWS = 60;
const slugs = Array.from({ length: ROWS }, (_, i) => `lead-${String(i + 1).padStart(2, '0')}`);

let mock: SpawnedMockApi;
let addon: LoadedAddon;
let clock: ClockBridge;
let bridge: SidebarBridge;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: Error[] = [];
/** Continue calls the bundle has answered. */
let continuesAnswered = 0;

/** Continue calls wait here until the test lets one through. */
const gate = {
  permits: 0,
  waiting: [] as Array<() => void>,
  allow(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.permits++;
  },
  pass(): Promise<void> {
    if (this.permits > 0) {
      this.permits--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  },
};

beforeAll(async () => {
  const html = readBuiltSidebar();
  mock = await spawnMockApi({ jobClock: 'manual', seed: 23 });
  addon = await addonWithKey(mock, { key: KEY, tier: 'free', clock: 'virtual' });
  clock = new ClockBridge(addon.env, mock);
  inputSheet(addon.env, 'Leads', 'Profile URL', slugs.map(url));
  addon.env.spreadsheet.select('Leads', `A1:A${ROWS + 1}`);
  bridge = await startSidebarBridge({
    html,
    call: async (name, args) => {
      if (name !== 'continueEnrichment') return addon.bundle.callFromSidebar(name, args, OWNER);
      await gate.pass();
      try {
        return addon.bundle.callFromSidebar(name, args, OWNER);
      } finally {
        continuesAnswered++;
      }
    },
    pollMs: TEST_POLL_MS,
    initialPanel: 'enrich',
  });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 300, height: 900 } });
  context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
  page = await context.newPage();
  await trackPageActivity(page);
  page.on('pageerror', (error) => pageErrors.push(error));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await bridge?.close();
  await clock?.close();
  checkKeysAndDisposeAddons();
  await mock?.stop();
});

const run = () => page.locator('.run-card').first();
const runs = () => addon.bundle.callFromSidebar('listEnrichments', [], OWNER) as RunSummary[];
/** Lets one continue call through and waits until the card shows what the server holds after it. */
async function oneContinue(): Promise<RunSummary> {
  const before = continuesAnswered;
  await waitUntil(() => gate.waiting.length > 0, 'a continue call waiting');
  gate.allow();
  await waitUntil(() => continuesAnswered > before, 'the continue call answered');
  const held = () => runs()[0];
  await waitUntil(async () => (await run().getAttribute('data-status')) === held().status, 'the card');
  await run()
    .locator('.card-progress-text', { hasText: new RegExp(`^${held().done} of ${ROWS} rows done`) })
    .waitFor();
  return held();
}

test('a column enriched from the panel: preview, confirmed start, progress, pause, resume, cancel', async () => {
  await page.goto(bridge.url);
  const selection = page.locator('#enrich-selection');
  await selection.locator('.selection-range', { hasText: `Leads!A1:A${ROWS + 1}` }).waitFor();
  expect(await selection.innerText()).toContain(`${ROWS} input rows · Header “Profile URL” in row 1`);

  await page.getByLabel('Fields', { exact: true }).fill('name, headline');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.locator('.preview-cost', { hasText: `Cost: ${ROWS * 2} credits` }).waitFor();
  expect(await page.locator('.preview-counts dd[data-count="To fetch"]').innerText()).toBe(String(ROWS));
  expect(await page.locator('.preview-columns').innerText()).toBe(
    'Columns: name, headline, sheet-enrich scrape status, sheet-enrich scrape checked',
  );
  expect(await mock.control.log()).toEqual([]);

  await page.getByRole('button', { name: 'Start enrichment' }).click();
  await page.getByRole('button', { name: `Spend ${ROWS * 2} credits` }).click();
  await page.locator('#enrich-status', { hasText: 'Enrichment started' }).waitFor();
  await run().locator('.badge', { hasText: 'Running' }).waitFor();

  // Each continue call works for minutes of Apps Script time; on the free tier that is part of the column.
  const first = await oneContinue();
  expect(first.done).toBeGreaterThan(0);
  expect(first.done).toBeLessThan(ROWS);
  expect(await run().locator('progress').getAttribute('value')).toBe(String(first.done));

  // Paused while the next call waits: when it goes through, it does nothing, and nothing follows it.
  await run()
    .getByRole('button', { name: /^Pause/ })
    .click();
  await run().locator('.badge', { hasText: 'Paused' }).waitFor();
  gate.allow();
  await pollingStopped(page);
  expect(runs()[0]).toMatchObject({ status: 'paused', done: first.done });

  await run()
    .getByRole('button', { name: /^Resume/ })
    .click();
  await page.locator('#enrich-status', { hasText: 'Run resumed.' }).waitFor();
  const second = await oneContinue();
  expect(second.done).toBeGreaterThan(first.done);
  expect(second.done).toBeLessThan(ROWS);

  await run()
    .getByRole('button', { name: /^Cancel/ })
    .click();
  await run().getByRole('button', { name: 'Cancel run' }).click();
  await run().locator('.badge', { hasText: 'Cancelled' }).waitFor();
  gate.allow();
  await pollingStopped(page);
  expect(runs()[0]).toMatchObject({ status: 'cancelled', done: second.done });
  expect(await run().locator('progress').getAttribute('value')).toBe(String(second.done));

  // The sheet holds what the card says: a name and OK beside each input done, nothing beside the rest.
  const statuses = columnByHeader(addon.env, 'Leads', 'sheet-enrich scrape status', ROWS + 1);
  const names = columnByHeader(addon.env, 'Leads', 'name', ROWS + 1);
  expect(statuses.filter((status) => status === 'OK')).toHaveLength(second.done);
  expect(statuses.filter((status) => status === '')).toHaveLength(ROWS - second.done);
  expect(names.filter((name, row) => name !== '' && statuses[row] === 'OK')).toHaveLength(second.done);
  expect(clock.maxScrapesPerMinute()).toBeLessThanOrEqual(5);
  expect(pageErrors).toEqual([]);
});
