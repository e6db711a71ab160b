// Settings through the real playground (`npm start`'s entry on the dist/ just built), in Chromium: the demo's own
// start-up formulas spend none of the user's daily budget while showing their values, spend is shown against the
// budget, and Remove key asks first, keeps the key when told to, and the Playground menu brings the demo key back.
import type { FrameLocator, Page } from 'playwright-core';
import {
  expectText,
  openAddonMenuItem,
  playgroundMenuItem,
  showDemoSheet,
  sidebarOf,
  typeInto,
  usePlayground,
} from './playground-session';

jest.setTimeout(60_000);

let page: Page;
usePlayground((session) => {
  page = session.page;
});

const sidebar = (): FrameLocator => sidebarOf(page);
const usageToday = () => sidebar().locator('#usage-formulas-today');
const budgetLine = () => sidebar().locator('#usage-budget');

async function openSettings(): Promise<void> {
  await openAddonMenuItem(page, 'Settings…');
  await sidebar().locator('#settings-key-state', { hasText: 'Key set' }).waitFor();
}

/** The usage table is read each time the Settings tab is shown. */
async function showSettingsAgain(): Promise<void> {
  await sidebar().getByRole('tab', { name: 'Research', exact: true }).click();
  await sidebar().getByRole('tab', { name: 'Settings', exact: true }).click();
}

test("the demo's start-up formulas show values but spend none of today's budget; a new formula does", async () => {
  await showDemoSheet(page);
  await expectText(page, 'B2', /\S/);
  await expectText(page, 'A12', 'company_name');
  await openSettings();
  await usageToday().filter({ hasText: /^0$/ }).waitFor();
  await budgetLine().filter({ hasText: 'No daily formula budget is set' }).waitFor();

  await sidebar().getByLabel('Daily credits for formulas').fill('50');
  await sidebar().getByRole('button', { name: 'Save' }).click();
  await sidebar().locator('#settings-status', { hasText: 'Settings saved.' }).waitFor();
  await usageToday()
    .filter({ hasText: /^0 of 50$/ })
    .waitFor();
  await budgetLine().filter({ hasText: 'Daily formula budget: 0 of 50 credits spent today, 50 left.' }).waitFor();

  // A profile the demo did not fetch: a scrape, 2 credits of the user's budget.
  await typeInto(page, 'A20', '=SCRAPE_PROFILE("https://www.network.com/in/budget-check-1a2b3c4", "name")');
  await expectText(page, 'A20', /\S/);
  await showSettingsAgain();
  await usageToday()
    .filter({ hasText: /^2 of 50$/ })
    .waitFor();
  await budgetLine().filter({ hasText: '2 of 50 credits spent today, 48 left.' }).waitFor();

  await sidebar().getByLabel('Daily credits for formulas').fill('');
  await sidebar().getByRole('button', { name: 'Save' }).click();
  await usageToday().filter({ hasText: /^2$/ }).waitFor();
  await page.getByRole('button', { name: 'Close sidebar' }).click();
});

test('Remove key asks first: keeping it changes nothing, confirming removes it; the Playground menu restores it', async () => {
  const chip = page.locator('#api-label');
  await expect(chip.innerText()).resolves.toBe('Local mock API · demo key lk_…9f2c');
  await openSettings();
  const remove = sidebar().locator('#settings-remove-key');
  await remove.click();
  const question = sidebar().locator('#settings-remove-confirm .confirm-question');
  await question.filter({ hasText: 'Remove your API key?' }).waitFor();
  expect(await question.innerText()).toContain('scheduled refreshes stop');
  expect(await remove.isVisible()).toBe(false);

  await sidebar().getByRole('button', { name: 'Keep key' }).click();
  await remove.waitFor();
  expect(await sidebar().locator('#settings-key-state').innerText()).toBe('Key set: lk_…9f2c');
  expect(await chip.innerText()).toBe('Local mock API · demo key lk_…9f2c');

  await remove.click();
  await sidebar().locator('#settings-remove-confirm').getByRole('button', { name: 'Remove key' }).click();
  await sidebar().locator('#settings-key-state', { hasText: 'No key set' }).waitFor();
  await chip.filter({ hasText: 'Local mock API · no API key' }).waitFor();

  const said = await playgroundMenuItem(page, 'Faults', /^Restore the demo key in Settings/);
  expect(said).toContain('demo key');
  await chip.filter({ hasText: 'Local mock API · demo key lk_…9f2c' }).waitFor();
  await page.getByRole('button', { name: 'Close sidebar' }).click();
});
