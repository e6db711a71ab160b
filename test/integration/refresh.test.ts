// Living lists through the built bundle, the fakes and the mock: a run, the mock's world changing, and a refresh that
// fetches the due rows again, rewrites only what changed (noted, highlighted and logged), charges exactly its
// preview, and finds nothing the second time.
import { REFERENCE_MONTH, REFERENCE_YEAR } from '../../dev/mock-api/data';
import type { WorldFieldChange } from '../../dev/mock-api/protocol';
import type { ChangeEntry, EnrichmentRequest, RunSummary } from '../../src/core/contract';
import { capCellText } from '../../src/core/cells';
import { HOSTILE_TEXTS } from './faults-scenarios';
import { OWNER, rewriteAnswers, sidebar, useIntegrationMock } from './harness';
import {
  continueUntilDone,
  inputSheet,
  preview,
  SCRAPE_PATH,
  start,
  url,
  useBridgedAddons,
  values,
} from './enrichment-helpers';

jest.setTimeout(120_000);

const SEED = 23;
const KEY = 'lk_test_refresh_00000000000000a1b2';
const FIELDS = ['headline', 'location', 'experience.1.employer_name', 'experience.1.employee_title'];
const ROWS = 200;
const DAY_MS = 86_400_000;
const WORLD_START = Date.UTC(REFERENCE_YEAR, REFERENCE_MONTH - 1, 1);

const mock = useIntegrationMock(SEED);
const addon = useBridgedAddons(mock, KEY);

const slugs = Array.from({ length: ROWS }, (_, i) => `lead-${String(i + 1).padStart(3, '0')}`);
const request = (refresh?: EnrichmentRequest['refresh']): EnrichmentRequest => ({
  sheetName: 'Leads',
  inputA1: `A1:A${ROWS + 1}`,
  operation: 'scrape',
  fields: FIELDS,
  ...(refresh === undefined ? {} : { refresh }),
});
const listChanges = (loaded: Awaited<ReturnType<typeof addon>>, runId: string | null = null) =>
  sidebar<ChangeEntry[]>(loaded, 'listChanges', [runId, 1000], OWNER);

async function enrichedList() {
  const loaded = await addon({ credits: 100_000 });
  inputSheet(loaded.env, 'Leads', 'Profile URL', slugs.map(url));
  const first = start(loaded, request());
  expect(continueUntilDone(loaded, first.runId)).toMatchObject({ status: 'completed', ok: ROWS });
  return { loaded, runId: first.runId };
}

