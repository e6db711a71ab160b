// End to end: the BUILT sidebar in real Chromium, google.script.run bridged to the BUILT bundle in the Apps Script
// fakes, which talks over HTTP to the mock API (in its own process, on a manual job clock the test moves).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startSidebarBridge, type SidebarBridge } from '../../dev/sidebar-bridge';
import { spawnMockApi, type SpawnedMockApi } from '../../dev/mock-api/spawn';
import type { JobStatus } from '../../src/core/api/types';
import type { JobSummary } from '../../src/core/contract';
import { disposeAddons, loadAddon, OWNER, type LoadedAddon } from '../integration/harness';
import { CONDITION_TIMEOUT_MS, launchChromium } from './chromium';
import { pollingStopped, readBuiltSidebar, recordCardRenderings, trackPageActivity, waitUntil } from './sidebar-page';

const ROOT = join(__dirname, '..', '..');
const SCREENSHOT = join(ROOT, 'artifacts', 'sidebar-e2e.png');
const POLL_MS = 300;
const KEY = 'lk_test_e2e_sidebar_00000000c0de';
const HINT = `lk_…${KEY.slice(-4)}`;
/** The mock's phases before results appear: pending 5 s, searching 30 s. */
const BEFORE_RESULTS_MS = 35_000;
/** The mock cuts a job into chunks of 25 results: 60 results make 3 chunks. */
const FIRST_LIMIT = 60;
const SECOND_LIMIT = 40;

let mock: SpawnedMockApi;
let addon: LoadedAddon;
let bridge: SidebarBridge;
let browser: Browser;
let context: BrowserContext;
let page: Page;
/** Every google.script.run call the page made, by name, in order. */
const calls: string[] = [];
const pageErrors: Error[] = [];
/** Requests to anywhere but the bridge: the page must be self-contained (the API is reached by the bundle only). */
const foreignRequests: string[] = [];

beforeAll(async () => {
  const html = readBuiltSidebar();
  mock = await spawnMockApi({ jobClock: 'manual' });
  await mock.control.setKey({ key: KEY, credits: 100_000, tier: '2' });
  // No settings stored: the user enters them in the sidebar.
  addon = loadAddon();
  bridge = await startSidebarBridge({
    html,
    call: (name, args) => {
      calls.push(name);
      return addon.bundle.callFromSidebar(name, args, OWNER);
    },
    pollMs: POLL_MS,
    initialPanel: 'settings',
  });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 300, height: 900 }, deviceScaleFactor: 2 });
  // Each server call blocks this thread while the bundle fetches from the mock: waits are generous.
  context.setDefaultTimeout(CONDITION_TIMEOUT_MS);
  page = await context.newPage();
  await trackPageActivity(page);
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('request', (request) => {
    if (!request.url().startsWith(bridge.url)) foreignRequests.push(request.url());
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await bridge?.close();
  disposeAddons();
  await mock?.stop();
});

const callsOf = (name: string) => calls.filter((called) => called === name).length;
const card = (jobId: string) => page.locator(`.card[data-id="${jobId}"]`);

/** The mock's own view of a job, in the shape the sidebar shows. */
async function mockView(jobId: string): Promise<{ status: JobStatus; rows: number }> {
  const state = await mock.control.job(jobId);
  return { status: state.status, rows: state.resultsAvailable };
}

/** The card's sentence for a job whose every result found is written. */
function rowsText(rows: number, finalCount: number, status: JobStatus): string {
  const running = ['pending', 'searching', 'processing'].includes(status);
  if (finalCount === 0) return running ? 'No profiles found yet' : 'No profiles found';
  const [row, profile] = [rows === 1 ? 'row' : 'rows', finalCount === 1 ? 'profile' : 'profiles'];
  return running
    ? `${rows} ${row} written of ${finalCount} ${profile} found so far`
    : `${rows} of ${finalCount} ${row} written`;
}

/**
 * The bar as "value/max" ("-/-" without a value) for a job whose every result found is written: moving without a
 * figure while it runs (more may come), full once completed, where it stopped when cancelled or failed.
 */
