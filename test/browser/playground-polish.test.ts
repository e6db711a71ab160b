// The smaller things a new user meets in the playground (`npm start`'s entry, on the dist/ just built), in Chromium:
// the start-up tip saying what a formula really fills, a paste selecting what it pasted, Help covering every menu
// item with room around its text and the argument hints it promises, the Enrich panel's selection and preview
// (kinds named, invalid inputs quoted once, counts and cost above Start), and the sentences of errors and Convert.
import type { Page } from 'playwright-core';
import {
  cell,
  expectOnServer,
  expectText,
  openAddonMenuItem,
  screenshot,
  serverSheet,
  showDemoSheet,
  sidebarOf,
  typeInto,
  usePlayground,
  type PlaygroundSession,
} from './playground-session';

jest.setTimeout(120_000);

let session: PlaygroundSession;
let page: Page;
usePlayground(async (started) => {
  session = started;
  page = started.page;
  await started.context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await showDemoSheet(page);
});

const nameBox = () => page.locator('#name-box').innerText();
const selectionOnServer = async () => (await serverSheet(page, 'Demo')).selection.a1;

/** The text of the cells of one sheet row that hold anything, on the server. */
async function rowOnServer(row: number): Promise<string[]> {
  return (await serverSheet(page, 'Demo')).cells.filter((one) => one.row === row).map((one) => one.text);
}

/** The note a cell shows when selected: for a formula's error, its message. */
async function noteOf(a1: string): Promise<string> {
  await cell(page, a1).click();
  const note = page.locator('#cell-note');
  await note.waitFor();
  return note.innerText();
}

test('the start-up tip says what =SCRAPE_PROFILE(A2) fills: one row to the right, as the grid then shows', async () => {
  expect(session.output()).toContain('type =SCRAPE_PROFILE(A2) and press Enter: the profile fills row 20 to the right');
  expect(session.output()).not.toMatch(/spills right and down/);
  await typeInto(page, 'A20', '=SCRAPE_PROFILE(A2)');
  await expectText(page, 'A20', /Schmidt/);
  expect((await rowOnServer(20)).filter((text) => text !== '').length).toBeGreaterThan(2);
  expect(await rowOnServer(21)).toEqual([]);
});

test('a paste selects the whole pasted area, as in Sheets', async () => {
  await page.evaluate(() => navigator.clipboard.writeText('city\tcount\nLyon\t42\nNantes\t7\n'));
  await cell(page, 'K40').click();
  await page.keyboard.press('ControlOrMeta+V');
  await expectText(page, 'L42', '7');
  await expectOnServer(selectionOnServer, 'K40:L42');
  await expectOnServer(nameBox, 'K40:L42');
  await expect(page.locator('#grid td.in-range').count()).resolves.toBe(6);
});

test('Help covers Enrich selection, refreshes and keep fresh, with room around its text', async () => {
  await openAddonMenuItem(page, 'Help', 'Help and costs');
  const help = page.frameLocator('#dialog-frame');
  await help.getByText('Costs in credits').waitFor();
  const text = await help.locator('body').innerText();
  for (const feature of ['Enrich selection…', 'Refresh…', 'Keep fresh…', 'Convert formulas to values']) {
    expect(text).toContain(feature);
  }
  const frame = (await page.locator('#dialog-frame').boundingBox())!;
  const paragraph = (await help.locator('p').first().boundingBox())!;
  expect(paragraph.x - frame.x).toBeGreaterThanOrEqual(12);
  expect(frame.x + frame.width - (paragraph.x + paragraph.width)).toBeGreaterThanOrEqual(12);
  await screenshot(page, 'help-whole');
  expect(text).toContain("Type a formula's name and an opening parenthesis (=FIND_CONTACTS() to see its arguments.");
  await page.getByRole('button', { name: 'Close dialog' }).click();
});

