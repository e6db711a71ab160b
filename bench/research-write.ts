// Writing research results: how long a poll takes to write 1,000 and 10,000 profiles into a results sheet and
// its Experience and Education companions, and how many write calls it makes: setValues, setRichTextValues (text
// Sheets could parse, written literally by the text-safe writer) and setNumberFormats.
//
// Two routes through the same code:
//  - end to end, 1,000 profiles: the built bundle's startResearch and pollResearch (sidebar executions) against a mock
//    job whose manual clock is advanced until all its results exist; the mock caps a job at 1,000 results.
//  - the core poll, 1,000 and 10,000 profiles: src/core/research/poll.ts pollJob, as src/core/research/jobs.ts calls it,
//    writing through src/adapters/sheet-table.ts into dev/gas-fakes sheets (one trigger execution), with an ApiClient
//    over an in-memory Http that serves pre-generated pages of the mock's research profiles. The 1,000 run shows the
//    two routes agree; 10,000 is beyond what one mock job holds.
import type { GasEnvironment } from '../dev/gas-fakes';
import { profileRecordForQuery } from '../dev/mock-api/data';
import { sheetNamed, sheetTable } from '../src/adapters/sheet-table';
import { BACKGROUND_RUN_BUDGET_MS } from '../src/core/background';
import { ApiClient } from '../src/core/api/client';
import type { ProfileRecord } from '../src/core/api/types';
import { RESEARCH_COLUMNS } from '../src/core/fields/defaults';
import { headerFor, type CompanionCollection } from '../src/core/fields/flatten';
import type { Clock, Http, HttpOutcome } from '../src/core/ports';
import { pollJob, PROFILES_PER_WRITE, RESULTS_PAGE_SIZE, type ResearchSheets } from '../src/core/research/poll';
import type { JobRecord } from '../src/core/research/registry';
import { companionSheetName, researchSheetName } from '../src/core/research/sheet-name';
import type { JobSummary, ResearchColumns } from '../src/core/contract';
import { rememberingTable, type SheetTable } from '../src/core/sheet-table';
import {
  addonWithKey,
  int,
  ms,
  OWNER,
  timed,
  type BenchContext,
  type BenchReport,
  type Figure,
  type TargetCheck,
} from './support';
import { runStandalone } from './standalone';

const QUERY = 'heads of data at logistics companies in Europe';
const SEED = 7;
const SHEETS = ['results', 'experience', 'education'] as const;
type SheetKind = (typeof SHEETS)[number];

interface WriteRun {
  route: string;
  profiles: number;
  columns: ResearchColumns;
  pollMs: number;
  /** Time inside UrlFetchApp.fetchAll / Http.fetchAll (page requests). */
  fetchMs: number;
  pageRequests: number;
  setValues: number;
  /** The writer's second call, for text Sheets could parse (src/adapters/sheet-table.ts). */
  setRichTextValues: number;
  setNumberFormats: number;
  /** Per sheet, when the route can tell them apart. */
  setValuesBySheet?: Record<SheetKind, number>;
  rows: Record<SheetKind, number>;
  status: string;
  rowsWritten: number;
  /** Core route only: time inside the SheetTable's reads and writes (the fakes' Range calls). */
  sheetMs?: { headers: number; keyColumns: number; writes: number; keyCellsRead: number };
  /** Core route only: ms of the first and the last write (with its pages), to show whether writes slow down as sheets grow. */
  writeMs?: { first: number; last: number };
}

const rowsOf = (env: GasEnvironment, name: string) => Math.max(0, env.spreadsheet.sheet(name).lastRow() - 1);

type WriteCalls = Pick<WriteRun, 'setValues' | 'setRichTextValues' | 'setNumberFormats'>;

/** The write calls the environment's scripts made so far. */
function writeCalls(env: GasEnvironment): WriteCalls {
  return {
    setValues: env.spreadsheet.stats.setValuesCalls,
    setRichTextValues: env.spreadsheet.stats.setRichTextValuesCalls,
    setNumberFormats: env.stats.callsByName['Range.setNumberFormats'] ?? 0,
  };
}

