// Round trips: on Google every call of a service (a cache read, a property read, a lock, a setValues…) goes to
// Google's servers and back, so how many an operation makes is its latency there. The BUILT add-on in the fakes,
// which count every service call by method, against the mock over HTTP: each operation's calls against its budget,
// and where they go (the methods called, most first).
//
// Rich-text values are counted apart: building one (SpreadsheetApp.newRichTextValue) is a call of the script's
// bridge, not a trip to the spreadsheet, and the literal-text guard builds them only for text Sheets could parse.
import type { GasEnvironment } from '../dev/gas-fakes';
import { sheetsMayParse } from '../src/core/cells';
import type { JobSummary } from '../src/core/contract';
import { companionSheetName } from '../src/core/research/sheet-name';
import { runStandalone } from './standalone';
import {
  addonWithKey,
  formula,
  int,
  OWNER,
  type Addon,
  type BenchContext,
  type BenchReport,
  type TargetCheck,
} from './support';

const RICH_TEXT_CALL = 'SpreadsheetApp.newRichTextValue';
const RESEARCH_QUERY = 'heads of data at logistics companies in Europe';
const RANGE_ROWS = 50;

const profileUrl = (slug: string) => `https://www.network.com/in/${slug}`;

/** Service calls of one operation, by `Service.method`. */
interface Calls {
  total: number;
  byMethod: Record<string, number>;
}

function callsSince(env: GasEnvironment, before: Record<string, number>): Calls {
  const byMethod: Record<string, number> = {};
  let total = 0;
  for (const [name, count] of Object.entries(env.stats.callsByName)) {
    const made = count - (before[name] ?? 0);
    if (made === 0) continue;
    byMethod[name] = made;
    total += made;
  }
  return { total, byMethod };
}

/** Runs `operation` and counts the service calls of the executions it makes. */
function counted<T>(env: GasEnvironment, operation: () => T): { value: T; calls: Calls } {
  const before = { ...env.stats.callsByName };
  const value = operation();
  return { value, calls: callsSince(env, before) };
}

function withoutRichText(calls: Calls): Calls {
  const { [RICH_TEXT_CALL]: richText = 0, ...byMethod } = calls.byMethod;
  return { total: calls.total - richText, byMethod };
}

/** "getProperties ×7, getAll ×2, …": where the calls go, most first. */
function breakdown(calls: Calls, scale = 1): string {
  return Object.entries(calls.byMethod)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(
      ([name, count]) =>
        `${name.split('.').pop()} ×${Number.isInteger(count * scale) ? count * scale : (count * scale).toFixed(1)}`,
    )
    .join(', ');
}

interface Row {
  operation: string;
  calls: Calls;
  /** Shown and compared with the budget: the calls, or calls per 100 rows. */
  figure: number;
  /** Null: shown for what it tells, with no budget of its own. */
  budget: number | null;
  /** How the figure's calls break down, scaled as the figure is. */
  scale?: number;
}

async function formulaRows(context: BenchContext): Promise<Row[]> {
  const addon = await addonWithKey(context, { key: 'lk_bench_round_trips_formulas_0000b1', tier: '3' });
  const range = Array.from({ length: RANGE_ROWS }, (_, i) => [profileUrl(`round-trip-range-${i}`)]);
  const cell = profileUrl('round-trip-cell');
  const coldCell = counted(addon.env, () => formula(addon, 'ENRICH_PROFILE', [cell, 'full_name']));
  const coldScrape = counted(addon.env, () =>
    formula(addon, 'SCRAPE_PROFILE', [profileUrl('round-trip-scrape'), 'name']),
  );
  const coldRange = counted(addon.env, () => formula(addon, 'ENRICH_PROFILE', [range, 'full_name']));
  // Every later range of the document starts at the batch size the first one learnt.
  const nextRange = range.map(([url]) => [`${url}-next`]);
  const coldNextRange = counted(addon.env, () => formula(addon, 'ENRICH_PROFILE', [nextRange, 'full_name']));
  const cachedCell = counted(addon.env, () => formula(addon, 'ENRICH_PROFILE', [cell, 'full_name']));
  const cachedRange = counted(addon.env, () => formula(addon, 'ENRICH_PROFILE', [range, 'full_name']));
  const row = (operation: string, calls: Calls, budget: number): Row => ({
    operation,
    calls,
    figure: calls.total,
    budget,
  });
  return [
    row('cold one-cell ENRICH_PROFILE (owner set no budget)', coldCell.calls, 15),
    row('cold one-cell SCRAPE_PROFILE (paced to the tier)', coldScrape.calls, 15),
    row(`cold ${RANGE_ROWS}-row ENRICH_PROFILE range, the document's first`, coldRange.calls, 18),
    row(`cold ${RANGE_ROWS}-row ENRICH_PROFILE range, batch size learnt`, coldNextRange.calls, 18),
    row('cached one-cell ENRICH_PROFILE', cachedCell.calls, 5),
    row(`cached ${RANGE_ROWS}-row ENRICH_PROFILE range`, cachedRange.calls, 5),
  ];
}