test('typing a formula shows the argument hints Help promises, following the argument typed', async () => {
  const hint = page.locator('#formula-hint');
  await cell(page, 'D40').click();
  await page.keyboard.type('=FIND_CONTACTS(');
  await hint.waitFor();
  expect(await hint.locator('.formula-hint-call').innerText()).toBe(
    'FIND_CONTACTS(lookup, [fields], [include_headers])',
  );
  expect(await hint.locator('.formula-hint-call b').innerText()).toBe('lookup');
  expect(await hint.innerText()).toMatch(/Finds emails, phones and social links/);
  await page.keyboard.type('A8, "em');
  await hint.locator('.formula-hint-call b', { hasText: '[fields]' }).waitFor();
  expect(await hint.locator('.formula-hint-param').innerText()).toMatch(/^fields: Optional\. Field names/);
  await screenshot(page, 'formula-hint');
  await page.keyboard.press('Escape');
  await hint.waitFor({ state: 'hidden' });

  // The same while typing in the formula bar.
  await page.getByLabel('Formula bar').click();
  await page.keyboard.type('=SEARCH_PEOPLE("CTOs", 5, ');
  await hint.locator('.formula-hint-call b', { hasText: '[fields]' }).waitFor();
  expect(await hint.locator('.formula-hint-call').innerText()).toBe(
    'SEARCH_PEOPLE(query, [limit], [fields], [include_headers])',
  );
  await page.keyboard.press('Escape');
  await hint.waitFor({ state: 'hidden' });
});

test('the Enrich panel names the kinds a mixed column holds, quotes an invalid input once, shows counts above Start', async () => {
  await typeInto(page, 'B30', 'Leads');
  await typeInto(page, 'B31', 'https://www.network.com/in/lars-andersson-12ca5ba');
  await typeInto(page, 'B32', 'sara.klein@example.com');
  await typeInto(page, 'B33', 'not a profile');
  await cell(page, 'B30').click();
  await cell(page, 'B33').click({ modifiers: ['Shift'] });
  await expectOnServer(selectionOnServer, 'B30:B33');
  await openAddonMenuItem(page, 'Enrich selection…');
  const sidebar = sidebarOf(page);
  const selection = sidebar.locator('#enrich-selection');
  await selection.locator('.selection-range', { hasText: 'Demo!B30:B33' }).waitFor();
  expect(await selection.innerText()).toContain('Looks like: a mix of profile URLs and emails');

  await sidebar.getByRole('button', { name: 'Preview' }).click();
  const invalid = sidebar.locator('.preview-invalid li');
  await invalid.first().waitFor();
  expect(await invalid.allInnerTexts()).toEqual([
    'Row 32: "sara.klein@example.com" is not a profile URL (expected https://www.network.com/in/<name>).',
    'Row 33: "not a profile" is not a profile URL (expected https://www.network.com/in/<name>).',
  ]);

  // The counts and the cost are read right above Start, all in the sidebar's view.
  const frame = (await page.locator('#sidebar-frame').boundingBox())!;
  const start = (await sidebar.getByRole('button', { name: 'Start enrichment' }).boundingBox())!;
  expect(start.y + start.height).toBeLessThanOrEqual(frame.y + frame.height);
  for (const part of ['.preview-counts', '.preview-cost']) {
    const box = (await sidebar.locator(part).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(frame.y);
    expect(box.y + box.height).toBeLessThanOrEqual(start.y);
  }
  await page.getByRole('button', { name: 'Close sidebar' }).click();
});

test('errors say what to do: a mistyped field suggests the whole name, an empty search query says it is empty', async () => {
  await showDemoSheet(page);
  await typeInto(page, 'P30', '=SCRAPE_PROFILE(A2, "experiance.1.employer_name")');
  await expectText(page, 'P30', '#ERROR!');
  expect(await noteOf('P30')).toContain('Did you mean "experience.1.employer_name"?');
  await typeInto(page, 'P32', '=SEARCH_COMPANIES("")');
  await expectText(page, 'P32', '#ERROR!');
  expect(await noteOf('P32')).toContain(
    'The search query is empty: say what to look for, as in =SEARCH_COMPANIES("fintech startups in Berlin").',
  );
});

test('Convert to values says how many error formulas it left, and why', async () => {
  await typeInto(page, 'N30', '=SCRAPE_PROFILE("oops")');
  await typeInto(page, 'N31', '=SCRAPE_PROFILE(A3, "name")');
  await expectText(page, 'N30', '#ERROR!');
  await expectText(page, 'N31', /Tanaka/);
  await cell(page, 'N30').click();
  await cell(page, 'N31').click({ modifiers: ['Shift'] });
  await expectOnServer(selectionOnServer, 'N30:N31');
  await openAddonMenuItem(page, 'Convert formulas to values');
  await page
    .locator('.toast')
    .filter({
      hasText:
        'Converted 1 cell to plain values. 1 formula shows an error, so it stays as it is: point at it to read why.',
    })
    .waitFor();
});
