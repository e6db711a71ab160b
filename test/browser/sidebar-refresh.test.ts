// Living lists in the built sidebar, in real Chromium over the in-memory server: a finished run's card previews a
// refresh (full and economy prices), starts it once confirmed and follows it to its outcome; What changed lists the
// changes, filters them by kind and selects a change's cell; Keep fresh schedules refreshes and Stop ends them.
// Hostile text in logged changes stays text.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ECONOMY_CAVEAT } from '../../src/sidebar/refreshes';
import { FakeSidebarServer, fakeChange, fakeRun, FIELD_CHOICES } from './fake-server';
import { pollingStopped, sidebarSession, waitUntil } from './sidebar-page';

jest.setTimeout(30_000);

const ARTIFACTS = join(__dirname, '..', '..', 'artifacts');
const KEY = 'lk_test_4b1d9f2c';
const TITLE = 'Profile scrape · Leads!A1:A21';

const openSidebar = sidebarSession();
const open = (server: FakeSidebarServer) => openSidebar(server.call, 'enrich');
const card = (page: Page, id: string) => page.locator(`.card[data-id="${id}"]`);

/** A finished scrape of 15 rows: the fake aged row i 10·(i+1) days since it was checked. */
const finishedRun = () =>
  fakeRun({ runId: 'run-1', status: 'completed', total: 15, done: 15, ok: 15, creditsSpent: 30, message: 'Done.' });

test('a refresh: previewed at both prices, confirmed, followed to its outcome; What changed selects a cell', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY, runs: [finishedRun()] });
  const { page } = await open(server);
  const run = card(page, 'run-1');
  await run.getByRole('button', { name: `Refresh…: ${TITLE}` }).click();
  const form = run.getByRole('form', { name: `Refresh ${TITLE}` });
  const start = form.getByRole('button', { name: /^Refresh .*rows?$/ });
  expect(await form.getByLabel('Rows checked more than').inputValue()).toBe('30');
  expect(await start.isDisabled()).toBe(true);

  await form.getByLabel(/^Economy/).check();
  await form.getByRole('button', { name: 'Preview' }).click();
  await form.locator('.refresh-preview', { hasText: 'Economy' }).waitFor();
  expect(await form.locator('.refresh-preview p').allInnerTexts()).toEqual([
    '12 rows to refresh · about 2 minutes',
    'Full refresh: 24 credits',
    'Economy: 12–36 credits',
    ECONOMY_CAVEAT,
  ]);
  expect(await start.innerText()).toBe('Refresh 12 rows');
  expect(await start.isEnabled()).toBe(true);
  mkdirSync(ARTIFACTS, { recursive: true });
  await run.screenshot({ path: join(ARTIFACTS, 'sidebar-refresh-preview.png') });

  // Another number of days is another refresh: Start waits for its preview.
  await form.getByLabel('Rows checked more than').fill('60');
  expect(await start.isDisabled()).toBe(true);
  expect(await form.locator('.refresh-preview p').count()).toBe(0);
  await form.getByRole('button', { name: 'Preview' }).click();
  await form.locator('.refresh-preview', { hasText: '9 rows to refresh' }).waitFor();
  await start.click();
  await form.locator('.confirm', { hasText: `Refresh 9 rows of ${TITLE} for 9–27 credits?` }).waitFor();
  await form.getByRole('button', { name: 'Spend up to 27 credits' }).click();

  await page.locator('#enrich-status', { hasText: `Refresh started: ${TITLE}.` }).waitFor();
  expect(server.callsOf('startEnrichment')).toEqual([
    [
      {
        sheetName: 'Leads',
        inputA1: 'A1:A21',
        operation: 'scrape',
        fields: FIELD_CHOICES.scrape.defaults,
        refresh: { olderThanDays: 60, economy: true },
      },
    ],
  ]);
  // The same card follows the refresh, to its outcome.
  await run
    .locator('.card-note', { hasText: '9 rows refreshed · 3 changed: 1 new employer, 1 new title, 1 new location' })
    .waitFor();
  expect(await run.locator('.badge').innerText()).toBe('Completed');
  expect(await page.locator('.card').count()).toBe(1);
  await pollingStopped(page);

  await run.getByRole('button', { name: `What changed: ${TITLE}` }).click();
  const changes = run.getByRole('group', { name: `What changed: ${TITLE}` });
  const entries = changes.locator('.change-entry');
  await waitUntil(async () => (await entries.count()) === 3, 'three changes');
  expect((await entries.allInnerTexts()).join('\n')).toContain('“Old value 1” → “New value 1”');
  await changes.getByLabel('Show').selectOption('new title');
  await waitUntil(async () => (await entries.count()) === 1, 'the one new title');
  expect(await entries.first().locator('.change-kind').innerText()).toBe('new title');
  // Keyboard: the entry is a button.
  await entries.first().focus();
  await page.keyboard.press('Enter');
  await changes.getByText('Selected headline in Leads, row 5.').waitFor();
  expect(server.selectedCells).toEqual(['Leads!headline, row 5']);

  // The document's own What changed lists the same changes.
  await page.locator('#enrich-changes').click();
  await waitUntil(
    async () => (await page.locator('#enrich-changes-view .change-entry').count()) === 3,
    'the document’s changes',
  );
  expect(await page.locator('#enrich-changes-view .change-where').first().innerText()).toMatch(/^Leads, row \d+/);
  expect(server.callsOf('listChanges')).toEqual([['run-1'], [null]]);
});

