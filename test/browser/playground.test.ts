// `npm start` as a newcomer runs it, driven in real Chromium: the demo sheet is enriched on arrival, typed formulas
// spill, errors explain themselves, and the add-on's menu opens the real sidebar, whose research job writes its
// rows into a new sheet tab. The tests share one playground, but each sets up the cells it reads.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { criteriaForQuery } from '../../dev/mock-api/data';
import { launchChromium } from './chromium';

// A research job runs in real time, and the beforeAll builds and starts the playground: more than the default 10 s.
jest.setTimeout(60_000);

const ROOT = join(__dirname, '..', '..');
const ARTIFACTS = join(ROOT, 'artifacts');
const PLAYGROUND_LINE = /^Playground: (http:\/\/localhost:\d+)$/m;
const START_TIMEOUT_MS = 60_000;

let child: ChildProcess;
let output = '';
let url: string;
let browser: Browser;
let page: Page;
const pageErrors: Error[] = [];
/** Requests to anywhere but the playground and its sidebar bridge: the page must be self-contained. */
const foreignRequests: string[] = [];

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
  // Whatever the developer's shell holds, this test runs against the mock.
  delete env.SHEET_ENRICH_API_URL;
  delete env.SHEET_ENRICH_API_KEY;
  // `npm start` itself, as a newcomer runs it, not `tsx dev/start.ts`: so it also
  // rebuilds dist/ while other test files may read it. That is harmless, as scripts/build.mjs writes each file
  // beside its place and renames it in. Its own process group, so the end of the test can stop npm, tsx, the
  // playground and the mock together.
  child = spawn('npm', ['start', '--', '--port', '0'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  url = await waitForPlaygroundUrl();

  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 760 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('request', (request) => {
    if (!/^http:\/\/(localhost|127\.0\.0\.1):\d+\//.test(request.url())) foreignRequests.push(request.url());
  });
  await page.goto(url);
}, START_TIMEOUT_MS + 20_000);

afterAll(async () => {
  await browser?.close();
  await stopPlayground();
});

afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
  expect(foreignRequests.splice(0)).toEqual([]);
});

function waitForPlaygroundUrl(): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start printed no playground URL:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const check = () => {
      const match = PLAYGROUND_LINE.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      resolve(match[1]);
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
}

async function stopPlayground(): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const forceKill = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(forceKill);
}

/** The grid cell at an A1 address such as "B12". */
function cell(a1: string) {
  const [, letters, row] = /^([A-Z]+)(\d+)$/.exec(a1)!;
  const column = [...letters].reduce((n, char) => n * 26 + char.charCodeAt(0) - 64, 0);
  return page.locator(`#grid td[data-row="${row}"][data-column="${column}"]`);
}

