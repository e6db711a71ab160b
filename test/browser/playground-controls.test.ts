// The playground's own menu through the real playground (`npm start`'s entry on the dist/ just built), in Chromium:
// time passes and the world changes with it; runs go at the real pace (faster only when asked); a fault injected into
// the mock gives ERROR rows that "Retry failed rows" mends.
import type { FrameLocator, Page } from 'playwright-core';
import { DEMO_KEY } from '../../dev/mock-api/accounts';
import { MockControl } from '../../dev/mock-api/control';
import type { StateView } from '../../dev/playground/protocol';
import {
  cell,
  expectOnServer,
  expectText,
  openAddonMenuItem,
  playgroundMenuItem,
  serverSheet,
  showDemoSheet,
  typeInto,
  sidebarOf,
  usePlayground,
} from './playground-session';

jest.setTimeout(60_000);

const DAY_MS = 24 * 60 * 60_000;
/** The demo's five profiles in H2:H6 and these below them: three tier minutes' worth at the free tier. */
const MORE_PROFILES = Array.from({ length: 10 }, (_, i) => `https://www.network.com/in/paced-${i + 1}-5d6e7f8`);
const LAST_ROW = 6 + MORE_PROFILES.length;
const INPUT_ROWS = LAST_ROW - 1;

let page: Page;
let mock: MockControl;
usePlayground((session) => {
  page = session.page;
  mock = new MockControl(session.mockUrl);
});

const sidebar = (): FrameLocator => sidebarOf(page);
const runCard = () => sidebar().locator('.run-card').first();

async function pageState(): Promise<StateView> {
  return page.evaluate(async () => (await fetch('/api/state')).json() as Promise<StateView>);
}

const STATUS = /^(OK|NOT FOUND|PRIVATE|INVALID: |ERROR: )/;

/** The run's status beside each of rows `first`..`last` of the demo sheet, as the server holds them. */
async function statuses(first: number, last: number): Promise<string[]> {
  const { cells } = await serverSheet(page, 'Demo');
  return Array.from(
    { length: last - first + 1 },
    (_, i) => cells.find((one) => one.row === first + i && one.column > 8 && STATUS.test(one.text))?.text ?? '',
  );
}

test('Let time pass moves both clocks and says who changed, as the mock lists them; formulas then see it', async () => {
  await showDemoSheet(page);
  await expectText(page, 'B2', /\S/);
  const clockBefore = await mock.clock();

  expect(await playgroundMenuItem(page, 'Let time pass…', /^50% of people change/)).toContain('50% of people change');
  const said = await playgroundMenuItem(page, 'Let time pass…', /^90 days$/);

  const clockAfter = await mock.clock();
  // Less the real time the two looks at the clock took.
  expect(clockAfter.offset - clockBefore.offset).toBeGreaterThan(90 * DAY_MS - 60_000);
  const { rounds, changes } = await mock.worldChanges(0);
  expect(rounds).toHaveLength(1);
  expect(rounds[0].fraction).toBe(0.5);
  expect(changes.length).toBeGreaterThan(0);
  const counts = new Map<string, number>();
  changes.forEach((person) => new Set(person.kinds).forEach((kind) => counts.set(kind, (counts.get(kind) ?? 0) + 1)));
  expect(said).toContain(`90 days passed · ${changes.length} ${changes.length === 1 ? 'person' : 'people'} changed:`);
  counts.forEach((count, kind) => expect(said).toContain(`${count} ${kind}`));

  // The answers cached 90 days ago have expired: the formulas entered again read the world as it is now. The demo's
  // A2:A4 are scraped into B:D (name, headline, location) and looked up into E:F (email, phone).
  const columns: Record<string, string> = {
    'scrape headline': 'C',
    'scrape location': 'D',
    'contacts email': 'E',
    'contacts phone': 'F',
  };
  const rows = ['A2', 'A3', 'A4'].map((a1) => cell(page, a1).innerText());
  const urls = await Promise.all(rows);
  const expected = changes.flatMap((person) =>
    person.fields.flatMap((field) => {
      const row = urls.indexOf(person.inputs.network_url) + 2;
      const column = columns[`${field.format} ${field.field}`];
      return row < 2 || column === undefined ? [] : [{ a1: `${column}${row}`, text: String(field.new) }];
    }),
  );
  expect(expected.length).toBeGreaterThan(0);
  await typeInto(page, 'B2', '=SCRAPE_PROFILE(A2:A5, B1:D1)');
  await typeInto(page, 'E2', '=FIND_CONTACTS(A2:A5, E1:F1)');
  for (const { a1, text } of expected) await expectText(page, a1, text);
});

