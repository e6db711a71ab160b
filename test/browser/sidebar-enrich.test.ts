// The Enrich panel of the built sidebar in real Chromium, bridged to an in-memory server: the selection, the
// operation and fields, the preview, the confirmed start, a run followed with pause, resume, retry and cancel, and
// the sentences of refusals and failures.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { JOB_CHANGES_FIELDS } from '../../src/core/refresh/job-changes';
import { FakeSidebarServer, fakeRun, fakeSelection, FIELD_CHOICES } from './fake-server';
import { pollingStopped, recordCardRenderings, recordTexts, sidebarSession, waitUntil } from './sidebar-page';

const ARTIFACTS = join(__dirname, '..', '..', 'artifacts');
const KEY = 'lk_test_4b1d9f2c';

const openSidebar = sidebarSession();
const open = (server: FakeSidebarServer, prepare?: (page: Page) => Promise<void>) =>
  openSidebar(server.call, 'enrich', prepare);
const card = (page: Page, id: string) => page.locator(`.card[data-id="${id}"]`);
const status = (page: Page) => page.locator('#enrich-status');

async function preview(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.locator('#enrich-preview-result').waitFor();
}

/** Each of `selectors` ends above the Start button, and all of them and Start are in the sidebar's viewport. */
async function expectAboveStartInView(page: Page, selectors: string[]): Promise<void> {
  const viewport = page.viewportSize()!;
  const inView = async (selector: string) => {
    const box = (await page.locator(selector).boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    return box;
  };
  const start = await inView('#enrich-start');
  for (const selector of selectors) {
    const box = await inView(selector);
    expect(box.y + box.height).toBeLessThanOrEqual(start.y);
  }
}

/** The preview's counts as shown, by label. */
async function shownCounts(page: Page): Promise<Record<string, string>> {
  const labels = await page.locator('.preview-counts dt').allInnerTexts();
  const values = await page.locator('.preview-counts dd').allInnerTexts();
  return Object.fromEntries(labels.map((label, i) => [label, values[i]]));
}

test('the selection: where, how many rows, the header, the kind and a sample; refreshed on request', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY });
  const { page } = await open(server);
  const selection = page.locator('#enrich-selection');
  await selection.locator('.selection-range', { hasText: 'Leads!A1:A21' }).waitFor();
  expect(await selection.innerText()).toContain('20 input rows · Header “Profile URL” in row 1');
  expect(await selection.innerText()).toContain('Looks like: profile URLs');
  expect(await selection.locator('.selection-sample li').allInnerTexts()).toEqual(fakeSelection().sample);
  expect(await page.getByLabel('Profile scrape').isChecked()).toBe(true);

  // Emails can only be looked up as contacts: choosing that column chooses Contacts and its fields.
  server.selection = fakeSelection({
    inputA1: 'C2:C9',
    rows: 8,
    headerRow: 1,
    header: 'Email',
    kind: 'email',
    kinds: ['email'],
  });
  await page.getByRole('button', { name: 'Use current selection' }).click();
  await selection.locator('.selection-range', { hasText: 'Leads!C2:C9' }).waitFor();
  expect(await selection.innerText()).toContain('Looks like: emails');
  expect(await page.getByLabel('Contacts').isChecked()).toBe(true);
  await page.locator('#enrich-fields-defaults', { hasText: 'Empty: the default fields, email, phone.' }).waitFor();

  server.selection = null;
  await page.getByRole('button', { name: 'Use current selection' }).click();
  await page.locator('#enrich-selection-error', { hasText: 'Select one column of inputs' }).waitFor();
  await page.getByRole('button', { name: 'Preview' }).click();
  await status(page).filter({ hasText: 'Select a column of inputs in the sheet' }).waitFor();
  expect(server.callsOf('previewEnrichment')).toEqual([]);
});