function barFor(rows: number, status: JobStatus): string {
  if (['pending', 'searching', 'processing'].includes(status)) return '-/-';
  if (status === 'completed') return `${Math.max(rows, 1)}/${Math.max(rows, 1)}`;
  return rows === 0 ? '0/1' : `${rows}/${rows}`;
}

/** Waits until the card shows what the mock holds now (the next sidebar poll brings it); returns what it showed. */
async function cardCatchesUp(jobId: string): Promise<{ status: JobStatus; rows: number; bar: string }> {
  const expected = await mockView(jobId);
  const text = rowsText(expected.rows, expected.rows, expected.status);
  await page
    .locator(`.card[data-id="${jobId}"][data-status="${expected.status}"]`)
    .locator('.card-progress-text', { hasText: new RegExp(`^${text}$`) })
    .waitFor();
  const bar = card(jobId).locator('progress');
  const shown = `${(await bar.getAttribute('value')) ?? '-'}/${(await bar.getAttribute('max')) ?? '-'}`;
  expect(shown).toBe(barFor(expected.rows, expected.status));
  return { status: expected.status, rows: expected.rows, bar: shown };
}

/** The results sheet as the fakes hold it: header and rows. */
function resultsSheet(sheetName: string): { header: string[]; rows: string[][] } {
  const sheet = addon.env.spreadsheet.findSheet(sheetName);
  if (sheet === undefined) throw new Error(`No sheet "${sheetName}" in the fake spreadsheet.`);
  const [header, ...rows] = sheet.values().map((row) => row.map(String));
  return { header, rows };
}

