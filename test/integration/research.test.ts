// Research jobs in the built bundle, run in the Apps Script fakes as the sidebar and the background
// trigger run them, against the mock API's research jobs on its manual job clock.
import { profileRecordForQuery } from '../../dev/mock-api/data';
import { JOB_ERROR_TEXT } from '../../dev/mock-api/jobs';
import { HARD_TEXT } from '../../dev/mock-api/data/hard-cases';
import { RESEARCH_COLUMNS } from '../../src/core/fields/defaults';
import { headerFor } from '../../src/core/fields/flatten';
import { loadAddon, type LoadedAddon, OWNER, sidebar, slowRequests, TEAMMATE } from './harness';
import {
  educationSheet,
  entriesOf,
  ESSENTIAL_HEADERS,
  expectCompanionGroups,
  expectedProfiles,
  expectExactSheets,
  expectSummaryShape,
  experienceSheet,
  list,
  OWNER_KEY,
  poll,
  POLL_HANDLER,
  readSheet,
  researchAddon,
  RESEARCH_SEED,
  resultsAppear,
  start,
  STATUS_PATH,
  summaryOf,
  TEAMMATE_KEY,
  triggersOf,
  useResearchMock,
} from './research-helpers';

const HOUR_MS = 60 * 60_000;

const mock = useResearchMock();

/** Fires the user's poll trigger now, whether due or not; the handler must not fail. */
function fireTrigger(addon: LoadedAddon, user = OWNER): void {
  addon.env.clock.advance(HOUR_MS);
  const fired = addon.bundle.fireTimeTriggers({ user });
  expect(fired).toHaveLength(1);
  expect(fired[0]).toEqual({ id: expect.any(String), handler: POLL_HANDLER, user });
}

/** The document's registry entry of a job, as stored (cursor included). */
function stored(addon: LoadedAddon, jobId: string): Record<string, unknown> {
  return JSON.parse(addon.env.properties.document()[`research.job.${jobId}`]) as Record<string, unknown>;
}

async function statusRequests(jobId?: string) {
  const all = await mock.control.requests({ method: 'GET', path: STATUS_PATH });
  return jobId === undefined ? all : all.filter((entry) => entry.path.endsWith(`/${jobId}`));
}

/** The value a column names: a root field, or a member of one (`match_data.similarity_score`). */
function valueAt(record: Record<string, unknown>, header: string): unknown {
  return header
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      record,
    );
}

/** Whether a value of the API shows as something in a cell: a scalar other than null or '', or a list or object holding one. */
function hasContent(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.some(hasContent);
  if (typeof value === 'object') return Object.values(value).some(hasContent);
  return true;
}

