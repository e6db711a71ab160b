// npm run screenshots: renders the README's pictures from the playground as a newcomer sees it: docs/playground.png,
// the demo sheet enriched beside the sidebar with a finished research job and its sheet tabs; docs/enrich-panel.png,
// the demo's column of profile URLs selected and the Enrich panel's preview of it; docs/refresh-changes.png, that column
// enriched, refreshed after 30 days let pass, the changed cells highlighted and the run's card with What changed, and
// docs/changes-sheet.png, the sheet the refresh logged its changes in; and, for reviewing the sidebar's
// look, artifacts/sidebar.png (research jobs in different states) and artifacts/sidebar-settings.png, the built
// sidebar alone over the browser tests' in-memory server. Not a test: it asserts nothing and fails only when a page
// cannot be driven. Uses the browser tests' Chromium launch.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSidebarBridge } from '../dev/sidebar-bridge';
import { launchChromium } from '../test/browser/chromium';
import { FakeSidebarServer, fakeJob } from '../test/browser/fake-server';
import { readBuiltSidebar } from '../test/browser/sidebar-page';

const ROOT = join(__dirname, '..');
const PICTURE = join('docs', 'playground.png');
const ENRICH_PICTURE = join('docs', 'enrich-panel.png');
const REFRESH_PICTURE = join('docs', 'refresh-changes.png');
const CHANGES_SHEET_PICTURE = join('docs', 'changes-sheet.png');
const CHANGES_SHEET = 'sheet-enrich changes';
const SIDEBAR_PICTURES = {
  research: join('artifacts', 'sidebar.png'),
  settings: join('artifacts', 'sidebar-settings.png'),
};
/** The demo's header and profile URLs waiting to be enriched. */
const ENRICH_COLUMN = { first: 'H1', last: 'H6', a1: 'Demo!H1:H6' };
const VIEWPORT = { width: 1440, height: 810 };
const PLAYGROUND_LINE = /^Playground: (http:\/\/localhost:\d+)$/m;
const START_TIMEOUT_MS = 90_000;
const JOB_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 15_000;

