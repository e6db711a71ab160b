// Enrich selection through the real playground (the `npm start` entry, here without its build step: the tests run
// on the dist/ just built), driven in Chromium as a user would: a column of profile URLs selected in the demo sheet,
// Extensions → sheet-enrich → Enrich selection…, a preview, a confirmed start, progress, pause, resume and cancel.
// The free tier (5 scrapes a minute, set on the demo key and in Settings) keeps the run going long enough to act on
// it: the playground paces it at the real tier's rate, here at 10× (Playground → Speed) so the test is not slow.
import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_KEY } from '../../dev/mock-api/accounts';
import { MockControl } from '../../dev/mock-api/control';
import {
  cell,
  expectText,
  openAddonMenuItem,
  playgroundMenuItem,
  screenshot,
  serverSheet,
  showDemoSheet,
  sidebarOf,
  usePlayground,
} from './playground-session';

jest.setTimeout(120_000);

/** The demo's five profiles in H2:H6 and these below them. */
const MORE_PROFILES = Array.from({ length: 30 }, (_, i) => `https://www.network.com/in/lead-${i + 1}-0a1b2c3`);
const LAST_ROW = 6 + MORE_PROFILES.length;
const INPUT_ROWS = LAST_ROW - 1;

let page: Page;
let mock: MockControl;
usePlayground((session) => {
  page = session.page;
  mock = new MockControl(session.mockUrl);
});

const sidebar = (): FrameLocator => sidebarOf(page);
const runCard = () => sidebar().locator('.run-card').first();

/** Rows done, as the run's card says it ("12 of 35 rows done · …"). */
async function rowsDone(): Promise<number> {
  return rowsDoneIn(await runCard().locator('.card-progress-text').innerText());
}

function rowsDoneIn(text: string): number {
  const match = new RegExp(`^(\\d+) of ${INPUT_ROWS} rows done`).exec(text);
  if (match === null) throw new Error(`Unexpected progress text: ${text}`);
  return Number(match[1]);
}

/** Waits until the card shows more than `than` rows done (the tier lets five more through each minute). */
async function progressPast(than: number): Promise<number> {
  await runCard()
    .locator('.card-progress-text', { hasText: new RegExp(`^([1-9]\\d*) of ${INPUT_ROWS} rows done`) })
    .waitFor();
  const progress = runCard().locator('.card-progress-text');
  for (;;) {
    const shown = await progress.innerText();
    const done = rowsDoneIn(shown);
    if (done > than) return done;
    // The next change of the card, whenever the run's next rows are in.
    await runCard()
      .locator('.card-progress-text', { hasNotText: new RegExp(`^${escapeRegExp(shown)}$`) })
      .waitFor();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('a selected column enriched from the menu: preview, confirmed start, progress, pause, resume, cancel', async () => {
  await showDemoSheet(page);
  await expectText(page, 'H1', 'Profiles to enrich');
  await page.evaluate((text) => navigator.clipboard.writeText(text), MORE_PROFILES.join('\n'));
  await cell(page, 'H7').click();
  await page.keyboard.press('ControlOrMeta+V');
  await expectText(page, `H${LAST_ROW}`, MORE_PROFILES.at(-1)!);

  // The free tier: the run then takes long enough to pause, resume and cancel it.
  expect(await playgroundMenuItem(page, 'Speed of runs and research', /^10×/)).toContain('10× the real pace');
  await mock.setKey({ ...DEMO_KEY, tier: 'free' });
  await openAddonMenuItem(page, 'Settings…');
  await sidebar().getByLabel('Scrape tier').selectOption('free');
  await sidebar().getByRole('button', { name: 'Save' }).click();
  await sidebar().locator('#settings-status', { hasText: 'Settings saved.' }).waitFor();

  await cell(page, 'H1').click();
  await cell(page, `H${LAST_ROW}`).click({ modifiers: ['Shift'] });
  await openAddonMenuItem(page, 'Enrich selection…');
  await sidebar().getByRole('tab', { name: 'Enrich', exact: true, selected: true }).waitFor();
  const selection = sidebar().locator('#enrich-selection');
  await selection.locator('.selection-range', { hasText: `Demo!H1:H${LAST_ROW}` }).waitFor();
  expect(await selection.innerText()).toContain(`${INPUT_ROWS} input rows · Header “Profiles to enrich” in row 1`);
  expect(await selection.innerText()).toContain('Looks like: profile URLs');

  await sidebar().getByRole('button', { name: 'Preview' }).click();
  const toFetch = Number(await sidebar().locator('.preview-counts dd[data-count="To fetch"]').innerText());
  expect(toFetch).toBe(INPUT_ROWS);
  const credits = toFetch * 2;
  expect(await sidebar().locator('.preview-cost').innerText()).toMatch(new RegExp(`^Cost: ${credits} credits · `));
  await screenshot(page, 'enrich-preview');

  await sidebar().getByRole('button', { name: 'Start enrichment' }).click();
  await sidebar()
    .getByRole('button', { name: `Spend ${credits} credits` })
    .click();
  await runCard().locator('.badge', { hasText: 'Running' }).waitFor();

  const first = await progressPast(0);
  await runCard()
    .getByRole('button', { name: /^Pause/ })
    .click();
  await runCard().locator('.badge', { hasText: 'Paused' }).waitFor();
  await sidebar().locator('#enrich-status', { hasText: 'Run paused.' }).waitFor();
  const paused = await rowsDone();
  expect(paused).toBeGreaterThanOrEqual(first);
  expect(paused).toBeLessThan(INPUT_ROWS);

  await runCard()
    .getByRole('button', { name: /^Resume/ })
    .click();
  await sidebar().locator('#enrich-status', { hasText: 'Run resumed.' }).waitFor();
  const resumed = await progressPast(paused);
  await screenshot(page, 'enrich-running');

  await runCard()
    .getByRole('button', { name: /^Cancel/ })
    .click();
  await runCard().getByRole('button', { name: 'Cancel run' }).click();
  await runCard().locator('.badge', { hasText: 'Cancelled' }).waitFor();
  const cancelled = await rowsDone();
  expect(cancelled).toBeGreaterThanOrEqual(resumed);
  expect(cancelled).toBeLessThan(INPUT_ROWS);

  // The sheet holds what the card says: a status beside each row done, none beside the rest.
  const { cells } = await serverSheet(page, 'Demo');
  const statusColumn = cells.find((one) => one.row === 1 && one.text === 'sheet-enrich scrape status')?.column;
  expect(statusColumn).toBeDefined();
  const statuses = cells.filter((one) => one.column === statusColumn && one.row > 1 && one.row <= LAST_ROW);
  expect(statuses.filter((one) => one.text !== '')).toHaveLength(cancelled);
});