test('fields: the defaults, a filtered pick list, typed names; an unknown name shows the server’s sentence', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY });
  const { page } = await open(server);
  await page
    .locator('#enrich-fields-defaults', {
      hasText: `Empty: the default fields, ${FIELD_CHOICES.scrape.defaults.join(', ')}.`,
    })
    .waitFor();
  expect(await page.locator('#enrich-field-choices button').allInnerTexts()).toEqual(FIELD_CHOICES.scrape.fields);

  await page.getByLabel('Add a field').fill('EXPERIENCE');
  expect(await page.locator('#enrich-field-choices button').allInnerTexts()).toEqual([
    'experience.1.employer_name',
    'experience.1.title',
  ]);
  await page.getByRole('button', { name: 'Add field experience.1.title' }).click();
  await page.getByRole('button', { name: 'Add field experience.1.title' }).click();
  expect(await page.getByLabel('Fields', { exact: true }).inputValue()).toBe('experience.1.title');
  await page.getByLabel('Add a field').fill('zzz');
  await page.locator('#enrich-field-more', { hasText: 'No field matches.' }).waitFor();

  await page.getByLabel('Fields', { exact: true }).fill('name; nmae');
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.locator('#enrich-fields-error', { hasText: 'Unknown field "nmae". Close valid names: name.' }).waitFor();
  expect(await page.getByLabel('Fields', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  expect(server.callsOf('previewEnrichment')).toEqual([
    [{ sheetName: 'Leads', inputA1: 'A1:A21', operation: 'scrape', overwrite: false, fields: ['name', 'nmae'] }],
  ]);
  expect(await page.locator('#enrich-preview-result').isHidden()).toBe(true);
  expect(await page.getByRole('button', { name: 'Start enrichment' }).isDisabled()).toBe(true);

  await page.getByLabel('Fields', { exact: true }).fill('name, experience.1.title');
  await preview(page);
  expect(await page.locator('.preview-columns').innerText()).toBe(
    'Columns: name, experience.1.title, sheet-enrich scrape status, sheet-enrich scrape checked',
  );
});

test('a profile run offers the Job changes preset: it fills the fields and the preview goes stale', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY });
  const { page } = await open(server);
  const presets = page.getByRole('group', { name: 'Presets' });
  await page.locator('#enrich-fields-defaults', { hasText: FIELD_CHOICES.scrape.defaults.join(', ') }).waitFor();
  expect(await presets.isHidden()).toBe(true);

  await page.getByLabel('Profile record').check();
  await presets.getByRole('button', { name: 'Job changes' }).waitFor();
  expect(await presets.innerText()).toContain('A row costs the same.');
  await page.getByLabel('Fields', { exact: true }).fill('full_name');
  await preview(page);
  await presets.getByRole('button', { name: 'Job changes' }).click();
  expect(await page.getByLabel('Fields', { exact: true }).inputValue()).toBe(
    ['full_name', ...JOB_CHANGES_FIELDS].join(', '),
  );
  expect(await page.locator('#enrich-preview-result').isHidden()).toBe(true);
  expect(await page.getByRole('button', { name: 'Start enrichment' }).isDisabled()).toBe(true);

  await preview(page);
  expect(await page.locator('.preview-columns').innerText()).toBe(
    `Columns: ${['full_name', ...JOB_CHANGES_FIELDS].join(', ')}, sheet-enrich profile status, sheet-enrich profile checked`,
  );
});