/** `npm start` on a free port, in its own process group so that stopping it stops the mock API too. */
function startPlayground(): { url: Promise<string>; stop: () => void } {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
  // The picture shows the mock's demo data, whatever service the developer's shell points at.
  delete env.SHEET_ENRICH_API_URL;
  delete env.SHEET_ENRICH_API_KEY;
  const child = spawn('npm', ['start', '--', '--port', '0'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start printed no playground URL:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = PLAYGROUND_LINE.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const stop = () => {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  return { url, stop };
}

/** The grid cell at an A1 address such as "B2". */
function cell(page: Page, a1: string) {
  const [, letters, row] = /^([A-Z]+)(\d+)$/.exec(a1)!;
  const column = [...letters].reduce((n, char) => n * 26 + char.charCodeAt(0) - 64, 0);
  return page.locator(`#grid td[data-row="${row}"][data-column="${column}"]`);
}

async function showDemoSheet(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Demo', exact: true }).click();
  await page.getByRole('tab', { name: 'Demo', exact: true, selected: true }).waitFor();
  // The demo's formulas have answered once the first profile's name is in B2.
  await cell(page, 'B2').filter({ hasText: /\S/ }).waitFor();
}

async function openAddonMenuItem(page: Page, caption: string): Promise<void> {
  await page.getByRole('button', { name: 'Extensions' }).click();
  await page.getByRole('menuitem', { name: 'sheet-enrich' }).hover();
  await page.getByRole('menuitem', { name: caption }).click();
}

/** Playground → submenu → item (the playground's own menu). */
async function playgroundMenuItem(page: Page, submenu: string, item: RegExp): Promise<void> {
  await page.getByRole('button', { name: 'Playground' }).click();
  await page.getByRole('menuitem', { name: submenu }).hover();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The playground's toasts go after a while; the pictures are taken without them. */
async function waitForToastsGone(page: Page): Promise<void> {
  await page.locator('.toast').first().waitFor({ state: 'detached', timeout: JOB_TIMEOUT_MS });
}

async function runResearchJob(page: Page): Promise<void> {
  await openAddonMenuItem(page, 'Research people…');
  const sidebar = page.frameLocator('#sidebar-frame');
  await sidebar.getByLabel('Research brief').fill('Heads of data at fintech startups in Berlin');
  await sidebar.getByLabel('Result limit').fill('8');
  await sidebar.getByRole('button', { name: 'Start research' }).click();
  await sidebar.locator('.job-card .badge', { hasText: 'Completed' }).waitFor({ timeout: JOB_TIMEOUT_MS });
}

/** The demo's column selected, Enrich selection… from the menu, and its preview (which sends nothing). */
async function previewEnrichment(page: Page): Promise<void> {
  await cell(page, ENRICH_COLUMN.first).click();
  await cell(page, ENRICH_COLUMN.last).click({ modifiers: ['Shift'] });
  await openAddonMenuItem(page, 'Enrich selection…');
  const sidebar = page.frameLocator('#sidebar-frame');
  await sidebar.getByRole('tab', { name: 'Enrich', exact: true, selected: true }).waitFor();
  await sidebar.locator('#enrich-selection .selection-range', { hasText: ENRICH_COLUMN.a1 }).waitFor();
  await sidebar.getByRole('button', { name: 'Preview' }).click();
  // The counts and the cost, rather than the form above them.
  await sidebar.locator('.preview-cost').scrollIntoViewIfNeeded();
}

/**
 * The demo's column enriched, 30 days let pass with half of the mock's people changing (the playground's first round
 * has a fixed seed), then Refresh… on the run's card; What changed opened and its first change selected.
 */
async function refreshAfterTimePassed(page: Page): Promise<void> {
  const sidebar = page.frameLocator('#sidebar-frame');
  const runCard = sidebar.locator('.run-card').first();
  await cell(page, ENRICH_COLUMN.first).click();
  await cell(page, ENRICH_COLUMN.last).click({ modifiers: ['Shift'] });
  await openAddonMenuItem(page, 'Enrich selection…');
  await sidebar.locator('#enrich-selection .selection-range', { hasText: ENRICH_COLUMN.a1 }).waitFor();
  await sidebar.getByRole('button', { name: 'Preview' }).click();
  await sidebar.getByRole('button', { name: 'Start enrichment' }).click();
  await sidebar.getByRole('button', { name: /^Spend \d+ credits$/ }).click();
  await runCard.locator('.badge', { hasText: 'Completed' }).waitFor({ timeout: JOB_TIMEOUT_MS });
  await playgroundMenuItem(page, 'Let time pass…', /^50% of people change/);
  await playgroundMenuItem(page, 'Let time pass…', /^30 days$/);
  await runCard.getByRole('button', { name: /^Refresh…/ }).click();
  const form = sidebar.locator('.refresh-form');
  await form.getByRole('button', { name: 'Preview' }).click();
  await form.getByRole('button', { name: /^Refresh \d+ rows?$/ }).click();
  await form.getByRole('button', { name: /^Spend / }).click();
  await runCard.getByText(/ rows? refreshed · /).waitFor({ timeout: JOB_TIMEOUT_MS });
  await runCard.getByRole('button', { name: /^What changed/ }).click();
  await sidebar.locator('.change-entry').first().click();
  await sidebar.getByText(/^Selected .* row \d+\.$/).waitFor();
  await runCard.scrollIntoViewIfNeeded();
}

/** Jobs running, done and failed, a brief being typed; then the settings with a key set and the usage. */
async function sidebarPictures(browser: Browser): Promise<void> {
  const server = new FakeSidebarServer({
    apiKey: 'lk_test_4b1d9f2c',
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
  const bridge = await startSidebarBridge({ html: readBuiltSidebar(), call: server.call, initialPanel: 'research' });
  const context = await browser.newContext({ viewport: { width: 300, height: 900 }, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(bridge.url);
    await page.locator('.card[data-id="failed"]').waitFor();
    await page.getByLabel('Research brief').fill('Product managers at climate-tech startups in the Nordics');
    await page.getByLabel('Research brief').blur();
    mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
    await page.screenshot({ path: join(ROOT, SIDEBAR_PICTURES.research), fullPage: true });
    console.log(`Wrote ${SIDEBAR_PICTURES.research}`);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.locator('#settings-key-state', { hasText: 'Key set' }).waitFor();
    await page.locator('#usage-note', { hasText: 'UTC' }).waitFor();
    await page.screenshot({ path: join(ROOT, SIDEBAR_PICTURES.settings), fullPage: true });
    console.log(`Wrote ${SIDEBAR_PICTURES.settings}`);
  } finally {
    await context.close();
    await bridge.close();
  }
}

async function main(): Promise<void> {
  const playground = startPlayground();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: VIEWPORT });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(await playground.url);
    await showDemoSheet(page);
    // First, while no toast is showing: the preview writes and sends nothing, so the demo stays as it was.
    await previewEnrichment(page);
    await page.screenshot({ path: join(ROOT, ENRICH_PICTURE) });
    console.log(`Wrote ${ENRICH_PICTURE}`);
    // Research jobs and runs go at the real pace in the playground; the pictures need not wait that long.
    await playgroundMenuItem(page, 'Speed of runs and research', /^10×/);
    await runResearchJob(page);
    await showDemoSheet(page);
    await cell(page, 'B2').click();
    await waitForToastsGone(page);
    await page.screenshot({ path: join(ROOT, PICTURE) });
    console.log(`Wrote ${PICTURE}`);
    await refreshAfterTimePassed(page);
    await waitForToastsGone(page);
    await page.screenshot({ path: join(ROOT, REFRESH_PICTURE) });
    console.log(`Wrote ${REFRESH_PICTURE}`);
    await page.getByRole('tab', { name: CHANGES_SHEET, exact: true }).click();
    await page.getByRole('tab', { name: CHANGES_SHEET, exact: true, selected: true }).waitFor();
    await cell(page, 'A2').filter({ hasText: /\S/ }).waitFor();
    await page.screenshot({ path: join(ROOT, CHANGES_SHEET_PICTURE) });
    console.log(`Wrote ${CHANGES_SHEET_PICTURE}`);
    // The playground has built dist/, which holds the sidebar page these pictures show.
    await sidebarPictures(browser);
  } finally {
    await browser.close();
    playground.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