/** Text cells Sheets could parse in the rows a poll wrote, the header rows aside. */
function parseableCells(env: GasEnvironment, sheetNames: string[]): number {
  return sheetNames.reduce((sum, name) => {
    const rows = env.spreadsheet.sheet(name).values().slice(1);
    return sum + rows.flat().filter((value) => typeof value === 'string' && sheetsMayParse(value)).length;
  }, 0);
}

interface ResearchFigures {
  rows: Row[];
  richText: { built: number; parseable: number };
}

interface PollScenario {
  label: string;
  profiles: number;
  /** Results that appear between two polls; all of them before the first poll when omitted. */
  resultsPerPoll?: number;
  /** Calls per 100 rows written; null: no budget of its own. */
  budget?: number | null;
}

/**
 * The research scenarios: a finished job polled once its results all exist (as the sidebar finds a job that ran
 * while it was closed), and a running job polled as its results appear.
 */
const POLL_SCENARIOS: PollScenario[] = [
  { label: 'research polls of a finished job', profiles: 1_000 },
  { label: 'research polls while results appear (100 a poll)', profiles: 300, resultsPerPoll: 100, budget: null },
];

async function startedJob(context: BenchContext, profiles: number) {
  await context.mock.control.reset();
  const addon: Addon = await addonWithKey(context, { key: `lk_bench_round_trips_research_${profiles}_b2`, tier: '3' });
  // As a user does before their first job: Settings saves the key, which gives them their id.
  const settings = { apiKey: addon.key, baseUrl: context.mock.url, tier: '3' };
  addon.bundle.callFromSidebar('saveSettings', [settings], OWNER);
  const request = { query: RESEARCH_QUERY, limit: profiles, columns: 'all' };
  const started = counted(
    addon.env,
    () => addon.bundle.callFromSidebar('startResearch', [request], OWNER) as JobSummary,
  );
  const job = await context.mock.control.job(started.value.jobId);
  return { addon, started, results: job.resultTimes.length };
}

async function pollScenario(context: BenchContext, scenario: PollScenario) {
  const { addon, started, results } = await startedJob(context, scenario.profiles);
  const jobId = started.value.jobId;
  const step = scenario.resultsPerPoll ?? results;
  const before = { ...addon.env.stats.callsByName };
  let summary = started.value;
  let polls = 0;
  for (let appeared = step; summary.status !== 'completed' && polls < 20; appeared += step) {
    await context.mock.control.advanceToResult(jobId, Math.min(appeared, results));
    if (appeared >= results) await context.mock.control.advanceClock(60_000);
    const polled = addon.bundle.callFromSidebar('pollResearch', [jobId], OWNER) as JobSummary[];
    summary = polled.find((entry) => entry.jobId === jobId)!;
    polls++;
  }
  const calls = callsSince(addon.env, before);
  const sheets = [summary.sheetName, ...COMPANIONS.map((kind) => companionSheetName(summary.sheetName, kind))];
  const roundTrips = withoutRichText(calls);
  const row: Row = {
    operation: `${scenario.label}, per 100 rows written (${polls} polls, ${int(summary.rowsWritten)} rows)`,
    calls: roundTrips,
    figure: (roundTrips.total * 100) / summary.rowsWritten,
    budget: scenario.budget === undefined ? 45 : scenario.budget,
    scale: 100 / summary.rowsWritten,
  };
  const richText = { built: calls.byMethod[RICH_TEXT_CALL] ?? 0, parseable: parseableCells(addon.env, sheets) };
  return { started, row, richText };
}

