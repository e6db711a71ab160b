// The built sidebar in real Chromium, bridged to an in-memory server: settings, research jobs, polling, XSS.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSidebarBridge, type SidebarBridge } from '../../dev/sidebar-bridge';
import type { SidebarPanel } from '../../src/core/contract';
import { launchChromium } from './chromium';
import { FakeSidebarServer, fakeJob } from './fake-server';
import { pollingStopped, readBuiltSidebar, recordCardRenderings, trackPageActivity } from './sidebar-page';

// Each test drives a real browser: more than the default 10 s on a slow machine.
jest.setTimeout(30_000);

const ROOT = join(__dirname, '..', '..');
const ARTIFACTS = join(ROOT, 'artifacts');
const POLL_MS = 200;
const KEY = 'lk_test_4b1d9f2c';
const XSS = '<img src=x onerror=alert(1)>';

let browser: Browser;
let html: string;
const openBridges: SidebarBridge[] = [];
const openContexts: BrowserContext[] = [];
const pageErrors: Error[] = [];
/** Requests to anywhere but the bridge: the page must be self-contained. */
const foreignRequests: string[] = [];

beforeAll(async () => {
  html = readBuiltSidebar();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await Promise.all(openContexts.splice(0).map((context) => context.close()));
  await Promise.all(openBridges.splice(0).map((bridge) => bridge.close()));
  expect(pageErrors.splice(0)).toEqual([]);
  expect(foreignRequests.splice(0)).toEqual([]);
});

interface OpenSidebar {
  page: Page;
  /** Messages of alert/confirm/prompt dialogs the page opened: an injected script would show here. */
  dialogs: string[];
}

