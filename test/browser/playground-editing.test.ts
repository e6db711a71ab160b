// Working in the playground's grid as in Sheets, in real Chromium: selecting ranges (and the script seeing them),
// copying and pasting, filling down, columns past Z, error notes that stay readable as the grid scrolls, the title
// chip following the key Settings… saves, and the add-on's dialogs. Runs the playground without rebuilding dist/
// (playground.test.ts runs `npm start` itself); the tests share it, each using its own cells.
import type { Page } from 'playwright-core';
import { MockControl } from '../../dev/mock-api/control';
import type { StateView } from '../../dev/playground/protocol';
import {
  cell,
  expectOnServer,
  expectText,
  openAddonMenuItem,
  screenshot,
  serverSheet,
  showDemoSheet,
  typeInto,
  usePlayground,
} from './playground-session';

jest.setTimeout(180_000);

let mockUrl: string;
let page: Page;
const nameBox = () => page.locator('#name-box').innerText();
const formulaBar = () => page.getByLabel('Formula bar').inputValue();
const selectionOnServer = async () => (await serverSheet(page, 'Demo')).selection.a1;
/** What a cell holds on the server: its formula, or its value as text. */
const inputOnServer = async (row: number, column: number) =>
  (await serverSheet(page, 'Demo')).cells.find((c) => c.row === row && c.column === column)?.input ?? '';

usePlayground(async (session) => {
  page = session.page;
  mockUrl = session.mockUrl;
  await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await showDemoSheet(page);
});

test('a selection made by click and drag, Shift+click or Shift+arrows is the range the script sees', async () => {
  // The demo's column of profile URLs, with its header: what "Enrich selection…" is for.
  await expectText(page, 'H1', 'Profiles to enrich');
  await cell(page, 'H1').click();
  await cell(page, 'H6').click({ modifiers: ['Shift'] });
  await expect(nameBox()).resolves.toBe('H1:H6');
  await expectOnServer(selectionOnServer, 'H1:H6');
  await expect(page.locator('#grid td.in-range').count()).resolves.toBe(6);
  // The current cell stays where the selection started.
  await expect(formulaBar()).resolves.toBe('Profiles to enrich');

  await cell(page, 'B8').scrollIntoViewIfNeeded();
  const from = await cell(page, 'B8').boundingBox();
  const to = await cell(page, 'C9').boundingBox();
  await page.mouse.move(from!.x + 5, from!.y + 5);
  await page.mouse.down();
  await page.mouse.move(to!.x + 5, to!.y + 5, { steps: 4 });
  await page.mouse.up();
  await expect(nameBox()).resolves.toBe('B8:C9');
  await expectOnServer(selectionOnServer, 'B8:C9');

  await page.keyboard.press('Shift+ArrowDown');
  await expectOnServer(selectionOnServer, 'B8:C10');
  await page.keyboard.press('ArrowRight');
  await expect(nameBox()).resolves.toBe('C8');
  await expectOnServer(selectionOnServer, 'C8');
  await screenshot(page, 'selection');
});

test('a view the page asked for before a click arrives after it, and does not take the selection back', async () => {
  // The page's first poll to find D30 selected on the server is answered only once the user has clicked E31: that
  // view holds the page's own older selection, which the grid must not take for one a script made.
  let clickDone!: () => void;
  const afterClick = new Promise<void>((resolve) => (clickDone = resolve));
  let heldOne!: () => void;
  const held = new Promise<void>((resolve) => (heldOne = resolve));
  const pagePoll = (url: URL) => url.pathname === '/api/state' && url.searchParams.has('revision');
  await page.route(pagePoll, async (route) => {
    // Asked without the page's revision, so the answer is the whole view, selection included.
    const url = new URL(route.request().url());
    url.searchParams.delete('revision');
    const response = await route.fetch({ url: url.toString() });
    const body = await response.text();
    if ((JSON.parse(body) as StateView).sheet.selection.a1 === 'D30') {
      heldOne();
      await afterClick;
    }
    await route.fulfill({ response, body });
  });
  await cell(page, 'D30').click();
  await held;
  await cell(page, 'E31').click();
  clickDone();
  await expectOnServer(selectionOnServer, 'E31');
  await expect(nameBox()).resolves.toBe('E31');
  // A poll fetched before this may still be in the handler: let it finish before the next test's polls.
  await page.unrouteAll({ behavior: 'wait' });
});

