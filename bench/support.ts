// What every benchmark shares: the built add-on loaded into the Apps Script fakes (through the one loader,
// dev/gas-fakes/addon.ts), the report shapes, timing and formatting.
import {
  createGasEnvironment,
  loadBuiltAddon,
  readBuiltAddon,
  type BuiltAddon,
  type Bundle,
  type GasEnvironment,
  type GasEnvironmentOptions,
  type LoadedAddon,
} from '../dev/gas-fakes';
import { HttpWorker } from '../dev/gas-fakes/url-fetch-worker';
import type { SpawnedMockApi } from '../dev/mock-api/spawn';
import type { Tier } from '../src/core/api/types';
import type { EnrichmentRequest, RunSummary } from '../src/core/contract';

export const OWNER = 'owner@example.com';
export const TEAMMATE = 'teammate@example.com';

// ---------- Reports ----------

/** One line of a benchmark's table: the add-on's figure, and the baseline it is compared with when there is one. */
export interface Figure {
  label: string;
  addon: string;
  baseline?: string;
}

export interface TargetCheck {
  target: string;
  actual: string;
  met: boolean;
  /** Why, when the target is not met. */
  analysis?: string;
}

export interface BenchReport {
  id: string;
  title: string;
  /** Header of the baseline column, such as "naive: 1 request per cell per recalculation". */
  baselineHeader?: string;
  figures: Figure[];
  /** Figures with more than one column each (one row per case), printed after `figures`. */
  table?: { headers: string[]; rows: string[][] };
  targets: TargetCheck[];
  notes: string[];
}

export interface BenchContext {
  mock: SpawnedMockApi;
  envs: EnvPool;
  /** Progress, to stderr, so stdout holds only the results. */
  progress(message: string): void;
}

export type Benchmark = (context: BenchContext) => Promise<BenchReport>;

// ---------- The add-on in the fakes ----------

/** Every environment created, so each is disposed (its UrlFetchApp worker thread stopped) and the process can exit. */
export class EnvPool {
  private readonly live: GasEnvironment[] = [];

  /** An environment without the add-on, for benchmarks that drive the core directly. */
  create(options: Partial<GasEnvironmentOptions> = {}): GasEnvironment {
    return this.track(createGasEnvironment({ owner: OWNER, ...options }));
  }

  /** A new environment with the built add-on loaded. */
  load(options: Partial<GasEnvironmentOptions> = {}): LoadedAddon {
    const addon = loadBuiltAddon({ owner: OWNER, ...options }, builtAddon());
    this.track(addon.env);
    return addon;
  }

  dispose(env: GasEnvironment): void {
    const index = this.live.indexOf(env);
    if (index >= 0) this.live.splice(index, 1);
    env.dispose();
  }

  disposeAll(): void {
    for (const env of this.live.splice(0)) env.dispose();
  }

  private track(env: GasEnvironment): GasEnvironment {
    this.live.push(env);
    return env;
  }
}

let built: BuiltAddon | undefined;

/** Read once per run: every benchmark measures the same build. */
function builtAddon(): BuiltAddon {
  built ??= readBuiltAddon();
  return built;
}

export interface Addon {
  env: GasEnvironment;
  bundle: Bundle;
  key: string;
  /** The last 4 characters of the key, as the mock's request log records it. */
  keyHint: string;
}

/** A fresh spreadsheet with the built add-on, and a key on the mock stored as the owner's settings. */
export async function addonWithKey(
  context: BenchContext,
  options: { key: string; credits?: number; tier?: Tier },
): Promise<Addon> {
  const { key, credits = 1_000_000, tier = '3' } = options;
  await context.mock.control.setKey({ key, credits, tier });
  const { env, bundle } = context.envs.load();
  Object.assign(env.properties.user(OWNER), { API_KEY: key, API_BASE_URL: context.mock.url, API_TIER: tier });
  return { env, bundle, key, keyHint: key.slice(-4) };
}

/** Calls a custom function as Sheets does: custom-function mode, the owner's settings, a read-only spreadsheet. */
export function formula(addon: Addon, name: string, args: unknown[], user = TEAMMATE): unknown {
  return addon.bundle.call(name, args, { mode: 'customFunction', user });
}

// ---------- Enrich selection at list scale ----------

export const SCRAPE_PATH = '/api/enrich/scrape';
export const MINUTE_MS = 60_000;
/** The share of the tier's ceiling a run must reach: N rows within N / ceiling minutes ÷ 0.95. */
export const PACE_TARGET = 0.95;
const PROPERTY_WRITES = ['Properties.setProperty', 'Properties.setProperties', 'Properties.deleteProperty'];

