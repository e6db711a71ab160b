// Enrich selection in the built bundle, as the sidebar calls it, against the mock API: the selection, the preview and
// its exact cost, a run through to its last row, bad requests refused before anything is sent, and a run's pauses.
jest.setTimeout(30_000);
import { scrapedProfileForSlug } from '../../dev/mock-api/data';
import type { FieldChoices, RunSummary, SelectionInfo } from '../../src/core/contract';
import { type FieldPath, flattenRecord, parseFieldList } from '../../src/core/fields/flatten';
import { JOB_CHANGES_FIELDS } from '../../src/core/refresh/job-changes';
import { formula, OWNER, sidebar, TEAMMATE, trackKey, useIntegrationMock } from './harness';
import {
  columnByHeader,
  continueRuns,
  continueUntilDone,
  inputSheet,
  preview,
  SCRAPE_PATH,
  start,
  url,
  useBridgedAddons,
  values,
} from './enrichment-helpers';

const SEED = 11;
const KEY = 'lk_test_enrichment_0000000000e1f2';
const FIELDS = ['name', 'headline', 'experience.1.employer_name'];
const fieldPaths = (parseFieldList([FIELDS], 'scrapedProfile') as { ok: true; fields: FieldPath[] }).fields;
const expectedRow = (slug: string) => flattenRecord(scrapedProfileForSlug(SEED, slug), fieldPaths);
const request = (overrides: Record<string, unknown> = {}) => ({
  sheetName: 'Leads',
  inputA1: 'A1:A20',
  operation: 'scrape' as const,
  fields: FIELDS,
  ...overrides,
});

const mock = useIntegrationMock(SEED);

const addon = useBridgedAddons(mock, KEY);

const scrapes = async () => (await mock.control.requests({ path: SCRAPE_PATH })).length;

describe('the selection', () => {
  it('shows the selected column: its header, its rows, the kind of inputs and a sample', async () => {
    const { env, bundle } = await addon();
    inputSheet(env, 'Leads', 'Profile URL', [url('ada'), '', url('bob'), 'not a url', url('cy')]);
    env.spreadsheet.select('Leads', 'A1:A6');
    const info = bundle.callFromSidebar('getSelectionInfo', [], OWNER) as SelectionInfo;
    expect(info).toEqual({
      sheetName: 'Leads',
      inputA1: 'A1:A6',
      rows: 5,
      headerRow: 1,
      header: 'Profile URL',
      kind: 'profile_url',
      kinds: ['profile_url'],
      sample: [url('ada'), url('bob'), 'not a url'],
    });
    env.spreadsheet.select('Leads', 'A3:A4');
    expect(bundle.callFromSidebar('getSelectionInfo', [], OWNER)).toMatchObject({
      inputA1: 'A3:A4',
      rows: 2,
      headerRow: 2,
      header: null,
      sample: [url('bob')],
    });
  });

  it('offers the fields of each operation, the formula’s defaults first', async () => {
    const { bundle } = await addon();
    const choices = bundle.callFromSidebar('enrichmentFields', ['contacts'], OWNER) as { defaults: string[] };
    expect(choices.defaults).toEqual([
      'email',
      'email_type',
      'email_rating',
      'phone',
      'phone_type',
      'phone_rating',
      'li',
    ]);
  });

  it('offers a profile run the Job changes preset, and the other operations none', async () => {
    const { bundle } = await addon();
    const presets = (operation: string) =>
      (bundle.callFromSidebar('enrichmentFields', [operation], OWNER) as FieldChoices).presets;
    expect(presets('profile')).toEqual([{ name: 'Job changes', fields: [...JOB_CHANGES_FIELDS] }]);
    expect(presets('scrape')).toEqual([]);
    expect(presets('contacts')).toEqual([]);
  });
});