test('Ctrl+C copies what cells show as tab-separated text; Ctrl+V pastes copied values, or clipboard text', async () => {
  await cell(page, 'A8').click();
  await cell(page, 'A9').click({ modifiers: ['Shift'] });
  await page.keyboard.press('ControlOrMeta+C');
  await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
    'lars.andersson@example.com\nsofia.rossi@example.com',
  );
  await cell(page, 'K20').click();
  await page.keyboard.press('ControlOrMeta+V');
  await expectText(page, 'K21', 'sofia.rossi@example.com');
  await expect(cell(page, 'K20').innerText()).resolves.toBe('lars.andersson@example.com');

  // Copied formula results paste as their values.
  await expectText(page, 'B2', /Schmidt/);
  await cell(page, 'B2').click();
  await page.keyboard.press('ControlOrMeta+C');
  await cell(page, 'L20').click();
  await page.keyboard.press('ControlOrMeta+V');
  await expectText(page, 'L20', /Schmidt/);
  await expectOnServer(() => inputOnServer(20, 12), (await cell(page, 'B2').innerText()).trim());

  // Text from elsewhere: tabs separate cells, lines rows; typed in as a person would (numbers are numbers).
  await page.evaluate(() => navigator.clipboard.writeText('city\tcount\nLyon\t42\n'));
  await cell(page, 'K23').click();
  await page.keyboard.press('ControlOrMeta+V');
  await expectText(page, 'L24', '42');
  await expect(cell(page, 'K23').innerText()).resolves.toBe('city');
  await expect(cell(page, 'L23').innerText()).resolves.toBe('count');
  await expect(cell(page, 'K24').innerText()).resolves.toBe('Lyon');
  await expect(cell(page, 'L24').getAttribute('class')).resolves.toMatch(/\bnumber\b/);
  await expect(cell(page, 'K25').innerText()).resolves.toBe('');

  // Delete empties the selected cells.
  await cell(page, 'K23').click();
  await cell(page, 'L24').click({ modifiers: ['Shift'] });
  await page.keyboard.press('Delete');
  await expectText(page, 'L24', /^$/);
  await expect(cell(page, 'K23').innerText()).resolves.toBe('');
});

test('fill down copies the top formula with its references moved: Ctrl+D and the fill handle', async () => {
  await typeInto(page, 'I2', '=SCRAPE_PROFILE(H2, "name")');
  await expectText(page, 'I2', /Andersson/);
  await cell(page, 'I2').click();
  await cell(page, 'I6').click({ modifiers: ['Shift'] });
  await page.keyboard.press('ControlOrMeta+D');
  for (const row of [3, 4, 5, 6]) await expectOnServer(() => inputOnServer(row, 9), `=SCRAPE_PROFILE(H${row}, "name")`);
  await expectText(page, 'I6', /Smith/);
  await cell(page, 'I4').click();
  await expect(formulaBar()).resolves.toBe('=SCRAPE_PROFILE(H4, "name")');

  // The handle at the selection's corner, dragged down to row 5; a fixed reference ($H$2) stays.
  await typeInto(page, 'J2', '=FIND_CONTACTS(H2, $E$1)');
  // Its answer in, and J2 selected, so the grid no longer moves under the drag.
  await expectText(page, 'J2', /\S/);
  await cell(page, 'J2').click();
  await page.locator('#name-box').filter({ hasText: /^J2$/ }).waitFor();
  const handle = await page.locator('#fill-handle').boundingBox();
  const target = await cell(page, 'J5').boundingBox();
  await page.mouse.move(handle!.x + 3, handle!.y + 3);
  await page.mouse.down();
  await page.mouse.move(target!.x + 10, target!.y + 10, { steps: 5 });
  await page.mouse.up();
  for (const row of [3, 4, 5]) await expectOnServer(() => inputOnServer(row, 10), `=FIND_CONTACTS(H${row}, $E$1)`);
  await expect(inputOnServer(6, 10)).resolves.toBe('');
  await expect(nameBox()).resolves.toBe('J2:J5');
  await screenshot(page, 'fill-down');
});

test('columns run past Z (AA, AB…), and a result spills across Z', async () => {
  await expect(page.locator('#grid thead th').filter({ hasText: /^AA$/ }).count()).resolves.toBe(1);
  await typeInto(page, 'AB40', 'past Z');
  await expectText(page, 'AB40', 'past Z');
  await cell(page, 'AB40').click();
  await expect(nameBox()).resolves.toBe('AB40');
  await typeInto(page, 'X42', '=SCRAPE_PROFILE(A2, , TRUE)');
  await expectText(page, 'AA42', /\S/);
  await expect(cell(page, 'X42').innerText()).resolves.toBe('name');
  await expect(inputOnServer(42, 27)).resolves.not.toBe('');
});