/** The ids the mock serves for a job right now, read over HTTP as the service's client would. */
async function mockResultIds(jobId: string): Promise<string[]> {
  const response = await fetch(`${mock.url}/api/search/deep_research/${jobId}?page=1&page_size=100`, {
    headers: { Authorization: `Bearer ${KEY}`, Accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { results: Array<{ id: string }> };
  return body.results.map((profile) => String(profile.id));
}

function expectSheetMatchesCard(sheetName: string, rowsOnCard: number, mockIds: string[]): void {
  const { header, rows } = resultsSheet(sheetName);
  expect(header).toEqual(expect.arrayContaining(['id', 'full_name']));
  const idColumn = header.indexOf('id');
  const ids = rows.map((row) => row[idColumn]);
  expect(rows).toHaveLength(rowsOnCard);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual([...new Set(mockIds)].sort());
  const nameColumn = header.indexOf('full_name');
  for (const row of rows) expect(row[nameColumn]).not.toBe('');
}

async function startJob(brief: string, limit: number): Promise<{ jobId: string; sheetName: string }> {
  const before = await page
    .locator('.job-card')
    .evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.id));
  const activeSheet = addon.env.spreadsheet.activeSheet().name;
  await page.getByLabel('Research brief').fill(brief);
  await page.getByLabel('Result limit').fill(String(limit));
  await page.getByRole('button', { name: 'Start research' }).click();
  const started = page.locator('#research-status', { hasText: /^Research started\. Results go to the sheet “.+”\.$/ });
  await started.waitFor();
  const sheetName = /“(.+)”/.exec(await started.innerText())?.[1] ?? '';
  // The newest job comes first.
  const jobId = (await page.locator('.job-card').first().getAttribute('data-id')) ?? '';
  expect(before).not.toContain(jobId);
  // The results sheet was made without moving the user away from the sheet they were on.
  expect(addon.env.spreadsheet.activeSheet().name).toBe(activeSheet);
  const listed = addon.bundle.callFromSidebar('listResearchJobs', [], OWNER) as JobSummary[];
  expect(listed.find((job) => job.jobId === jobId)).toMatchObject({ query: brief, sheetName });
  expect(await mock.control.job(jobId)).toMatchObject({ query: brief, limit, keyHint: KEY.slice(-4) });
  return { jobId, sheetName };
}

test('settings, a research job followed to the end, a cancelled one, through the real bundle and the mock', async () => {
  await page.goto(bridge.url);

  // --- Settings: key, base URL and tier typed into the form, stored by the bundle for this user.
  const keyState = page.locator('#settings-key-state');
  await keyState.filter({ hasText: 'No key set' }).waitFor();
  await page.getByLabel('New API key').fill(KEY);
  await page.getByLabel('Base URL').fill(mock.url);
  await page.getByLabel('Scrape tier').selectOption('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await keyState.filter({ hasText: `Key set: ${HINT}` }).waitFor();
  // The bundle checked the key with the mock before storing it.
  await page.locator('#settings-status', { hasText: 'Key verified and saved.' }).waitFor();
  expect(await page.getByLabel('New API key').inputValue()).toBe('');
  expect(await page.getByLabel('Base URL').inputValue()).toBe(mock.url);
  expect(await page.getByLabel('Scrape tier').inputValue()).toBe('2');
  const stored = { ...addon.env.properties.user(OWNER) };
  expect(stored).toMatchObject({ API_KEY: KEY, API_BASE_URL: mock.url, API_TIER: '2' });
  expect(Object.entries(stored).filter(([, value]) => value.includes(KEY))).toEqual([['API_KEY', KEY]]);
  expect(await page.content()).not.toContain(KEY);

  // --- Research: start a job; the bundle posts it to the mock and makes its results sheet.
  await page.getByRole('tab', { name: 'Research' }).click();
  expect(await page.locator('#key-warning').isHidden()).toBe(true);
  const first = await startJob('Heads of data at fintech startups in Berlin', FIRST_LIMIT);
  expect(resultsSheet(first.sheetName)).toEqual({ header: expect.arrayContaining(['id', 'full_name']), rows: [] });

  // The page itself records every rendering of the card: a state may last only one poll.
  const seenRenderings = await recordCardRenderings(page, first.jobId);

  // Nothing moves while the job clock stands still. Two more polls: polls never overlap, so once the second has
  // arrived the first, sent after this point, has been answered and drawn.
  expect(await cardCatchesUp(first.jobId)).toEqual({ status: 'pending', rows: 0, bar: '-/-' });
  const pollsBefore = callsOf('pollResearch');
  await waitUntil(() => callsOf('pollResearch') >= pollsBefore + 2, 'two more polls');
  expect(await cardCatchesUp(first.jobId)).toEqual({ status: 'pending', rows: 0, bar: '-/-' });

  // Move the job clock between sidebar polls; each time the next poll brings the new state onto the card.
  const steps: Array<{ status: JobStatus; rows: number; bar: string }> = [];
  await mock.control.advanceClock(BEFORE_RESULTS_MS);
  steps.push(await cardCatchesUp(first.jobId));
  for (let i = 0; i < 12 && steps.at(-1)?.status !== 'completed'; i++) {
    const polls = callsOf('pollResearch');
    await mock.control.advanceClock(20_000);
    steps.push(await cardCatchesUp(first.jobId));
    expect(callsOf('pollResearch')).toBeGreaterThan(polls);
  }
  expect(steps.at(-1)).toEqual({ status: 'completed', rows: FIRST_LIMIT, bar: `${FIRST_LIMIT}/${FIRST_LIMIT}` });
  const rowCounts = steps.map((step) => step.rows);
  expect(rowCounts).toEqual([...rowCounts].sort((a, b) => a - b));
  const distinctRows = [...new Set(rowCounts.filter((rows) => rows > 0))];
  expect(distinctRows.length).toBeGreaterThanOrEqual(2);
  // Intermediate states were on screen: partial row counts, each with the bar that says the same.
  const seenProgress = await seenRenderings();
  for (const step of steps)
    expect(seenProgress).toContain(`${step.bar}: ${rowsText(step.rows, step.rows, step.status)}`);
  expect(seenProgress.some((seen) => /^-\/-: [1-9]\d* rows? written of \d+ profiles? found so far$/.test(seen))).toBe(
    true,
  );

  const firstCard = card(first.jobId);
  expect(await firstCard.locator('.badge').innerText()).toBe('Completed');
  expect(await firstCard.locator('.card-progress-text').innerText()).toBe(
    `${FIRST_LIMIT} of ${FIRST_LIMIT} rows written`,
  );
  expect(await firstCard.locator('progress').evaluate((bar: HTMLProgressElement) => bar.position)).toBe(1);
  expect(await firstCard.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
  // The sheet holds exactly the rows the card claims: the mock's results, each once.
  expectSheetMatchesCard(first.sheetName, FIRST_LIMIT, await mockResultIds(first.jobId));

  // Nothing is left running, so the sidebar stops polling: the poll that brought "Completed" scheduled no other.
  const pollsWhenDone = callsOf('pollResearch');
  await pollingStopped(page);
  expect(callsOf('pollResearch')).toBe(pollsWhenDone);

  // --- A second job, cancelled part way through processing.
  const second = await startJob('Procurement leads at university hospitals', SECOND_LIMIT);
  expect(await page.locator('.job-card').first().getAttribute('data-id')).toBe(second.jobId);
  await mock.control.advanceClock(BEFORE_RESULTS_MS + 15_000);
  const beforeCancel = await cardCatchesUp(second.jobId);
  expect(beforeCancel.status).toBe('processing');
  expect(beforeCancel.rows).toBeGreaterThan(0);
  expect(beforeCancel.rows).toBeLessThan(SECOND_LIMIT);

  const secondCard = card(second.jobId);
  await secondCard.getByRole('button', { name: /^Cancel research/ }).click();
  // Nothing is sent before the user confirms.
  expect(callsOf('cancelResearch')).toBe(0);
  await secondCard.getByRole('button', { name: 'Cancel research', exact: true }).click();
  await secondCard.locator('.badge', { hasText: 'Cancelled' }).waitFor();
  await page.locator('#research-status', { hasText: 'Research cancelled.' }).waitFor();
  expect(await secondCard.getAttribute('data-status')).toBe('cancelled');
  expect(await secondCard.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
  expect(callsOf('cancelResearch')).toBe(1);
  const cancelled = await mockView(second.jobId);
  expect(cancelled).toMatchObject({ status: 'cancelled', rows: beforeCancel.rows });
  // Time going on no longer adds results to a cancelled job. The sidebar finishes the poll it may have had under
  // way when the cancel answered, and then stops: nothing is running. A poll made after the clock moved (as the
  // sidebar makes it) reports the same rows, and the card, the sheet and the mock all still agree.
  await mock.control.advanceClock(60_000);
  await pollingStopped(page);
  const polled = addon.bundle.callFromSidebar('pollResearch', [], OWNER) as JobSummary[];
  expect(polled.find((job) => job.jobId === second.jobId)).toMatchObject({
    status: 'cancelled',
    rowsWritten: cancelled.rows,
  });
  expect(await mockView(second.jobId)).toMatchObject({ status: 'cancelled', rows: cancelled.rows });
  expect(await secondCard.locator('.card-progress-text').innerText()).toBe(
    rowsText(cancelled.rows, cancelled.rows, 'cancelled'),
  );
  // The bar shows where it stopped: every row found was written.
  expect(await secondCard.locator('progress').getAttribute('value')).toBe(String(cancelled.rows));
  expect(await secondCard.locator('progress').getAttribute('max')).toBe(String(cancelled.rows));
  expectSheetMatchesCard(second.sheetName, cancelled.rows, await mockResultIds(second.jobId));
  // The first job's sheet is untouched by the second.
  expect(resultsSheet(first.sheetName).rows).toHaveLength(FIRST_LIMIT);

  // Both jobs are finished: no background trigger is left, and the registry agrees with the cards.
  expect(addon.env.triggers.list()).toEqual([]);
  const listed = addon.bundle.callFromSidebar('listResearchJobs', [], OWNER) as JobSummary[];
  expect(listed.map((job) => [job.jobId, job.status, job.rowsWritten])).toEqual([
    [second.jobId, 'cancelled', cancelled.rows],
    [first.jobId, 'completed', FIRST_LIMIT],
  ]);

  mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
  await page.screenshot({ path: SCREENSHOT, fullPage: true });

  expect(pageErrors).toEqual([]);
  expect(foreignRequests).toEqual([]);
});
