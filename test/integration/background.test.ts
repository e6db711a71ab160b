// The background dispatcher in the built bundle: one clock trigger per user and document, run by the Apps Script
// fakes playing both answers to what Google does not document (docs/platform.md, "Uncertain behaviours"), against
// the mock API's research jobs on its manual job clock.
import type { GasEnvironment, GasEnvironmentOptions, UncertainAnswers } from '../../dev/gas-fakes';
import { type LoadedAddon, OWNER, sidebar, TEAMMATE, useIntegrationMock } from './harness';
import { addonForTwo, expectSummaryShape, readSheet, resultsAppear, type Summary } from './research-helpers';

const SEED = 11;
const OWNER_KEY = 'lk_test_background_owner_0000000a1b2';
const TEAMMATE_KEY = 'lk_test_background_mate_00000000c3d4';
const HANDLER = 'runBackgroundWork';
const HOUR_MS = 60 * 60_000;
const STATUS_PATH = /^\/api\/search\/deep_research\/[^/]+$/;
const ANOTHER_TRIGGER_HERE = /too many time-based triggers in this document/;
const NO_DOCUMENT =
  /^Background updates stopped because the trigger could not reach this spreadsheet \(no .+\); keep the sidebar open/;

const mock = useIntegrationMock(SEED);

type Addon = LoadedAddon & { key: string };

const backgroundAddon = (options: Partial<GasEnvironmentOptions> = {}): Promise<Addon> =>
  addonForTwo(mock, { owner: OWNER_KEY, teammate: TEAMMATE_KEY }, options);

function start(addon: LoadedAddon, query: string, limit: number, user = OWNER): Summary {
  const summary = sidebar(addon, 'startResearch', [{ query, limit }], user);
  expectSummaryShape(summary);
  return summary;
}

function list(addon: LoadedAddon, user = OWNER): Summary[] {
  return sidebar(addon, 'listResearchJobs', [], user) as Summary[];
}

function summaryOf(addon: LoadedAddon, jobId: string, user = OWNER): Summary {
  const found = list(addon, user).find((summary) => summary.jobId === jobId);
  if (!found) throw new Error(`Job ${jobId} is not listed.`);
  return found;
}

function poll(addon: LoadedAddon, user = OWNER): Summary[] {
  return sidebar(addon, 'pollResearch', [], user) as Summary[];
}

function triggersOf(addon: LoadedAddon, user = OWNER) {
  return addon.env.triggers.list().filter((trigger) => trigger.owner === user);
}

/** An hour later, the user's trigger fires; its handler must not fail. */
function fireTrigger(addon: LoadedAddon, user = OWNER): void {
  addon.env.clock.advance(HOUR_MS);
  const fired = addon.bundle.fireTimeTriggers({ user });
  expect(fired).toEqual([{ id: expect.any(String), handler: HANDLER, user }]);
}

/** What the user's own properties keep about the background of this document. */
function background(env: GasEnvironment, user = OWNER): { trigger?: string; problem?: string } {
  const properties = env.properties.user(user);
  return {
    trigger: properties[`background.trigger.${env.spreadsheet.id}`],
    problem: properties[`background.problem.${env.spreadsheet.id}`],
  };
}

async function statusRequests(): Promise<number> {
  return (await mock.control.requests({ method: 'GET', path: STATUS_PATH })).length;
}

const writesOf = (env: GasEnvironment) =>
  ['setProperty', 'setProperties', 'deleteProperty', 'deleteAllProperties']
    .map((method) => env.stats.callsByName[`Properties.${method}`] ?? 0)
    .reduce((sum, count) => sum + count, 0);
const readsOf = (env: GasEnvironment) =>
  (env.stats.callsByName['Properties.getProperty'] ?? 0) + (env.stats.callsByName['Properties.getProperties'] ?? 0);