/** The write calls made since `before`. */
function writeCallsSince(env: GasEnvironment, before: WriteCalls): WriteCalls {
  const now = writeCalls(env);
  return {
    setValues: now.setValues - before.setValues,
    setRichTextValues: now.setRichTextValues - before.setRichTextValues,
    setNumberFormats: now.setNumberFormats - before.setNumberFormats,
  };
}

function sheetNames(resultsSheet: string): Record<SheetKind, string> {
  return {
    results: resultsSheet,
    experience: companionSheetName(resultsSheet, 'Experience'),
    education: companionSheetName(resultsSheet, 'Education'),
  };
}

// ---------- End to end: the built bundle against the mock ----------

/** Replaces UrlFetchApp in the scripts' globals by a proxy that times fetchAll. */
function timeUrlFetch(env: GasEnvironment): { ms: number; calls: number } {
  const real = env.globals.UrlFetchApp as object;
  const totals = { ms: 0, calls: 0 };
  env.globals.UrlFetchApp = new Proxy(real, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property !== 'fetchAll') return method.bind(target);
      return (...args: unknown[]) => {
        const start = performance.now();
        try {
          return method.apply(target, args);
        } finally {
          totals.ms += performance.now() - start;
          totals.calls++;
        }
      };
    },
  });
  return totals;
}

async function endToEnd(context: BenchContext, columns: ResearchColumns): Promise<WriteRun> {
  const { mock } = context;
  await mock.control.reset();
  const addon = await addonWithKey(context, { key: `lk_bench_research_${columns}_000000000e1`, tier: '3' });
  try {
    const fetches = timeUrlFetch(addon.env);
    const started = addon.bundle.callFromSidebar(
      'startResearch',
      [{ query: QUERY, limit: 1000, columns }],
      OWNER,
    ) as JobSummary;
    const job = await mock.control.job(started.jobId);
    const clock = await mock.control.clock();
    await mock.control.advanceClock(Math.max(...job.resultTimes) - clock.jobTime + 1_000);
    const before = writeCalls(addon.env);
    const fetchesBefore = { ...fetches };
    const poll = timed(() => addon.bundle.callFromSidebar('pollResearch', [started.jobId], OWNER) as JobSummary[]);
    const summary = poll.value.find((entry) => entry.jobId === started.jobId)!;
    const names = sheetNames(summary.sheetName);
    return {
      route: 'bundle pollResearch, mock over HTTP',
      profiles: job.targetResults,
      columns,
      pollMs: poll.ms,
      fetchMs: fetches.ms - fetchesBefore.ms,
      pageRequests: fetches.calls - fetchesBefore.calls,
      ...writeCallsSince(addon.env, before),
      rows: {
        results: rowsOf(addon.env, names.results),
        experience: rowsOf(addon.env, names.experience),
        education: rowsOf(addon.env, names.education),
      },
      status: summary.status,
      rowsWritten: summary.rowsWritten,
    };
  } finally {
    context.envs.dispose(addon.env);
  }
}

// ---------- The core poll over the fakes' sheets ----------

interface Pages {
  total: number;
  /** JSON text of each page's results array. */
  pages: string[];
  /** Experience and education entries of each page: the companion rows it should give. */
  experience: number[];
  education: number[];
}

const entries = (list: unknown) =>
  Array.isArray(list) ? list.filter((entry) => entry !== null && typeof entry === 'object').length : 0;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The mock's research results for QUERY, 100 to a page. */