describe('a run', () => {
  const slugs = ['ada', 'bob', 'cy', 'dee', 'eve', 'fay'];

  it('costs exactly what its preview said, and the preview sends nothing', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', slugs.map(url));
    const shown = preview(loaded, request({ inputA1: 'A1:A7' }));
    expect(shown).toMatchObject({ rows: 6, toFetch: 6, credits: 12, cached: 0, duplicates: 0 });
    expect(await scrapes()).toBe(0);
    const run = start(loaded, request({ inputA1: 'A1:A7' }));
    expect(run).toMatchObject({ status: 'running', total: 6, done: 0, creditsEstimated: 12, creditsSpent: 0 });
    const done = continueUntilDone(loaded, run.runId);
    expect(done).toMatchObject({ status: 'completed', ok: 6, done: 6, failed: 0, creditsSpent: 12, etaSeconds: null });
    expect(await mock.control.creditsCharged({ key: KEY.slice(-4) })).toBe(shown.credits);
  });

  it('writes each row’s values beside its input and says what became of every row', async () => {
    const loaded = await addon();
    const inputs = [
      url('ada'),
      url('ada').toUpperCase().replace('HTTPS', 'https'),
      '',
      'not a url',
      url('private-x'),
      url('missing-y'),
      url('bob'),
    ];
    inputSheet(loaded.env, 'Leads', 'Profile URL', inputs);
    const shown = preview(loaded, request({ inputA1: 'A1:A8' }));
    expect(shown).toMatchObject({ rows: 7, blank: 1, invalid: 1, duplicates: 1, toFetch: 4, credits: 8 });
    expect(shown.columns).toEqual([...FIELDS, 'sheet-enrich scrape status', 'sheet-enrich scrape checked']);
    // Beside the list: its rows hold nothing past A, so the results start at B.
    expect(shown.outputA1).toBe('B1:F8');
    const startedAt = Math.floor(loaded.env.clock.now() / 1000) * 1000;
    expect(shown.invalidSamples).toEqual([
      {
        row: 5,
        value: 'not a url',
        reason: '"not a url" is not a profile URL (expected https://www.network.com/in/<name>).',
      },
    ]);
    const done = continueUntilDone(loaded, start(loaded, request({ inputA1: 'A1:A8' })).runId);
    expect(done).toMatchObject({ status: 'completed', total: 6, done: 6, ok: 3, notFound: 2, invalid: 1, failed: 0 });
    // The service bills neither the private nor the unknown profile.
    expect(done.creditsSpent).toBe(4);
    expect(await mock.control.creditsCharged({ key: KEY.slice(-4) })).toBe(shown.credits - 4);
    const grid = values(loaded.env, 'Leads');
    expect(grid[0]).toEqual(['Profile URL', ...FIELDS, 'sheet-enrich scrape status', 'sheet-enrich scrape checked']);
    // Each fetched row (OK, NOT FOUND, PRIVATE) is dated, as text, when it was fetched; the others are not.
    const checked = grid.slice(1).map((row) => row[5]);
    checked.forEach((cell, i) => {
      if ([2, 3].includes(i)) return expect(cell).toBe('');
      expect(cell).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(Date.parse(String(cell))).toBeGreaterThanOrEqual(startedAt);
      expect(Date.parse(String(cell))).toBeLessThanOrEqual(loaded.env.clock.now());
    });
    expect(grid.slice(1).map((row) => row.slice(1, 5))).toEqual([
      [...expectedRow('ada'), 'OK'],
      [...expectedRow('ada'), 'OK'],
      ['', '', '', ''],
      ['', '', '', 'INVALID: "not a url" is not a profile URL (expected https://www.network.com/in/<name>).'],
      ['', '', '', 'PRIVATE'],
      ['', '', '', 'NOT FOUND'],
      [...expectedRow('bob'), 'OK'],
    ]);
  });

  it('does not fetch done rows again, and answers from the cache for free', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', slugs.map(url));
    // A formula fetched two of them already (it caches them for everyone in the document).
    formula(loaded, 'SCRAPE_PROFILE', [[[url('ada')], [url('bob')]], 'name']);
    const formulaDone = loaded.env.clock.now();
    loaded.env.clock.advance(3_600_000);
    const before = await mock.control.creditsCharged();
    const cacheReads = () => loaded.env.stats.callsByName['Cache.getAll'] ?? 0;
    const readsBefore = cacheReads();
    const shown = preview(loaded, request({ inputA1: 'A1:A7' }));
    expect(shown).toMatchObject({ cached: 2, toFetch: 4, credits: 8 });
    // The preview reads the cache's index alone, in one call, never the answers.
    expect(cacheReads() - readsBefore).toBe(1);
    continueUntilDone(loaded, start(loaded, request({ inputA1: 'A1:A7' })).runId);
    expect((await mock.control.creditsCharged()) - before).toBe(8);
    expect(columnByHeader(loaded.env, 'Leads', 'name', 7)).toEqual(slugs.map((slug) => expectedRow(slug)[0]));
    // A cached answer is dated when the formula fetched it, an hour before the run; the others during the run.
    const checked = columnByHeader(loaded.env, 'Leads', 'sheet-enrich scrape checked', 7).map((cell) =>
      Date.parse(String(cell)),
    );
    slugs.forEach((slug, i) => {
      if (slug === 'ada' || slug === 'bob') expect(checked[i]).toBeLessThanOrEqual(formulaDone);
      else expect(checked[i]).toBeGreaterThanOrEqual(formulaDone + 3_600_000 - 1_000);
    });

    const again = preview(loaded, request({ inputA1: 'A1:A7' }));
    expect(again).toMatchObject({ alreadyDone: 6, toFetch: 0, credits: 0 });
    const second = start(loaded, request({ inputA1: 'A1:A7' }));
    expect(second).toMatchObject({ status: 'completed', done: 6, ok: 6 });
    expect((await mock.control.creditsCharged()) - before).toBe(8);
  });

  it('places results beside the list or where asked, never over a cell, each operation with its own status', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', [url('ada'), url('bob')]);
    // Far below the list, a note of the user's spans many columns: the results still go beside the list.
    loaded.env.spreadsheet.sheet('Leads').write('A9:H9', [['Totals', '', '', '', '', '', '', 'far']]);
    const beside = preview(loaded, request({ inputA1: 'A1:A3', fields: ['name'] }));
    expect(beside.outputA1).toBe('B1:D3');
    const refused = request({ inputA1: 'A1:A3', fields: ['name'], outputColumn: 'A' });
    expect(() => preview(loaded, refused)).toThrow(
      'The results need columns A:C, which already hold cells in these rows; choose a column with 3 empty columns from it.',
    );
    const scrape = start(loaded, request({ inputA1: 'A1:A3', fields: ['name'], outputColumn: 'D' }));
    continueUntilDone(loaded, scrape.runId);
    expect(values(loaded.env, 'Leads', 'A1:F1')).toEqual([
      ['Profile URL', '', '', 'name', 'sheet-enrich scrape status', 'sheet-enrich scrape checked'],
    ]);
    // A profile run over the same column does not take the scrape's statuses as its own: it fetches both rows.
    const profile = { sheetName: 'Leads', inputA1: 'A1:A3', operation: 'profile' as const, fields: ['full_name'] };
    const shown = preview(loaded, profile);
    expect(shown).toMatchObject({ alreadyDone: 0, toFetch: 2, outputA1: 'G1:I3' });
    expect(shown.columns).toEqual(['full_name', 'sheet-enrich profile status', 'sheet-enrich profile checked']);
    continueUntilDone(loaded, start(loaded, profile).runId);
    expect(columnByHeader(loaded.env, 'Leads', 'sheet-enrich profile status', 3)).toEqual(['OK', 'OK']);
    expect(columnByHeader(loaded.env, 'Leads', 'sheet-enrich scrape status', 3)).toEqual(['OK', 'OK']);
  });

  it('never writes over the user’s cells unless told to overwrite', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', [url('ada'), url('bob')]);
    loaded.env.spreadsheet.sheet('Leads').write('B1', [
      ['Notes', 'name'],
      ['keep me', 'Typed by hand'],
      ['', ''],
    ]);
    continueUntilDone(loaded, start(loaded, request({ inputA1: 'A1:A3', fields: ['name', 'headline'] })).runId);
    expect(values(loaded.env, 'Leads', 'A1:E3')).toEqual([
      ['Profile URL', 'Notes', 'name', 'headline', 'sheet-enrich scrape status'],
      [url('ada'), 'keep me', 'Typed by hand', expectedRow('ada')[1], 'OK'],
      [url('bob'), '', expectedRow('bob')[0], expectedRow('bob')[1], 'OK'],
    ]);
    const overwrite = request({ inputA1: 'A1:A3', fields: ['name'], overwrite: true });
    continueUntilDone(loaded, start(loaded, overwrite).runId);
    expect(values(loaded.env, 'Leads', 'B2:C2')).toEqual([['keep me', expectedRow('ada')[0]]]);
  });
});