describe.each([true, false])('with getUserTriggers listing add-on triggers: %s', (listed) => {
  const uncertain: Partial<UncertainAnswers> = { userTriggersListAddOnClockTriggers: listed };

  it('the trigger alone follows research jobs to their end, then deletes itself', async () => {
    const addon = await backgroundAddon({ uncertain });
    const one = start(addon, 'nurses in Porto', 10);
    const two = start(addon, 'data scientists in Paris', 30);
    expect(triggersOf(addon)).toEqual([expect.objectContaining({ handler: HANDLER, kind: 'everyHours' })]);
    expect(addon.env.triggers.refused()).toEqual([]);
    expect(JSON.parse(background(addon.env).trigger!)).toMatchObject({ uid: triggersOf(addon)[0].id });

    await resultsAppear(mock, one.jobId);
    fireTrigger(addon);
    expect(summaryOf(addon, one.jobId)).toMatchObject({ status: 'completed', rowsWritten: 10, error: null });
    expect(triggersOf(addon)).toHaveLength(1);
    await resultsAppear(mock, two.jobId);
    fireTrigger(addon);
    expect(summaryOf(addon, two.jobId)).toMatchObject({ status: 'completed', rowsWritten: 30, error: null });
    expect(readSheet(addon.env, two.sheetName).rows).toHaveLength(30);
    expect(addon.env.triggers.list()).toEqual([]);
    expect(background(addon.env)).toEqual({});
  });

  it('a trigger whose id was never kept ("too many triggers") adopts itself, finishes the job and deletes itself', async () => {
    const addon = await backgroundAddon({ uncertain });
    const scriptApp = addon.env.globals.ScriptApp as GoogleAppsScript.Script.ScriptApp;
    // Made, say, by an execution that ended before it kept the id.
    const orphan = addon.env.run('sidebar', OWNER, () =>
      scriptApp.newTrigger(HANDLER).timeBased().everyHours(1).create().getUniqueId(),
    );
    const job = start(addon, 'nurses in Porto', 10);
    expect(job.error).toBeNull();
    expect(triggersOf(addon).map((trigger) => trigger.id)).toEqual([orphan]);
    // Where Google lists it, it is found; where not, creating another is refused, which says it exists.
    expect(addon.env.triggers.refused()).toEqual(
      listed ? [] : [expect.objectContaining({ message: expect.stringMatching(ANOTHER_TRIGGER_HERE) })],
    );
    expect(JSON.parse(background(addon.env).trigger!)).toMatchObject({ uid: listed ? orphan : null });

    await resultsAppear(mock, job.jobId);
    fireTrigger(addon);
    expect(summaryOf(addon, job.jobId)).toMatchObject({ status: 'completed', rowsWritten: 10, error: null });
    expect(addon.env.triggers.list()).toEqual([]);
    expect(background(addon.env)).toEqual({});
  });

  it('a trigger presumed lost (not seen running for three hours) is replaced by the next sidebar poll', async () => {
    const addon = await backgroundAddon({ uncertain });
    const job = start(addon, 'nurses in Porto', 10);
    const [first] = triggersOf(addon);
    addon.env.clock.advance(3 * HOUR_MS + 60_000);
    poll(addon);
    const [second] = triggersOf(addon);
    expect(second.id).not.toBe(first.id);
    expect(addon.env.triggers.refused()).toEqual([]);
    await resultsAppear(mock, job.jobId);
    expect(addon.bundle.fireTimeTriggers({ id: second.id })).toEqual([
      { id: second.id, handler: HANDLER, user: OWNER },
    ]);
    expect(summaryOf(addon, job.jobId).status).toBe('completed');
    expect(addon.env.triggers.list()).toEqual([]);
  });
});

describe('how often the trigger runs', () => {
  it.each([
    ['an add-on installed from the Marketplace', { scriptKind: 'addon' }, 'everyHours'],
    ['an add-on installed by a domain admin', { installationSource: 'APPS_MARKETPLACE_DOMAIN_ADD_ON' }, 'everyHours'],
    ['a script bound to the sheet', { scriptKind: 'bound' }, 'everyMinutes'],
  ] as const)('%s: never tries what Google refuses', async (_case, options, kind) => {
    const addon = await backgroundAddon(options);
    start(addon, 'nurses in Porto', 10);
    expect(triggersOf(addon)).toEqual([expect.objectContaining({ handler: HANDLER, kind })]);
    expect(addon.env.triggers.refused()).toEqual([]);
  });

  it('an add-on run as a script of one’s own that may not run every minute falls back to hourly', async () => {
    const addon = await backgroundAddon({ scriptKind: 'addon', installationSource: 'NONE' });
    const job = start(addon, 'nurses in Porto', 10);
    expect(job.error).toBeNull();
    expect(triggersOf(addon)).toEqual([expect.objectContaining({ kind: 'everyHours', everyHours: 1 })]);
    expect(addon.env.triggers.refused()).toEqual([expect.objectContaining({ kind: 'everyMinutes' })]);
  });
});