test('a free-tier run goes at the real pace: running with rows left, paused, resumed faster, completed', async () => {
  await showDemoSheet(page);
  expect((await pageState()).playground.speed).toBe(1);
  await page.evaluate((text) => navigator.clipboard.writeText(text), MORE_PROFILES.join('\n'));
  await cell(page, 'H7').click();
  await page.keyboard.press('ControlOrMeta+V');
  await expectText(page, `H${LAST_ROW}`, MORE_PROFILES.at(-1)!);

  await mock.setKey({ ...DEMO_KEY, tier: 'free' });
  await openAddonMenuItem(page, 'Settings…');
  await sidebar().getByLabel('Scrape tier').selectOption('free');
  await sidebar().getByRole('button', { name: 'Save' }).click();
  await sidebar().locator('#settings-status', { hasText: 'Settings saved.' }).waitFor();

  await cell(page, 'H1').click();
  await cell(page, `H${LAST_ROW}`).click({ modifiers: ['Shift'] });
  await openAddonMenuItem(page, 'Enrich selection…');
  await sidebar()
    .locator('#enrich-selection .selection-range', { hasText: `Demo!H1:H${LAST_ROW}` })
    .waitFor();
  await sidebar().getByRole('button', { name: 'Preview' }).click();
  await sidebar().getByRole('button', { name: 'Start enrichment' }).click();
  await sidebar()
    .getByRole('button', { name: /^Spend \d+ credits$/ })
    .click();

  // The free tier's first minute (less what formulas sent in it): at most five rows, then the run waits for the
  // next minute, in real time.
  const progress = runCard().locator('.card-progress-text');
  await progress.filter({ hasText: new RegExp(`^[1-5] of ${INPUT_ROWS} rows done`) }).waitFor();
  await runCard().locator('.badge', { hasText: 'Running' }).waitFor();
  expect((await pageState()).playground.speed).toBe(1);

  await runCard()
    .getByRole('button', { name: /^Pause/ })
    .click();
  await runCard().locator('.badge', { hasText: 'Paused' }).waitFor();
  expect(await progress.innerText()).toMatch(new RegExp(`^[1-5] of ${INPUT_ROWS} rows done`));

  expect(await playgroundMenuItem(page, 'Speed of runs and research', /^60×/)).toBe(
    'Playground\nRuns and research now go at 60× the real pace.',
  );
  expect((await pageState()).playground.speed).toBe(60);
  await runCard()
    .getByRole('button', { name: /^Resume/ })
    .click();
  await runCard().locator('.badge', { hasText: 'Completed' }).waitFor({ timeout: 40_000 });
  expect(await statuses(2, LAST_ROW)).toEqual(Array.from({ length: INPUT_ROWS }, () => 'OK'));
});

test('injected server errors end rows in ERROR; once cleared, Retry failed rows mends them', async () => {
  await showDemoSheet(page);
  const added = await playgroundMenuItem(page, 'Faults', /^Add private, missing and invalid profiles/);
  const firstAdded = LAST_ROW + 1;
  expect(added).toContain(`Demo!H${firstAdded}:H${firstAdded + 2}`);
  await expectText(page, `H${firstAdded + 2}`, 'not a profile URL');
  const fresh = 'https://www.network.com/in/retried-person-3c4d5e6';
  const lastRow = firstAdded + 3;
  await cell(page, `H${lastRow}`).click();
  await page.keyboard.type(fresh);
  await page.keyboard.press('Enter');
  await expectText(page, `H${lastRow}`, fresh);

  expect(await playgroundMenuItem(page, 'Faults', /^Server errors \(503\)/)).toContain('answer 503');
  await cell(page, `H${firstAdded}`).click();
  await cell(page, `H${lastRow}`).click({ modifiers: ['Shift'] });
  await openAddonMenuItem(page, 'Enrich selection…');
  await sidebar()
    .locator('#enrich-selection .selection-range', { hasText: `Demo!H${firstAdded}:H${lastRow}` })
    .waitFor();
  await sidebar().getByRole('button', { name: 'Preview' }).click();
  await sidebar().getByRole('button', { name: 'Start enrichment' }).click();
  await sidebar()
    .getByRole('button', { name: /^Spend \d+ credits$/ })
    .click();
  const card = sidebar()
    .locator('.run-card', { hasText: `H${firstAdded}` })
    .first();
  await card.getByRole('button', { name: 'Retry failed rows' }).waitFor({ timeout: 40_000 });
  const failed = await statuses(firstAdded, lastRow);
  expect(failed[0]).toMatch(/^ERROR: /);
  expect(failed[1]).toMatch(/^ERROR: /);
  expect(failed[2]).toMatch(/^INVALID: /);
  expect(failed[3]).toMatch(/^ERROR: /);

  expect(await playgroundMenuItem(page, 'Faults', /^Clear faults/)).toContain('No faults are waiting');
  await card.getByRole('button', { name: 'Retry failed rows' }).click();
  // The card said Completed before the retry too: wait for the rows themselves to settle.
  const mended = ['PRIVATE', 'NOT FOUND', failed[2], 'OK'];
  await expectOnServer(() => statuses(firstAdded, lastRow), mended);
  await card.locator('.badge', { hasText: 'Completed' }).waitFor({ timeout: 40_000 });
});