test("an error's note stays beside its cell and inside the grid as the grid scrolls", async () => {
  await typeInto(page, 'M44', '=SCRAPE_PROFILE("not a profile")');
  await expectText(page, 'M44', '#ERROR!');
  await cell(page, 'M44').click();
  const note = page.locator('#cell-note');
  await note.filter({ hasText: /not a profile URL/ }).waitFor();
  const grid = page.locator('#grid-scroll');
  for (const scrollLeft of [0, 400, 900]) {
    await grid.evaluate((element, left) => element.scrollTo({ left }), scrollLeft);
    const area = (await grid.boundingBox())!;
    const box = (await note.boundingBox())!;
    const target = (await cell(page, 'M44').boundingBox())!;
    const cellVisible = target.x + target.width > area.x + 46 && target.x < area.x + area.width;
    await expect(note.evaluate((element) => getComputedStyle(element).visibility)).resolves.toBe(
      cellVisible ? 'visible' : 'hidden',
    );
    if (!cellVisible) continue;
    // Inside the grid's viewport, clear of the row numbers, and level with its cell.
    expect(box.x).toBeGreaterThanOrEqual(area.x + 46);
    expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width);
    expect(Math.abs(box.y - target.y)).toBeLessThan(target.height);
    // Beside the cell, not over it.
    expect(box.x >= target.x + target.width || box.x + box.width <= target.x).toBe(true);
  }
  await grid.evaluate((element) => element.scrollTo({ left: 0 }));
});

test('the title chip follows the key Settings… removes or saves', async () => {
  const chip = page.locator('#api-label');
  await expect(chip.innerText()).resolves.toBe('Local mock API · demo key lk_…9f2c');
  await openAddonMenuItem(page, 'Settings…');
  const sidebar = page.frameLocator('#sidebar-frame');
  await sidebar.getByRole('button', { name: 'Remove key' }).click();
  await sidebar.locator('#settings-remove-confirm [data-confirm="yes"]').click();
  await chip.filter({ hasText: 'Local mock API · no API key' }).waitFor();

  const key = 'lk_test_playground_chip_0000000000e7a1';
  await new MockControl(mockUrl).setKey({ key, credits: 1000, tier: '2' });
  await sidebar.getByLabel('New API key').fill(key);
  await sidebar.getByRole('button', { name: 'Save' }).click();
  await chip.filter({ hasText: 'Local mock API · key lk_…e7a1' }).waitFor();

  // The demo key back, for the formulas of other tests.
  await sidebar.getByLabel('New API key').fill('lk_demo_0000000000000000000000009f2c');
  await sidebar.getByRole('button', { name: 'Save' }).click();
  await chip.filter({ hasText: 'Local mock API · demo key lk_…9f2c' }).waitFor();
  await page.getByRole('button', { name: 'Close sidebar' }).click();
});

test('"Enrich selection…" opens the sidebar on the selected cells; "Convert formulas to values" keeps them', async () => {
  await cell(page, 'H1').click();
  await cell(page, 'H6').click({ modifiers: ['Shift'] });
  await expectOnServer(selectionOnServer, 'H1:H6');
  await openAddonMenuItem(page, 'Enrich selection…');
  const sidebar = page.frameLocator('#sidebar-frame');
  await sidebar.getByText('Demo!H1:H6').waitFor();
  await sidebar.getByText('https://www.network.com/in/lars-andersson-12ca5ba').waitFor();
  await screenshot(page, 'enrich');
  await page.getByRole('button', { name: 'Close sidebar' }).click();

  await typeInto(page, 'O2', '=SCRAPE_PROFILE(H2:H3, "name")');
  await expectText(page, 'O3', /Rossi/);
  const names = [await cell(page, 'O2').innerText(), await cell(page, 'O3').innerText()];
  await cell(page, 'O2').click();
  await openAddonMenuItem(page, 'Convert formulas to values');
  await page.locator('.toast').filter({ hasText: 'Converted 2 cells to plain values.' }).waitFor();
  // No formula left, the values it showed kept.
  await expectOnServer(() => inputOnServer(2, 15), names[0]);
  await expect(inputOnServer(3, 15)).resolves.toBe(names[1]);
  await cell(page, 'O3').click();
  await expect(formulaBar()).resolves.toBe(names[1]);
});

test("the add-on's Help opens as a dialog over the grid, and closes", async () => {
  await openAddonMenuItem(page, 'Help', 'Help and costs');
  const dialog = page.getByRole('dialog');
  await dialog.filter({ hasText: 'sheet-enrich help' }).waitFor();
  await page.frameLocator('#dialog-frame').getByText('Costs in credits').waitFor();
  await screenshot(page, 'help');
  await page.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog.isHidden()).resolves.toBe(true);
});