describe.each([
  ['no spreadsheet', { clockTriggerGetsSpreadsheet: false }],
  ['no document properties', { clockTriggerGetsDocumentProperties: false }],
  ['no document lock', { clockTriggerGetsDocumentLock: false }],
  ['no spreadsheet and no trigger id', { clockTriggerGetsSpreadsheet: false, clockEventHasTriggerUid: false }],
])('a clock trigger that gets %s', (_case, withheld: Partial<UncertainAnswers>) => {
  it('stops cleanly and says why; the sidebar re-arms it and finishes; a working run clears the problem', async () => {
    const addon = await backgroundAddon({ uncertain: { ...withheld, userTriggersListAddOnClockTriggers: false } });
    const { env } = addon;
    const job = start(addon, 'nurses in Porto', 20);
    await resultsAppear(mock, job.jobId, 5);
    const asked = await statusRequests();
    fireTrigger(addon);
    // Nothing was asked or written; the trigger is gone and the owner is told, on their unfinished job only.
    expect(await statusRequests()).toBe(asked);
    expect(readSheet(env, job.sheetName).rows).toEqual([]);
    expect(env.triggers.list()).toEqual([]);
    expect(summaryOf(addon, job.jobId).error).toMatch(NO_DOCUMENT);
    expect(summaryOf(addon, job.jobId, TEAMMATE).error).toBeNull();
    expect(background(env).trigger).toBeUndefined();

    // The open sidebar's next poll writes what is there and sets the trigger up again; the problem stays shown.
    const [polled] = poll(addon);
    expect(polled).toMatchObject({ rowsWritten: 5, error: expect.stringMatching(NO_DOCUMENT) });
    expect(triggersOf(addon)).toEqual([expect.objectContaining({ handler: HANDLER, kind: 'everyHours' })]);

    // Where the trigger gets its document after all, it finishes the job and the problem is gone.
    Object.assign(env.uncertain, { clockTriggerGetsSpreadsheet: true, clockTriggerGetsDocumentProperties: true });
    Object.assign(env.uncertain, { clockTriggerGetsDocumentLock: true });
    await resultsAppear(mock, job.jobId, 15);
    fireTrigger(addon);
    expect(summaryOf(addon, job.jobId)).toMatchObject({ rowsWritten: 15, error: null });
    expect(background(env).problem).toBeUndefined();
    await resultsAppear(mock, job.jobId);
    fireTrigger(addon);
    expect(summaryOf(addon, job.jobId)).toMatchObject({ status: 'completed', rowsWritten: 20, error: null });
    expect(env.triggers.list()).toEqual([]);
  });

  it('when it stays so, the sidebar alone finishes the work, and no trigger or problem is left', async () => {
    const addon = await backgroundAddon({ uncertain: withheld });
    const job = start(addon, 'nurses in Porto', 20);
    fireTrigger(addon);
    expect(addon.env.triggers.list()).toEqual([]);
    poll(addon);
    expect(triggersOf(addon)).toHaveLength(1);
    fireTrigger(addon);
    expect(summaryOf(addon, job.jobId).error).toMatch(NO_DOCUMENT);
    await resultsAppear(mock, job.jobId);
    expect(poll(addon)[0]).toMatchObject({ status: 'completed', rowsWritten: 20, error: null });
    expect(addon.env.triggers.list()).toEqual([]);
    expect(background(addon.env)).toEqual({});
  });
});