async function openSidebar(server: FakeSidebarServer, initialPanel: SidebarPanel): Promise<OpenSidebar> {
  const bridge = await startSidebarBridge({ html, call: server.call, pollMs: POLL_MS, initialPanel });
  openBridges.push(bridge);
  const context = await browser.newContext({ viewport: { width: 300, height: 900 }, deviceScaleFactor: 2 });
  openContexts.push(context);
  context.setDefaultTimeout(5_000);
  const page = await context.newPage();
  await trackPageActivity(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('request', (request) => {
    if (!request.url().startsWith(bridge.url)) foreignRequests.push(request.url());
  });
  await page.goto(bridge.url);
  return { page, dialogs };
}

test('the built page loads nothing from outside', () => {
  expect(html).not.toMatch(/\s(src|href)\s*=\s*["']?(https?:)?\/\//i);
  expect(html).not.toMatch(/@import|url\(\s*["']?(https?:)?\/\//i);
});

const card = (page: Page, jobId: string) => page.locator(`.job-card[data-job-id="${jobId}"]`);

test('settings: the key is write-only, saved, hinted and removed; a server error shows next to the form', async () => {
  const server = new FakeSidebarServer();
  const { page } = await openSidebar(server, 'settings');

  expect(await page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
  await page.locator('#settings-key-state', { hasText: 'No key set' }).waitFor();
  expect(await page.locator('#sharing-rule').innerText()).toContain(
    "Formulas in a shared spreadsheet use the spreadsheet owner's key (and credits). Menu and sidebar actions use your own key.",
  );
  expect(await page.getByLabel('Base URL').inputValue()).toBe('https://api.enrich.example');

  await page.getByLabel('New API key').fill('not-a-key');
  await page.getByRole('button', { name: 'Save' }).click();
  const status = page.locator('#settings-status');
  await status.filter({ hasText: 'An API key starts with "lk_"' }).waitFor();
  expect(await status.getAttribute('data-kind')).toBe('error');
  expect(server.getSettings().hasKey).toBe(false);

  await page.getByLabel('New API key').fill(KEY);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#settings-key-state', { hasText: 'Key set: lk_…9f2c' }).waitFor();
  expect(await page.getByLabel('New API key').inputValue()).toBe('');
  expect(server.callsOf('saveSettings').at(-1)).toEqual([{ apiKey: KEY }]);
  expect(await page.content()).not.toContain(KEY);

  // Untouched fields and an empty key field are not sent, so they cannot overwrite anything.
  await page.getByLabel('Scrape tier').selectOption('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await status.filter({ hasText: 'Settings saved.' }).waitFor();
  expect(server.callsOf('saveSettings').at(-1)).toEqual([{ tier: '2' }]);

  await page.getByRole('button', { name: 'Remove key' }).click();
  await page.locator('#settings-key-state', { hasText: 'No key set' }).waitFor();
  expect(server.callsOf('saveSettings').at(-1)).toEqual([{ apiKey: '' }]);
  expect(await page.getByRole('button', { name: 'Remove key' }).isVisible()).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('settings-key');
});

test('tabs switch by click and by arrow keys', async () => {
  const { page } = await openSidebar(new FakeSidebarServer({ apiKey: KEY }), 'research');
  const researchTab = page.getByRole('tab', { name: 'Research' });
  expect(await researchTab.getAttribute('aria-selected')).toBe('true');
  expect(await page.locator('#panel-settings').isHidden()).toBe(true);

  await researchTab.focus();
  await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-settings');
  expect(await page.locator('#panel-research').isHidden()).toBe(true);

  await page.keyboard.press('Home');
  expect(await researchTab.getAttribute('aria-selected')).toBe('true');
});

test('research: warns without a key, shows a start error, follows a job to the end, cancels another', async () => {
  const server = new FakeSidebarServer();
  const { page } = await openSidebar(server, 'research');
  const status = page.locator('#research-status');

  await page.locator('#key-warning').waitFor();
  await page.getByRole('button', { name: 'Start research' }).click();
  await status.filter({ hasText: 'Write a research brief first.' }).waitFor();
  expect(await page.getByLabel('Research brief').getAttribute('aria-invalid')).toBe('true');
  await page.getByLabel('Research brief').fill('Heads of data at fintech startups in Berlin');
  await page.getByLabel('Result limit').fill('5000');
  await page.getByRole('button', { name: 'Start research' }).click();
  await status.filter({ hasText: 'from 1 to 1000' }).waitFor();
  expect(server.callsOf('startResearch')).toHaveLength(0);

  await page.getByLabel('Result limit').fill('25');
  await page.getByRole('button', { name: 'Start research' }).click();
  await status.filter({ hasText: 'No API key is set. Add your key in Settings.' }).waitFor();

  // Settings stay reachable from the research panel.
  await page.locator('#key-warning').getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('New API key').fill(KEY);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#settings-key-state', { hasText: 'Key set' }).waitFor();
  await page.getByRole('tab', { name: 'Research' }).click();
  expect(await page.locator('#key-warning').isHidden()).toBe(true);

  // Each poll moves the fake job one batch on; the page records every rendering of the card.
  const seenProgress = await recordCardRenderings(page, 'job-1');

  await page.getByLabel('Columns').selectOption('all');
  await page.getByRole('button', { name: 'Start research' }).click();
  await status.filter({ hasText: 'Results go to the sheet “Research 1”' }).waitFor();
  expect(server.callsOf('startResearch').at(-1)).toEqual([
    { query: 'Heads of data at fintech startups in Berlin', limit: 25, columns: 'all' },
  ]);
  expect(await page.getByLabel('Research brief').inputValue()).toBe('');

  const job = card(page, 'job-1');
  await job.locator('.badge', { hasText: 'Completed' }).waitFor({ timeout: 10_000 });
  expect(await seenProgress()).toEqual(
    expect.arrayContaining([
      '1/4: 3 of 12 rows written so far',
      '2/4: 6 of 12 rows written so far',
      '3/4: 9 of 12 rows written so far',
    ]),
  );
  const progress = job.locator('progress');
  expect(await job.locator('.job-card-rows').innerText()).toBe('12 of 12 rows written');
  expect(await progress.evaluate((bar: HTMLProgressElement) => bar.position)).toBe(1);
  expect(await job.locator('.badge').innerText()).toBe('Completed');
  expect(await job.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);

  // Nothing is left running, so polling stops: no poll is scheduled or under way, and the five polls that took the
  // job from pending through searching and three batches to completed were all there were.
  await pollingStopped(page);
  expect(server.callsOf('pollResearch')).toHaveLength(5);

  await job.getByRole('button', { name: /^Open sheet/ }).click();
  await status.filter({ hasText: 'Opened the sheet “Research 1”.' }).waitFor();
  expect(server.activeSheet).toBe('Research 1');

  await page.getByLabel('Research brief').fill('Procurement leads at hospitals');
  await page.getByRole('button', { name: 'Start research' }).click();
  const second = card(page, 'job-2');
  await second.waitFor();
  expect(await page.locator('.job-card').first().getAttribute('data-job-id')).toBe('job-2');
  await second.getByRole('button', { name: /^Cancel research/ }).click();
  await second.locator('.badge', { hasText: 'Cancelled' }).waitFor();
  expect(server.callsOf('cancelResearch')).toEqual([['job-2']]);
  expect(await second.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
});

test('on load it lists the jobs, polls the running one, shows a failed job in words, and renders data as text', async () => {
  const server = new FakeSidebarServer({
    apiKey: KEY,
    jobs: [
      fakeJob({
        jobId: 'running',
        query: 'Founders of robotics startups',
        status: 'searching',
        createdAt: '2025-06-02T08:40:00.000Z',
      }),
      fakeJob({
        jobId: 'xss',
        query: XSS,
        message: XSS,
        error: XSS,
        sheetName: XSS,
        status: 'error',
        createdAt: '2025-06-02T08:30:00.000Z',
      }),
      fakeJob({
        jobId: 'failed',
        query: 'CTOs of logistics companies in Lyon',
        status: 'error',
        message: 'The job failed.',
        error: 'Out of credits: top up your plan to continue.',
        createdAt: '2025-06-02T08:20:00.000Z',
      }),
    ],
  });
  const { page, dialogs } = await openSidebar(server, 'research');

  const failed = card(page, 'failed');
  await failed.locator('.job-card-error', { hasText: 'Out of credits: top up your plan to continue.' }).waitFor();
  expect(await failed.locator('.badge').innerText()).toBe('Failed');

  await card(page, 'running').locator('.badge', { hasText: 'Processing' }).waitFor();
  expect(server.callsOf('pollResearch')[0]).toEqual([]);

  const xss = card(page, 'xss');
  expect(await page.locator('img').count()).toBe(0);
  expect(await xss.locator('.job-card-query').innerText()).toBe(XSS);
  expect(await xss.locator('.job-card-message').innerText()).toBe(XSS);
  expect(await xss.locator('.job-card-error').innerText()).toBe(XSS);
  await xss.getByRole('button', { name: /^Open sheet/ }).click();
  await page.locator('#research-status', { hasText: `Opened the sheet “${XSS}”.` }).waitFor();
  expect(await page.locator('img').count()).toBe(0);
  expect(dialogs).toEqual([]);
});

test('screenshots: jobs in different states, and the settings', async () => {
  const server = new FakeSidebarServer({
    apiKey: KEY,
    jobs: [
      fakeJob({
        jobId: 'running',
        query: 'Heads of data at Series B fintech startups in Berlin who joined in the last two years',
        status: 'processing',
        message: 'Validating profiles (batch 2 of 5).',
        totalChunks: 5,
        chunksProcessed: 2,
        rowsWritten: 9,
        finalResultsCount: 25,
        createdAt: '2025-06-02T08:40:00.000Z',
      }),
      fakeJob({
        jobId: 'done',
        query: 'Procurement leads at university hospitals in the Netherlands',
        status: 'completed',
        message: 'Research complete.',
        totalChunks: 3,
        chunksProcessed: 3,
        rowsWritten: 18,
        finalResultsCount: 18,
        createdAt: '2025-06-02T08:10:00.000Z',
      }),
      fakeJob({
        jobId: 'failed',
        query: 'CTOs of logistics companies in Lyon',
        status: 'error',
        message: 'The job failed.',
        error: 'Out of credits: top up your plan to continue.',
        createdAt: '2025-06-01T16:05:00.000Z',
      }),
    ],
  });
  // Running jobs would advance while the picture is taken; hold them still.
  server.pollResearch = () => server.listResearchJobs();
  const { page } = await openSidebar(server, 'research');
  await card(page, 'failed').waitFor();
  await page.getByLabel('Research brief').fill('Product managers at climate-tech startups in the Nordics');
  await page.getByLabel('Research brief').blur();
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'sidebar.png'), fullPage: true });

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.locator('#settings-key-state', { hasText: 'Key set' }).waitFor();
  await page.screenshot({ path: join(ARTIFACTS, 'sidebar-settings.png'), fullPage: true });
});
