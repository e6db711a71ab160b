// A refresh through the real playground (`npm start`'s entry on the dist/ just built), in Chromium: the demo's column
// of profiles enriched, time let pass so that some of those people change, then Refresh… on the run's card. The grid
// shows each changed cell highlighted with a note marker and the old value in its note, the changes are logged in
// their own sheet, and "What changed" selects a changed cell in the grid.
import type { FrameLocator, Page } from 'playwright-core';
import { formatA1 } from '../../dev/gas-fakes/a1';
import { MockControl } from '../../dev/mock-api/control';
import {
  cell,
  expectSelectedTab,
  expectText,
  openAddonMenuItem,
  playgroundMenuItem,
  screenshot,
  serverSheet,
  showDemoSheet,
  sidebarOf,
  usePlayground,
} from './playground-session';

jest.setTimeout(60_000);

const CHANGES_SHEET = 'sheet-enrich changes';
const CHANGED_BACKGROUND = '#fff2cc';

let page: Page;
let mock: MockControl;
usePlayground((session) => {
  page = session.page;
  mock = new MockControl(session.mockUrl);
});

const sidebar = (): FrameLocator => sidebarOf(page);
const runCard = () => sidebar().locator('.run-card').first();

test('a refresh after time passed: changed cells highlighted with notes, logged, and selected from What changed', async () => {
  await showDemoSheet(page);
  await expectText(page, 'H1', 'Profiles to enrich');
  expect(await playgroundMenuItem(page, 'Speed of runs and research', /^60×/)).toContain('60× the real pace');

  await cell(page, 'H1').click();
  await cell(page, 'H6').click({ modifiers: ['Shift'] });
  await openAddonMenuItem(page, 'Enrich selection…');
  await sidebar().locator('#enrich-selection .selection-range', { hasText: 'Demo!H1:H6' }).waitFor();
  await sidebar().getByRole('button', { name: 'Preview' }).click();
  await sidebar().getByRole('button', { name: 'Start enrichment' }).click();
  await sidebar()
    .getByRole('button', { name: /^Spend \d+ credits$/ })
    .click();
  await runCard().locator('.badge', { hasText: 'Completed' }).waitFor({ timeout: 40_000 });

  // Half of the mock's people change in the playground's first round (a fixed seed): some of the demo's five do.
  expect(await playgroundMenuItem(page, 'Let time pass…', /^50% of people change/)).toContain('50% of people change');
  expect(await playgroundMenuItem(page, 'Let time pass…', /^30 days$/)).toContain('30 days passed');
  const demoUrls = await Promise.all(['H2', 'H3', 'H4', 'H5', 'H6'].map((a1) => cell(page, a1).innerText()));
  const { changes } = await mock.worldChanges(0);
  expect(changes.some((person) => demoUrls.includes(person.inputs.network_url))).toBe(true);

  await runCard()
    .getByRole('button', { name: /^Refresh…/ })
    .click();
  const form = sidebar().locator('.refresh-form');
  await form.getByRole('button', { name: 'Preview' }).click();
  await form.getByRole('button', { name: 'Refresh 5 rows' }).click();
  await form.getByRole('button', { name: /^Spend / }).click();
  const outcome = runCard().getByText(/^5 rows refreshed · [1-9]\d* changed/);
  await outcome.waitFor({ timeout: 40_000 });
  const changed = Number(/· (\d+) changed/.exec(await outcome.innerText())![1]);

  // The grid draws what the fakes hold: each changed cell tinted, with a note marker and its old value on hover.
  const demo = await serverSheet(page, 'Demo');
  const highlighted = demo.cells.filter((one) => one.background === CHANGED_BACKGROUND && one.note !== undefined);
  expect(highlighted).toHaveLength(changed);
  const first = highlighted[0];
  const firstCell = cell(page, formatA1({ ...first, numRows: 1, numColumns: 1 }));
  await page.locator(`#grid td.has-note[data-row="${first.row}"][data-column="${first.column}"]`).waitFor();
  expect(await firstCell.evaluate((td) => getComputedStyle(td).backgroundColor)).toBe('rgb(255, 242, 204)');
  expect(first.note).toMatch(/^sheet-enrich: was ".*" until /);
  await firstCell.hover();
  await page.locator('#cell-note', { hasText: first.note }).waitFor();
  await screenshot(page, 'refresh-highlighted');

  // One row per change in the changes sheet, below its header.
  const log = await serverSheet(page, CHANGES_SHEET);
  expect(new Set(log.cells.filter((one) => one.row > 1).map((one) => one.row)).size).toBe(changed);
  await page.getByRole('tab', { name: CHANGES_SHEET, exact: true }).click();
  await expectSelectedTab(page, CHANGES_SHEET);
  await expectText(page, `A${changed + 1}`, /\S/);

  // What changed: an entry selects its cell in the Demo sheet's grid.
  await runCard()
    .getByRole('button', { name: /^What changed/ })
    .click();
  const entry = sidebar().locator('.change-entry').first();
  await entry.click();
  await sidebar()
    .getByText(/^Selected .* in Demo, row \d+\.$/)
    .waitFor();
  const selected = /row (\d+)\.$/.exec(
    await sidebar()
      .getByText(/^Selected .* in Demo, row \d+\.$/)
      .innerText(),
  )!;
  await expectSelectedTab(page, 'Demo');
  const current = page.locator(`#grid td.selected.has-note[data-row="${selected[1]}"]`);
  await current.waitFor();
  expect(await current.evaluate((td) => getComputedStyle(td).backgroundColor)).toBe('rgb(255, 242, 204)');
});