function generatePages(total: number): Pages {
  const data: Pages = { total, pages: [], experience: [], education: [] };
  const ids = new Set<string>();
  for (let start = 0; start < total; start += RESULTS_PAGE_SIZE) {
    const page: ProfileRecord[] = [];
    let experience = 0;
    let education = 0;
    for (let i = start; i < Math.min(total, start + RESULTS_PAGE_SIZE); i++) {
      const profile = profileRecordForQuery(SEED, QUERY, i);
      // A job lists each profile once; past 1,000 results the generator's random ids can collide (once in 10,000).
      const record = profile as unknown as Record<string, unknown>;
      if (ids.has(String(record.id))) record.id = `${String(record.id)}-${i}`;
      ids.add(String(record.id));
      experience += entries(record.experience);
      education += entries(record.education);
      page.push(profile);
    }
    data.pages.push(JSON.stringify(page));
    data.experience.push(experience);
    data.education.push(education);
  }
  return data;
}

function firstProfiles(data: Pages, total: number): Pages {
  const pages = Math.ceil(total / RESULTS_PAGE_SIZE);
  return {
    total,
    pages: data.pages.slice(0, pages),
    experience: data.experience.slice(0, pages),
    education: data.education.slice(0, pages),
  };
}

/** Answers GET …/deep_research/{id}?page=N&page_size=100 as the service does for a completed job. */
function pagesHttp(jobId: string, data: Pages, timing: { ms: number; calls: number }): Http {
  const chunks = Math.ceil(data.total / 25);
  const totalPages = Math.ceil(data.total / RESULTS_PAGE_SIZE);
  return {
    fetchAll(requests): HttpOutcome[] {
      const start = performance.now();
      const outcomes = requests.map((request): HttpOutcome => {
        const page = Number(/[?&]page=(\d+)/.exec(request.url)?.[1] ?? '1');
        const meta = {
          job_id: jobId,
          status: 'completed',
          message: 'Research complete.',
          created_at: 1_750_000_000,
          total_results_found: data.total * 4,
          final_results_count: data.total,
          filtered_results_count: data.total,
          chunks_processed: chunks,
          total_chunks: chunks,
          results: '@RESULTS@',
          pagination: {
            page,
            page_size: RESULTS_PAGE_SIZE,
            total_results: data.total,
            total_pages: totalPages,
            has_more: page < totalPages,
          },
        };
        const body = JSON.stringify(meta).replace('"@RESULTS@"', data.pages[page - 1] ?? '[]');
        return { status: 200, headers: { 'content-type': 'application/json' }, body };
      });
      timing.ms += performance.now() - start;
      timing.calls += requests.length;
      return outcomes;
    },
  };
}

interface TableStats {
  setValues: Record<SheetKind, number>;
  /** Time in headers() and in columnValues() (the key column, read to find rows already written). */
  headersMs: number;
  keyColumnsMs: number;
  writeMs: number;
  keyCellsRead: number;
}

/** Counts setValues per sheet (writeHeaders and writeBlock are one setValues each, src/adapters/sheet-table.ts) and times reads and writes. */
function counted(table: SheetTable, stats: TableStats, kind: SheetKind): SheetTable {
  const read = <T>(what: 'headersMs' | 'keyColumnsMs', fn: () => T): T => {
    const start = performance.now();
    try {
      return fn();
    } finally {
      stats[what] += performance.now() - start;
    }
  };
  const write = (fn: () => void) => {
    const start = performance.now();
    try {
      fn();
    } finally {
      stats.writeMs += performance.now() - start;
    }
  };
  return {
    // Spread first: any SheetTable method not timed here still reaches the real table.
    ...table,
    headers: () => read('headersMs', () => table.headers()),
    columnValues: (column) => {
      const values = read('keyColumnsMs', () => table.columnValues(column));
      stats.keyCellsRead += values.length;
      return values;
    },
    writeHeaders: (startColumn, names) => {
      stats.setValues[kind]++;
      write(() => table.writeHeaders(startColumn, names));
    },
    writeBlock: (startRow, startColumn, rows, formats) => {
      if (rows.length > 0) stats.setValues[kind]++;
      write(() => table.writeBlock(startRow, startColumn, rows, formats));
    },
  };
}

