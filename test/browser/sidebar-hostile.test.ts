// Text from the API, the sheet and the server is data: jobs, runs, selections, previews, field names, warnings and
// error sentences holding HTML, script and javascript: links appear as text in the built sidebar, and none runs.
import type { Page } from 'playwright-core';
import { FakeSidebarServer, fakeJob, fakeRun, fakeSelection } from './fake-server';
import { sidebarSession } from './sidebar-page';

const KEY = 'lk_test_4b1d9f2c';
/** Each, if it ever ran, sets window.pwned. */
const HOSTILE = {
  img: '<img src=x onerror="window.pwned=1">',
  script: '</script><script>window.pwned=2</script>',
  link: 'javascript:window.pwned=3',
  anchor: '<a href="javascript:window.pwned=4">open</a>',
  svg: '<svg onload="window.pwned=5"></svg>',
};

const openSidebar = sidebarSession();

/** Nothing ran and no element came from data: only the page's own two scripts, no image, link, frame or svg. */
async function expectNothingRan(page: Page, dialogs: string[]): Promise<void> {
  expect(await page.evaluate(() => (window as { pwned?: unknown }).pwned)).toBeUndefined();
  expect(await page.locator('img, a, iframe, object, embed, svg').count()).toBe(0);
  expect(await page.locator('script').count()).toBe(2);
  expect(dialogs).toEqual([]);
}

function hostileServer(): FakeSidebarServer {
  const server = new FakeSidebarServer({
    apiKey: KEY,
    jobs: [
      fakeJob({
        jobId: 'job',
        query: HOSTILE.img,
        message: HOSTILE.script,
        error: HOSTILE.anchor,
        sheetName: HOSTILE.link,
        status: 'error',
      }),
    ],
    runs: [
      fakeRun({
        runId: 'run',
        sheetName: HOSTILE.script,
        inputA1: HOSTILE.link,
        message: HOSTILE.svg,
        error: HOSTILE.img,
        status: 'paused',
        failed: 1,
      }),
    ],
    selection: fakeSelection({
      sheetName: HOSTILE.anchor,
      header: HOSTILE.script,
      sample: [HOSTILE.img, HOSTILE.link, HOSTILE.svg],
    }),
  });
  server.fieldChoices = {
    ...server.fieldChoices,
    scrape: {
      defaults: [HOSTILE.img],
      fields: [HOSTILE.script, HOSTILE.anchor],
      presets: [{ name: HOSTILE.img, fields: [HOSTILE.script] }],
    },
  };
  server.previewEnrichment = () => ({
    rows: 2,
    blank: 0,
    invalid: 2,
    duplicates: 0,
    cached: 0,
    alreadyDone: 0,
    toFetch: 0,
    credits: 0,
    estimatedSeconds: 0,
    columns: [HOSTILE.svg, 'sheet-enrich scrape status', 'sheet-enrich scrape checked'],
    outputA1: 'B1:C3',
    invalidSamples: [
      { row: 2, value: HOSTILE.img, reason: HOSTILE.script },
      { row: 3, value: HOSTILE.link, reason: HOSTILE.anchor },
    ],
  });
  return server;
}

test('research jobs and enrichment runs holding markup and script show it as text, and nothing runs', async () => {
  const server = hostileServer();
  const { page, dialogs } = await openSidebar(server.call, 'research');
  const job = page.locator('.card[data-id="job"]');
  await job.waitFor();
  expect(await job.locator('.card-title').innerText()).toBe(HOSTILE.img);
  expect(await job.locator('.card-note').innerText()).toBe(HOSTILE.script);
  expect(await job.locator('.card-error').innerText()).toBe(HOSTILE.anchor);
  await job.getByRole('button', { name: /^Open sheet/ }).click();
  await page.locator('#research-status', { hasText: `Opened the sheet “${HOSTILE.link}”.` }).waitFor();

  await page.getByRole('tab', { name: 'Enrich' }).click();
  const run = page.locator('.card[data-id="run"]');
  await run.waitFor();
  expect(await run.locator('.card-title').innerText()).toBe(`Profile scrape · ${HOSTILE.script}!${HOSTILE.link}`);
  expect(await run.locator('.card-error').innerText()).toBe(HOSTILE.img);
  expect(await run.locator('.card-note').first().innerText()).toBe(HOSTILE.svg);
  await run.getByRole('button', { name: /^Cancel/ }).click();
  await run.locator('.confirm', { hasText: HOSTILE.script }).waitFor();
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expectNothingRan(page, dialogs);
});

test('a selection, field names, a preview, a warning and error sentences holding markup are text', async () => {
  const server = hostileServer();
  server.keyWarning = HOSTILE.svg;
  server.failNext('saveSettings', HOSTILE.img);
  const { page, dialogs } = await openSidebar(server.call, 'enrich');

  const selection = page.locator('#enrich-selection');
  await selection.locator('.selection-range', { hasText: HOSTILE.anchor }).waitFor();
  expect(await selection.locator('.selection-sample li').allInnerTexts()).toEqual([
    HOSTILE.img,
    HOSTILE.link,
    HOSTILE.svg,
  ]);
  expect(await selection.innerText()).toContain(`Header “${HOSTILE.script}”`);
  await page.locator('#enrich-fields-defaults', { hasText: HOSTILE.img }).waitFor();
  await page.getByRole('button', { name: `Add field ${HOSTILE.anchor}` }).click();
  expect(await page.getByLabel('Fields', { exact: true }).inputValue()).toBe(HOSTILE.anchor);

  await page.getByRole('button', { name: 'Preview' }).click();
  await page.locator('.preview-invalid li').first().waitFor();
  expect(await page.locator('.preview-invalid li').allInnerTexts()).toEqual([
    `Row 2: ${HOSTILE.script}`,
    `Row 3: ${HOSTILE.anchor}`,
  ]);
  expect(await page.locator('.preview-columns').innerText()).toBe(
    `Columns: ${HOSTILE.svg}, sheet-enrich scrape status, sheet-enrich scrape checked`,
  );

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('New API key').fill('lk_test_new_key_123');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#settings-status', { hasText: HOSTILE.img }).waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#settings-key-warning', { hasText: HOSTILE.svg }).waitFor();
  await expectNothingRan(page, dialogs);
});