describe('a long job, polled by the sidebar and the trigger', () => {
  it('ends with each of its 237 profiles once, companions grouped by profile, a toast and the trigger gone', async () => {
    const addon = await researchAddon(mock);
    const { env } = addon;
    await mock.control.nextJob({ duplicates: 1 });
    const started = start(addon, { query: 'data engineers in Lisbon', limit: 238 });
    expect(started).toMatchObject({
      query: 'data engineers in Lisbon',
      status: 'pending',
      rowsWritten: 0,
      error: null,
    });
    expect(list(addon)).toEqual([started]);
    expect(readSheet(env, started.sheetName).headers).toEqual(ESSENTIAL_HEADERS);
    expect(triggersOf(addon)).toEqual([
      expect.objectContaining({ handler: POLL_HANDLER, kind: 'everyHours', everyHours: 1 }),
    ]);

    // One profile comes twice, on another page than its first time.
    const state = await mock.control.job(started.jobId);
    expect(state.targetResults).toBe(238);
    expect(state.duplicatePositions).toHaveLength(1);
    const [{ position, repeats }] = state.duplicatePositions;
    expect(Math.floor(position / 100)).not.toBe(Math.floor(repeats / 100));

    env.spreadsheet.activate(env.spreadsheet.sheet('Sheet1'));
    let summary = started;
    /** Rows each poll added, and who polled. */
    const added: Array<{ by: 'sidebar' | 'trigger'; rows: number }> = [];
    for (let round = 1; summary.status !== 'completed' && round <= 60; round++) {
      await mock.control.advanceClock(23_000);
      const before = summary.rowsWritten;
      if (round % 3 === 0) {
        fireTrigger(addon);
        summary = summaryOf(addon, started.jobId);
        added.push({ by: 'trigger', rows: summary.rowsWritten - before });
      } else {
        [summary] = poll(addon);
        added.push({ by: 'sidebar', rows: summary.rowsWritten - before });
      }
      expect(summary.rowsWritten).toBe(readSheet(env, started.sheetName).rows.length);
    }
    // Rows arrived as the service validated them, poll after poll, by the sidebar's polls and by the background
    // trigger alike: each poll added exactly the profiles validated in the 23 s of job time before it (the repeated
    // one only once), and every poll after the first found some.
    const rowsBy = (jobTime: number) => {
      const available = state.resultTimes.filter((at) => at <= jobTime).length;
      return available - state.duplicatePositions.filter((duplicate) => duplicate.position < available).length;
    };
    const pollTime = (round: number) => state.createdAtJobTime + 23_000 * round;
    expect(added.map((step) => step.rows)).toEqual(added.map((_, i) => rowsBy(pollTime(i + 1)) - rowsBy(pollTime(i))));
    expect(added.filter((step) => step.rows > 0)).toHaveLength(added.length - 1);
    expect(added.some((step) => step.by === 'trigger' && step.rows > 0)).toBe(true);
    expect(added.some((step) => step.by === 'sidebar' && step.rows > 0)).toBe(true);
    expect(summary).toMatchObject({ status: 'completed', rowsWritten: 237, finalResultsCount: 238, error: null });
    expect(summary.chunksProcessed).toBe(summary.totalChunks);
    await expectExactSheets(mock, addon, summary);
    expect(new Set(readSheet(env, summary.sheetName).column('id')).size).toBe(237);

    // Polls never moved the user away from the sheet they were on.
    expect(env.spreadsheet.activeSheet().name).toBe('Sheet1');
    expect(env.ui.toasts).toEqual([{ message: expect.stringContaining(summary.sheetName), title: expect.any(String) }]);
    expect(env.ui.toasts[0].message).toContain('237');
    expect(triggersOf(addon)).toEqual([]);

    // Polling a finished job again asks nothing and changes nothing.
    const before = (await statusRequests()).length;
    expect(poll(addon)).toEqual([summary]);
    expect(poll(addon, OWNER, summary.jobId)).toEqual([summary]);
    expect(await statusRequests()).toHaveLength(before);
    expect(readSheet(env, summary.sheetName).rows).toHaveLength(237);
    expect(env.ui.toasts).toHaveLength(1);
  });

  it('writes the entries of a profile repeated within one page only once', async () => {
    const addon = await researchAddon(mock);
    await mock.control.nextJob({ duplicates: 3 });
    const job = start(addon, { query: 'nurses in Porto', limit: 60 });
    const state = await mock.control.job(job.jobId);
    expect(state.duplicatePositions.every((entry) => entry.position < 100 && entry.repeats < 100)).toBe(true);
    await resultsAppear(mock, job.jobId);
    const [summary] = poll(addon);
    expect(summary).toMatchObject({ status: 'completed', rowsWritten: 57 });
    await expectExactSheets(mock, addon, summary);
  });
});