test('preview: every count, the exact credits and the time, the first invalid inputs; a change makes it stale', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY });
  const { page } = await open(server);
  const start = page.getByRole('button', { name: 'Start enrichment' });
  await page.locator('#enrich-selection .selection-range').waitFor();
  expect(await start.isDisabled()).toBe(true);
  expect(await page.locator('#enrich-start-hint').innerText()).toContain('Preview first');

  await preview(page);
  expect(await shownCounts(page)).toEqual({
    Rows: '20',
    Blank: '1',
    Invalid: '2',
    'Already done': '0',
    Duplicates: '1',
    Cached: '1',
    'To fetch': '15',
  });
  expect(await page.locator('.preview-cost').innerText()).toBe('Cost: 30 credits · about 3 minutes');
  await expectAboveStartInView(page, ['.preview-counts', '.preview-cost']);
  expect(await page.locator('.preview-invalid li').allInnerTexts()).toEqual([
    'Row 4: "not a url" is not a profile URL (expected https://www.network.com/in/<name>).',
    'Row 9: "www.example.com/page" is not a profile URL (expected https://www.network.com/in/<name>).',
  ]);
  expect(await start.isEnabled()).toBe(true);
  expect(server.callsOf('previewEnrichment')).toEqual([
    [{ sheetName: 'Leads', inputA1: 'A1:A21', operation: 'scrape', overwrite: false }],
  ]);

  // Another operation, or overwrite, is another run: the preview on screen no longer counts.
  await page.getByLabel('Profile record').check();
  expect(await page.locator('#enrich-preview-result').isHidden()).toBe(true);
  expect(await start.isDisabled()).toBe(true);
  await page.getByLabel('Overwrite existing values').check();
  await preview(page);
  expect(await page.locator('.preview-cost').innerText()).toBe('Cost: 15 credits · about 3 minutes');
  expect(server.callsOf('previewEnrichment').at(-1)).toEqual([
    { sheetName: 'Leads', inputA1: 'A1:A21', operation: 'profile', overwrite: true },
  ]);
  expect(server.callsOf('startEnrichment')).toEqual([]);
});

test('a run: confirmed at its credit figure, followed, paused, resumed, retried and cancelled', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY });
  const { page } = await open(server);
  await page.locator('#enrich-selection .selection-range').waitFor();
  await preview(page);

  // Start asks first, with the preview's figure; Back starts nothing.
  await page.getByRole('button', { name: 'Start enrichment' }).click();
  const confirm = page.locator('#enrich-confirm .confirm');
  await confirm
    .filter({ hasText: 'Profile scrape of 15 rows in Leads!A1:A21: 30 credits · about 3 minutes.' })
    .waitFor();
  await page.getByRole('button', { name: 'Back' }).click();
  expect(await confirm.count()).toBe(0);
  expect(server.callsOf('startEnrichment')).toEqual([]);

  const seen = await recordCardRenderings(page, 'run-1', 'run-list');
  server.rowsPerContinue = 2;
  server.holdAt = 2;
  await page.getByRole('button', { name: 'Start enrichment' }).click();
  await page.getByRole('button', { name: 'Spend 30 credits' }).click();
  await status(page).filter({ hasText: 'Enrichment started: values go next to Leads!A1:A21.' }).waitFor();
  expect(server.callsOf('startEnrichment')).toEqual([
    [{ sheetName: 'Leads', inputA1: 'A1:A21', operation: 'scrape', overwrite: false }],
  ]);
  // Nothing else changed under the user: still the Enrich tab.
  expect(await page.getByRole('tab', { name: 'Enrich' }).getAttribute('aria-selected')).toBe('true');

  const run = card(page, 'run-1');
  // Checks redraw the card in place: the Pause button on screen before the run moved on is the same node after.
  await run.locator('.card-progress-text', { hasText: /^2 of 15 rows done/ }).waitFor();
  const pause = run.getByRole('button', { name: /^Pause/ });
  await pause.evaluate((button) => Object.assign(button, { seenBefore: true }));
  server.holdAt = 4;
  await run.locator('.card-progress-text', { hasText: /^4 of 15 rows done/ }).waitFor();
  expect(await pause.evaluate((button) => (button as HTMLElement & { seenBefore?: boolean }).seenBefore)).toBe(true);
  await run.getByRole('button', { name: /^Pause/ }).click();
  await run.locator('.badge', { hasText: 'Paused' }).waitFor();
  await status(page).filter({ hasText: 'Run paused.' }).waitFor();
  // Paused: nothing continues it.
  await pollingStopped(page);
  const continuesWhilePaused = server.callsOf('continueEnrichment').length;
  const progress = await seen();
  expect(progress.slice(0, 3)).toEqual([
    '0/15: 0 of 15 rows done · 0 of 30 credits · about 3 minutes left',
    '2/15: 2 of 15 rows done · 2 of 30 credits · about 3 minutes left',
    '4/15: 4 of 15 rows done · 6 of 30 credits · about 2 minutes left',
  ]);
  expect(await run.locator('.card-note').allInnerTexts()).toEqual(['Paused.', '3 OK · 1 failed']);

  // One row failed in the first chunk: it can be retried while paused.
  await run.getByRole('button', { name: /^Retry failed rows/ }).click();
  await status(page).filter({ hasText: 'Retrying the failed rows.' }).waitFor();
  expect(server.callsOf('retryFailedEnrichment')).toEqual([['run-1']]);
  await waitUntil(() => server.callsOf('continueEnrichment').length > continuesWhilePaused, 'more continues');
  await run.getByRole('button', { name: /^Pause/ }).click();
  await run.locator('.badge', { hasText: 'Paused' }).waitFor();
  await run.getByRole('button', { name: /^Resume/ }).click();
  await status(page).filter({ hasText: 'Run resumed.' }).waitFor();

  server.holdAt = 10;
  await run.locator('.card-progress-text', { hasText: /^10 of 15 rows done/ }).waitFor();
  await run.getByRole('button', { name: /^Cancel/ }).click();
  await run.locator('.confirm', { hasText: 'Cancel Profile scrape · Leads!A1:A21?' }).waitFor();
  await run.getByRole('button', { name: 'Cancel run' }).click();
  await run.locator('.badge', { hasText: 'Cancelled' }).waitFor();
  await status(page).filter({ hasText: 'Run cancelled.' }).waitFor();
  await pollingStopped(page);
  // The bar shows where it stopped, as the text does.
  expect(await run.locator('.card-progress-text').innerText()).toMatch(/^10 of 15 rows done · /);
  expect(await run.locator('progress').getAttribute('value')).toBe('10');
  expect(await run.locator('progress').getAttribute('max')).toBe('15');
  expect(server.callsOf('cancelEnrichment')).toEqual([['run-1']]);
  // One continue call at a time: each asked for this run only.
  expect(new Set(server.callsOf('continueEnrichment').map((args) => args[0]))).toEqual(new Set(['run-1']));
});