/** The mock's changes in the run's fields, as (input, field, old, new) text. */
async function expectedChanges(): Promise<string[]> {
  const world = await mock.control.worldChanges();
  return world.changes.flatMap((person) =>
    person.fields
      .filter((field: WorldFieldChange) => field.format === 'scrape' && FIELDS.includes(field.field))
      .map((field) => key(person.inputs.network_url, field.field, field.old, field.new)),
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const key = (input: string, field: string, old: unknown, value: unknown) =>
  JSON.stringify([input, field, String(old ?? ''), String(value ?? '')]);

describe('a refresh', () => {
  it('finds exactly what changed in the world, charges its preview, and nothing more the second time', async () => {
    const { loaded, runId } = await enrichedList();
    const before = await mock.control.creditsCharged();
    await mock.control.changeWorld({ fraction: 0.05, seed: 5 });
    const expected = await expectedChanges();
    expect(expected.length).toBeGreaterThan(3);
    // A row fetched in the refresh's own second is not older than it: the refresh comes a minute later.
    loaded.env.clock.advance(60_000);

    const shown = preview(loaded, request({ olderThanDays: 0 }));
    expect(shown).toMatchObject({ toFetch: ROWS, cached: 0, credits: 2 * ROWS, refresh: { rows: ROWS } });
    const refreshed = start(loaded, request({ olderThanDays: 0 }));
    // The same run goes on: its card stays.
    expect(refreshed.runId).toBe(runId);
    const done = continueUntilDone(loaded, runId);
    expect(done).toMatchObject({ status: 'completed', refreshed: ROWS, changes: expected.length });
    expect((await mock.control.creditsCharged()) - before).toBe(shown.credits);

    const logged = listChanges(loaded, runId);
    expect(logged.map((change) => key(change.input, change.field, change.old, change.new)).sort()).toEqual(
      [...expected].sort(),
    );
    // Each changed cell holds the new value, highlighted, with a note saying what it was.
    const sheet = loaded.env.spreadsheet.sheet('Leads');
    const header = values(loaded.env, 'Leads')[0];
    for (const change of logged) {
      // The outputs are in B to G: one letter each.
      const cell = `${String.fromCharCode(65 + header.indexOf(change.field))}${change.row}`;
      expect(sheet.values(cell)).toEqual([[change.new]]);
      expect(sheet.backgrounds(cell)).toEqual([['#fff2cc']]);
      expect(sheet.notes(cell)[0][0]).toMatch(
        new RegExp(`^sheet-enrich: was ${escape(JSON.stringify(change.old))} until `),
      );
    }

    loaded.env.clock.advance(60_000);
    const again = start(loaded, request({ olderThanDays: 0 }));
    expect(again.runId).toBe(runId);
    expect(continueUntilDone(loaded, runId)).toMatchObject({ status: 'completed', refreshed: ROWS, changes: 0 });
    expect(listChanges(loaded, runId)).toHaveLength(logged.length);
  });

  it('fetches again only the rows checked before now less olderThanDays', async () => {
    const { loaded } = await enrichedList();
    loaded.env.clock.advance(10 * DAY_MS);
    // Rows 2 to 11 are fetched again now; the rest stay ten days old.
    const early = { ...request({ olderThanDays: 0 }), inputA1: 'A1:A11' };
    continueUntilDone(loaded, start(loaded, early).runId);
    loaded.env.clock.advance(3 * DAY_MS);
    const shown = preview(loaded, request({ olderThanDays: 7 }));
    expect(shown).toMatchObject({ toFetch: ROWS - 10, refresh: { rows: ROWS - 10 } });
    expect(preview(loaded, request({ olderThanDays: 20 }))).toMatchObject({ toFetch: 0, refresh: { rows: 0 } });
    const summary: RunSummary = start(loaded, request({ olderThanDays: 7 }));
    expect(continueUntilDone(loaded, summary.runId)).toMatchObject({ refreshed: ROWS - 10 });
  });

  it('rewrites rows by input after sorts and inserted rows, leaving the user’s column and notes alone', async () => {
    const loaded = await addon({ credits: 100_000 });
    inputSheet(loaded.env, 'Leads', 'Profile URL', slugs.map(url));
    const sheet = loaded.env.spreadsheet.sheet('Leads');
    sheet.write('B1', [['Owner'], ...slugs.map((slug) => [`owner of ${slug}`])]);
    const first = start(loaded, request());
    continueUntilDone(loaded, first.runId);
    // Outputs in C to H. The user sorts the list (Z to A), inserts rows, and notes every headline cell.
    sheet.sortRows({ row: 2, column: 1, numRows: ROWS, numColumns: 8 }, [{ column: 1, ascending: false }]);
    sheet.insertRows(60, 3);
    for (let row = 2; row <= ROWS + 4; row++) sheet.setCell(row, 3, { ...sheet.cell(row, 3), note: 'my note' });
    const owners = sheet.values('A1:B204');
    await mock.control.changeWorld({ fraction: 0.05, seed: 9 });
    const expected = await expectedChanges();
    loaded.env.clock.advance(60_000);
    start(loaded, request({ olderThanDays: 0 }));
    continueUntilDone(loaded, first.runId);
    const logged = listChanges(loaded, first.runId);
    expect(logged.map((change) => key(change.input, change.field, change.old, change.new)).sort()).toEqual(
      [...expected].sort(),
    );
    expect(sheet.values('A1:B204')).toEqual(owners);
    const header = values(loaded.env, 'Leads')[0];
    for (const change of logged) {
      expect(sheet.values(`A${change.row}`)).toEqual([[change.input]]);
      const cell = `${String.fromCharCode(65 + header.indexOf(change.field))}${change.row}`;
      expect(sheet.values(cell)).toEqual([[change.new]]);
      if (change.field === 'headline') expect(sheet.notes(cell)[0][0]).toMatch(/^sheet-enrich: was .*\nmy note$/);
    }
    // Cells the refresh did not change keep the user's note alone.
    const changedRows = new Set(logged.filter((change) => change.field === 'headline').map((change) => change.row));
    for (let row = 2; row <= ROWS + 4; row++) {
      if (!changedRows.has(row)) expect(sheet.notes(`C${row}`)).toEqual([['my note']]);
    }
  });

  it('pauses at a 402 midway with nothing lost, and goes on once the key has credits', async () => {
    const loaded = await addon({ credits: 2 * ROWS + 150 });
    inputSheet(loaded.env, 'Leads', 'Profile URL', slugs.map(url));
    const first = start(loaded, request());
    continueUntilDone(loaded, first.runId);
    await mock.control.changeWorld({ fraction: 0.05, seed: 5 });
    const expected = await expectedChanges();
    loaded.env.clock.advance(60_000);
    start(loaded, request({ olderThanDays: 0 }));
    const paused = continueUntilDone(loaded, first.runId);
    expect(paused.status).toBe('paused');
    expect(paused.refreshed).toBe(75);
    const partly = listChanges(loaded, first.runId);
    expect(partly.length).toBe(paused.changes);
    await mock.control.setKey({ key: KEY, credits: 10_000, tier: '2' });
    sidebar<RunSummary>(loaded, 'resumeEnrichment', [first.runId], OWNER);
    const done = continueUntilDone(loaded, first.runId);
    expect(done).toMatchObject({ status: 'completed', refreshed: ROWS, changes: expected.length });
    const logged = listChanges(loaded, first.runId);
    expect(logged.map((change) => key(change.input, change.field, change.old, change.new)).sort()).toEqual(
      [...expected].sort(),
    );
  });

  it('in economy asks each row’s record first and scrapes again only the rows it shows changed', async () => {
    const { loaded, runId } = await enrichedList();
    // Records date their changes in world time (the data's reference month plus the mock's clock): it is moved to
    // the fakes' time, so a change made now is after the rows' checked times, as it would be.
    const { jobTime } = await mock.control.clock();
    await mock.control.advanceClock(loaded.env.clock.now() - (WORLD_START + jobTime));
    await mock.control.changeWorld({ fraction: 0.05, seed: 5 });
    const expected = await expectedChanges();
    loaded.env.clock.advance(60_000);
    const economy = request({ olderThanDays: 0, economy: true });
    const shown = preview(loaded, economy);
    expect(shown.refresh).toMatchObject({ rows: ROWS, economyCredits: [ROWS, 3 * ROWS] });
    expect(shown.credits).toBe(3 * ROWS);
    const before = await mock.control.creditsCharged();
    start(loaded, economy);
    const done = continueUntilDone(loaded, runId);
    expect(done).toMatchObject({ status: 'completed', refreshed: ROWS, changes: expected.length });
    const scrapedAgain = (await mock.control.requests({ path: SCRAPE_PATH, status: 200 })).length - ROWS;
    expect(scrapedAgain).toBeGreaterThan(0);
    expect(scrapedAgain).toBeLessThan(ROWS / 4);
    const charged = (await mock.control.creditsCharged()) - before;
    expect(charged).toBe(ROWS + 2 * scrapedAgain);
    expect(charged).toBeLessThan(2 * ROWS);
    const logged = listChanges(loaded, runId);
    expect(logged.map((change) => key(change.input, change.field, change.old, change.new)).sort()).toEqual(
      [...expected].sort(),
    );
    // Every row was checked again, kept or scraped: a refresh right after has nothing older than a minute.
    loaded.env.clock.advance(60_000);
    expect(preview(loaded, request({ olderThanDays: 1 })).refresh).toMatchObject({ rows: 0 });
  });

  it('writes and logs hostile text exactly: formula-, date- and number-looking, 60,000 characters, unicode', async () => {
    const loaded = await addon({ credits: 100_000 });
    const count = HOSTILE_TEXTS.length;
    const inputs = Array.from({ length: count }, (_, i) => url(`hostile-${i}`));
    inputSheet(loaded.env, 'Leads', 'Profile URL', inputs);
    const profile: EnrichmentRequest = {
      sheetName: 'Leads',
      inputA1: `A1:A${count + 1}`,
      operation: 'profile',
      fields: ['full_name', 'headline'],
    };
    const first = start(loaded, profile);
    continueUntilDone(loaded, first.runId);
    const before = values(loaded.env, 'Leads', `B2:C${count + 1}`);
    // The service now answers each profile with hostile text in both fields.
    const hostile = (i: number, field: number) => HOSTILE_TEXTS[(i + field * 7) % count];
    rewriteAnswers(loaded.env, /\/api\/enrich\/network\?/, (answer, sent) => {
      const i = Number(/hostile-(\d+)(?!\d)/.exec(decodeURIComponent(sent))![1]);
      answer.full_name = hostile(i, 0);
      answer.headline = hostile(i, 1);
    });
    loaded.env.clock.advance(60_000);
    start(loaded, { ...profile, refresh: { olderThanDays: 0 } });
    expect(continueUntilDone(loaded, first.runId)).toMatchObject({ status: 'completed', refreshed: count });
    const expectedCells = inputs.map((_, i) => [capCellText(hostile(i, 0)), capCellText(hostile(i, 1))]);
    expect(values(loaded.env, 'Leads', `B2:C${count + 1}`)).toEqual(expectedCells);
    const logged = listChanges(loaded, first.runId);
    const expectedLog = inputs.flatMap((input, i) =>
      ['full_name', 'headline'].map((field, f) => [input, field, before[i][f], expectedCells[i][f]]),
    );
    expect(logged.map((change) => [change.input, change.field, change.old, change.new]).sort()).toEqual(
      expectedLog.sort(),
    );
  });
});