/**
 * The adapters reach Apps Script services as globals, as scripts do (the text-safe writer builds rich-text values
 * with SpreadsheetApp): the core route, which runs them outside the bundle, lends them this environment's.
 */
function lendSpreadsheetApp(env: GasEnvironment): { restore(): void } {
  const scope = globalThis as { SpreadsheetApp?: unknown };
  const previous = scope.SpreadsheetApp;
  scope.SpreadsheetApp = env.globals.SpreadsheetApp;
  return {
    restore: () => {
      if (previous === undefined) delete scope.SpreadsheetApp;
      else scope.SpreadsheetApp = previous;
    },
  };
}

function corePoll(context: BenchContext, data: Pages, columns: ResearchColumns): WriteRun {
  const env = context.envs.create();
  const lent = lendSpreadsheetApp(env);
  try {
    const app = env.globals.SpreadsheetApp as GoogleAppsScript.Spreadsheet.SpreadsheetApp;
    const clock: Clock = { now: () => env.clock.now(), sleep: (delay) => env.clock.advance(delay) };
    const jobId = `bench${data.total}-0000-4000-8000-000000000000`;
    const timing = { ms: 0, calls: 0 };
    const client = new ApiClient({
      http: pagesHttp(jobId, data, timing),
      clock,
      apiKey: 'lk_bench_core_poll_00000000000f1',
      baseUrl: 'https://api.bench.invalid',
    });

    // What startResearch does: the results sheet with its headers (not part of the poll's figures).
    const resultsSheet = env.run('sidebar', OWNER, () => {
      const book = app.getActiveSpreadsheet();
      const name = researchSheetName(QUERY, jobId, (taken) => book.getSheetByName(taken) !== null);
      const sheet = book.insertSheet(name);
      sheetTable(sheet).writeHeaders(1, RESEARCH_COLUMNS[columns].map(headerFor));
      sheet.setFrozenRows(1);
      return name;
    });
    const names = sheetNames(resultsSheet);
    const now = new Date(clock.now()).toISOString();
    const job: JobRecord = {
      jobId,
      query: QUERY,
      limit: data.total,
      columns,
      status: 'processing',
      message: '',
      sheetName: resultsSheet,
      rowsWritten: 0,
      finalResultsCount: 0,
      chunksProcessed: 0,
      totalChunks: 0,
      createdAt: now,
      updatedAt: now,
      error: null,
      startedBy: OWNER,
      baseUrl: 'https://api.bench.invalid',
      nextPage: 1,
    };

    const stats: TableStats = {
      setValues: { results: 0, experience: 0, education: 0 },
      headersMs: 0,
      keyColumnsMs: 0,
      writeMs: 0,
      keyCellsRead: 0,
    };
    // As sheetsOf in src/core/research/jobs.ts: open or create once per poll, without moving the user's active sheet,
    // and remembered across the poll's pages.
    const opened = new Map<string, SheetTable>();
    const open = (name: string, kind: SheetKind): SheetTable => {
      let table = opened.get(name);
      if (table === undefined)
        opened.set(
          name,
          (table = rememberingTable(counted(sheetTable(sheetNamed(app.getActiveSpreadsheet(), name)), stats, kind))),
        );
      return table;
    };
    const sheets: ResearchSheets = {
      results: () => open(names.results, 'results'),
      companion: (collection: CompanionCollection) => open(names[collection], collection),
    };

    const before = writeCalls(env);
    // The poll saves the job after every write: the times between saves are the writes' times (pages included).
    const savedAt: number[] = [];
    const poll = timed(() => {
      savedAt.push(performance.now());
      return env.run('trigger', OWNER, () =>
        pollJob(job, { client, clock, sheets, stopBy: clock.now() + BACKGROUND_RUN_BUDGET_MS }, () =>
          savedAt.push(performance.now()),
        ),
      );
    });
    // The last save is of the empty page after the end.
    const writeTimes = savedAt.slice(1, -1).map((at, i) => at - savedAt[i]);
    return {
      route: 'core pollJob, in-memory pages',
      profiles: data.total,
      columns,
      pollMs: poll.ms,
      fetchMs: timing.ms,
      pageRequests: timing.calls,
      ...writeCallsSince(env, before),
      setValuesBySheet: stats.setValues,
      rows: {
        results: rowsOf(env, names.results),
        experience: rowsOf(env, names.experience),
        education: rowsOf(env, names.education),
      },
      status: poll.value.job.status,
      rowsWritten: poll.value.job.rowsWritten,
      sheetMs: {
        headers: stats.headersMs,
        keyColumns: stats.keyColumnsMs,
        writes: stats.writeMs,
        keyCellsRead: stats.keyCellsRead,
      },
      writeMs: { first: writeTimes[0] ?? 0, last: writeTimes[writeTimes.length - 1] ?? 0 },
    };
  } finally {
    lent.restore();
    context.envs.dispose(env);
  }
}