describe('jobs that end otherwise', () => {
  it('a job failing midway keeps its rows and shows its error, also after later polls', async () => {
    const addon = await researchAddon(mock);
    const job = start(addon, { query: 'engineers who fail fast', limit: 40 });
    await resultsAppear(mock, job.jobId, 8);
    expect(poll(addon)[0]).toMatchObject({ status: 'processing', rowsWritten: 8, error: null });
    await resultsAppear(mock, job.jobId);
    const [failed] = poll(addon);
    expect(failed).toMatchObject({ status: 'error', error: JOB_ERROR_TEXT, rowsWritten: 20, finalResultsCount: 20 });
    await expectExactSheets(mock, addon, failed, 20);
    expect(triggersOf(addon)).toEqual([]);
    expect(summaryOf(addon, job.jobId)).toEqual(failed);
    expect(summaryOf(addon, job.jobId, TEAMMATE)).toEqual({ ...failed, mine: false });
    expect(poll(addon)).toEqual([failed]);
    expect(addon.env.ui.toasts).toEqual([]);
  });

  it('a cancelled job keeps the rows found until then', async () => {
    const addon = await researchAddon(mock);
    const job = start(addon, { query: 'product designers in Berlin', limit: 50 });
    await resultsAppear(mock, job.jobId, 12);
    poll(addon);
    await resultsAppear(mock, job.jobId, 17);
    const cancelled = sidebar(addon, 'cancelResearch', [job.jobId]);
    expectSummaryShape(cancelled);
    expect(cancelled).toMatchObject({ status: 'cancelled', rowsWritten: 17, error: null });
    await expectExactSheets(mock, addon, cancelled, 17);
    expect(
      await mock.control.requests({ method: 'POST', path: `/api/search/deep_research/${job.jobId}/cancel` }),
    ).toHaveLength(1);
    expect(triggersOf(addon)).toEqual([]);
    // Cancelling again, or after it ended, asks nothing more of the service.
    await resultsAppear(mock, job.jobId);
    expect(sidebar(addon, 'cancelResearch', [job.jobId])).toEqual(cancelled);
    expect(await mock.control.requests({ path: /\/cancel$/ })).toHaveLength(1);
    expect(readSheet(addon.env, cancelled.sheetName).rows).toHaveLength(17);
  });

  it("a teammate whose key may not read the owner's job sees 403 on it; the job goes on for the owner", async () => {
    const addon = await researchAddon(mock);
    const job = start(addon, { query: 'data scientists in Paris', limit: 30 });
    await resultsAppear(mock, job.jobId, 10);
    const [mine] = poll(addon);
    expect(mine.rowsWritten).toBe(10);
    const jobEntries = () =>
      Object.entries(addon.env.properties.document()).filter(([key]) => key.startsWith('research.job.'));
    const registryBefore = jobEntries();

    await resultsAppear(mock, job.jobId, 20);
    const [theirs] = poll(addon, TEAMMATE);
    expect(theirs).toMatchObject({ jobId: job.jobId, status: 'processing', rowsWritten: 10 });
    expect(theirs.error).toMatch(/another API key.*403/);
    expect((await statusRequests(job.jobId)).filter((entry) => entry.key === TEAMMATE_KEY.slice(-4))).toEqual([
      expect.objectContaining({ status: 403 }),
    ]);
    // Nothing of the job changed for anyone: no rows, no cursor, no error on the owner's side, the trigger stays.
    expect(jobEntries()).toEqual(registryBefore);
    expect(readSheet(addon.env, job.sheetName).rows).toHaveLength(10);
    expect(summaryOf(addon, job.jobId)).toEqual(mine);
    expect(summaryOf(addon, job.jobId, TEAMMATE).error).toBe(theirs.error);
    expect(triggersOf(addon)).toHaveLength(1);
    expect(triggersOf(addon, TEAMMATE)).toEqual([]);

    await resultsAppear(mock, job.jobId);
    fireTrigger(addon);
    const done = summaryOf(addon, job.jobId);
    expect(done).toMatchObject({ status: 'completed', rowsWritten: 30, error: null });
    // Once the job has ended, the teammate's 403 no longer matters to them either.
    expect(summaryOf(addon, job.jobId, TEAMMATE).error).toBeNull();
    await expectExactSheets(mock, addon, done);
    expect(triggersOf(addon)).toEqual([]);
    // Completed in the background: the toast still tells whoever has the file open.
    expect(addon.env.ui.toasts).toEqual([
      { message: expect.stringContaining(done.sheetName), title: expect.any(String) },
    ]);
  });

  it("a background poll that fails (the key was removed) shows the failure on that user's jobs", async () => {
    const addon = await researchAddon(mock);
    const job = start(addon, { query: 'nurses in Porto', limit: 20 });
    delete addon.env.properties.user(OWNER).API_KEY;
    fireTrigger(addon); // the handler itself does not fail: the failure is recorded instead
    expect(summaryOf(addon, job.jobId).error).toMatch(/^Background polling failed: No API key is set/);
    expect(summaryOf(addon, job.jobId, TEAMMATE).error).toBeNull();
  });

  it('a teammate whose settings point at another service is told so, and the job is left alone', async () => {
    const addon = await researchAddon(mock);
    const job = start(addon, { query: 'nurses in Porto', limit: 20 });
    await resultsAppear(mock, job.jobId, 5);
    addon.env.properties.user(TEAMMATE).API_BASE_URL = 'https://eu.api.enrich.example';
    const before = (await mock.control.requests()).length;
    const [theirs] = poll(addon, TEAMMATE);
    expect(theirs.error).toBe(`This job was started on ${mock.url}; set that base URL in Settings to follow it.`);
    expect(theirs.status).toBe('pending');
    expect(await mock.control.requests()).toHaveLength(before);
    expect(summaryOf(addon, job.jobId).error).toBeNull();
    expect(poll(addon)[0]).toMatchObject({ jobId: job.jobId, rowsWritten: 5, error: null });
  });

  it('a job deleted on the service ends with its 404, and the other jobs carry on', async () => {
    const addon = await researchAddon(mock);
    const first = start(addon, { query: 'nurses in Porto', limit: 20 });
    addon.env.clock.advance(1_000);
    const gone = start(addon, { query: 'fintech founders in London', limit: 20 });
    addon.env.clock.advance(1_000);
    const last = start(addon, { query: 'hospital pharmacists in Lyon', limit: 20 });
    await resultsAppear(mock, first.jobId, 5);
    poll(addon);
    await mock.control.deleteJob(gone.jobId);
    await resultsAppear(mock, first.jobId);
    await resultsAppear(mock, last.jobId);
    const summaries = poll(addon);
    expect(summaries.map((summary) => summary.jobId)).toEqual([last.jobId, gone.jobId, first.jobId]);
    const byId = new Map(summaries.map((summary) => [summary.jobId, summary]));
    expect(byId.get(gone.jobId)).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/not found|no longer exists/i),
    });
    expect(byId.get(first.jobId)).toMatchObject({ status: 'completed', rowsWritten: 20, error: null });
    expect(byId.get(last.jobId)).toMatchObject({ status: 'completed', rowsWritten: 20, error: null });
    await expectExactSheets(mock, addon, byId.get(first.jobId)!);
    await expectExactSheets(mock, addon, byId.get(last.jobId)!);
    // The deleted job is over for everyone: nobody asks for it again, and no trigger is left.
    expect(summaryOf(addon, gone.jobId, TEAMMATE)).toEqual({ ...byId.get(gone.jobId), mine: false });
    const asked = (await statusRequests(gone.jobId)).length;
    poll(addon);
    poll(addon, TEAMMATE);
    expect(await statusRequests(gone.jobId)).toHaveLength(asked);
    expect(addon.env.triggers.list()).toEqual([]);
  });
});