describe('refused requests', () => {
  it.each([
    ['two columns', { inputA1: 'A1:B7' }, 'Select one column of inputs, such as A2:A501; A1:B7 spans 2 columns.'],
    ['an empty range', { inputA1: 'C2:C9' }, 'The range C2:C9 holds no inputs to enrich.'],
    ['an empty column under a header', { inputA1: 'D1:D9' }, 'The range D1:D9 holds no inputs to enrich.'],
    ['a missing sheet', { sheetName: 'Nope' }, 'There is no sheet named "Nope" in this spreadsheet.'],
    [
      'a row-1 selection without a header',
      { inputA1: 'E1:E3' },
      'A selection that starts on row 1 needs a header in its first cell, such as "Profile URL", to name the column.',
    ],
    ['an unknown field', { fields: ['nmae'] }, 'Unknown field "nmae". Did you mean "name"?'],
  ])('%s: one sentence, nothing sent or written', async (_what, overrides, message) => {
    const { env, bundle } = await addon();
    inputSheet(env, 'Leads', 'Profile URL', [url('ada'), url('bob')]);
    env.spreadsheet.sheet('Leads').write('D1', [['Links']]);
    env.spreadsheet.sheet('Leads').write('E1', [[url('eve')], [url('fay')]]);
    const sheetBefore = JSON.stringify(values(env, 'Leads'));
    for (const name of ['previewEnrichment', 'startEnrichment']) {
      expect(() => bundle.callFromSidebar(name, [request(overrides)], OWNER)).toThrow(message);
    }
    expect(await mock.control.log()).toEqual([]);
    expect(JSON.stringify(values(env, 'Leads'))).toBe(sheetBefore);
    expect(Object.keys(env.properties.document())).toEqual([]);
  });

  it('an unknown run, in one sentence', async () => {
    const { bundle } = await addon();
    for (const name of [
      'pauseEnrichment',
      'resumeEnrichment',
      'cancelEnrichment',
      'retryFailedEnrichment',
      'continueEnrichment',
    ]) {
      expect(() => bundle.callFromSidebar(name, ['nope'], OWNER)).toThrow(
        'That enrichment run is not in this spreadsheet.',
      );
    }
  });

  it('a start without a key', async () => {
    const { env, bundle } = await addon();
    delete env.properties.user(OWNER).API_KEY;
    inputSheet(env, 'Leads', 'Profile URL', [url('ada')]);
    expect(() => bundle.callFromSidebar('startEnrichment', [request({ inputA1: 'A1:A2' })], OWNER)).toThrow(
      /^No API key is set\./,
    );
    expect(Object.keys(env.properties.document())).toEqual([]);
  });
});

