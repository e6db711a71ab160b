// The built sidebar in real Chromium, bridged to an in-memory server: tabs, settings (key, budget, usage), research
// jobs (the bar against its text, cancel confirmation and failure, no key), and the poll loop (not for teammates'
// work, not while hidden).
import type { Locator, Page } from 'playwright-core';
import { FakeSidebarServer, fakeJob } from './fake-server';
import {
  pollingStopped,
  readBuiltSidebar,
  recordCardRenderings,
  setPageHidden,
  sidebarSession,
  waitUntil,
} from './sidebar-page';

const KEY = 'lk_test_4b1d9f2c';

const openSidebar = sidebarSession();
const open = (server: FakeSidebarServer, panel: Parameters<typeof openSidebar>[1]) => openSidebar(server.call, panel);
const card = (page: Page, id: string) => page.locator(`.card[data-id="${id}"]`);

/** The bar as "value/max" ("-" where it has none) and the line beside it. */
async function barAndText(job: Locator): Promise<string> {
  const bar = job.locator('progress');
  const value = (await bar.getAttribute('value')) ?? '-';
  const max = (await bar.getAttribute('max')) ?? '-';
  return `${value}/${max}: ${await job.locator('.card-progress-text').innerText()}`;
}

test('the built page loads nothing from outside', () => {
  const html = readBuiltSidebar();
  expect(html).not.toMatch(/\s(src|href)\s*=\s*["']?(https?:)?\/\//i);
  expect(html).not.toMatch(/@import|url\(\s*["']?(https?:)?\/\//i);
});

test('settings: the key is write-only, verified on save, hinted and removed; a refused key says why', async () => {
  const server = new FakeSidebarServer();
  const { page } = await open(server, 'settings');
  const status = page.locator('#settings-status');

  expect(await page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
  await page.locator('#settings-key-state', { hasText: 'No key set' }).waitFor();
  expect(await page.locator('#sharing-rule').innerText()).toContain(
    "Formulas in a shared spreadsheet use the spreadsheet owner's key (and credits). Menu and sidebar actions use your own key.",
  );
  expect(await page.getByLabel('Base URL').inputValue()).toBe('https://api.enrich.example');

  await page.getByLabel('New API key').fill('not-a-key');
  await page.getByRole('button', { name: 'Save' }).click();
  await status.filter({ hasText: 'An API key starts with "lk_"' }).waitFor();
  expect(await status.getAttribute('data-tone')).toBe('error');

  // The server checked this one with the service, which rejected it: its sentence, nothing stored.
  await page.getByLabel('New API key').fill('lk_test_0000_revoked');
  await page.getByRole('button', { name: 'Save' }).click();
  await status.filter({ hasText: 'The service rejected this API key (401); check it and try again.' }).waitFor();
  expect(server.getSettings().hasKey).toBe(false);

  await page.getByLabel('New API key').fill(KEY);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#settings-key-state', { hasText: 'Key set: lk_…9f2c' }).waitFor();
  await status.filter({ hasText: 'Key verified and saved.' }).waitFor();
  expect(await page.getByLabel('New API key').inputValue()).toBe('');
  expect(server.callsOf('saveSettings').at(-1)).toEqual([{ apiKey: KEY }]);
  expect(await page.content()).not.toContain(KEY);
  expect(await page.locator('#settings-key-warning').isHidden()).toBe(true);

  // A key saved but not checked (the service could not be reached) comes back with a warning, shown as such.
  server.keyWarning = 'The key was saved, but the service could not be reached to check it.';
  await page.getByLabel('New API key').fill('lk_test_second_key');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#settings-key-warning', { hasText: server.keyWarning }).waitFor();
  await status.filter({ hasText: 'Saved, with a warning about the key (above).' }).waitFor();

  // Untouched fields and an empty key field are not sent, so they cannot overwrite anything.
  await page.getByLabel('Scrape tier').selectOption('2');
  await page.getByRole('button', { name: 'Save' }).click();
  await status.filter({ hasText: 'Settings saved.' }).waitFor();
  expect(server.callsOf('saveSettings').at(-1)).toEqual([{ tier: '2' }]);
  expect(await page.locator('#settings-key-warning').isHidden()).toBe(true);

  await page.getByRole('button', { name: 'Remove key' }).click();
  await page.locator('#settings-remove-confirm [data-confirm="yes"]').click();
  await page.locator('#settings-key-state', { hasText: 'No key set' }).waitFor();
  expect(server.callsOf('saveSettings').at(-1)).toEqual([{ apiKey: '' }]);
  expect(await page.getByRole('button', { name: 'Remove key' }).isVisible()).toBe(false);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('settings-key');
});

test('settings: the formula budget is checked before saving, and credits spent are shown', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY, formulaDailyBudget: 500 });
  const { page } = await open(server, 'settings');
  const budget = page.getByLabel('Daily credits for formulas');
  await page.locator('#settings-key-state', { hasText: 'Key set' }).waitFor();
  expect(await budget.inputValue()).toBe('500');

  // Credits spent: this document's formulas and the user's own sidebar work, today and this month.
  const usage = (id: string) => page.locator(`#usage-${id}`).innerText();
  await page.locator('#usage-note', { hasText: 'Today is 2025-06-02 and this month 2025-06, in UTC.' }).waitFor();
  // The formulas' spend today against the budget, and what is left of it.
  expect([await usage('formulas-today'), await usage('formulas-month')]).toEqual(['12 of 500', '340']);
  expect([await usage('mine-today'), await usage('mine-month')]).toEqual(['30', '1,250']);
  expect(await usage('budget')).toBe('Daily formula budget: 12 of 500 credits spent today, 488 left.');
  expect(server.callsOf('getUsage')).toHaveLength(1);

  for (const refused of ['1000001', '2.5', 'lots']) {
    await budget.fill(refused);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#settings-budget-error', { hasText: 'whole number of credits from 0 to 1,000,000' }).waitFor();
    expect(await budget.getAttribute('aria-invalid')).toBe('true');
  }
  expect(server.callsOf('saveSettings')).toEqual([]);
  await budget.fill('20,000');
  expect(await page.locator('#settings-budget-error').isHidden()).toBe(true);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#settings-status', { hasText: 'Settings saved.' }).waitFor();
  expect(server.callsOf('saveSettings')).toEqual([[{ formulaDailyBudget: 20_000 }]]);
  expect(await budget.inputValue()).toBe('20000');
  await page.locator('#usage-formulas-today', { hasText: '12 of 20,000' }).waitFor();

  await budget.fill('');
  await page.getByRole('button', { name: 'Save' }).click();
  await waitUntil(() => server.callsOf('saveSettings').length === 2, 'the second save');
  expect(server.callsOf('saveSettings')[1]).toEqual([{ formulaDailyBudget: null }]);
  expect(server.getSettings().formulaDailyBudget).toBeNull();
  await page.locator('#usage-budget', { hasText: 'No daily formula budget is set' }).waitFor();
  expect(await usage('formulas-today')).toBe('12');

  // Usage is read again each time the user comes back to the panel.
  server.usage = { ...server.usage, mine: { today: 31, month: 1_251 } };
  await page.getByRole('tab', { name: 'Research' }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.locator('#usage-mine-today', { hasText: '31' }).waitFor();
});

test('tabs: Research, Enrich, Settings; the menu can open on Enrich; arrow keys move between them', async () => {
  const { page } = await open(new FakeSidebarServer({ apiKey: KEY }), 'enrich');
  expect(await page.getByRole('tab').allInnerTexts()).toEqual(['Research', 'Enrich', 'Settings']);
  const enrichTab = page.getByRole('tab', { name: 'Enrich' });
  expect(await enrichTab.getAttribute('aria-selected')).toBe('true');
  expect(await page.locator('#panel-research').isHidden()).toBe(true);

  await enrichTab.focus();
  await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-settings');
  await page.keyboard.press('ArrowRight');
  expect(await page.getByRole('tab', { name: 'Research' }).getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('End');
  expect(await page.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
});

test('research: without a key Start is disabled and says why; removing the key drops errors about it', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY });
  const { page } = await open(server, 'research');
  const start = page.getByRole('button', { name: 'Start research' });
  const status = page.locator('#research-status');
  await page.locator('#jobs-empty').waitFor();
  expect(await start.isEnabled()).toBe(true);

  // A key the service no longer takes: the start fails with its sentence.
  server.failNext('startResearch', 'The service rejected the API key (401); check it in Settings.');
  await page.getByLabel('Research brief').fill('Heads of data at fintech startups in Berlin');
  await start.click();
  await status.filter({ hasText: 'The service rejected the API key (401)' }).waitFor();

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Remove key' }).click();
  await page.locator('#settings-remove-confirm [data-confirm="yes"]').click();
  await page.locator('#settings-key-state', { hasText: 'No key set' }).waitFor();
  await page.getByRole('tab', { name: 'Research' }).click();
  expect(await status.innerText()).toBe('');
  expect(await start.isDisabled()).toBe(true);
  const warning = page.locator('#key-warning');
  expect(await warning.innerText()).toBe('Set your API key in Settings first.');
  expect(await start.getAttribute('aria-describedby')).toBe('key-warning');
  // The Enrich panel says the same.
  await page.getByRole('tab', { name: 'Enrich' }).click();
  expect(await page.getByRole('button', { name: 'Start enrichment' }).isDisabled()).toBe(true);
  expect(await page.locator('#enrich-key-warning').isVisible()).toBe(true);

  // The notice leads to Settings; a key saved there opens Start again.
  await page.locator('#enrich-key-warning').getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('New API key').fill(KEY);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#settings-key-state', { hasText: 'Key set' }).waitFor();
  await page.getByRole('tab', { name: 'Research' }).click();
  expect(await start.isEnabled()).toBe(true);
  expect(await warning.isHidden()).toBe(true);
  expect(await start.getAttribute('aria-describedby')).toBeNull();
});

test('research: a job followed to the end, its bar agreeing with its text; Start leaves the user where they were', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY });
  const { page } = await open(server, 'research');
  await page.locator('#jobs-empty').waitFor();

  await page.getByRole('button', { name: 'Start research' }).click();
  await page.locator('#research-query-error', { hasText: 'Write a research brief first.' }).waitFor();
  expect(await page.getByLabel('Research brief').getAttribute('aria-invalid')).toBe('true');
  await page.getByLabel('Research brief').fill('Heads of data at fintech startups in Berlin');
  expect(await page.locator('#research-query-error').isHidden()).toBe(true);
  await page.getByLabel('Result limit').fill('5000');
  await page.getByRole('button', { name: 'Start research' }).click();
  await page.locator('#research-limit-error', { hasText: 'from 1 to 1000' }).waitFor();
  expect(server.callsOf('startResearch')).toHaveLength(0);
  await page.getByLabel('Result limit').fill('25');

  const seen = await recordCardRenderings(page, 'job-1');
  await page.getByLabel('Columns').selectOption('all');
  await page.getByRole('button', { name: 'Start research' }).click();
  await page.locator('#research-status', { hasText: 'Results go to the sheet “Research 1”' }).waitFor();
  expect(server.callsOf('startResearch')).toEqual([
    [{ query: 'Heads of data at fintech startups in Berlin', limit: 25, columns: 'all' }],
  ]);
  // Nothing moved the user: the Research tab is still the one shown, and no sheet was opened.
  expect(await page.getByRole('tab', { name: 'Research' }).getAttribute('aria-selected')).toBe('true');
  expect(server.callsOf('openResearchSheet')).toEqual([]);
  expect(server.activeSheet).toBeNull();

  const job = card(page, 'job-1');
  await job.locator('.badge', { hasText: 'Completed' }).waitFor();
  // Every state the card showed: the bar holds rows written of results found, exactly as the text says.
  expect(await seen()).toEqual(
    expect.arrayContaining([
      '-/-: No profiles found yet',
      '3/12: 3 rows written of 12 profiles found so far',
      '6/12: 6 rows written of 12 profiles found so far',
      '9/12: 9 rows written of 12 profiles found so far',
      '12/12: 12 of 12 rows written',
    ]),
  );
  for (const rendering of await seen()) {
    const [, value, max, rows, found] = /^(\S+)\/(\S+): (\d+)(?: rows?)?(?: written)? of (\d+)/.exec(rendering) ?? [];
    if (value !== undefined && value !== '-') expect([value, max]).toEqual([rows, found]);
  }
  expect(await job.locator('progress').evaluate((bar: HTMLProgressElement) => bar.position)).toBe(1);
  expect(await job.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);

  // Nothing of the user's is left running: no check is planned or under way, and there were five.
  await pollingStopped(page);
  expect(server.callsOf('pollResearch')).toHaveLength(5);
  // The Enrich panel, never shown, read no selection.
  expect(server.callsOf('getSelectionInfo')).toEqual([]);

  await job.getByRole('button', { name: /^Open sheet/ }).click();
  await page.locator('#research-status', { hasText: 'Opened the sheet “Research 1”.' }).waitFor();
  expect(server.activeSheet).toBe('Research 1');
});

