// Enrichment runs as background work, in the built bundle: the user's trigger keeps only for runs it can go on with
// (the user's key set, on the run's base URL). A run it cannot continue is paused with the reason on it, and a trigger
// that finds only such runs deletes itself; a resume that the trigger could not continue arranges none.
jest.setTimeout(30_000);
import type { RunSummary } from '../../src/core/contract';
import { type LoadedAddon, OWNER, sidebar, useIntegrationMock } from './harness';
import { continueRuns, inputSheet, SCRAPE_PATH, start, url, useBridgedAddons } from './enrichment-helpers';

const SEED = 19;
const KEY = 'lk_test_enrichment_bg_00000000000f7a8';
const ELSEWHERE = 'https://eu.api.enrich.example';

const mock = useIntegrationMock(SEED);
const bridgedAddon = useBridgedAddons(mock, KEY);

const ten = Array.from({ length: 10 }, (_, i) => url(`bg-${i}`));
const request = (inputA1 = 'A1:A11') => ({
  sheetName: 'Leads',
  inputA1,
  operation: 'scrape' as const,
  fields: ['name'],
});

async function addonWithRun(): Promise<{ addon: LoadedAddon; run: RunSummary }> {
  const addon = await bridgedAddon();
  inputSheet(addon.env, 'Leads', 'Profile URL', ten);
  const run = start(addon, request());
  expect(triggers(addon)).toHaveLength(1);
  return { addon, run };
}

const triggers = (addon: LoadedAddon) => addon.env.triggers.list().filter((trigger) => trigger.owner === OWNER);
const summaryOf = (addon: LoadedAddon, runId: string) =>
  sidebar<RunSummary[]>(addon, 'listEnrichments').find((run) => run.runId === runId)!;
const scrapes = async () => (await mock.control.requests({ path: SCRAPE_PATH })).length;

/** Fires the owner's one trigger; its handler must not fail. */
function fire(addon: LoadedAddon): void {
  const [trigger] = triggers(addon);
  expect(addon.bundle.fireTimeTriggers({ id: trigger.id })).toEqual([
    expect.not.objectContaining({ error: expect.anything() }),
  ]);
}

describe('a run the trigger cannot go on with is not background work', () => {
  it('without the starter’s key: the trigger pauses it saying why, deletes itself, and a resume arranges none', async () => {
    const { addon, run } = await addonWithRun();
    delete addon.env.properties.user(OWNER).API_KEY;
    fire(addon);
    expect(triggers(addon)).toEqual([]);
    expect(summaryOf(addon, run.runId)).toMatchObject({
      status: 'paused',
      done: 0,
      error: expect.stringMatching(/^No API key is set\./),
    });
    expect(await scrapes()).toBe(0);

    // Resumed without a key: nothing a trigger could do, so none is set up.
    expect(sidebar<RunSummary>(addon, 'resumeEnrichment', [run.runId]).status).toBe('running');
    expect(triggers(addon)).toEqual([]);

    // With the key again, a resume is background work: the trigger alone finishes the run, then goes.
    addon.env.properties.user(OWNER).API_KEY = KEY;
    sidebar(addon, 'resumeEnrichment', [run.runId]);
    expect(triggers(addon)).toHaveLength(1);
    fire(addon);
    expect(summaryOf(addon, run.runId)).toMatchObject({ status: 'completed', ok: 10, error: null });
    expect(triggers(addon)).toEqual([]);
  });

  it('on another base URL than the run’s: the run says which, nothing is asked of either service', async () => {
    const { addon, run } = await addonWithRun();
    addon.env.properties.user(OWNER).API_BASE_URL = ELSEWHERE;
    const asked = (await mock.control.requests()).length;
    fire(addon);
    expect(await mock.control.requests()).toHaveLength(asked);
    expect(addon.env.urlFetch.requests.filter((sent) => sent.url.startsWith(ELSEWHERE))).toEqual([]);
    expect(triggers(addon)).toEqual([]);
    expect(summaryOf(addon, run.runId)).toMatchObject({
      status: 'paused',
      error: `This run was started on ${mock.url}; set that base URL in Settings to continue it.`,
    });
    expect(sidebar<RunSummary>(addon, 'resumeEnrichment', [run.runId]).status).toBe('running');
    expect(triggers(addon)).toEqual([]);
  });

  it('beside a run it can go on with: it finishes that one, pauses the other saying why, then goes', async () => {
    const { addon, run: here } = await addonWithRun();
    // A second run, over column C, started while the owner's settings pointed elsewhere (starting sends nothing).
    addon.env.spreadsheet.sheet('Leads').write('C1', [['More profiles'], ...ten.map((input) => [input])]);
    addon.env.properties.user(OWNER).API_BASE_URL = ELSEWHERE;
    const there = start(addon, { ...request('C1:C11'), fields: ['headline'] });
    addon.env.properties.user(OWNER).API_BASE_URL = mock.url;
    fire(addon);
    expect(summaryOf(addon, there.runId)).toMatchObject({
      status: 'paused',
      done: 0,
      error: `This run was started on ${ELSEWHERE}; set that base URL in Settings to continue it.`,
    });
    expect(summaryOf(addon, here.runId)).toMatchObject({ status: 'completed', ok: 10 });
    expect(triggers(addon)).toEqual([]);
    expect(
      continueRuns(addon)
        .map((summary) => summary.status)
        .sort(),
    ).toEqual(['completed', 'paused']);
  });
});