describe('the background trigger', () => {
  it('in an add-on: hourly, one per user per document, gone when none of that user’s jobs is unfinished', async () => {
    const addon = await researchAddon(mock, { scriptKind: 'addon' });
    const one = start(addon, { query: 'nurses in Porto', limit: 10 });
    const two = start(addon, { query: 'data scientists in Paris', limit: 30 });
    expect(addon.env.triggers.list()).toEqual([
      expect.objectContaining({ owner: OWNER, handler: POLL_HANDLER, kind: 'everyHours', everyHours: 1 }),
    ]);
    // The teammate's own job gets the teammate's own trigger, which polls only the teammate's job.
    const theirs = start(addon, { query: 'fintech founders in London', limit: 10 }, TEAMMATE);
    expect(triggersOf(addon, TEAMMATE)).toEqual([expect.objectContaining({ kind: 'everyHours', everyHours: 1 })]);

    await resultsAppear(mock, one.jobId);
    await resultsAppear(mock, theirs.jobId);
    await mock.control.clearLog();
    fireTrigger(addon, TEAMMATE);
    const asked = await statusRequests();
    // The job's 10 results are one page.
    expect(asked).toHaveLength(1);
    expect(asked.every((entry) => entry.path.endsWith(theirs.jobId) && entry.key === TEAMMATE_KEY.slice(-4))).toBe(
      true,
    );
    expect(summaryOf(addon, theirs.jobId)).toMatchObject({ status: 'completed', rowsWritten: 10 });
    expect(summaryOf(addon, one.jobId).rowsWritten).toBe(0);
    expect(triggersOf(addon, TEAMMATE)).toEqual([]);
    expect(triggersOf(addon)).toHaveLength(1);

    // The owner's trigger stays while one of the owner's jobs is unfinished.
    await mock.control.clearLog();
    fireTrigger(addon);
    expect((await statusRequests()).every((entry) => entry.key === OWNER_KEY.slice(-4))).toBe(true);
    expect(summaryOf(addon, one.jobId).status).toBe('completed');
    expect(summaryOf(addon, two.jobId).status).not.toBe('completed');
    expect(triggersOf(addon)).toHaveLength(1);
    await resultsAppear(mock, two.jobId);
    fireTrigger(addon);
    expect(summaryOf(addon, two.jobId)).toMatchObject({ status: 'completed', rowsWritten: 30 });
    expect(addon.env.triggers.list()).toEqual([]);
    // A new job arranges polling again.
    start(addon, { query: 'hospital pharmacists in Lyon', limit: 5 });
    expect(triggersOf(addon)).toHaveLength(1);
  });

  it('in a script bound to the sheet: every minute', async () => {
    const addon = await researchAddon(mock, { scriptKind: 'bound' });
    const job = start(addon, { query: 'nurses in Porto', limit: 10 });
    const other = start(addon, { query: 'data scientists in Paris', limit: 10 });
    expect(addon.env.triggers.list()).toEqual([
      expect.objectContaining({ owner: OWNER, handler: POLL_HANDLER, kind: 'everyMinutes', everyMinutes: 1 }),
    ]);
    await resultsAppear(mock, job.jobId);
    await resultsAppear(mock, other.jobId);
    addon.env.clock.advance(60_000);
    expect(addon.bundle.fireTimeTriggers()).toEqual([{ id: expect.any(String), handler: POLL_HANDLER, user: OWNER }]);
    expect(list(addon).every((summary) => summary.status === 'completed')).toBe(true);
    expect(addon.env.triggers.list()).toEqual([]);
  });

  it('a trigger that cannot be created (20 per user per script) does not make a started job look unstarted', async () => {
    const addon = await researchAddon(mock, { scriptKind: 'bound' });
    const { env } = addon;
    const scriptApp = env.globals.ScriptApp as GoogleAppsScript.Script.ScriptApp;
    env.run('menu', OWNER, () => {
      for (let i = 0; i < 20; i++) scriptApp.newTrigger(`other${i}`).timeBased().everyHours(1).create();
    });
    const job = start(addon, { query: 'nurses in Porto', limit: 10 });
    expect(job.error).toMatch(
      /^Background updates could not be set up \(.*too many triggers.*\); keep the sidebar open/,
    );
    expect(list(addon)).toEqual([job]);
    expect(list(addon, TEAMMATE)[0].error).toBeNull();
    expect(triggersOf(addon).filter((trigger) => trigger.handler === POLL_HANDLER)).toEqual([]);
    // The sidebar's polls carry the job to its end.
    await resultsAppear(mock, job.jobId);
    expect(poll(addon)[0]).toMatchObject({ status: 'completed', rowsWritten: 10, error: null });
  });
});