/** Sends the mock's clock on with the fakes' before every request; keeps the fake time of each scrape sent. */
export function bridgeClocks(env: GasEnvironment, mockUrl: string): { scrapeTimes: number[]; close(): void } {
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

export function maxInAnyMinute(times: readonly number[]): number {
  let most = 0;
  let first = 0;
  times.forEach((time, last) => {
    while (times[first] <= time - MINUTE_MS) first++;
    most = Math.max(most, last - first + 1);
  });
  return most;
}

/** A column of profile URLs in the built add-on on the fakes' virtual clock, its key on a freshly reset mock. */
export interface ListOnSheet {
  env: GasEnvironment;
  bridge: { scrapeTimes: number[] };
  /** The scrape run of the whole column with the default fields. */
  request: EnrichmentRequest;
  /** Calls a sidebar function as the owner. */
  call<T>(name: string, args?: unknown[]): T;
  close(): void;
}

export async function listOnSheet(
  context: BenchContext,
  options: { tier: Tier; rows: number; key: string },
): Promise<ListOnSheet> {
  const { tier, rows, key } = options;
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
  return {
    env,
    bridge,
    request: { sheetName: 'Leads', inputA1: `A1:A${rows + 1}`, operation: 'scrape' },
    call: <T>(name: string, args: unknown[] = []) => bundle.callFromSidebar(name, args, OWNER) as T,
    close: () => {
      bridge.close();
      context.envs.dispose(env);
    },
  };
}

/** What one run cost the add-on, from its start to its end. */
export interface ListRun {
  summary: RunSummary;
  /** On the fakes' virtual clock. */
  elapsedMs: number;
  sidebarCalls: number;
  setValues: number;
  serviceCalls: number;
  propertyWrites: number;
}

/** Starts a run as the open sidebar does, then calls continueEnrichment until the run ends. */
export function runToEnd(list: ListOnSheet, request: EnrichmentRequest): ListRun {
  const { env } = list;
  const [setValuesBefore, callsBefore] = [env.spreadsheet.stats.setValuesCalls, env.stats.serviceCalls];
  const writesBefore = propertyWrites(env);
  const startedAt = env.clock.now();
  let summary = list.call<RunSummary>('startEnrichment', [request]);
  let sidebarCalls = 1;
  while (summary.status === 'running' && sidebarCalls < 50) {
    const runId = summary.runId;
    summary = list.call<RunSummary[]>('continueEnrichment', [runId]).find((run) => run.runId === runId)!;
    sidebarCalls++;
  }
  return {
    summary,
    elapsedMs: env.clock.now() - startedAt,
    sidebarCalls,
    setValues: env.spreadsheet.stats.setValuesCalls - setValuesBefore,
    serviceCalls: env.stats.serviceCalls - callsBefore,
    propertyWrites: propertyWrites(env) - writesBefore,
  };
}

function propertyWrites(env: GasEnvironment): number {
  return PROPERTY_WRITES.reduce((sum, name) => sum + (env.stats.callsByName[name] ?? 0), 0);
}

// ---------- Timing and formatting ----------

export function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

export const int = (n: number): string => Math.round(n).toLocaleString('en-US');

export function ms(n: number): string {
  if (n >= 10_000) return `${(n / 1000).toFixed(1)} s`;
  if (n >= 100) return `${int(n)} ms`;
  return `${n.toFixed(1)} ms`;
}

export const per100 = (count: number, rows: number): string => ((count * 100) / rows).toFixed(1);
export const minutes = (n: number): string => `${(n / MINUTE_MS).toFixed(2)} min`;

export function ratio(n: number): string {
  return `${n >= 10 ? n.toFixed(0) : n.toFixed(1)}×`;
}

/** The message of anything thrown, also by the add-on in its own realm (where `instanceof Error` does not hold). */
export function thrownMessage(error: unknown): string {
  return error !== null && typeof error === 'object' && 'message' in error
    ? String((error as Error).message)
    : String(error);
}

// ---------- Printing ----------

const pad = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - [...text].length));

/** A plain-text table; every cell is one line. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, c) =>
    Math.max([...header].length, ...rows.map((row) => [...(row[c] ?? '')].length)),
  );
  const line = (cells: string[]) => `  ${cells.map((cell, c) => pad(cell, widths[c])).join('  │  ')}`.trimEnd();
  const rule = `  ${widths.map((w) => '─'.repeat(w)).join('──┼──')}`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export function printReport(report: BenchReport): void {
  console.log(`\n${report.id}  ${report.title}`);
  console.log('═'.repeat(Math.min(110, report.id.length + report.title.length + 2)));
  const hasBaseline = report.figures.some((figure) => figure.baseline !== undefined);
  const headers = hasBaseline
    ? ['figure', 'sheet-enrich', report.baselineHeader ?? 'baseline']
    : ['figure', 'sheet-enrich'];
  const rows = report.figures.map((figure) =>
    hasBaseline ? [figure.label, figure.addon, figure.baseline ?? ''] : [figure.label, figure.addon],
  );
  if (rows.length > 0) console.log(table(headers, rows));
  if (report.table) console.log(table(report.table.headers, report.table.rows));
  for (const check of report.targets) {
    console.log(`  ${check.met ? 'TARGET MET    ' : 'TARGET NOT MET'}  ${check.target}: ${check.actual}`);
    if (!check.met && check.analysis) console.log(`                  why: ${check.analysis}`);
  }
  for (const note of report.notes) console.log(`  · ${note}`);
}
