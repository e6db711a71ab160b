// Enrich selection at list scale: the BUILT add-on in the fakes on their virtual clock, a column of profile URLs
// enriched by the open sidebar's calls (startEnrichment, then continueEnrichment until the run ends) against the
// mock, at each scrape tier. Figures: rows per minute against the tier's ceiling, the most scrapes sent in any 60
// seconds (every request in the mock's log, at the fake-clock time the add-on sent it), setValues and service calls
// per 100 rows, and the credits the mock charged against the preview.
//
// The mock limits scrapes per minute on its own clock (real time plus an offset); before each request the add-on
// sends, the mock's clock is moved on by the fake time that passed, so it sees the add-on's pacing as Apps Script
// time would show it (the bench's own real time only makes it more lenient).
import type { GasEnvironment } from '../dev/gas-fakes';
import { HttpWorker } from '../dev/gas-fakes/url-fetch-worker';
import { SCRAPES_PER_MINUTE, type Tier } from '../src/core/api/types';
import type { EnrichmentPreview, EnrichmentRequest, RunSummary } from '../src/core/contract';
import { int, OWNER, type BenchContext, type BenchReport, type Figure, type TargetCheck } from './support';

const SCRAPE_PATH = '/api/enrich/scrape';
const MINUTE_MS = 60_000;
/** The share of the tier's ceiling a run must reach: N rows within N / ceiling minutes ÷ 0.95. */
const PACE_TARGET = 0.95;
const RUNS: Array<{ tier: Tier; rows: number }> = [
  { tier: '1', rows: 100 },
  { tier: '2', rows: 1000 },
  { tier: '3', rows: 1000 },
];
const PROPERTY_WRITES = ['Properties.setProperty', 'Properties.setProperties', 'Properties.deleteProperty'];

interface Measured {
  tier: Tier;
  rows: number;
  summary: RunSummary;
  preview: EnrichmentPreview;
  elapsedMs: number;
  sidebarCalls: number;
  maxPerMinute: number;
  requests: number;
  rateLimited: number;
  charged: number;
  setValues: number;
  serviceCalls: number;
  propertyWrites: number;
}

/** Sends the mock's clock on with the fakes' before every request; keeps the fake time of each scrape sent. */
function bridgeClocks(env: GasEnvironment, mockUrl: string): { scrapeTimes: number[]; close(): void } {
  const worker = new HttpWorker();
  const scrapeTimes: number[] = [];
  let synced = env.clock.now();
  const real = env.globals.UrlFetchApp as GoogleAppsScript.URL_Fetch.UrlFetchApp;
  const before = (urls: string[]) => {
    const now = env.clock.now();
    if (now > synced) {
      const body = new Uint8Array(Buffer.from(JSON.stringify({ ms: now - synced })));
      const headers = { 'Content-Type': 'application/json' };
      worker.send([{ url: `${mockUrl}/__mock/clock/advance`, method: 'POST', headers, body }], 10_000);
      synced = now;
    }
    for (const url of urls) if (url.includes(SCRAPE_PATH)) scrapeTimes.push(now);
  };
  const urlOf = (request: unknown) => (typeof request === 'string' ? request : (request as { url: string }).url);
  env.globals.UrlFetchApp = {
    fetch: (url: string, params?: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions) => {
      before([url]);
      return params === undefined ? real.fetch(url) : real.fetch(url, params);
    },
    fetchAll: (requests: Array<GoogleAppsScript.URL_Fetch.URLFetchRequest | string>) => {
      before(requests.map(urlOf));
      return real.fetchAll(requests);
    },
  };
  return { scrapeTimes, close: () => worker.dispose() };
}

function maxInAnyMinute(times: readonly number[]): number {
  let most = 0;
  let first = 0;
  times.forEach((time, last) => {
    while (times[first] <= time - MINUTE_MS) first++;
    most = Math.max(most, last - first + 1);
  });
  return most;
}

