// What the enrichment integration tests share: a sheet of inputs, the sidebar's calls, the run's rows as values, and
// the mock's rate-limit clock kept in step with the fakes' virtual clock.
import type { GasEnvironment } from '../../dev/gas-fakes';
import type { SpawnedMockApi } from '../../dev/mock-api/spawn';
import type { Tier } from '../../src/core/api/types';
import type { EnrichmentPreview, EnrichmentRequest, RunSummary } from '../../src/core/contract';
import type { LoadedAddon } from './harness';
import { addonWithKey, OWNER, requestUrl, sidebar } from './harness';
import { createSyncHttp, type SyncHttp } from '../contract/sync-http';

export const SCRAPE_PATH = '/api/enrich/scrape';
export const url = (slug: string) => `https://www.network.com/in/${slug}`;

/** A sheet named `name` with a header cell and one input per row below it, in column A. */
export function inputSheet(env: GasEnvironment, name: string, header: string, inputs: unknown[]): void {
  const model = env.spreadsheet.sheets()[0];
  model.name = name;
  if (inputs.length + 1 > model.maxRows) model.insertRows(model.maxRows, inputs.length + 1 - model.maxRows);
  model.write('A1', [[header], ...inputs.map((input) => [input])]);
}

/** Calls a sidebar function as the given user. */
export const preview = (addon: LoadedAddon, request: EnrichmentRequest, user = OWNER) =>
  sidebar<EnrichmentPreview>(addon, 'previewEnrichment', [request], user);
export const start = (addon: LoadedAddon, request: EnrichmentRequest, user = OWNER) =>
  sidebar<RunSummary>(addon, 'startEnrichment', [request], user);
export const continueRuns = (addon: LoadedAddon, runId: string | null = null, user = OWNER) =>
  sidebar<RunSummary[]>(addon, 'continueEnrichment', [runId], user);

/** As the open sidebar does: calls continueEnrichment until the run is no longer running (at most `calls` times). */
export function continueUntilDone(addon: LoadedAddon, runId: string, calls = 20): RunSummary {
  for (let i = 0; i < calls; i++) {
    const summary = continueRuns(addon, runId).find((run) => run.runId === runId)!;
    if (summary.status !== 'running') return summary;
  }
  throw new Error(`Run ${runId} still running after ${calls} calls.`);
}

/** The sheet's values from `a1` (data range by default), as the user sees them. */
export function values(env: GasEnvironment, sheet: string, a1?: string): unknown[][] {
  return env.spreadsheet.sheet(sheet).values(a1);
}

/** A column of the sheet by its header in row `headerRow`, from the row below the header down to `lastRow`. */
export function columnByHeader(env: GasEnvironment, sheet: string, header: string, lastRow: number, headerRow = 1) {
  const grid = values(env, sheet);
  const column = grid[headerRow - 1].indexOf(header);
  if (column < 0) throw new Error(`No column "${header}" in row ${headerRow} of ${sheet}: ${JSON.stringify(grid[0])}`);
  return Array.from({ length: lastRow - headerRow }, (_, i) => grid[headerRow + i]?.[column] ?? '');
}

/**
 * The add-ons of one test file: each with `key` (tier 2 unless given) on the fakes' virtual clock, and a ClockBridge
 * keeping the mock's clock in step with it; the bridges close after each test.
 */
export function useBridgedAddons(
  mock: SpawnedMockApi,
  key: string,
): (options?: { tier?: Tier; credits?: number }) => Promise<LoadedAddon & { key: string; bridge: ClockBridge }> {
  const bridges: ClockBridge[] = [];
  afterEach(async () => {
    await Promise.all(bridges.splice(0).map((bridge) => bridge.close()));
  });
  return async (options = {}) => {
    const addon = await addonWithKey(mock, { key, tier: '2', clock: 'virtual', ...options });
    const bridge = new ClockBridge(addon.env, mock);
    bridges.push(bridge);
    return { ...addon, bridge };
  };
}

/**
 * The mock limits scrapes per minute of its own clock (real time plus an offset); the fakes' virtual clock moves
 * only when the add-on sleeps. Before every request the add-on sends, the mock's clock is moved on by the fake time
 * that passed, so the mock sees the add-on's pacing as Apps Script time would show it (plus the little real time
 * the test takes, which only makes the mock more lenient). Records the fake time of every scrape sent.
 */
export class ClockBridge {
  readonly scrapeTimes: number[] = [];
  private readonly http: SyncHttp = createSyncHttp();
  private synced: number;

  constructor(
    private readonly env: GasEnvironment,
    private readonly mock: SpawnedMockApi,
  ) {
    this.synced = env.clock.now();
    const real = env.globals.UrlFetchApp as GoogleAppsScript.URL_Fetch.UrlFetchApp;
    env.globals.UrlFetchApp = {
      fetch: (request: string, params?: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions) => {
        this.before([request]);
        return params === undefined ? real.fetch(request) : real.fetch(request, params);
      },
      fetchAll: (requests: Array<GoogleAppsScript.URL_Fetch.URLFetchRequest | string>) => {
        this.before(requests.map(requestUrl));
        return real.fetchAll(requests);
      },
    };
  }

  /** The most scrapes sent in any 60 seconds of fake time. */
  maxScrapesPerMinute(): number {
    let most = 0;
    let first = 0;
    this.scrapeTimes.forEach((time, last) => {
      while (this.scrapeTimes[first] <= time - 60_000) first++;
      most = Math.max(most, last - first + 1);
    });
    return most;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private before(urls: string[]): void {
    const now = this.env.clock.now();
    if (now > this.synced) {
      const [answer] = this.http.fetchAll([
        {
          url: `${this.mock.url}/__mock/clock/advance`,
          method: 'post',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ ms: now - this.synced }),
        },
      ]);
      if (!('status' in answer) || answer.status !== 200) throw new Error('Could not move the mock clock on.');
      this.synced = now;
    }
    for (const requestUrl of urls) if (requestUrl.includes(SCRAPE_PATH)) this.scrapeTimes.push(now);
  }
}