// ---------- Report ----------

function figuresOf(run: WriteRun): Figure[] {
  const totalRows = run.rows.results + run.rows.experience + run.rows.education;
  const pages = Math.ceil(run.profiles / RESULTS_PAGE_SIZE);
  const bySheet = run.setValuesBySheet
    ? ` (results ${run.setValuesBySheet.results}, experience ${run.setValuesBySheet.experience}, education ${run.setValuesBySheet.education})`
    : '';
  const label = `${int(run.profiles)} · "${run.columns}" · ${run.route}`;
  const allWrites = run.setValues + run.setRichTextValues + run.setNumberFormats;
  const figures: Figure[] = [
    {
      label,
      addon:
        `${ms(run.pollMs)} poll: ${ms(run.fetchMs)} fetching ${run.pageRequests} pages, ${ms(run.pollMs - run.fetchMs)} parsing, flattening and writing ` +
        `(${ms(((run.pollMs - run.fetchMs) * 1000) / run.profiles)} per 1,000 profiles)`,
    },
    {
      label: '',
      addon: `${run.setValues} setValues${bySheet} for ${pages} pages → ${(run.setValues / pages).toFixed(1)} per page, ${int(totalRows / run.setValues)} rows per setValues`,
    },
    {
      label: '',
      addon:
        `${int(run.setRichTextValues)} setRichTextValues (text Sheets could parse), ${int(run.setNumberFormats)} setNumberFormats → ` +
        `${int(allWrites)} write calls in all, ${(allWrites / pages).toFixed(1)} per page`,
    },
    {
      label: '',
      addon: `rows: results ${int(run.rows.results)}, experience ${int(run.rows.experience)}, education ${int(run.rows.education)}; job ${run.status}, rowsWritten ${int(run.rowsWritten)}`,
    },
  ];
  if (run.sheetMs && run.writeMs) {
    const { headers, keyColumns, writes, keyCellsRead } = run.sheetMs;
    const rest = run.pollMs - run.fetchMs - headers - keyColumns - writes;
    figures.push({
      label: '',
      addon:
        `of which setValues + formats ${ms(writes)}, reading headers ${ms(headers)}, key columns ${ms(keyColumns)} (${int(keyCellsRead)} cells), ` +
        `parsing + flattening ${ms(rest)}`,
    });
    figures.push({
      label: '',
      addon:
        run.profiles > PROFILES_PER_WRITE
          ? `per ${int(PROFILES_PER_WRITE)} profiles read and written: first ${ms(run.writeMs.first)}, last ${ms(run.writeMs.last)}`
          : `read and written in ${ms(run.writeMs.first)}`,
    });
  }
  return figures;
}