async function typeInto(a1: string, text: string): Promise<void> {
  await cell(a1).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function expectText(a1: string, text: string | RegExp): Promise<void> {
  await expect(cell(a1).filter({ hasText: text }).waitFor()).resolves.toBeUndefined();
}

/** Waits until the sheet tab of exactly this name is the selected one (tabs are redrawn as the page refreshes). */
async function expectSelectedTab(name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

/** Shows the demo sheet, whichever sheet an earlier test left on screen. */
async function showDemoSheet(): Promise<void> {
  await page.getByRole('tab', { name: 'Demo', exact: true }).click();
  await expectSelectedTab('Demo');
  await expectText('A1', 'Profile URL');
}

/** The demo's first profile name, once its formula has filled B2. */
async function demoName(): Promise<string> {
  // The mock's people are named by their URL: anna-schmidt-….
  await expectText('B2', /^Anna (\p{L}+ )?Schmidt$/u);
  return cell('B2').innerText();
}

const screenshot = (name: string) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  return page.screenshot({ path: join(ARTIFACTS, `playground-${name}.png`) });
};

test('the demo sheet opens enriched, with the formula in the formula bar and spilled cells showing it greyed', async () => {
  expect(output).toContain('Extensions → sheet-enrich → Research people…');
  await expectSelectedTab('Demo');
  const name = await demoName();
  // A5 names the A2 profile differently: the same person.
  await expectText('B5', name);
  expect(await cell('B5').innerText()).toBe(name);
  await expectText('A12', 'company_name');

  await cell('B2').click();
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
  await showDemoSheet();
  const name = await demoName();
  await typeInto('A20', '=SCRAPE_PROFILE(A2, , TRUE)');
  await expectText('A21', name);
  await expect(cell('A20').innerText()).resolves.toBe('name');
  await expect(cell('J20').innerText()).resolves.toBe('network_url');
  await expect(cell('J21').innerText()).resolves.toBe('https://www.network.com/in/anna-schmidt-1a2b3c4/');
  // Enter moved the selection down, as in Sheets.
  await expect(page.locator('#name-box').innerText()).resolves.toBe('A21');

  await typeInto('A24', '=SEARCH_COMPANIES("fintech startups in Berlin")');
  await expectText('A24', 'company_name');
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
  await expect(cell('A34').innerText()).resolves.not.toBe('');
  await expect(cell('A35').innerText()).resolves.toBe('');
  await screenshot('formulas');
});

test('a spill onto data shows #REF! with the reason; a thrown error shows #ERROR! with its message', async () => {
  await showDemoSheet();
  // Its own formula, in rows no other test uses.
  await typeInto('A46', '=SCRAPE_PROFILE(A2, , TRUE)');
  await expectText('A46', 'name');
  await expectText('A47', /\S/);
  await typeInto('B47', 'in the way');
  await expectText('A46', '#REF!');
  await cell('A46').click();
  const note = page.locator('#cell-note');
  await note.filter({ hasText: 'Array result was not expanded because it would overwrite data in B47.' }).waitFor();
  await cell('B47').click();
  await page.keyboard.press('Delete');
  await expectText('A46', 'name');

  await typeInto('A40', '=SCRAPE_PROFILE("not a profile")');
  await expectText('A40', '#ERROR!');
  await cell('A40').click();
  await note.filter({ hasText: /"not a profile" is not a profile URL/ }).waitFor();
  await expect(cell('A40').getAttribute('title')).resolves.toMatch(/^#ERROR! .*not a profile URL/);
  await screenshot('error');

  await typeInto('A42', '=SUM(1, 2)');
  await expectText('A42', '#NAME?');
});

test('Extensions → sheet-enrich → Research people… opens the sidebar; a job writes its rows into a new tab', async () => {
  await showDemoSheet();
  await page.getByRole('button', { name: 'Extensions' }).click();
  await page.getByRole('menuitem', { name: 'sheet-enrich' }).hover();
  await page.getByRole('menuitem', { name: 'Research people…' }).click();
  const sidebar = page.frameLocator('#sidebar-frame');
  await sidebar.locator('[role=tab][aria-selected=true]', { hasText: /^Research$/ }).waitFor();

  await sidebar.getByLabel('Research brief').fill('Heads of data at fintech startups in Berlin');
  await sidebar.getByLabel('Result limit').fill('8');
  await sidebar.getByRole('button', { name: 'Start research' }).click();
  const started = sidebar.locator('#research-status', {
    hasText: /^Research started\. Results go to the sheet “.+”\.$/,
  });
  await started.waitFor();
  const sheetName = /“(.+)”/.exec(await started.innerText())?.[1] ?? '';
  expect(sheetName).toMatch(/^Research · Heads of data/);

  // The new results sheet, by its exact name (its companion sheets share the beginning), becomes the active tab,
  // and fills as the job runs.
  await expectSelectedTab(sheetName);
  await expectText('A1', /\S/);
  await sidebar.locator('.job-card .badge', { hasText: 'Completed' }).waitFor({ timeout: 30_000 });
  const [, written] = /^(\d+) of/.exec(await sidebar.locator('.job-card .job-card-rows').innerText())!;
  // The limit asked for: the mock finds more than 8 such people.
  expect(Number(written)).toBe(8);
  const lastRow = Number(written) + 1;
  await expectText(`A${lastRow}`, /\S/);
  const header = await page.locator('#grid td[data-row="1"]').allInnerTexts();
  expect(header).toEqual(expect.arrayContaining(['id', 'full_name']));
  await expect(cell(`A${lastRow + 1}`).innerText()).resolves.toBe('');
  await screenshot('research');
});