test('a run paused by the API (402) shows its sentence; a failed continue shows and clears its error', async () => {
  const server = new FakeSidebarServer({
    apiKey: KEY,
    runs: [fakeRun({ runId: 'r', total: 12, creditsEstimated: 24 })],
  });
  server.outOfCreditsAt = 6;
  server.failNext('continueEnrichment', 'The service had an internal error (500); try again later.');
  let statusTexts: () => Promise<string[]> = async () => [];
  const { page } = await open(server, async (loading) => {
    statusTexts = await recordTexts(loading, 'enrich-status');
  });
  const run = card(page, 'r');
  await run.locator('.card-error', { hasText: 'Out of credits (402): top up your plan, then resume.' }).waitFor();
  expect(await run.locator('.badge').innerText()).toBe('Paused');
  // The failed continue said so, and the next good one cleared it.
  expect(await statusTexts()).toEqual([
    'Could not continue the run: The service had an internal error (500); try again later.',
    '',
  ]);
  expect(await status(page).innerText()).toBe('');
  await pollingStopped(page);
  expect(await run.getByRole('button', { name: /^Resume/ }).isEnabled()).toBe(true);
});

test('a teammate’s running run is not continued by this sidebar', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY, runs: [fakeRun({ runId: 'theirs', mine: false })] });
  const { page } = await open(server);
  await card(page, 'theirs').waitFor();
  await pollingStopped(page);
  expect(server.callsOf('continueEnrichment')).toEqual([]);
});

test('screenshot: the Enrich panel with a preview and runs', async () => {
  const server = new FakeSidebarServer({
    apiKey: KEY,
    runs: [
      fakeRun({ runId: 'a', status: 'running', done: 120, total: 480, ok: 117, failed: 1, notFound: 2 }),
      fakeRun({
        runId: 'b',
        inputA1: 'C2:C41',
        operation: 'contacts',
        status: 'paused',
        done: 12,
        total: 40,
        error: 'Out of credits (402): top up your plan, then resume.',
        createdAt: '2025-06-02T07:00:00.000Z',
      }),
    ],
  });
  server.continueEnrichment = () => server.listEnrichments();
  const { page } = await open(server);
  await page.locator('#enrich-selection .selection-range').waitFor();
  await preview(page);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, 'sidebar-enrich.png'), fullPage: true });
});