test('research: cancelled and failed jobs show what they reached, in the bar and in words', async () => {
  const server = new FakeSidebarServer({
    apiKey: KEY,
    jobs: [
      fakeJob({ jobId: 'cancelled', query: 'a', status: 'cancelled', rowsWritten: 5, finalResultsCount: 20 }),
      fakeJob({ jobId: 'failed', query: 'b', status: 'error', error: 'The job failed on the service.' }),
      fakeJob({ jobId: 'failed-late', query: 'c', status: 'error', rowsWritten: 7, finalResultsCount: 9 }),
    ],
  });
  const { page } = await open(server, 'research');
  await card(page, 'failed-late').waitFor();
  expect(await barAndText(card(page, 'cancelled'))).toBe('5/20: 5 of 20 rows written');
  expect(await barAndText(card(page, 'failed'))).toBe('0/1: No profiles found');
  expect(await barAndText(card(page, 'failed-late'))).toBe('7/9: 7 of 9 rows written');
  expect(await card(page, 'failed').locator('.badge').innerText()).toBe('Error');
  expect(await card(page, 'cancelled').locator('.badge').innerText()).toBe('Cancelled');
  await pollingStopped(page);
  expect(server.callsOf('pollResearch')).toEqual([]);
});

test('research: Cancel asks first; a cancel that could not be sent, or not applied, is not called cancelled', async () => {
  const server = new FakeSidebarServer({
    apiKey: KEY,
    jobs: [fakeJob({ jobId: 'run', query: 'Procurement leads at hospitals', status: 'processing' })],
  });
  // Hold the job still: the test is about the cancel.
  server.pollResearch = () => server.listResearchJobs();
  const { page } = await open(server, 'research');
  const job = card(page, 'run');
  const status = page.locator('#research-status');

  await job.getByRole('button', { name: /^Cancel research/ }).click();
  const keep = job.getByRole('button', { name: 'Keep it running' });
  await job.locator('.confirm', { hasText: 'Cancel the research “Procurement leads at hospitals”?' }).waitFor();
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel research');
  await keep.click();
  expect(await job.locator('.confirm').count()).toBe(0);
  expect(server.callsOf('cancelResearch')).toEqual([]);
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-action'))).toBe('cancel');

  // Escape keeps it running too.
  await job.getByRole('button', { name: /^Cancel research/ }).click();
  await page.keyboard.press('Escape');
  expect(await job.locator('.confirm').count()).toBe(0);
  expect(server.callsOf('cancelResearch')).toEqual([]);

  server.failNext('cancelResearch', 'The spreadsheet is busy with another check; try again in a moment.');
  await job.getByRole('button', { name: /^Cancel research/ }).click();
  await job.getByRole('button', { name: 'Cancel research', exact: true }).click();
  await status
    .filter({
      hasText: 'The cancel could not be sent: The spreadsheet is busy with another check; try again in a moment.',
    })
    .waitFor();
  expect(await status.getAttribute('data-tone')).toBe('error');
  expect(await job.getAttribute('data-status')).toBe('processing');
  expect(await job.getByRole('button', { name: /^Cancel research/ }).isEnabled()).toBe(true);

  server.cancelNotApplied = true;
  await job.getByRole('button', { name: /^Cancel research/ }).click();
  await job.getByRole('button', { name: 'Cancel research', exact: true }).click();
  await status.filter({ hasText: /^The cancel is not confirmed yet: the job still shows as Processing\./ }).waitFor();
  expect(await status.innerText()).not.toMatch(/cancelled/i);

  server.cancelNotApplied = false;
  await job.getByRole('button', { name: /^Cancel research/ }).click();
  await job.getByRole('button', { name: 'Cancel research', exact: true }).click();
  await status.filter({ hasText: 'Research cancelled.' }).waitFor();
  await job.locator('.badge', { hasText: 'Cancelled' }).waitFor();
  expect(server.callsOf('cancelResearch')).toEqual([['run'], ['run'], ['run']]);
});