async function measure(context: BenchContext, tier: Tier, rows: number): Promise<Measured> {
  const key = `lk_bench_enrichment_tier_${tier}_0000000e${tier}`;
  await context.mock.control.reset();
  await context.mock.control.setKey({ key, credits: 1_000_000, tier });
  const { env, bundle } = context.envs.load({ clock: 'virtual' });
  Object.assign(env.properties.user(OWNER), { API_KEY: key, API_BASE_URL: context.mock.url, API_TIER: tier });
  const sheet = env.spreadsheet.sheets()[0];
  sheet.name = 'Leads';
  if (rows + 1 > sheet.maxRows) sheet.insertRows(sheet.maxRows, rows + 1 - sheet.maxRows);
  const inputs = Array.from({ length: rows }, (_, i) => [`https://www.network.com/in/bench-${tier}-${i + 1}`]);
  sheet.write('A1', [['Profile URL'], ...inputs]);
  const bridge = bridgeClocks(env, context.mock.url);
  try {
    const call = <T>(name: string, args: unknown[] = []) => bundle.callFromSidebar(name, args, OWNER) as T;
    const request: EnrichmentRequest = { sheetName: 'Leads', inputA1: `A1:A${rows + 1}`, operation: 'scrape' };
    const preview = call<EnrichmentPreview>('previewEnrichment', [request]);
    const [setValuesBefore, callsBefore] = [env.spreadsheet.stats.setValuesCalls, env.stats.serviceCalls];
    const writesBefore = propertyWrites(env);
    const startedAt = env.clock.now();
    let summary = call<RunSummary>('startEnrichment', [request]);
    let sidebarCalls = 1;
    while (summary.status === 'running' && sidebarCalls < 50) {
      summary = call<RunSummary[]>('continueEnrichment', [summary.runId]).find((run) => run.runId === summary.runId)!;
      sidebarCalls++;
    }
    const elapsedMs = env.clock.now() - startedAt;
    const log = await context.mock.control.requests({ path: SCRAPE_PATH });
    return {
      tier,
      rows,
      summary,
      preview,
      elapsedMs,
      sidebarCalls,
      maxPerMinute: maxInAnyMinute(bridge.scrapeTimes),
      requests: log.length,
      rateLimited: log.filter((entry) => entry.status === 429).length,
      charged: log.reduce((sum, entry) => sum + entry.credits, 0),
      setValues: env.spreadsheet.stats.setValuesCalls - setValuesBefore,
      serviceCalls: env.stats.serviceCalls - callsBefore,
      propertyWrites: propertyWrites(env) - writesBefore,
    };
  } finally {
    bridge.close();
    context.envs.dispose(env);
  }
}

function propertyWrites(env: GasEnvironment): number {
  return PROPERTY_WRITES.reduce((sum, name) => sum + (env.stats.callsByName[name] ?? 0), 0);
}

const per100 = (count: number, rows: number) => ((count * 100) / rows).toFixed(1);
const minutes = (ms: number) => `${(ms / MINUTE_MS).toFixed(2)} min`;

function figuresOf(run: Measured): Figure[] {
  const ceiling = SCRAPES_PER_MINUTE[run.tier];
  const label = (text: string) => `tier ${run.tier}, ${int(run.rows)} rows: ${text}`;
  return [
    { label: label('time to the last row (fake clock)'), addon: minutes(run.elapsedMs) },
    { label: label('rows per minute / ceiling'), addon: `${int((run.rows * MINUTE_MS) / run.elapsedMs)} / ${ceiling}` },
    { label: label('most scrapes in any 60 s / 429s'), addon: `${run.maxPerMinute} / ${run.rateLimited}` },
    { label: label('sidebar calls (start + continue)'), addon: String(run.sidebarCalls) },
    { label: label('setValues per 100 rows'), addon: per100(run.setValues, run.rows) },
    {
      label: label('service calls per 100 rows'),
      addon: per100(run.serviceCalls, run.rows),
    },
    { label: label('property writes per 100 rows'), addon: per100(run.propertyWrites, run.rows) },
    {
      label: label('credits: preview / charged / run says'),
      addon: `${run.preview.credits} / ${run.charged} / ${run.summary.creditsSpent}`,
    },
  ];
}

function targetChecks(run: Measured): TargetCheck[] {
  const ceiling = SCRAPES_PER_MINUTE[run.tier];
  const allowedMs = ((run.rows / ceiling) * MINUTE_MS) / PACE_TARGET;
  const done = run.summary.status === 'completed' && run.summary.ok === run.rows;
  return [
    {
      target: `tier ${run.tier}: ${int(run.rows)} rows within ${minutes(allowedMs)} (N / ceiling ÷ ${PACE_TARGET})`,
      actual: `${minutes(run.elapsedMs)}, ${run.summary.status}, ${int(run.summary.ok)} OK`,
      met: done && run.elapsedMs <= allowedMs,
      analysis: done ? undefined : `the run ended ${run.summary.status}: ${run.summary.error ?? run.summary.message}`,
    },
    {
      target: `tier ${run.tier}: never more than ${ceiling} scrapes in any 60 s`,
      actual: `${run.maxPerMinute} at most, ${run.rateLimited} answered 429`,
      met: run.maxPerMinute <= ceiling && run.rateLimited === 0,
    },
    {
      target: `tier ${run.tier}: credits charged equal the preview's`,
      actual: `${run.charged} charged, ${run.preview.credits} previewed, ${run.requests} requests`,
      met: run.charged === run.preview.credits && run.summary.creditsSpent === run.charged,
    },
  ];
}

export async function enrichmentBenchmark(context: BenchContext): Promise<BenchReport> {
  const runs: Measured[] = [];
  for (const { tier, rows } of RUNS) {
    context.progress(`  tier ${tier}, ${rows} rows…`);
    runs.push(await measure(context, tier, rows));
  }
  return {
    id: '(h)',
    title: 'Enrich selection: pace, writes and credits of a column run by the open sidebar',
    figures: runs.flatMap(figuresOf),
    targets: runs.flatMap(targetChecks),
    notes: [
      'Scrapes of the default columns (10 fields), fetched through the fetch engine and written as each batch answers.',
      'Times are on the fakes’ virtual clock (the mock answers at once); a real scrape takes seconds, which the engine’s batching absorbs.',
      'Service calls count every Apps Script call of the run’s executions: sheet reads and writes, properties, cache, lock, UrlFetch.',
    ],
  };
}