describe('pausing', () => {
  const ten = Array.from({ length: 10 }, (_, i) => url(`p${i}`));

  it('a key out of credits pauses the run with the sentence; topped up and resumed, it finishes without loss', async () => {
    const loaded = await addon({ credits: 5 });
    inputSheet(loaded.env, 'Leads', 'Profile URL', ten);
    const run = start(loaded, request({ inputA1: 'A1:A11' }));
    const paused = continueRuns(loaded, run.runId)[0];
    expect(paused).toMatchObject({ status: 'paused', ok: 2, done: 2, failed: 0, creditsSpent: 4 });
    expect(paused.error).toBe('The API key is out of credits (402). Add credits to the account, then try again.');
    expect(columnByHeader(loaded.env, 'Leads', 'sheet-enrich scrape status', 11).filter((s) => s === '')).toHaveLength(
      8,
    );
    // Paused: the sidebar's calls do nothing.
    const sent = await scrapes();
    expect(continueRuns(loaded, run.runId)[0].status).toBe('paused');
    expect(await scrapes()).toBe(sent);

    await mock.control.setKey({ key: KEY, credits: 1_000, tier: '2' });
    expect(sidebar<RunSummary>(loaded, 'resumeEnrichment', [run.runId])).toMatchObject({
      status: 'running',
      error: null,
    });
    expect(continueUntilDone(loaded, run.runId)).toMatchObject({ status: 'completed', ok: 10, creditsSpent: 20 });
    const charged = await mock.control.requests({ path: SCRAPE_PATH, status: 200 });
    expect(charged.map((entry) => entry.query.network_url).sort()).toEqual([...ten].sort());
  });

  it('a rejected key pauses the run with the sentence', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', ten);
    const run = start(loaded, request({ inputA1: 'A1:A11' }));
    const wrong = 'lk_test_enrichment_wrong_00000009z9y';
    trackKey(loaded.env, wrong);
    loaded.env.properties.user(OWNER).API_KEY = wrong;
    const paused = continueRuns(loaded, run.runId)[0];
    expect(paused).toMatchObject({ status: 'paused', done: 0 });
    expect(paused.error).toMatch(/^The API key was rejected \(401\)/);
    loaded.env.properties.user(OWNER).API_KEY = KEY;
    sidebar(loaded, 'resumeEnrichment', [run.runId]);
    expect(continueUntilDone(loaded, run.runId)).toMatchObject({ status: 'completed', ok: 10 });
  });

  it('pause, resume and cancel do as named', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', ten);
    const run = start(loaded, request({ inputA1: 'A1:A11' }));
    expect(sidebar<RunSummary>(loaded, 'pauseEnrichment', [run.runId])).toMatchObject({
      status: 'paused',
      etaSeconds: null,
    });
    expect(continueRuns(loaded)[0].status).toBe('paused');
    expect(await scrapes()).toBe(0);
    expect(sidebar<RunSummary>(loaded, 'resumeEnrichment', [run.runId]).status).toBe('running');
    expect(sidebar<RunSummary>(loaded, 'cancelEnrichment', [run.runId])).toMatchObject({ status: 'cancelled' });
    expect(continueRuns(loaded)[0].status).toBe('cancelled');
    expect(await scrapes()).toBe(0);
    expect(sidebar<RunSummary[]>(loaded, 'listEnrichments')).toEqual([
      expect.objectContaining({ runId: run.runId, status: 'cancelled' }),
    ]);
  });

  it('retry runs the ERROR rows again, and only those', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', [url('ada'), url('bob'), url('private-cy')]);
    // Every attempt the client makes at the three scrapes fails (4 attempts each).
    await mock.control.addFaults([{ kind: 'status', status: 500, count: 12, path: SCRAPE_PATH }]);
    const run = start(loaded, request({ inputA1: 'A1:A4' }));
    expect(continueUntilDone(loaded, run.runId)).toMatchObject({ status: 'completed', failed: 3, creditsSpent: 0 });
    const failure = 'ERROR: The service had an internal error (500); try again later.';
    expect(columnByHeader(loaded.env, 'Leads', 'sheet-enrich scrape status', 4)).toEqual([failure, failure, failure]);
    const retried = sidebar<RunSummary>(loaded, 'retryFailedEnrichment', [run.runId]);
    expect(retried).toMatchObject({ status: 'running', failed: 0, done: 0 });
    expect(continueUntilDone(loaded, run.runId)).toMatchObject({ status: 'completed', ok: 2, notFound: 1, failed: 0 });
    expect(columnByHeader(loaded.env, 'Leads', 'sheet-enrich scrape status', 4)).toEqual(['OK', 'OK', 'PRIVATE']);
    // NOT FOUND and PRIVATE are final: a retry has nothing to ask.
    const sent = await scrapes();
    expect(sidebar<RunSummary>(loaded, 'retryFailedEnrichment', [run.runId]).status).toBe('completed');
    continueRuns(loaded, run.runId);
    expect(await scrapes()).toBe(sent);
  });
});