describe('a trigger run that finds no work it can do deletes the trigger', () => {
  it('no job left: it goes quietly', async () => {
    const addon = await backgroundAddon();
    const job = start(addon, 'nurses in Porto', 10);
    delete addon.env.properties.document()[`research.job.${job.jobId}`];
    fireTrigger(addon);
    expect(addon.env.triggers.list()).toEqual([]);
    expect(background(addon.env)).toEqual({});
  });

  it("the owner's key removed: the job says why, and a key set again brings the trigger back", async () => {
    const addon = await backgroundAddon();
    const job = start(addon, 'nurses in Porto', 10);
    const key = addon.env.properties.user(OWNER).API_KEY;
    delete addon.env.properties.user(OWNER).API_KEY;
    fireTrigger(addon);
    expect(addon.env.triggers.list()).toEqual([]);
    expect(summaryOf(addon, job.jobId).error).toMatch(/^Background polling failed: No API key is set/);
    expect(summaryOf(addon, job.jobId, TEAMMATE).error).toBeNull();
    // Polls without a key fail readably and arrange nothing.
    expect(() => poll(addon)).toThrow(/No API key is set/);
    expect(addon.env.triggers.list()).toEqual([]);
    addon.env.properties.user(OWNER).API_KEY = key;
    expect(poll(addon)[0].error).toBeNull();
    expect(triggersOf(addon)).toHaveLength(1);
  });

  it('the work on another base URL: the job says which, and nothing is asked of either service', async () => {
    const addon = await backgroundAddon();
    const job = start(addon, 'nurses in Porto', 10);
    addon.env.properties.user(OWNER).API_BASE_URL = 'https://eu.api.enrich.example';
    const asked = (await mock.control.requests()).length;
    fireTrigger(addon);
    expect(await mock.control.requests()).toHaveLength(asked);
    expect(addon.env.triggers.list()).toEqual([]);
    expect(summaryOf(addon, job.jobId).error).toBe(
      `This job was started on ${mock.url}; set that base URL in Settings to follow it.`,
    );
  });

  it("a teammate's trigger leaves the owner's trigger and work alone", async () => {
    const addon = await backgroundAddon();
    const mine = start(addon, 'nurses in Porto', 10);
    const theirs = start(addon, 'data scientists in Paris', 10, TEAMMATE);
    await resultsAppear(mock, theirs.jobId);
    fireTrigger(addon, TEAMMATE);
    expect(summaryOf(addon, theirs.jobId)).toMatchObject({ status: 'completed' });
    expect(triggersOf(addon, TEAMMATE)).toEqual([]);
    expect(triggersOf(addon)).toHaveLength(1);
    expect(summaryOf(addon, mine.jobId)).toMatchObject({ rowsWritten: 0, error: null });
  });
});

describe('an open sidebar that costs nothing when nothing happens', () => {
  it('a poll that changes nothing writes no property, and listing reads each store once', async () => {
    const addon = await backgroundAddon();
    const { env } = addon;
    const job = start(addon, 'nurses in Porto', 20);
    await resultsAppear(mock, job.jobId, 5);
    let writes = writesOf(env);
    expect(poll(addon)[0].rowsWritten).toBe(5);
    expect(writesOf(env) - writes).toBe(1); // the counter sees the poll that did change something: one save

    writes = writesOf(env);
    expect(poll(addon)[0].rowsWritten).toBe(5);
    expect(writesOf(env)).toBe(writes);
    // Another key's poll (403) keeps that user's failure once; polling again changes nothing.
    expect(poll(addon, TEAMMATE)[0].error).toMatch(/403/);
    writes = writesOf(env);
    poll(addon, TEAMMATE);
    poll(addon);
    expect(writesOf(env)).toBe(writes);

    const whole = () => env.stats.callsByName['Properties.getProperties'] ?? 0;
    const [reads, wholeReads] = [readsOf(env), whole()];
    list(addon);
    list(addon, TEAMMATE);
    // One whole read of the document's properties and one of the user's, per listing.
    expect([readsOf(env) - reads, whole() - wholeReads]).toEqual([4, 4]);
  });
});

describe('many of one user’s jobs failing at once', () => {
  // Each network error names the URL; kept in one property per user, about 37 of them passed the 9 KB a property
  // may hold, and the poll failed with "Argument too large: value".
  it('a poll of 40 jobs that all meet a dropped connection shows each failure and stores every one', async () => {
    const addon = await backgroundAddon();
    const jobs: Summary[] = [];
    for (let i = 0; i < 40; i++) jobs.push(start(addon, `nurses in Porto, list ${i + 1}`, 5));
    await mock.control.addFaults([{ kind: 'drop', count: 1_000, path: '/api/search/deep_research/*' }]);
    const summaries = poll(addon);
    expect(summaries).toHaveLength(40);
    for (const summary of summaries) expect(summary.error).toMatch(/^Could not reach the service \(/);
    const stored = Object.entries(addon.env.properties.document());
    for (const [key, value] of stored) expect(Buffer.byteLength(key + value)).toBeLessThan(9 * 1024);
    expect(stored.filter(([key]) => key.startsWith('research.error.'))).toHaveLength(40);
    // What one property per user would have had to hold:
    const oneEntry = JSON.stringify(Object.fromEntries(summaries.map((summary) => [summary.jobId, summary.error])));
    expect(oneEntry.length).toBeGreaterThan(9 * 1024);

    await mock.control.clearFaults();
    await resultsAppear(mock, jobs[0].jobId);
    const [newest] = poll(addon).filter((summary) => summary.jobId === jobs[0].jobId);
    expect(newest).toMatchObject({ status: 'completed', error: null });
  });
});
