// A research job through the real playground (`npm start`'s entry on the dist/ just built), in Chromium: each person
// found says why they matched (score and criteria, in the results' default columns), the companion tabs have short
// names of their own, and the card's progress reads as one sentence.
import type { FrameLocator, Page } from 'playwright-core';
import {
  expectSelectedTab,
  expectText,
  openAddonMenuItem,
  playgroundMenuItem,
  serverSheet,
  showDemoSheet,
  sidebarOf,
  usePlayground,
} from './playground-session';

jest.setTimeout(90_000);

let page: Page;
usePlayground((session) => {
  page = session.page;
});

const sidebar = (): FrameLocator => sidebarOf(page);
const LIMIT = 6;

test('research results show each match score and matched criteria; companion tabs are short', async () => {
  await showDemoSheet(page);
  expect(await playgroundMenuItem(page, 'Speed of runs and research', /^10×/)).toContain('10× the real pace');
  await openAddonMenuItem(page, 'Research people…');
  await sidebar().getByLabel('Research brief').fill('Heads of talent at fintechs in Berlin');
  await sidebar().getByLabel('Result limit').fill(String(LIMIT));
  await sidebar().getByRole('button', { name: 'Start research' }).click();
  const started = sidebar().locator('#research-status', { hasText: /“(.+)”/ });
  await started.waitFor();
  const sheetName = /“(.+)”/.exec(await started.innerText())?.[1] ?? '';
  const tag = sheetName.split(' · ').at(-1) ?? '';
  expect(tag).not.toBe('');

  const job = sidebar().locator('.job-card').first();
  await job.locator('.badge', { hasText: 'Completed' }).waitFor({ timeout: 60_000 });
  expect(await job.locator('.card-progress-text').innerText()).toBe(`${LIMIT} of ${LIMIT} rows written`);

  // Its companions are tabs of their own, named by the job's tag.
  for (const companion of [`Experience · ${tag}`, `Education · ${tag}`]) {
    await page.getByRole('tab', { name: companion, exact: true }).waitFor();
  }

  await sidebar()
    .getByRole('button', { name: `Open sheet ${sheetName}`, exact: false })
    .click();
  await expectSelectedTab(page, sheetName);
  await expectText(page, 'A1', 'id');
  const header = await page.locator('#grid td[data-row="1"]').allInnerTexts();
  const scoreColumn = header.indexOf('match_data.similarity_score') + 1;
  const criteriaColumn = header.indexOf('match_data.matched_criteria') + 1;
  expect(header.indexOf('experience.1.company_name') + 1).toBe(scoreColumn - 1);
  expect(criteriaColumn).toBe(scoreColumn + 1);

  const { cells } = await serverSheet(page, sheetName);
  const column = (index: number) =>
    Array.from({ length: LIMIT }, (_, i) => cells.find((one) => one.row === i + 2 && one.column === index)?.text);
  for (const score of column(scoreColumn)) expect(Number(score)).toBeGreaterThan(0);
  for (const criteria of column(criteriaColumn)) expect(criteria).toContain('Based in Berlin');
  // What the page draws is what the sheet holds.
  const drawn = page.locator(`#grid td[data-row="2"][data-column="${criteriaColumn}"]`);
  expect(await drawn.innerText()).toBe(column(criteriaColumn)[0]);
});
