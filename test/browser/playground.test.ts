// `npm start` as a newcomer runs it, driven in real Chromium: the demo sheet is enriched on arrival, typed formulas
// spill, errors explain themselves, and the add-on's menu opens the real sidebar, whose research job writes its
// rows into a new sheet tab. The tests share one playground, but each sets up the cells it reads.
import type { Page } from 'playwright-core';
import { criteriaForQuery } from '../../dev/mock-api/data';
import {
  cell,
  expectSelectedTab,
  expectText,
  openAddonMenuItem,
  playgroundMenuItem,
  screenshot,
  showDemoSheet,
  startPlayground,
  typeInto,
  START_TIMEOUT_MS,
  type PlaygroundSession,
} from './playground-session';

let session: PlaygroundSession;
let page: Page;

beforeAll(async () => {
  // `npm start` itself, as a user runs it, not `tsx dev/start.ts`: so it also rebuilds dist/ while other test files
  // may read it. That is harmless, as scripts/build.mjs writes each file beside its place and renames it in.
  session = await startPlayground(['npm', 'start', '--', '--port', '0']);
  page = session.page;
}, START_TIMEOUT_MS + 20_000);

afterAll(() => session?.stop());

afterEach(() => {
  expect(session.takeProblems()).toEqual({ pageErrors: [], foreignRequests: [] });
});

/** The demo's first profile name, once its formula has filled B2. */
async function demoName(): Promise<string> {
  // The mock's people are named by their URL: anna-schmidt-….
  await expectText(page, 'B2', /^Anna (\p{L}+ )?Schmidt$/u);
  return cell(page, 'B2').innerText();
}

test('the demo sheet opens enriched, with the formula in the formula bar and spilled cells showing it greyed', async () => {
  expect(session.output()).toContain('Extensions → sheet-enrich → Research people…');
  await expectSelectedTab(page, 'Demo');
  const name = await demoName();
  // A5 names the A2 profile differently: the same person.
  await expectText(page, 'B5', name);
  expect(await cell(page, 'B5').innerText()).toBe(name);
  await expectText(page, 'A12', 'company_name');

  await cell(page, 'B2').click();
  await expect(page.getByLabel('Formula bar').inputValue()).resolves.toBe('=SCRAPE_PROFILE(A2:A5, B1:D1)');
  await expect(page.locator('#name-box').innerText()).resolves.toBe('B2');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#name-box').innerText()).resolves.toBe('C2');
  await expect(page.getByLabel('Formula bar').inputValue()).resolves.toBe('');
  await expect(page.getByLabel('Formula bar').getAttribute('placeholder')).resolves.toBe(
    '=SCRAPE_PROFILE(A2:A5, B1:D1)',
  );
});

test('typed formulas spill like Sheets: profile values, a company search with criteria columns', async () => {
  await showDemoSheet(page);
  const name = await demoName();
  await typeInto(page, 'A20', '=SCRAPE_PROFILE(A2, , TRUE)');
  await expectText(page, 'A21', name);
  await expect(cell(page, 'A20').innerText()).resolves.toBe('name');
  await expect(cell(page, 'J20').innerText()).resolves.toBe('network_url');
  await expect(cell(page, 'J21').innerText()).resolves.toBe('https://www.network.com/in/anna-schmidt-1a2b3c4/');
  // Enter moved the selection down, as in Sheets.
  await expect(page.locator('#name-box').innerText()).resolves.toBe('A21');

  await typeInto(page, 'A24', '=SEARCH_COMPANIES("fintech startups in Berlin")');
  await expectText(page, 'A24', 'company_name');
  const headers = await page.locator('#grid td[data-row="24"]').allInnerTexts();
  const criteria = headers
    .map((header, i) => ({ header, column: i + 1 }))
    .filter(({ header }) => header.startsWith('criteria.'));
  // One column per criterion the mock derives from the query.
  expect(criteria.map(({ header }) => header)).toEqual(
    criteriaForQuery('fintech startups in Berlin').map((criterion) => `criteria.${criterion}`),
  );
  const verdict = await page.locator(`#grid td[data-row="25"][data-column="${criteria[0].column}"]`).innerText();
  expect(['YES', 'MAYBE', 'NO']).toContain(verdict);
  // Ten companies by default, under the header row.
  await expect(cell(page, 'A34').innerText()).resolves.not.toBe('');
  await expect(cell(page, 'A35').innerText()).resolves.toBe('');
  await screenshot(page, 'formulas');
});