const COMPANIONS = ['Experience', 'Education'] as const;

async function researchRows(context: BenchContext): Promise<ResearchFigures> {
  const rows: Row[] = [];
  const richText = { built: 0, parseable: 0 };
  for (const scenario of POLL_SCENARIOS) {
    const measured = await pollScenario(context, scenario);
    if (rows.length === 0) {
      const calls = withoutRichText(measured.started.calls);
      rows.push({ operation: 'startResearch (the key saved in Settings)', calls, figure: calls.total, budget: 30 });
    }
    rows.push(measured.row);
    richText.built += measured.richText.built;
    richText.parseable += measured.richText.parseable;
  }
  return { rows, richText };
}

const shown = (n: number) => (Number.isInteger(n) ? int(n) : n.toFixed(1));

export async function roundTripsBenchmark(context: BenchContext): Promise<BenchReport> {
  const formulas = await formulaRows(context);
  const research = await researchRows(context);
  const rows = [...formulas, ...research.rows];
  const { built, parseable } = research.richText;
  const richTextLimit = 1.5 * parseable;
  const within = (row: Row) => row.budget === null || row.figure <= row.budget;
  const targets: TargetCheck[] = rows
    .filter((row) => row.budget !== null)
    .map((row) => ({
      target: `${row.operation}: at most ${row.budget} service calls`,
      actual: shown(row.figure),
      met: within(row),
      analysis: breakdown(row.calls, row.scale),
    }));
  targets.push({
    target: 'rich-text values built by the research polls: at most 1.5× the cells whose text Sheets could parse',
    actual: `${int(built)} built for ${int(parseable)} such cells`,
    met: built <= richTextLimit,
  });
  return {
    id: '(l)',
    title: 'Round trips: service calls per operation through the built bundle',
    figures: [],
    table: {
      headers: ['operation', 'calls', 'budget', 'within', 'where they go'],
      rows: [
        ...rows.map((row) => [
          row.operation,
          shown(row.figure),
          row.budget === null ? '—' : String(row.budget),
          row.budget === null ? '' : within(row) ? 'yes' : 'NO',
          breakdown(row.calls, row.scale),
        ]),
        [
          `rich-text values built by those polls (cells Sheets could parse: ${int(parseable)})`,
          int(built),
          `${int(richTextLimit)} (1.5×)`,
          built <= richTextLimit ? 'yes' : 'NO',
          `${(built / Math.max(1, parseable)).toFixed(2)} per such cell`,
        ],
      ],
    },
    targets,
    notes: [
      'Each figure counts every Apps Script service call of the executions of that operation (the fakes count them by method): cache, properties, lock, UrlFetch, spreadsheet reads and writes.',
      'The formulas run as custom-function executions of one spreadsheet, in this order: the ENRICH_PROFILE cell cold, a SCRAPE_PROFILE cell cold (scrapes are paced to the tier, src/core/rate-window.ts), the range cold, then the cell and the range again from the cache. The range is the first 50-row fetch of the document, so its batches start at the first batch size (10, 20, 20).',
      'Where the cold calls go: the owner’s settings (2) and the answer index (2); each batch fetched is cached as it answers (AnswerCache.write in src/core/fetch/answer-cache.ts: a read of its index shards, which also checks the previous batch’s, and one putAll; one read after the last), so the 50-row range’s three batches cost 7 calls there; the ledger counts the call in an entry of its own (src/core/spending.ts: a read and a write, no lock); a scrape also reserves its slot of the tier’s window under the lock (src/core/rate-window.ts, 5 calls), and frees it early only while it has more to send.',
      'The polls of a running job have no budget of their own: each poll writes its few new rows to three sheets, each write a few round trips (sizes, formats, values, one setRichTextValues per rectangle of text Sheets could parse), whatever the rows.',
      'Research (every column, results sheet and its two companions): startResearch of 1,000 profiles, then pollResearch from the sidebar once every result exists, until the job is completed; and a job of 300 polled after each 100 results appear. Rich-text values are left out of the polls’ figures and counted on their own row, over both.',
    ],
  };
}

if (require.main === module) runStandalone(roundTripsBenchmark);
