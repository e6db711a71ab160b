// The figures of the fault suite (test/integration/faults-*.test.ts) and of its benchmark (bench/faults.ts), and the
// ways faults get in: the mock's queued faults, faults queued in the middle of an execution, executions the time
// limit stops between two writes, a document lock another execution holds, the day's UrlFetch quota, a property store
// filled close to its limit, and answers rewritten to carry hostile text. Nothing here uses jest, so the benchmark
// runs the very scenarios the tests check.
import type { GasEnvironment, GasEnvironmentOptions } from '../../dev/gas-fakes';
import { FakeRange } from '../../dev/gas-fakes/spreadsheet-app';
import { DEFAULT_DAILY_URL_FETCH_QUOTA, type UrlFetchLog } from '../../dev/gas-fakes/url-fetch';
import type { MockFault, MockLogEntry } from '../../dev/mock-api/protocol';
import type { SpawnedMockApi } from '../../dev/mock-api/spawn';
import type { Tier } from '../../src/core/api/types';
import { createSyncHttp, type SyncHttp } from '../contract/sync-http';
import { keyLeaks, requestUrl, type LoadedAddon } from './harness';

/** What one scenario measured; every figure but faultsInjected should be 0. */
export interface FaultFigures {
  /** Requests the mock answered with a queued fault, plus faults the fakes played (a cut, a held lock, a refusal). */
  faultsInjected: number;
  /** Rows neither delivered exactly nor (on the way) carrying a one-sentence error, once the fault passed. */
  rowsLost: number;
  /** Rows written or returned twice, or holding another input's values. */
  rowsDuplicated: number;
  /** Credits the mock charged beyond one charge per distinct request. */
  creditsPaidTwice: number;
  /** Delivered cells whose value is not the API's text exactly (or that hold a formula). */
  cellsCoerced: number;
  /** Places other than the API_KEY property that hold the key. */
  keysLeaked: number;
}

export interface ScenarioOutcome {
  scenario: string;
  figures: FaultFigures;
  /** Every error a row, a run or a job showed on the way, each once. */
  errors: string[];
  /** The largest document property the add-on left (key and value, UTF-8 bytes; fillers aside). */
  largestPropertyBytes: number;
}

export type AddonOptions = { key: string; credits?: number; tier?: Tier } & Partial<GasEnvironmentOptions>;

/** Where scenarios run: the mock, and a way to load the built add-on with a key (tests track it for leak checks). */
export interface FaultLab {
  mock: SpawnedMockApi;
  /** The mock's data seed. */
  seed: number;
  addon(options: AddonOptions): Promise<LoadedAddon & { key: string }>;
}

let keysMade = 0;

/** A key of its own for each scenario, so the mock's log (which names keys by their last 4 characters) tells them apart. */
export function scenarioKey(label: string): string {
  keysMade++;
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, 20);
  return `lk_faults_${slug}_00000000${(0x1000 + (keysMade % 0xf000)).toString(16)}`;
}

// ---------- Measuring ----------

/**
 * One sentence a user can read: one line, a capital or a figure first, a full stop last, no second sentence inside, and short.
 * (Apps Script's own "Exceeded maximum execution time" is the platform's sentence for a formula Sheets stopped.)
 */
export function isOneSentence(text: string): boolean {
  if (text === 'Exceeded maximum execution time') return true;
  return /^[A-Z0-9][^\n]*[.)]$/.test(text) && !/[.!?] [A-Z]/.test(text) && text.length <= 400;
}

/**
 * What is wrong with an outcome, in words (none: []): a figure other than 0 (but those the platform explains, given
 * in `expected`), an error that is not one sentence, or no fault injected at all.
 */
export function problemsOf(outcome: ScenarioOutcome, expected: Partial<FaultFigures> = {}): string[] {
  const { faultsInjected, ...figures } = outcome.figures;
  const problems = Object.entries(figures)
    .filter(([name, value]) => value !== (expected[name as keyof FaultFigures] ?? 0))
    .map(([name, value]) => `${name}: ${value}`);
  if (faultsInjected === 0) problems.push('no fault was injected');
  for (const error of outcome.errors) if (!isOneSentence(error)) problems.push(`not one sentence: ${error}`);
  return problems;
}

/** Credits charged beyond the first charge of each distinct request (path and query) of the key. */
export function creditsPaidTwice(log: readonly MockLogEntry[], key: string): number {
  const charged = new Set<string>();
  let twice = 0;
  for (const entry of log) {
    if (entry.key !== key.slice(-4) || entry.credits === 0) continue;
    const identity = `${entry.method} ${entry.path}?${JSON.stringify(Object.entries(entry.query).sort())}`;
    if (charged.has(identity)) twice += entry.credits;
    else charged.add(identity);
  }
  return twice;
}

/** Requests of the key the service billed. */
export function creditsCharged(log: readonly MockLogEntry[], key: string): number {
  return log.filter((entry) => entry.key === key.slice(-4)).reduce((sum, entry) => sum + entry.credits, 0);
}

/** Mock faults queued and not yet consumed, counted by what they have left (a latency fault without count: 0). */
export function faultsLeft(pending: readonly MockFault[]): number {
  return pending.reduce((sum, fault) => sum + (fault.count ?? 0), 0);
}

/** Every place outside the API_KEY property holding a key the environment was given. */
export function keysLeakedIn(env: GasEnvironment, keys: readonly string[]): number {
  return keys.reduce((sum, key) => sum + keyLeaks(env, key).length, 0);
}

/** Counts differing cells of a delivered row; a row of the wrong length differs in every expected cell. */
export function differingCells(actual: readonly unknown[], expected: readonly unknown[]): number {
  if (actual.length !== expected.length) return expected.length;
  return expected.filter((value, i) => !Object.is(actual[i], value)).length;
}