describe('whose run, and one execution at a time', () => {
  const five = Array.from({ length: 5 }, (_, i) => url(`q${i}`));

  it('bills the starter’s key: a teammate sees the run but does not work on it; the ledger counts it as the starter’s', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', five);
    const run = start(loaded, request({ inputA1: 'A1:A6' }));
    const mate = 'lk_test_enrichment_mate_00000000c1d2';
    await mock.control.setKey({ key: mate, credits: 1_000, tier: '2' });
    trackKey(loaded.env, mate);
    Object.assign(loaded.env.properties.user(TEAMMATE), { API_KEY: mate, API_BASE_URL: mock.url, API_TIER: '2' });
    const seen = continueRuns(loaded, null, TEAMMATE);
    expect(seen).toEqual([expect.objectContaining({ runId: run.runId, status: 'running', done: 0, mine: false })]);
    expect(await scrapes()).toBe(0);
    const done = continueUntilDone(loaded, run.runId);
    expect(done).toMatchObject({ status: 'completed', creditsSpent: 10 });
    expect(await mock.control.creditsCharged({ key: mate.slice(-4) })).toBe(0);
    expect(sidebar<{ mine: { today: number } }>(loaded, 'getUsage').mine.today).toBe(10);
    expect(sidebar<{ mine: { today: number } }>(loaded, 'getUsage', [], TEAMMATE).mine.today).toBe(0);
  });

  it('leaves a run another execution is working on, until that execution’s claim lapses', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', five);
    const run = start(loaded, request({ inputA1: 'A1:A6' }));
    const key = Object.keys(loaded.env.properties.document()).find((name) => name.includes(run.runId))!;
    const entry = JSON.parse(loaded.env.properties.document()[key]) as Record<string, unknown>;
    const claimedUntil = loaded.env.clock.now() + 6 * 60_000;
    loaded.env.properties.document()[key] = JSON.stringify({
      ...entry,
      lease: { token: 'another', until: claimedUntil },
    });
    expect(continueRuns(loaded, run.runId)[0]).toMatchObject({ status: 'running', done: 0 });
    expect(await scrapes()).toBe(0);
    loaded.env.clock.advance(6 * 60_000 + 1);
    expect(continueUntilDone(loaded, run.runId)).toMatchObject({ status: 'completed', ok: 5 });
  });

  it('a poll that changes nothing writes no property', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', five);
    const run = start(loaded, request({ inputA1: 'A1:A6' }));
    sidebar(loaded, 'pauseEnrichment', [run.runId]);
    const writes = () =>
      ['Properties.setProperty', 'Properties.setProperties', 'Properties.deleteProperty']
        .map((name) => loaded.env.stats.callsByName[name] ?? 0)
        .reduce((a, b) => a + b, 0);
    const before = writes();
    continueRuns(loaded);
    continueRuns(loaded, run.runId);
    sidebar(loaded, 'listEnrichments');
    expect(writes()).toBe(before);
  });

  it('refuses a second run over rows a run is still enriching', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', five);
    start(loaded, request({ inputA1: 'A1:A6' }));
    expect(() => start(loaded, request({ inputA1: 'A3:A4' }))).toThrow(
      'A run is already enriching these rows (A1:A6); cancel it, or wait until it ends.',
    );
  });

  it('stops with one sentence when its rows were deleted', async () => {
    const loaded = await addon();
    inputSheet(loaded.env, 'Leads', 'Profile URL', five);
    const run = start(loaded, request({ inputA1: 'A1:A6' }));
    loaded.env.spreadsheet.sheet('Leads').deleteRows(1, 6);
    expect(continueRuns(loaded, run.runId)[0]).toMatchObject({
      status: 'error',
      error: "The run's rows were deleted (or their sheet was), so it cannot go on.",
    });
    expect(await scrapes()).toBe(0);
  });
});