describe('concurrency and time limits', () => {
  it('a poll that meets the document lock held elsewhere returns the summaries promptly and changes nothing', async () => {
    const addon = await researchAddon(mock, { clock: 'virtual' });
    const job = start(addon, { query: 'data scientists in Paris', limit: 30 });
    await resultsAppear(mock, job.jobId);
    const release = addon.env.locks.holdDocumentLock();
    const jobEntries = () =>
      Object.entries(addon.env.properties.document()).filter(([key]) => key.startsWith('research.job.'));
    const registryBefore = jobEntries();
    await mock.control.clearLog();
    const fakeStart = addon.env.clock.now();
    expect(poll(addon)).toEqual([job]);
    // It waited half a second for the lock, then gave up on this round.
    expect(addon.env.clock.now() - fakeStart).toBe(500);
    expect(addon.bundle.fireTimeTriggers({ id: triggersOf(addon)[0].id })).toEqual([
      { id: expect.any(String), handler: POLL_HANDLER, user: OWNER },
    ]);
    expect(await mock.control.requests({ path: /^\/api\// })).toEqual([]);
    expect(jobEntries()).toEqual(registryBefore);
    expect(readSheet(addon.env, job.sheetName).rows).toEqual([]);
    expect(addon.env.spreadsheet.sheets().map((sheet) => sheet.name)).toEqual(['Sheet1', job.sheetName]);
    expect(triggersOf(addon)).toHaveLength(1);

    release();
    expect(poll(addon)[0]).toMatchObject({ status: 'completed', rowsWritten: 30 });
  });

  it('a poll stopped by its time budget resumes where it stopped, without loss or duplicates', async () => {
    const addon = await researchAddon(mock);
    await mock.control.nextJob({ duplicates: 1 });
    const job = start(addon, { query: 'data engineers in Lisbon', limit: 238 });
    await resultsAppear(mock, job.jobId);
    // A slow service: every status request takes 150 s, so the poll's budget (4.5 min) ends after two pages of three.
    slowRequests(addon.env, /\/api\/search\/deep_research\/[^/?]+\?/, 150_000);
    const [cut] = poll(addon);
    expect(cut).toMatchObject({ rowsWritten: 199, error: null }); // 200 results, one of them a repeat
    expect(cut.status).not.toMatch(/completed|error|cancelled/);
    expect(stored(addon, job.jobId).nextPage).toBe(3);
    expect(triggersOf(addon)).toHaveLength(1);
    const [done] = poll(addon);
    expect(done).toMatchObject({ status: 'completed', rowsWritten: 237, error: null });
    await expectExactSheets(mock, addon, done);
    expect((await statusRequests(job.jobId)).map((entry) => entry.query.page)).toEqual(['1', '2', '3']);
  });
});

describe('what arrives in the sheets', () => {
  it('keeps hard-case text as text: no formula, number or date, in text-formatted cells', async () => {
    const addon = await researchAddon(mock);
    const job = start(addon, { query: 'hard case engineers', limit: 5 });
    await resultsAppear(mock, job.jobId);
    const [summary] = poll(addon);
    expect(summary).toMatchObject({ status: 'completed', rowsWritten: 5 });
    const { env } = addon;

    const sheet = env.spreadsheet.sheet(job.sheetName);
    const results = readSheet(env, job.sheetName);
    expect(results.headers).toEqual(ESSENTIAL_HEADERS);
    const row = (name: string) => results.rows[0][results.headers.indexOf(name)];
    expect(row('headline')).toBe(HARD_TEXT.formula);
    expect(row('active_experience_title')).toBe(HARD_TEXT.plus);
    expect(row('experience.1.company_name')).toBe(HARD_TEXT.minus);
    expect(row('full_name')).toBe(HARD_TEXT.cjkFullName);
    expect(typeof row('id')).toBe('string');
    expect(
      sheet
        .formulas()
        .flat()
        .every((formula) => formula === ''),
    ).toBe(true);
    // Every column of text is text-formatted; the match score is a number.
    const scoreColumn = results.headers.indexOf('match_data.similarity_score');
    const formats = sheet.numberFormats();
    expect(new Set(formats.flatMap((line) => line.filter((_, column) => column !== scoreColumn)))).toEqual(
      new Set(['@']),
    );
    expect(typeof row('match_data.similarity_score')).toBe('number');
    expect(
      sheet
        .values()
        .flat()
        .every((value) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'),
    ).toBe(true);

    const experience = readSheet(env, experienceSheet(job));
    const experienceSheetModel = env.spreadsheet.sheet(experienceSheet(job));
    expect(experience.headers[0]).toBe('profile_id');
    expect(experience.headers).toEqual(
      expect.arrayContaining(['position_title', 'company_size_range', 'company_hq_zipcode']),
    );
    const first = (name: string) => experience.rows[0][experience.headers.indexOf(name)];
    expect(first('profile_id')).toBe(row('id'));
    expect(first('position_title')).toBe(HARD_TEXT.plus);
    expect(first('company_name')).toBe(HARD_TEXT.minus);
    expect(first('company_size_range')).toBe(HARD_TEXT.dateLike);
    expect(first('company_hq_zipcode')).toBe(HARD_TEXT.leadingZeroZip);
    expect(first('description')).toBe(HARD_TEXT.emoji);
    expect(
      experienceSheetModel
        .formulas()
        .flat()
        .every((formula) => formula === ''),
    ).toBe(true);
    for (const name of ['profile_id', 'position_title', 'company_size_range', 'company_hq_zipcode', 'company_name']) {
      const column = experience.headers.indexOf(name);
      expect(experienceSheetModel.numberFormats().map((line) => line[column])).toEqual(
        new Array(experience.rows.length + 1).fill('@'),
      );
    }
    expect(
      experienceSheetModel
        .values()
        .flat()
        .some((value) => Object.prototype.toString.call(value) === '[object Date]'),
    ).toBe(false);

    const education = readSheet(env, educationSheet(job));
    expect(education.headers[0]).toBe('profile_id');
    expect(education.rows.filter((line) => line[0] === row('id'))).toHaveLength(
      entriesOf(profileRecordForQuery(RESEARCH_SEED, 'hard case engineers', 0), 'education').length,
    );
    expect(education.rows[0]).toContain(HARD_TEXT.rtlSchool);
  });
});

describe('starting a job', () => {
  it.each([
    ['no key', { query: 'nurses in Porto' }, false, /^No API key is set\./],
    ['an empty brief', { query: '   ' }, true, /brief is empty/],
    ['no brief', { limit: 5 }, true, /brief is empty/],
    ['a limit of 0', { query: 'nurses in Porto', limit: 0 }, true, /limit must be a whole number from 1 to 1000/],
    ['a limit of 1001', { query: 'nurses in Porto', limit: 1001 }, true, /limit must be a whole number from 1 to 1000/],
    [
      'a fractional limit',
      { query: 'nurses in Porto', limit: 2.5 },
      true,
      /limit must be a whole number from 1 to 1000/,
    ],
    [
      'a limit that is no number',
      { query: 'nurses in Porto', limit: 'ten' },
      true,
      /limit must be a whole number from 1 to 1000/,
    ],
    [
      'an unknown column set',
      { query: 'nurses in Porto', columns: 'everything' },
      true,
      'The columns must be "essentials" or "all".',
    ],
  ])('with %s fails readably before any request', async (_case, request, withKey, message) => {
    const addon = withKey ? await researchAddon(mock) : loadAddon();
    if (!withKey) addon.env.properties.user(OWNER).API_BASE_URL = mock.url;
    expect(() => sidebar(addon, 'startResearch', [request])).toThrow(message);
    expect(await mock.control.log()).toEqual([]);
    expect(addon.env.spreadsheet.sheets().map((sheet) => sheet.name)).toEqual(['Sheet1']);
    expect(addon.env.properties.document()).toEqual({});
    expect(addon.env.triggers.list()).toEqual([]);
    expect(list(addon)).toEqual([]);
  });

  it('openResearchSheet shows the results sheet, and says so readably when it was deleted', async () => {
    const addon = await researchAddon(mock);
    const job = start(addon, { query: 'nurses in Porto', limit: 5 });
    const { spreadsheet } = addon.env;
    spreadsheet.activate(spreadsheet.sheet('Sheet1'));
    sidebar(addon, 'openResearchSheet', [job.jobId], TEAMMATE);
    expect(spreadsheet.activeSheet().name).toBe(job.sheetName);
    spreadsheet.deleteSheet(spreadsheet.sheet(job.sheetName));
    expect(() => sidebar(addon, 'openResearchSheet', [job.jobId])).toThrow(
      `The results sheet "${job.sheetName}" was deleted or renamed.`,
    );
    expect(() => sidebar(addon, 'openResearchSheet', ['no-such-job'])).toThrow(/not in this spreadsheet/);
  });
});

describe('what a job asks for and writes', () => {
  it('asks the service for 25 results when the sidebar sends no limit', async () => {
    const addon = await researchAddon(mock);
    const job = start(addon, { query: 'nurses in Porto' });
    expect(await mock.control.requests({ method: 'POST', path: '/api/search/deep_research' })).toHaveLength(1);
    // The mock takes a missing limit as 100: 25 here means the add-on sent it.
    expect((await mock.control.job(job.jobId)).limit).toBe(25);
    await resultsAppear(mock, job.jobId);
    expect(poll(addon)[0]).toMatchObject({ status: 'completed', rowsWritten: 25, finalResultsCount: 25 });
  });

  it('"All fields" gives one column per root field of the record, experience and education in their own sheets', async () => {
    const addon = await researchAddon(mock);
    const job = start(addon, { query: 'data engineers in Lisbon', limit: 12, columns: 'all' });
    const allHeaders = RESEARCH_COLUMNS.all.map(headerFor);
    expect(readSheet(addon.env, job.sheetName)).toMatchObject({ headers: allHeaders, rows: [] });
    expect(allHeaders).toEqual(expect.arrayContaining(['id', 'full_name', 'headline', 'skills']));
    expect(allHeaders.filter((header) => /^(experience|education)(\.|$)/.test(header))).toEqual([]);

    await resultsAppear(mock, job.jobId);
    const [summary] = poll(addon);
    expect(summary).toMatchObject({ status: 'completed', rowsWritten: 12, error: null });
    const results = readSheet(addon.env, job.sheetName);
    expect(results.headers).toEqual(allHeaders);
    const profiles = expectedProfiles(RESEARCH_SEED, await mock.control.job(job.jobId));
    expect(results.column('id')).toEqual(profiles.map((profile) => String(profile.id)));
    // Every root text, and every root list of texts (joined), arrives as the service sent it.
    results.rows.forEach((row, i) => {
      const record = profiles[i] as unknown as Record<string, unknown>;
      const expected = allHeaders.map((header, column) => {
        const value = record[header];
        if (typeof value === 'string') return value;
        if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string'))
          return value.join(', ');
        return row[column];
      });
      expect(row).toEqual(expected);
      expect(row.filter((cell) => cell !== '')).toHaveLength(
        allHeaders.filter((header) => hasContent(valueAt(record, header))).length,
      );
    });
    for (const collection of ['experience', 'education'] as const) {
      const name = collection === 'experience' ? experienceSheet(summary) : educationSheet(summary);
      expectCompanionGroups(readSheet(addon.env, name), profiles, collection);
    }
  });
});

describe('pollResearch(jobId)', () => {
  it('asks the service about that job only, and only its rows move', async () => {
    const addon = await researchAddon(mock);
    const one = start(addon, { query: 'nurses in Porto', limit: 20 });
    addon.env.clock.advance(1_000);
    const other = start(addon, { query: 'data scientists in Paris', limit: 20 });
    await resultsAppear(mock, one.jobId);
    await resultsAppear(mock, other.jobId);
    await mock.control.clearLog();

    const summaries = poll(addon, OWNER, one.jobId);
    const asked = await mock.control.requests({ path: /^\/api\// });
    // Its 20 results are one page.
    expect(asked).toHaveLength(1);
    expect(asked.filter((entry) => !entry.path.endsWith(`/${one.jobId}`))).toEqual([]);
    const byId = new Map(summaries.map((summary) => [summary.jobId, summary]));
    expect(byId.get(one.jobId)).toMatchObject({ status: 'completed', rowsWritten: 20, error: null });
    await expectExactSheets(mock, addon, byId.get(one.jobId)!);
    // The other job is as it was started: not asked about, no rows, still followed in the background.
    expect(byId.get(other.jobId)).toEqual(other);
    expect(readSheet(addon.env, other.sheetName).rows).toEqual([]);
    expect(triggersOf(addon)).toHaveLength(1);

    // Its own poll then carries it on.
    await mock.control.clearLog();
    expect(poll(addon, OWNER, other.jobId).find((summary) => summary.jobId === other.jobId)).toMatchObject({
      status: 'completed',
      rowsWritten: 20,
    });
    expect(
      (await mock.control.requests({ path: /^\/api\// })).every((entry) => entry.path.endsWith(`/${other.jobId}`)),
    ).toBe(true);
  });

  it('refuses a job id this spreadsheet does not know, readably and without asking the service', async () => {
    const addon = await researchAddon(mock);
    const job = start(addon, { query: 'nurses in Porto', limit: 5 });
    await resultsAppear(mock, job.jobId);
    await mock.control.clearLog();
    expect(() => sidebar(addon, 'pollResearch', ['no-such-job'])).toThrow(
      new Error('That research job is not in this spreadsheet.'),
    );
    expect(await mock.control.log()).toEqual([]);
    expect(summaryOf(addon, job.jobId)).toEqual(job);
  });
});