test('Keep fresh: a schedule saved with who pays, shown on the card, then stopped', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY, runs: [finishedRun()] });
  const { page } = await open(server);
  const run = card(page, 'run-1');
  await run.getByRole('button', { name: `Keep fresh…: ${TITLE}` }).click();
  const form = run.getByRole('form', { name: `Keep fresh: ${TITLE}` });
  await form.getByText('with your API key and spend your credits').waitFor();
  await form.getByLabel('How often').selectOption('month');
  await form.getByLabel('Rows older than').fill('14');
  await form.getByLabel('At most').fill('0');
  await form.getByRole('button', { name: 'Save' }).click();
  await form
    .getByRole('alert')
    .filter({ hasText: 'Cap each refresh at a whole number of credits, 1 or more.' })
    .waitFor();
  await form.getByLabel('At most').fill('300');
  await form.getByRole('button', { name: 'Save' }).click();

  await run
    .locator('.card-note', {
      hasText: /^Refreshes every month · rows older than 14 days · at most 300 credits · next /,
    })
    .waitFor();
  expect(await form.count()).toBe(0);
  mkdirSync(ARTIFACTS, { recursive: true });
  await run.screenshot({ path: join(ARTIFACTS, 'sidebar-refresh-schedule.png') });
  expect(server.callsOf('scheduleRefresh')).toEqual([
    ['run-1', { every: 'month', olderThanDays: 14, maxCredits: 300 }],
  ]);

  await run.getByRole('button', { name: `Stop scheduled refreshes: ${TITLE}` }).click();
  await page.locator('#enrich-status', { hasText: 'Scheduled refreshes stopped.' }).waitFor();
  expect(await run.locator('.card-note', { hasText: 'Refreshes every' }).count()).toBe(0);
  expect(server.callsOf('scheduleRefresh').at(-1)).toEqual(['run-1', null]);
});

test('a refused preview is one sentence on the card; Close gives the keyboard back to Refresh…', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY, runs: [finishedRun()] });
  server.failNext('previewEnrichment', 'The sheet "Leads" was renamed or deleted.');
  const { page } = await open(server);
  const run = card(page, 'run-1');
  const toggle = run.getByRole('button', { name: `Refresh…: ${TITLE}` });
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  await run.getByRole('button', { name: 'Preview' }).click();
  await run.getByRole('alert').filter({ hasText: 'The sheet "Leads" was renamed or deleted.' }).waitFor();
  await run.getByRole('button', { name: 'Close' }).click();
  expect(await run.locator('.refresh-form').count()).toBe(0);
  expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
});

test('hostile text in logged changes shows as text, shortened', async () => {
  const formula = '=HYPERLINK("https://evil.example","click")';
  const markup = '<img src=x onerror=alert(1)>';
  const long = 'x'.repeat(60_000);
  const server = new FakeSidebarServer({
    apiKey: KEY,
    runs: [{ ...finishedRun(), refreshed: 3, changes: 3, changesByKind: { changed: 3 } }],
    changes: [
      fakeChange({ old: formula, new: markup, field: markup, change: 'changed' }),
      fakeChange({ old: long, new: '', change: 'changed', row: 3 }),
      fakeChange({ old: 12, new: true, change: 'changed', row: 4 }),
    ],
  });
  const { page, dialogs } = await open(server);
  await page.locator('#enrich-changes').click();
  const entries = page.locator('#enrich-changes-view .change-entry');
  await waitUntil(async () => (await entries.count()) === 3, 'three changes');
  const shown = await entries.allInnerTexts();
  expect(shown.join('\n')).toContain(`“${formula}” → “${markup}”`);
  expect(shown.join('\n')).toContain('“12” → “true”');
  const longEntry = shown.find((text) => text.includes('xxx')) ?? '';
  expect(longEntry).toContain('→ (blank)');
  expect(longEntry.length).toBeLessThan(400);
  expect(await page.locator('#enrich-changes-view img').count()).toBe(0);
  expect(await page.locator('#enrich-changes-view a').count()).toBe(0);
  expect(dialogs).toEqual([]);

  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'sidebar-changes.png'), fullPage: true });
});