// ---------- Injecting ----------

/**
 * Calls `before(nth, urls)` ahead of each UrlFetchApp.fetchAll (1-based), inside the running execution, and
 * `after(nth, urls)` once it answered. Wraps what the environment's UrlFetchApp is now, so hooks compose.
 */
export function aroundFetchAll(
  env: GasEnvironment,
  hooks: { before?(nth: number, urls: string[]): void; after?(nth: number, urls: string[]): void },
): void {
  const real = env.globals.UrlFetchApp as GoogleAppsScript.URL_Fetch.UrlFetchApp;
  let calls = 0;
  env.globals.UrlFetchApp = {
    fetch: real.fetch.bind(real),
    fetchAll: (requests: Array<GoogleAppsScript.URL_Fetch.URLFetchRequest | string>) => {
      const nth = ++calls;
      const urls = requests.map(requestUrl);
      hooks.before?.(nth, urls);
      const responses = real.fetchAll(requests);
      hooks.after?.(nth, urls);
      return responses;
    },
  };
}

/**
 * Queues mock faults from inside an execution (synchronously, as the script is blocked meanwhile): after the
 * `afterFetchAll`-th fetchAll whose URLs match `path`, so the faults hit the middle of a page, a group or a range.
 */
export class FaultsMidway {
  private readonly http: SyncHttp = createSyncHttp();

  constructor(
    env: GasEnvironment,
    private readonly mock: SpawnedMockApi,
    options: { path: RegExp; afterFetchAll: number; faults: MockFault[] },
  ) {
    let matching = 0;
    aroundFetchAll(env, {
      after: (_nth, urls) => {
        if (!urls.some((url) => options.path.test(url))) return;
        if (++matching === options.afterFetchAll) this.queue(options.faults);
      },
    });
  }

  close(): Promise<void> {
    return this.http.close();
  }

  private queue(faults: MockFault[]): void {
    const [answer] = this.http.fetchAll([
      {
        url: `${this.mock.url}/__mock/faults`,
        method: 'post',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ faults }),
      },
    ]);
    if (!('status' in answer) || answer.status !== 200) throw new Error('Could not queue the faults midway.');
  }
}

/** Beyond the 6 minutes an execution may run: the fakes then end it at its next service call. */
const PAST_THE_EXECUTION_LIMIT_MS = 7 * 60_000;

/**
 * Ends the running execution right after its `n`-th cell write from now (setValues or setRichTextValues), as the
 * 6-minute limit would: the fake clock jumps past it, so the next service call throws. Returns the undo.
 */
export function cutAfterWrites(env: GasEnvironment, n: number): () => void {
  const originals = {
    setValues: FakeRange.prototype.setValues,
    setRichTextValues: FakeRange.prototype.setRichTextValues,
  };
  let writes = 0;
  for (const method of ['setValues', 'setRichTextValues'] as const) {
    FakeRange.prototype[method] = function (this: FakeRange, values: unknown[][]) {
      const result = originals[method].call(this, values);
      if (++writes === n) env.clock.advance(PAST_THE_EXECUTION_LIMIT_MS);
      return result;
    };
  }
  return () => Object.assign(FakeRange.prototype, originals);
}

/** Leaves the account `callsLeft` UrlFetch calls of its day's 20,000 (the fakes refuse a call that would pass them). */
export function useUpUrlFetchQuota(env: GasEnvironment, callsLeft: number): void {
  const log = env.urlFetch as UrlFetchLog;
  // The quota day began now (a day that began earlier would end on the next call).
  log.dayStartedAt = env.clock.now();
  log.dailyCount = DEFAULT_DAILY_URL_FETCH_QUOTA - callsLeft;
}

/** A new quota day for the account's UrlFetch calls, without the 24 hours (which would also empty the 6-hour cache). */
export function resetUrlFetchQuota(env: GasEnvironment): void {
  (env.urlFetch as UrlFetchLog).dailyCount = 0;
}

/** The document store's 500 KB (as the fakes count it: UTF-8 bytes of keys and values). */
const STORE_BYTES = 500 * 1024;
const VALUE_BYTES = 9 * 1024;

/** The largest entry of the document store, fillers aside (UTF-8 bytes of key and value). */
export function largestPropertyBytes(env: GasEnvironment): number {
  const entries = Object.entries(env.properties.document()).filter(([key]) => !key.startsWith('filler.'));
  return Math.max(0, ...entries.map(([key, value]) => Buffer.byteLength(key) + Buffer.byteLength(value)));
}

export function storeBytes(store: Record<string, string>): number {
  return Object.entries(store).reduce(
    (sum, [key, value]) => sum + Buffer.byteLength(key) + Buffer.byteLength(value),
    0,
  );
}

/**
 * Fills the document properties with other entries (`filler.N`, each near the 9 KB a value may hold) until only
 * `freeBytes` of the store's 500 KB are left, as years of use or another tool's data could leave it.
 */
export function fillDocumentStore(env: GasEnvironment, freeBytes: number): void {
  const store = env.properties.document();
  let left = STORE_BYTES - freeBytes - storeBytes(store);
  for (let i = 0; left > 0; i++) {
    const key = `filler.${i}`;
    const size = Math.min(VALUE_BYTES - key.length, left - key.length);
    if (size <= 0) break;
    store[key] = 'x'.repeat(size);
    left -= key.length + size;
  }
}

/** An own `__proto__` key, as JSON.parse makes one from `{"__proto__": …}` (plain assignment would change the prototype). */
export function withOwnProtoKey(target: Record<string, unknown>, value: unknown): void {
  Object.defineProperty(target, '__proto__', { value, enumerable: true, configurable: true, writable: true });
}