test('a spill onto data shows #REF! with the reason; a thrown error shows #ERROR! with its message', async () => {
  await showDemoSheet(page);
  // Its own formula, in rows no other test uses.
  await typeInto(page, 'A46', '=SCRAPE_PROFILE(A2, , TRUE)');
  await expectText(page, 'A46', 'name');
  await expectText(page, 'A47', /\S/);
  await typeInto(page, 'B47', 'in the way');
  await expectText(page, 'A46', '#REF!');
  await cell(page, 'A46').click();
  const note = page.locator('#cell-note');
  await note.filter({ hasText: 'Array result was not expanded because it would overwrite data in B47.' }).waitFor();
  await cell(page, 'B47').click();
  await page.keyboard.press('Delete');
  await expectText(page, 'A46', 'name');

  await typeInto(page, 'A40', '=SCRAPE_PROFILE("not a profile")');
  await expectText(page, 'A40', '#ERROR!');
  await cell(page, 'A40').click();
  await note.filter({ hasText: /"not a profile" is not a profile URL/ }).waitFor();
  await expect(cell(page, 'A40').getAttribute('title')).resolves.toMatch(/^#ERROR! .*not a profile URL/);
  await screenshot(page, 'error');

  await typeInto(page, 'A42', '=SUM(1, 2)');
  await expectText(page, 'A42', '#NAME?');
});

test('Extensions → sheet-enrich → Research people… opens the sidebar; a job writes its rows into a new tab', async () => {
  await showDemoSheet(page);
  // Jobs run at the real pace unless the playground is asked to go faster.
  expect(await playgroundMenuItem(page, 'Speed of runs and research', /^60×/)).toContain('60× the real pace');
  await openAddonMenuItem(page, 'Research people…');
  const sidebar = page.frameLocator('#sidebar-frame');
  await sidebar.getByRole('tab', { name: 'Research', exact: true, selected: true }).waitFor();

  await sidebar.getByLabel('Research brief').fill('Heads of data at fintech startups in Berlin');
  await sidebar.getByLabel('Result limit').fill('8');
  await sidebar.getByRole('button', { name: 'Start research' }).click();
  const started = sidebar.locator('#research-status', {
    hasText: /^Research started\. Results go to the sheet “.+”\.$/,
  });
  await started.waitFor();
  const sheetName = /“(.+)”/.exec(await started.innerText())?.[1] ?? '';
  expect(sheetName).toMatch(/^Research · Heads of data/);

  // The results sheet appears as a new tab while the user stays on the Demo sheet; the card's Open sheet shows it
  // (by its exact name), and it fills as the job runs.
  await page.getByRole('tab', { name: sheetName, exact: true, selected: false }).waitFor();
  await expectSelectedTab(page, 'Demo');
  await sidebar.getByRole('button', { name: `Open sheet ${sheetName}`, exact: false }).click();
  await expectSelectedTab(page, sheetName);
  await expectText(page, 'A1', /\S/);
  await sidebar.locator('.job-card .badge', { hasText: 'Completed' }).waitFor();
  const [, written] = /^(\d+) of/.exec(await sidebar.locator('.job-card .card-progress-text').innerText())!;
  // The limit asked for: the mock finds more than 8 such people.
  expect(Number(written)).toBe(8);
  const lastRow = Number(written) + 1;
  await expectText(page, `A${lastRow}`, /\S/);
  const header = await page.locator('#grid td[data-row="1"]').allInnerTexts();
  expect(header).toEqual(expect.arrayContaining(['id', 'full_name']));
  await expect(cell(page, `A${lastRow + 1}`).innerText()).resolves.toBe('');
  await screenshot(page, 'research');
});