test('checks: a teammate’s job is never polled; the user’s own is polled by id', async () => {
  const theirs = fakeJob({ jobId: 'theirs', query: 'a', status: 'processing', mine: false });
  const server = new FakeSidebarServer({ apiKey: KEY, jobs: [theirs] });
  const { page } = await open(server, 'research');
  await card(page, 'theirs').waitFor();
  await pollingStopped(page);
  expect(server.callsOf('pollResearch')).toEqual([]);

  // With a job of the user's as well, each poll names it.
  await page.getByLabel('Research brief').fill('Founders of robotics startups');
  await page.getByRole('button', { name: 'Start research' }).click();
  await card(page, 'job-2').locator('.badge', { hasText: 'Completed' }).waitFor();
  await pollingStopped(page);
  expect(server.callsOf('pollResearch').length).toBeGreaterThan(0);
  expect(new Set(server.callsOf('pollResearch').map((args) => args[0]))).toEqual(new Set(['job-2']));
});

test('checks: none while the sidebar is hidden; they resume when it shows again', async () => {
  const server = new FakeSidebarServer({
    apiKey: KEY,
    jobs: [fakeJob({ jobId: 'job', query: 'a', status: 'pending' })],
  });
  // The job stands still until the page has been hidden.
  server.pollResearch = () => server.listResearchJobs();
  const { page } = await open(server, 'research');
  await card(page, 'job').waitFor();
  await setPageHidden(page, true);
  // No check planned or under way, with the job unfinished: nothing happens until the page is seen again.
  await pollingStopped(page);
  const whileHidden = server.callsOf('pollResearch').length;
  expect(await card(page, 'job').getAttribute('data-status')).toBe('pending');

  delete (server as Partial<FakeSidebarServer>).pollResearch;
  await setPageHidden(page, false);
  await card(page, 'job').locator('.badge', { hasText: 'Completed' }).waitFor();
  expect(server.callsOf('pollResearch').length).toBeGreaterThan(whileHidden);
});

test('without background work allowed, a notice above every panel says why; Allow, granted, takes it away', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY, backgroundAllowed: false });
  const { page } = await open(server, 'research');
  const notice = page.locator('#consent-notice');
  await notice.filter({ hasText: 'Background work is off' }).waitFor();
  expect(await notice.innerText()).toContain('runs and research go on only while this sidebar is open');
  await page.getByRole('tab', { name: 'Enrich' }).click();
  expect(await notice.isVisible()).toBe(true);
  await notice.getByRole('button', { name: 'Allow' }).click();
  await notice.waitFor({ state: 'hidden' });
  expect(server.callsOf('allowBackgroundWork')).toHaveLength(1);
});

test('with background work allowed, no notice', async () => {
  const server = new FakeSidebarServer({ apiKey: KEY });
  const { page } = await open(server, 'settings');
  await waitUntil(() => server.callsOf('getConsent').length === 1, 'the sidebar asked about consent');
  expect(await page.locator('#consent-notice').isHidden()).toBe(true);
});