function checksOf(run: WriteRun, data?: Pages): TargetCheck[] {
  const pages = Math.ceil(run.profiles / RESULTS_PAGE_SIZE);
  // Per write (up to PROFILES_PER_WRITE profiles, src/core/research/poll.ts): one setValues per sheet, plus the
  // headers of each companion sheet on the first.
  const writes = Math.ceil(run.profiles / PROFILES_PER_WRITE);
  const expected = writes * SHEETS.length + 2;
  const complete =
    run.rows.results === run.profiles &&
    run.rowsWritten === run.profiles &&
    run.status === 'completed' &&
    (data === undefined ||
      (run.rows.experience === sum(data.experience) && run.rows.education === sum(data.education)));
  return [
    {
      target: `${int(run.profiles)} "${run.columns}" (${run.route}): one setValues per sheet per ${int(PROFILES_PER_WRITE)} profiles, all rows written`,
      actual: `${run.setValues} setValues for ${pages} pages in ${writes} writes × ${SHEETS.length} sheets (expected ${expected} with the 2 companion header rows); ${complete ? 'every row written' : 'ROWS MISSING'}`,
      met: run.setValues <= expected && complete,
      analysis: complete
        ? `${run.setValues - expected} setValues beyond one per write per sheet: some write was split in several blocks.`
        : `results ${run.rows.results}/${run.profiles}, rowsWritten ${run.rowsWritten}, status ${run.status}${data ? `, experience ${run.rows.experience}/${sum(data.experience)}, education ${run.rows.education}/${sum(data.education)}` : ''}: the poll stopped early or lost rows.`,
    },
  ];
}

export async function researchWriteBenchmark(context: BenchContext): Promise<BenchReport> {
  const generated = timed(() => generatePages(10_000));
  context.progress(`  generated 10,000 research profiles in ${ms(generated.ms)} (not counted)`);
  const first1000 = firstProfiles(generated.value, 1_000);
  const runs: Array<{ run: WriteRun; data?: Pages }> = [];
  const bundleRun = await endToEnd(context, 'all');
  context.progress(`  bundle pollResearch, 1,000 "all": ${ms(bundleRun.pollMs)}`);
  // The mock serves the same generator's results for the same query and seed: the same companion rows are expected.
  runs.push({ run: bundleRun, data: first1000 });

  const coreRuns: Array<[Pages, ResearchColumns]> = [
    [first1000, 'all'],
    [generated.value, 'all'],
    [generated.value, 'essentials'],
  ];
  for (const [data, columns] of coreRuns) {
    const run = corePoll(context, data, columns);
    context.progress(`  core pollJob, ${int(data.total)} "${columns}": ${ms(run.pollMs)}`);
    runs.push({ run, data });
  }

  return {
    id: '(c)',
    title: 'Writing research results (results sheet + Experience + Education companions)',
    figures: runs.flatMap(({ run }) => figuresOf(run)),
    targets: runs.flatMap(({ run, data }) => checksOf(run, data)),
    notes: [
      "Route 1 runs the built dist/Code.js: startResearch, the mock's manual job clock advanced until all 1,000 results exist (the mock caps a job at 1,000), then one pollResearch from the sidebar; page fetches go over real HTTP to the mock, which generates the profiles.",
      "Route 2 calls the same core pollJob and the same SheetTable adapter that pollResearch uses, over dev/gas-fakes sheets in one trigger execution, with pages served from memory, so 10,000 profiles fit in one run; sheet set-up (startResearch's header row) is not counted.",
      'Each poll reads the header row and the key column of each sheet once and remembers them across its writes (rememberingTable), so a write takes no longer as the sheets grow; the "key columns" figure counts the cells read.',
      "Times are those of the in-memory fakes (cell parsing, formats, bookkeeping), not of Google's servers, where each write call (setValues, setRichTextValues, setNumberFormats) is a round trip: the write-call counts are the figures that carry over.",
      `Generating the 10,000 profiles took ${ms(generated.ms)} and is not counted.`,
    ],
  };
}

if (require.main === module) runStandalone(researchWriteBenchmark);
